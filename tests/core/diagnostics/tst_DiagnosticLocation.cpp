// DiagnosticLocation: the fields a viewer jumps by, and toString() giving exactly the location
// paths the reports have always printed (the text and JSON outputs depend on them).
#include "diagnostics/Diagnostic.h"

#include <QtTest/QTest>

using namespace bpat;
using Kind = DiagnosticLocation::Kind;

class tst_DiagnosticLocation : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void pathsOfEveryKind()
    {
        QCOMPARE(DiagnosticLocation().toString(), QString());
        QCOMPARE(DiagnosticLocation::header(QStringLiteral("bone_count")).toString(), QStringLiteral("header.bone_count"));
        QCOMPARE(DiagnosticLocation::header().toString(), QStringLiteral("header"));
        QCOMPARE(DiagnosticLocation::clipEntry(3, QStringLiteral("name_offset")).toString(),
                 QStringLiteral("clips[3].name_offset"));
        QCOMPARE(DiagnosticLocation::clipEntry(0).with(QStringLiteral("pad[2]")).toString(), QStringLiteral("clips[0].pad[2]"));
        QCOMPARE(DiagnosticLocation::socketEntry(1, QStringLiteral("anchor_bone")).toString(),
                 QStringLiteral("sockets[1].anchor_bone"));
        QCOMPARE(DiagnosticLocation::palette(2, QStringLiteral("walk"), 7, 12).toString(),
                 QStringLiteral("palette[clip=walk,frame=7,bone=12]"));
        QCOMPARE(DiagnosticLocation::palette(-1, QString(), 40, 1).toString(), QStringLiteral("palette[frame=40,bone=1]"));
        QCOMPARE(DiagnosticLocation::socketData(0, QStringLiteral("#0"), 3, 1, QStringLiteral("hand")).toString(),
                 QStringLiteral("socket_data[clip=#0,frame=3,socket=hand]"));
        QCOMPARE(DiagnosticLocation::region(QStringLiteral("file")).toString(), QStringLiteral("file"));
        QCOMPARE(DiagnosticLocation::region(QStringLiteral("string_table"), QStringLiteral("pad")).toString(),
                 QStringLiteral("string_table.pad"));
    }

    // What v3 added: the header extension, the bone parent table, the bind palette and the
    // contact table, each a kind of its own with the paths the reports printed as text before.
    void pathsOfTheV3Blocks()
    {
        QCOMPARE(DiagnosticLocation::extension().toString(), QStringLiteral("ext"));
        const DiagnosticLocation ext = DiagnosticLocation::extension(QStringLiteral("contact_data_offset"));
        QCOMPARE(ext.kind, Kind::Extension);
        QCOMPARE(ext.field, QStringLiteral("contact_data_offset"));
        QCOMPARE(ext.toString(), QStringLiteral("ext.contact_data_offset"));
        const DiagnosticLocation parent = DiagnosticLocation::boneParent(7);
        QCOMPARE(parent.kind, Kind::BoneParent);
        QCOMPARE(parent.bone, 7);
        QCOMPARE(parent.toString(), QStringLiteral("bone_parents[7]"));
        const DiagnosticLocation bind = DiagnosticLocation::bindPalette(3);
        QCOMPARE(bind.kind, Kind::BindPalette);
        QCOMPARE(bind.bone, 3);
        QCOMPARE(bind.toString(), QStringLiteral("bind_palette[bone=3]"));
        const DiagnosticLocation contact = DiagnosticLocation::contact(1, QStringLiteral("trot"), 4);
        QCOMPARE(contact.kind, Kind::Contact);
        QCOMPARE(contact.clip, 1);
        QCOMPARE(contact.frame, 4);
        QCOMPARE(contact.toString(), QStringLiteral("contacts[clip=trot,frame=4]"));
        QCOMPARE(DiagnosticLocation::contact(-1, QString(), 90).toString(), QStringLiteral("contacts[frame=90]"));
        QCOMPARE(DiagnosticLocation::clipEntry(2).with(QStringLiteral("markers.foot_down")).toString(),
                 QStringLiteral("clips[2].markers.foot_down"));
    }

    void textIsKeptAsGiven()
    {
        const DiagnosticLocation text(QStringLiteral("bones[1].drive.curve"));
        QCOMPARE(text.kind, Kind::Text);
        QCOMPARE(text.toString(), QStringLiteral("bones[1].drive.curve"));
        QCOMPARE(text.with(QStringLiteral("x")).toString(), QStringLiteral("bones[1].drive.curve.x"));
        QCOMPARE(DiagnosticLocation(QString()).kind, Kind::None);
        QVERIFY(DiagnosticLocation(QString()).isEmpty());
    }

    // Clip names are free text: ',', ']', '=' and '%' stay in the text and never leak into the
    // fields (the app's old regex split "palette[clip=a,b],frame=1,...]" in the wrong place).
    void awkwardClipNamesStayInTheirField()
    {
        const QString name = QStringLiteral("a,b]=%2 c");
        const DiagnosticLocation at = DiagnosticLocation::palette(5, name, 9, 4);
        QCOMPARE(at.kind, Kind::Palette);
        QCOMPARE(at.clip, 5);
        QCOMPARE(at.clipName, name);
        QCOMPARE(at.frame, 9);
        QCOMPARE(at.bone, 4);
        QCOMPARE(at.toString(), QStringLiteral("palette[clip=a,b]=%2 c,frame=9,bone=4]"));
    }

    void diagnosticsStillTakeAPathString()
    {
        // Today's call shape: a location string in the aggregate.
        const Diagnostic d{QStringLiteral("X"), Severity::Error, QStringLiteral("m"), 12, QStringLiteral("recipe")};
        QCOMPARE(d.location.kind, Kind::Text);
        QCOMPARE(d.location.toString(), QStringLiteral("recipe"));
        // Comparing with a path compares the text, whatever the kind.
        QVERIFY(DiagnosticLocation::header(QStringLiteral("magic")) == QStringLiteral("header.magic"));
        QVERIFY(!(DiagnosticLocation::header(QStringLiteral("magic")) == QStringLiteral("header")));
    }
};

QTEST_GUILESS_MAIN(tst_DiagnosticLocation)
#include "tst_DiagnosticLocation.moc"

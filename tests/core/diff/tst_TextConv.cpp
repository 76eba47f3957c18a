// diff/TextConv (git's text of a file) and diff/TextDiff (changed lines) on the real files: the
// text names what changed and nothing else; a removed clip changes its own line only.
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/DocumentEditor.h"
#include "diff/TextConv.h"
#include "diff/TextDiff.h"
#include "DiffTestSupport.h"
#include "TestPaths.h"

#include <QtTest/QTest>

using namespace bpat;
using namespace bpat::diff;

class tst_TextConv : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void lineDiff()
    {
        const QStringList a{QStringLiteral("h"), QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"),
                            QStringLiteral("t")};
        const QStringList b{QStringLiteral("h"), QStringLiteral("a"), QStringLiteral("B"),
                            QStringLiteral("c"), QStringLiteral("d"), QStringLiteral("t")};
        const QList<Change> changes = TextDiff::lines(a, b);
        QCOMPARE(changes.size(), 2);
        QCOMPARE(changes.at(0).oldValue.toString(), QStringLiteral("b"));
        QCOMPARE(changes.at(0).newValue.toString(), QStringLiteral("B"));
        QVERIFY(changes.at(1).oldValue.isNull());
        QCOMPARE(changes.at(1).newValue.toString(), QStringLiteral("d"));
        QVERIFY(TextDiff::lines(a, a).isEmpty());
        QCOMPARE(TextDiff::lines(a, {}).size(), a.size());
    }

    void editsChangeTheirLinesOnly()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        const QString path = difftest::realFile("bpat_current", "humanoid");
        const auto original = BpatFile::open(path);
        auto doc = difftest::load(path);
        QVERIFY(original && doc);
        const QStringList before = TextConv::ofBpat(*original);
        QCOMPARE(TextConv::ofBpat(difftest::fileOf(*doc, QStringLiteral("same.bpat"))), before); // written back: the same text
        const QString removed = doc->clip(40).name;
        DocumentEditor(*doc).removeClip(40);
        DocumentEditor(*doc).setClipFps(0, 12.0f);
        const QList<Change> changes =
            TextDiff::lines(before, TextConv::ofBpat(difftest::fileOf(*doc, QStringLiteral("edited.bpat"))));
        // The header, idle's fps, the removed clip and the variant families after it shift by
        // one index, which the lines name by clip name: nothing more.
        // The header, idle's fps, the removed clip, and the sockets the game bakes (not from
        // their anchor alone) whose baked rows in that clip are gone: nothing more.
        QVERIFY(changes.size() >= 3);
        QVERIFY(changes.at(0).oldValue.toString().startsWith(QStringLiteral("BPAT v3-late")));
        QVERIFY(changes.at(1).newValue.toString().startsWith(QStringLiteral("clip idle: 90 frames, 12 fps, ")));
        QVERIFY(changes.at(2).oldValue.toString().startsWith(QStringLiteral("clip %1: ").arg(removed)));
        QVERIFY(changes.at(2).newValue.isNull());
        for (qsizetype i = 3; i < changes.size(); ++i)
            QVERIFY2(changes.at(i).oldValue.toString().contains(QStringLiteral(", rows baked in ")),
                     qPrintable(changes.at(i).oldValue.toString()));
    }

    void bytesOfAnythingElse()
    {
        const QByteArray bytes("not a BPAT file at all");
        const QStringList text =
            TextConv::ofBytes(QStringLiteral("file"), reinterpret_cast<const uchar *>(bytes.constData()), quint64(bytes.size()));
        QCOMPARE(text.size(), 1);
        QVERIFY(text.at(0).startsWith(QStringLiteral("file: 22 bytes, digest ")));
        const QStringList broken =
            TextConv::ofBpat(BpatFile::fromData(QByteArray("BPAT\x01\0\0\0", 8), QStringLiteral("cut.bpat")));
        QCOMPARE(broken.size(), 2);
        QVERIFY(broken.at(1).startsWith(QStringLiteral("unreadable: ")));
        QCOMPARE(TextConv::number(0.1f), QStringLiteral("0.1"));
        QCOMPARE(TextConv::number(-1.0f), QStringLiteral("-1"));
    }
};

QTEST_GUILESS_MAIN(tst_TextConv)
#include "tst_TextConv.moc"

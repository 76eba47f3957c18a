// No writer exits 0 with a file that fails `bpat validate --deep` (issue 35, finding 6): a
// source holding NaN or infinity in a palette matrix, a socket row or a contact record is
// refused by convert (to every version), edit, merge, export and import with the finding's code
// and location, and nothing is written; where the value is dropped (contacts, going down to v2)
// the output validates. A clean source's output of every writer passes `validate --deep`.
#include "CliRunner.h"
#include "GeneratedRecording.h"
#include "TestDocuments.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest/QTest>
#include <limits>

using namespace bpat;

namespace {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QString arg(const char *text)
{
    return QString::fromLatin1(text);
}

} // namespace

class tst_NonFiniteOutputs : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_clean, m_nanPalette, m_infSocket, m_nanContact;

    QString path(const char *name) const { return m_dir.filePath(QLatin1String(name)); }

    // The command failed, said where the value is, and wrote nothing.
    void refused(const testcli::Run &r, const QString &out, const QString &where)
    {
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().contains(QLatin1String("NON_FINITE")), qPrintable(r.errText()));
        QVERIFY2(r.errText().contains(where), qPrintable(r.errText()));
        QVERIFY2(!QFileInfo::exists(out), qPrintable(out));
    }

    void validatesDeep(const QString &file)
    {
        const testcli::Run v = testcli::bpat({arg("validate"), arg("--deep"), file});
        QVERIFY2(v.exitCode == 0, qPrintable(v.outText() + v.errText()));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_clean = path("clean.bpat");
        QVERIFY(writeFile(m_clean, testdocs::smallFileBytes()));
        // NaN in clip "jab", frame 1, bone 2 (a float of its rotation).
        BpatDocument doc = testdocs::smallDocument();
        doc.clip(1).palette[BpatClip::matrixIndex(1, 2, 3) + 5] = std::numeric_limits<float>::quiet_NaN();
        m_nanPalette = path("nan-palette.bpat");
        QVERIFY(writeFile(m_nanPalette, BpatWriter(doc).toBytes()));
        // Infinity in a socket row only ("hand" of "idle" frame 3; the palette is clean).
        doc = testdocs::smallDocument();
        doc.recomputeSocketRows();
        doc.clip(0).socketRows[3 * 2 * 12 + 3] = std::numeric_limits<float>::infinity();
        m_infSocket = path("inf-socket.bpat");
        QVERIFY(writeFile(m_infSocket, BpatWriter(doc).toBytes()));
        // Late v3 with NaN in the contact record of "idle" frame 2.
        doc = testdocs::smallVersionedDocument(format::Dialect::V3Late);
        doc.clip(0).contacts[2 * 2 + 1] = std::numeric_limits<float>::quiet_NaN();
        m_nanContact = path("nan-contact.bpat");
        QVERIFY(writeFile(m_nanContact, BpatWriter(doc).toBytes()));
        QCOMPARE(testcli::bpat({arg("validate"), arg("--deep"), m_nanPalette}).exitCode, 1);
        QCOMPARE(testcli::bpat({arg("validate"), arg("--deep"), m_nanContact}).exitCode, 1);
    }

    void convertRefusesEveryVersion_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("version");
        QTest::addColumn<QString>("where");
        for (const char *v : {"1", "2", "3", "v3-early"}) {
            QTest::addRow("palette to %s", v) << "nan-palette.bpat" << v << "palette[clip=jab,frame=1,bone=2]";
            QTest::addRow("socket row to %s", v) << "inf-socket.bpat" << v << "socket_data[clip=idle,frame=3";
        }
        QTest::addRow("contact to 3") << "nan-contact.bpat"
                                      << "3"
                                      << "contacts[clip=idle,frame=2]";
    }
    void convertRefusesEveryVersion()
    {
        QFETCH(QString, source);
        QFETCH(QString, version);
        QFETCH(QString, where);
        const QString out = path("converted.bpat");
        const testcli::Run r =
            testcli::bpat({arg("convert"), m_dir.filePath(source), arg("-o"), out, arg("--to-version"), version});
        refused(r, out, where);
    }

    // Going down to v2 drops the contact table (with its warning): the NaN goes with it.
    void convertDroppingTheBadPartValidates()
    {
        const QString out = path("down.bpat");
        const testcli::Run r = testcli::bpat({arg("convert"), m_nanContact, arg("-o"), out, arg("--to-version"), arg("2")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QVERIFY(r.errText().contains(QLatin1String("warning")));
        validatesDeep(out);
        QFile::remove(out);
    }

    void editAndMergeRefuse()
    {
        const QString out = path("edited.bpat");
        refused(testcli::bpat({arg("edit"), m_nanPalette, arg("-o"), out, arg("--rename-clip"), arg("idle=rest")}), out,
                arg("palette[clip=jab,frame=1,bone=2]"));
        refused(testcli::bpat({arg("edit"), m_nanContact, arg("-o"), out, arg("--set-fps"), arg("idle=25")}), out,
                arg("contacts[clip=idle,frame=2]"));
        refused(testcli::bpat({arg("merge"), m_clean, m_nanPalette, arg("-o"), out, arg("--rename-on-conflict")}), out,
                arg("NON_FINITE at palette["));
        // Removing the clip that holds the NaN leaves a file that validates.
        const testcli::Run r = testcli::bpat({arg("edit"), m_nanPalette, arg("-o"), out, arg("--remove-clip"), arg("jab")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        validatesDeep(out);
        QFile::remove(out);
    }

    // glTF has no word for NaN: the JSON got `null`, the buffer the NaN itself.
    void exportRefuses()
    {
        for (const char *name : {"out.gltf", "out.glb"}) {
            const QString out = path(name);
            refused(testcli::bpat({arg("export"), m_nanPalette, arg("-o"), out}), out, arg("palette[clip=jab,frame=1,bone=2]"));
        }
    }

    // A glTF whose transforms overflow float (scale 1e30 under scale 1e30): the palette would be
    // infinite. Before, written with exit 0.
    void importRefusesOverflow()
    {
        const QString gltf = path("huge.gltf");
        const float values[] = {0, 1, 0, 0, 0, 2, 0, 0};
        const QByteArray bin(reinterpret_cast<const char *>(values), sizeof values);
        QByteArray text = R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
            "nodes":[{"name":"A","children":[1],"scale":[1e30,1e30,1e30]},{"name":"B","scale":[1e30,1e30,1e30]}],
            "skins":[{"joints":[0,1]}],
            "buffers":[{"byteLength":32,"uri":"data:application/octet-stream;base64,BIN"}],
            "bufferViews":[{"buffer":0,"byteLength":8},{"buffer":0,"byteOffset":8,"byteLength":24}],
            "accessors":[{"bufferView":0,"componentType":5126,"count":2,"type":"SCALAR"},
                         {"bufferView":1,"componentType":5126,"count":2,"type":"VEC3"}],
            "animations":[{"samplers":[{"input":0,"output":1}],"channels":[{"sampler":0,"target":{"node":0,"path":"translation"}}]}]})";
        text.replace("BIN", bin.toBase64());
        QVERIFY(writeFile(gltf, text));
        const QString out = path("huge.bpat");
        // v1, whose palette holds the overflowing globals as they are (the default, late v3, is
        // refused one step earlier: its bind palette, the first frame, holds them too).
        refused(testcli::bpat({arg("import"), gltf, arg("-o"), out, arg("--format-version"), arg("1")}), out,
                arg("palette[clip=animation_0,frame=0,bone=1]"));
        const testcli::Run late = testcli::bpat({arg("import"), gltf, arg("-o"), out});
        QCOMPARE(late.exitCode, 1);
        QVERIFY2(late.errText().contains(QLatin1String("bind_palette[bone=1]")), qPrintable(late.errText()));
        QVERIFY(!QFileInfo::exists(out));
    }

    // rebake --into excuses the target's own spec-profile errors, but not its NaN: a clip it keeps
    // with one refuses the output (it already did, through the game profile, whose errors are
    // never excused: a guard for the rule); replacing that clip writes a file that validates.
    void rebakeIntoKeepsNoNaN()
    {
        const QString recording = path("take_7.bin");
        QVERIFY(testrecording::write(recording));
        const QString base = path("base.bpat");
        testcli::Run r =
            testcli::bpat({arg("rebake"), recording, arg("-o"), base, arg("--to"), arg("2"), arg("--fps"), arg("30")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QFile f(base);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray bytes = f.readAll();
        const qsizetype at = qsizetype(BpatFile::fromData(bytes).paletteDataOffset()) + 16 * 64 + 5 * 4; // frame 0, bone 16
        testdocs::setF32(bytes, at, std::numeric_limits<float>::quiet_NaN());
        QVERIFY(f.seek(0) && f.write(bytes) == bytes.size());
        f.close();
        const QString out = path("rebaked.bpat");
        refused(testcli::bpat({arg("rebake"), recording, arg("-o"), out, arg("--into"), base, arg("--from"), arg("3"),
                               arg("--to"), arg("4"), arg("--clip"), arg("second")}),
                out, arg("palette[clip=take_7,frame=0,bone=16]"));
        r = testcli::bpat({arg("rebake"), recording, arg("-o"), out, arg("--into"), base, arg("--from"), arg("3"), arg("--to"),
                           arg("4"), arg("--clip"), arg("take_7")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        validatesDeep(out);
    }

    // The principle on a clean source: whatever each writer writes passes `validate --deep`.
    void cleanOutputsValidateDeep()
    {
        const QString out = path("ok.bpat");
        const QList<QStringList> runs{
            {arg("convert"), m_clean, arg("-o"), out, arg("--to-version"), arg("3")},
            {arg("convert"), m_clean, arg("-o"), out, arg("--to-version"), arg("2")},
            {arg("edit"), m_clean, arg("-o"), out, arg("--rename-clip"), arg("idle=rest")},
            {arg("merge"), m_clean, m_clean, arg("-o"), out, arg("--rename-on-conflict")},
        };
        for (const QStringList &run : runs) {
            const testcli::Run r = testcli::bpat(run);
            QVERIFY2(r.exitCode == 0, qPrintable(run.join(QLatin1Char(' ')) + QLatin1Char('\n') + r.errText()));
            validatesDeep(out);
            QFile::remove(out);
        }
        const QString glb = path("ok.glb");
        QCOMPARE(testcli::bpat({arg("export"), m_clean, arg("-o"), glb}).exitCode, 0);
        const testcli::Run back = testcli::bpat({arg("import"), glb, arg("-o"), out, arg("--format-version"), arg("3")});
        QVERIFY2(back.exitCode == 0, qPrintable(back.errText()));
        validatesDeep(out);
    }
};

QTEST_MAIN(tst_NonFiniteOutputs)
#include "tst_NonFiniteOutputs.moc"

// `bpat rebake`: exit codes, recipe errors on stderr with the JSON path, --into, --manifest.
#include "bpat/BpatFile.h"
#include "GeneratedRecording.h"
#include "TestPaths.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace bpat;

namespace {

struct Run
{
    int code = -1;
    QString out;
    QString err;
};

Run runBpat(const QStringList &args)
{
    QProcess p;
    p.start(testpaths::bpatExecutable(), args);
    p.waitForFinished(120000);
    return Run{p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

void writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
}

} // namespace

class tst_RebakeCommand : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_recording; // generated: the CLI tests must not depend on ../shared

private Q_SLOTS:
    void initTestCase()
    {
        m_recording = m_dir.filePath(QStringLiteral("take_7.bin"));
        QVERIFY(testrecording::write(m_recording));
    }

    void usage()
    {
        QCOMPARE(runBpat({QStringLiteral("rebake")}).code, 2);
        QCOMPARE(runBpat({QStringLiteral("rebake"), QStringLiteral("x.bin")}).code, 2); // no -o
        QCOMPARE(runBpat({QStringLiteral("rebake"), QStringLiteral("x.bin"), QStringLiteral("-o"), QStringLiteral("y"),
                          QStringLiteral("--fps"), QStringLiteral("abc")})
                     .code,
                 2);
        QCOMPARE(runBpat({QStringLiteral("rebake"), QStringLiteral("--manifest"), QStringLiteral("m.json"),
                          QStringLiteral("--fps"), QStringLiteral("30")})
                     .code,
                 2);
        const Run help = runBpat({QStringLiteral("rebake"), QStringLiteral("--help")});
        QCOMPARE(help.code, 0);
        QVERIFY(help.out.contains(u"--into"));
    }

    void printRecipe()
    {
        const Run r = runBpat({QStringLiteral("rebake"), QStringLiteral("--print-recipe"), QStringLiteral("hands")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(u"\"L_IndexTip\""));
        QCOMPARE(runBpat({QStringLiteral("rebake"), QStringLiteral("--print-recipe"), QStringLiteral("nope")}).code, 2);
    }

    void rebakeAndInto()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.bpat"));
        Run r = runBpat({QStringLiteral("rebake"), m_recording, QStringLiteral("-o"), out, QStringLiteral("--to"),
                         QStringLiteral("2"), QStringLiteral("--fps"), QStringLiteral("30")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(u"61 frames"));
        const QString base = QStringLiteral("take_7");
        QCOMPARE(BpatFile::open(out)->clips().first().name, base);
        r = runBpat({QStringLiteral("rebake"), m_recording, QStringLiteral("-o"), out, QStringLiteral("--into"), out,
                     QStringLiteral("--from"), QStringLiteral("3"), QStringLiteral("--to"), QStringLiteral("4"),
                     QStringLiteral("--clip"), QStringLiteral("second"), QStringLiteral("--loops")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const BpatFile file = *BpatFile::open(out);
        QCOMPARE(file.clips().size(), 2);
        QCOMPARE(file.clips().at(1).name, QStringLiteral("second"));
        QCOMPARE(file.clips().at(1).frameCount, 61u);
        QVERIFY(file.clips().at(1).loops());
        // Validates with the project's own validator too.
        r = runBpat({QStringLiteral("validate"), out});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    }

    void emptyRecordingIsRefused()
    {
        // Curves but no keys: it used to exit 0 with a one-frame clip of collapsed matrices.
        QTemporaryDir dir;
        const QString empty = dir.filePath(QStringLiteral("empty.bin"));
        QVERIFY(InputAnimationWriter().writeFile(InputAnimation(), empty));
        const QString out = dir.filePath(QStringLiteral("out.bpat"));
        Run r = runBpat({QStringLiteral("rebake"), empty, QStringLiteral("-o"), out});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(u"the recording has no keys in the chosen range; nothing to rebake"), qPrintable(r.err));
        QVERIFY(!r.err.contains(u"DEGENERATE_MATRIX"));
        QVERIFY(!QFile::exists(out));
        // A range after the last key is refused the same way.
        r = runBpat({QStringLiteral("rebake"), m_recording, QStringLiteral("-o"), out, QStringLiteral("--from"),
                     QStringLiteral("20"), QStringLiteral("--to"), QStringLiteral("21")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(u"no keys in the chosen range"), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
    }

    void recipeErrorsNameTheJsonPath()
    {
        QTemporaryDir dir;
        const QString recipe = dir.filePath(QStringLiteral("bad.json"));
        writeFile(recipe, R"({"bones": [{"name": "A", "drive": {"curve": "LeftHand/Thumb"}}]})");
        const QString out = dir.filePath(QStringLiteral("o.bpat"));
        const Run r =
            runBpat({QStringLiteral("rebake"), m_recording, QStringLiteral("-o"), out, QStringLiteral("--recipe"), recipe});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(u"bones[0].drive.curve") && r.err.contains(u"RECIPE_UNKNOWN_CURVE"), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
    }

    void manifest()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("bake.json")),
                  QStringLiteral(R"({"output": "all.bpat", "recipe": "humanoid-upper-body",
                     "clips": [{"curves": "%1", "name": "a", "fps": 24, "to": 1},
                               {"curves": "%1", "name": "b", "fps": 24, "from": 1, "to": 3, "loops": true}]})")
                      .arg(m_recording)
                      .toUtf8());
        const Run r =
            runBpat({QStringLiteral("rebake"), QStringLiteral("--manifest"), dir.filePath(QStringLiteral("bake.json"))});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const BpatFile file = *BpatFile::open(dir.filePath(QStringLiteral("all.bpat")));
        QCOMPARE(file.header().boneCount, 20u);
        QCOMPARE(file.header().socketCount, 10u);
        QCOMPARE(file.clips().size(), 2);
        QCOMPARE(file.clips().at(1).frameCount, 49u);
    }
};

QTEST_GUILESS_MAIN(tst_RebakeCommand)
#include "tst_RebakeCommand.moc"

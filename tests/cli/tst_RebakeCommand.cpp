// `bpat rebake`: exit codes, recipe errors on stderr with the JSON path, --into, --manifest.
#include "BpatFile.h"
#include "TestPaths.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace bpat;

namespace {

const QString Recording = QStringLiteral("mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin");

struct Run
{
    int code = -1;
    QString out;
    QString err;
};

Run bpat(const QStringList &args)
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

private slots:
    void usage()
    {
        QCOMPARE(bpat({QStringLiteral("rebake")}).code, 2);
        QCOMPARE(bpat({QStringLiteral("rebake"), QStringLiteral("x.bin")}).code, 2); // no -o
        QCOMPARE(bpat({QStringLiteral("rebake"), QStringLiteral("x.bin"), QStringLiteral("-o"), QStringLiteral("y"),
                       QStringLiteral("--fps"), QStringLiteral("abc")}).code, 2);
        QCOMPARE(bpat({QStringLiteral("rebake"), QStringLiteral("--manifest"), QStringLiteral("m.json"),
                       QStringLiteral("--fps"), QStringLiteral("30")}).code, 2);
        const Run help = bpat({QStringLiteral("rebake"), QStringLiteral("--help")});
        QCOMPARE(help.code, 0);
        QVERIFY(help.out.contains(u"--into"));
    }

    void printRecipe()
    {
        const Run r = bpat({QStringLiteral("rebake"), QStringLiteral("--print-recipe"), QStringLiteral("hands")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(u"\"L_IndexTip\""));
        QCOMPARE(bpat({QStringLiteral("rebake"), QStringLiteral("--print-recipe"), QStringLiteral("nope")}).code, 2);
    }

    void rebakeAndInto()
    {
        BPAT_REQUIRE_SHARED(Recording);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.bpat"));
        Run r = bpat({QStringLiteral("rebake"), testpaths::shared(Recording), QStringLiteral("-o"), out,
                      QStringLiteral("--to"), QStringLiteral("2"), QStringLiteral("--fps"), QStringLiteral("30")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(u"61 frames"));
        const QString base = QStringLiteral("holographic-recording_InputAnimation-20201027-134946");
        QCOMPARE(BpatFile::open(out)->clips().first().name, base);
        r = bpat({QStringLiteral("rebake"), testpaths::shared(Recording), QStringLiteral("-o"), out, QStringLiteral("--into"), out,
                  QStringLiteral("--from"), QStringLiteral("3"), QStringLiteral("--to"), QStringLiteral("4"),
                  QStringLiteral("--clip"), QStringLiteral("second"), QStringLiteral("--loops")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const BpatFile file = *BpatFile::open(out);
        QCOMPARE(file.clips().size(), 2);
        QCOMPARE(file.clips().at(1).name, QStringLiteral("second"));
        QCOMPARE(file.clips().at(1).frameCount, 61u);
        QVERIFY(file.clips().at(1).loops());
        // Validates with the project's own validator too.
        r = bpat({QStringLiteral("validate"), out});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    }

    void recipeErrorsNameTheJsonPath()
    {
        BPAT_REQUIRE_SHARED(Recording);
        QTemporaryDir dir;
        const QString recipe = dir.filePath(QStringLiteral("bad.json"));
        writeFile(recipe, R"({"bones": [{"name": "A", "drive": {"curve": "LeftHand/Thumb"}}]})");
        const QString out = dir.filePath(QStringLiteral("o.bpat"));
        const Run r = bpat({QStringLiteral("rebake"), testpaths::shared(Recording), QStringLiteral("-o"), out,
                            QStringLiteral("--recipe"), recipe});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(u"bones[0].drive.curve") && r.err.contains(u"RECIPE_UNKNOWN_CURVE"), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
    }

    void manifest()
    {
        BPAT_REQUIRE_SHARED(Recording);
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("bake.json")),
                  QStringLiteral(R"({"output": "all.bpat", "recipe": "humanoid-upper-body",
                     "clips": [{"curves": "%1", "name": "a", "fps": 24, "to": 1},
                               {"curves": "%1", "name": "b", "fps": 24, "from": 1, "to": 3, "loops": true}]})")
                      .arg(testpaths::shared(Recording)).toUtf8());
        const Run r = bpat({QStringLiteral("rebake"), QStringLiteral("--manifest"), dir.filePath(QStringLiteral("bake.json"))});
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

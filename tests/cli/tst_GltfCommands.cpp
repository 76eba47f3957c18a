// `bpat export` and `bpat import`: the real game files out to glTF and back, usage errors, and
// nothing written when an import is refused.
#include "CliRunner.h"
#include "GltfTestSupport.h"

#include <QTemporaryDir>
#include <QtTest/QTest>

class tst_GltfCommands : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exportThenImport()
    {
        const QString source = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
        BPAT_REQUIRE_SHARED(source);
        QTemporaryDir dir;
        const QString glb = dir.filePath(QStringLiteral("humanoid.glb"));
        testcli::Run r = testcli::bpat({QStringLiteral("export"), testpaths::shared(source), QStringLiteral("-o"), glb,
                                        QStringLiteral("--mesh"), QStringLiteral("creature")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.outText().contains(QLatin1String("15 animations")));
        QVERIFY(r.outText().contains(QLatin1String("rig humanoid")));
        const QString back = dir.filePath(QStringLiteral("back.bpat"));
        r = testcli::bpat({QStringLiteral("import"), glb, QStringLiteral("-o"), back, QStringLiteral("--species"), QStringLiteral("humanoid")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.outText().contains(QLatin1String("20 bones (rig humanoid), 15 clips")));
        // A rig the joints do not match: refused, naming the joints, nothing written.
        const QString horseRig = testpaths::testData(QStringLiteral("../../resources/rigs/horse.json"));
        const QString refused = dir.filePath(QStringLiteral("refused.bpat"));
        const testcli::Run mismatch = testcli::bpat({QStringLiteral("import"), glb, QStringLiteral("-o"), refused, QStringLiteral("--rig"), horseRig});
        QCOMPARE(mismatch.exitCode, 1);
        QVERIFY2(mismatch.errText().contains(QLatin1String("missing Body")) && mismatch.errText().contains(QLatin1String("extra Pelvis")),
                 mismatch.err.constData());
        QVERIFY(!QFileInfo::exists(refused));
        r = testcli::bpat({QStringLiteral("validate"), back});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        const auto original = testgltf::loadDocument(testpaths::shared(source));
        const auto imported = testgltf::loadDocument(back);
        QVERIFY(original && imported);
        QCOMPARE(imported->clipCount(), original->clipCount());
        for (int c = 0; c < original->clipCount(); ++c)
            QVERIFY(testgltf::paletteDifference(imported->clip(c), original->clip(c)) < 1e-5);
    }

    // A late-v3 game file out and back in as late v3 (--format-version 3): it validates and keeps
    // its globals, bind palette and parent table.
    void lateV3ExportThenImportAsV3()
    {
        const QString source = QStringLiteral("upstream_assets/bpat_v3_late/horse.bpat");
        BPAT_REQUIRE_SHARED(source);
        QTemporaryDir dir;
        const QString glb = dir.filePath(QStringLiteral("horse.glb"));
        testcli::Run r = testcli::bpat({QStringLiteral("export"), testpaths::shared(source), QStringLiteral("-o"), glb});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.outText().contains(QLatin1String("file parent table")), r.out.constData());
        const QString back = dir.filePath(QStringLiteral("back.bpat"));
        r = testcli::bpat({QStringLiteral("import"), glb, QStringLiteral("-o"), back, QStringLiteral("--format-version"), QStringLiteral("3")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = testcli::bpat({QStringLiteral("validate"), back});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        const auto original = testgltf::loadDocument(testpaths::shared(source));
        const auto imported = testgltf::loadDocument(back);
        QVERIFY(original && imported);
        QCOMPARE(imported->dialect(), bpat::format::Dialect::V3Late);
        QCOMPARE(imported->boneParents(), original->boneParents());
        QCOMPARE(imported->clipCount(), original->clipCount());
        for (int c = 0; c < original->clipCount(); ++c)
            QVERIFY(testgltf::paletteDifference(imported->clip(c), original->clip(c)) < 1e-5);
    }

    void selectedClipsAsGltf()
    {
        const QString source = QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat");
        BPAT_REQUIRE_SHARED(source);
        QTemporaryDir dir;
        const QString gltf = dir.filePath(QStringLiteral("horse.gltf"));
        testcli::Run r = testcli::bpat({QStringLiteral("export"), testpaths::shared(source), QStringLiteral("-o"), gltf,
                                        QStringLiteral("--clips"), QStringLiteral("walk,gallop")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString back = dir.filePath(QStringLiteral("back.bpat"));
        r = testcli::bpat({QStringLiteral("import"), gltf, QStringLiteral("-o"), back, QStringLiteral("--animations"), QStringLiteral("gallop")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto imported = testgltf::loadDocument(back);
        QVERIFY(imported);
        QCOMPARE(imported->clipCount(), 1);
        QCOMPARE(imported->clip(0).name, QStringLiteral("gallop"));
    }

    // --mesh body: the game's body found beside the file by its naming, or --body.
    void exportWithTheBody()
    {
        const QString dir = QStringLiteral("upstream_assets/bpat_current/");
        BPAT_REQUIRE_SHARED(dir + QStringLiteral("sheep.bpat"));
        QTemporaryDir tmp;
        const QString out = tmp.filePath(QStringLiteral("sheep.glb"));
        testcli::Run r = testcli::bpat({QStringLiteral("export"), testpaths::shared(dir + QStringLiteral("sheep.bpat")), QStringLiteral("-o"), out,
                                        QStringLiteral("--clips"), QStringLiteral("graze"), QStringLiteral("--mesh"), QStringLiteral("body")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.outText().contains(QLatin1String("body of 6420 vertices in 8 materials")), r.out.constData());
        r = testcli::bpat({QStringLiteral("export"), testpaths::shared(dir + QStringLiteral("sheep.bpat")), QStringLiteral("-o"), out,
                           QStringLiteral("--clips"), QStringLiteral("graze"), QStringLiteral("--mesh"), QStringLiteral("body"),
                           QStringLiteral("--body"), testpaths::shared(dir + QStringLiteral("sheep_minimal.bprm"))});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.outText().contains(QLatin1String("body of 3464 vertices")), r.out.constData());
        // --body without --mesh body, and a file with no body beside it.
        QCOMPARE(testcli::bpat({QStringLiteral("export"), testpaths::shared(dir + QStringLiteral("sheep.bpat")), QStringLiteral("-o"), out,
                                QStringLiteral("--body"), testpaths::shared(dir + QStringLiteral("sheep_minimal.bprm"))}).exitCode, 2);
        const QString lonely = tmp.filePath(QStringLiteral("sheep.bpat"));
        QVERIFY(QFile::copy(testpaths::shared(dir + QStringLiteral("sheep.bpat")), lonely));
        r = testcli::bpat({QStringLiteral("export"), lonely, QStringLiteral("-o"), out, QStringLiteral("--mesh"), QStringLiteral("body")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().contains(QLatin1String("no body beside")), r.err.constData());
    }

    void usageErrors()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("x.glb"));
        QCOMPARE(testcli::bpat({QStringLiteral("export"), QStringLiteral("a.bpat")}).exitCode, 2);
        QCOMPARE(testcli::bpat({QStringLiteral("export"), QStringLiteral("a.bpat"), QStringLiteral("-o"), out, QStringLiteral("--mesh"), QStringLiteral("cube")}).exitCode, 2);
        QCOMPARE(testcli::bpat({QStringLiteral("import"), QStringLiteral("a.glb")}).exitCode, 2);
        const testcli::Run r = testcli::bpat({QStringLiteral("import"), QStringLiteral("a.glb"), QStringLiteral("-o"), out,
                                              QStringLiteral("--format-version"), QStringLiteral("7")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.errText().contains(QLatin1String("format-version")));
        QCOMPARE(testcli::bpat({QStringLiteral("import"), QStringLiteral("a.glb"), QStringLiteral("-o"), out, QStringLiteral("--species"), QStringLiteral("dragon")}).exitCode, 2);
        QCOMPARE(testcli::bpat({QStringLiteral("import"), QStringLiteral("a.glb"), QStringLiteral("-o"), out, QStringLiteral("--fps"), QStringLiteral("-3")}).exitCode, 2);
    }

    void neverWritesOverItsInput()
    {
        const QString source = QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat");
        BPAT_REQUIRE_SHARED(source);
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("horse.bpat"));
        QVERIFY(QFile::copy(testpaths::shared(source), copy));
        testcli::Run r = testcli::bpat({QStringLiteral("export"), copy, QStringLiteral("-o"), copy});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.errText().contains(QLatin1String("is the input")));
        const QString glb = dir.filePath(QStringLiteral("horse.glb"));
        QCOMPARE(testcli::bpat({QStringLiteral("export"), copy, QStringLiteral("-o"), glb}).exitCode, 0);
        r = testcli::bpat({QStringLiteral("import"), glb, QStringLiteral("-o"), glb});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.errText().contains(QLatin1String("is the input")));
        QVERIFY(testgltf::loadDocument(copy)); // both inputs intact
        QVERIFY(QFile(glb).size() > 1000);
    }

    void refusedImportWritesNothing()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.gltf"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"asset\":{\"version\":\"2.0\"},\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"children\":[0]}]}");
        f.close();
        const QString out = dir.filePath(QStringLiteral("out.bpat"));
        const testcli::Run r = testcli::bpat({QStringLiteral("import"), bad, QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().contains(QLatin1String("nodes[0]")), r.err.constData());
        QVERIFY(!QFileInfo::exists(out));
    }
};

QTEST_MAIN(tst_GltfCommands)
#include "tst_GltfCommands.moc"

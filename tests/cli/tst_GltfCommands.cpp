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
        r = testcli::bpat(
            {QStringLiteral("import"), glb, QStringLiteral("-o"), back, QStringLiteral("--species"), QStringLiteral("humanoid")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.outText().contains(QLatin1String("20 bones (rig humanoid), 15 clips")));
        // A rig the joints do not match: refused, naming the joints, nothing written.
        const QString horseRig = testpaths::testData(QStringLiteral("../../resources/rigs/horse.json"));
        const QString refused = dir.filePath(QStringLiteral("refused.bpat"));
        const testcli::Run mismatch =
            testcli::bpat({QStringLiteral("import"), glb, QStringLiteral("-o"), refused, QStringLiteral("--rig"), horseRig});
        QCOMPARE(mismatch.exitCode, 1);
        QVERIFY2(mismatch.errText().contains(QLatin1String("missing Body"))
                     && mismatch.errText().contains(QLatin1String("extra Pelvis")),
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
        r = testcli::bpat(
            {QStringLiteral("import"), glb, QStringLiteral("-o"), back, QStringLiteral("--format-version"), QStringLiteral("3")});
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
        r = testcli::bpat({QStringLiteral("import"), gltf, QStringLiteral("-o"), back, QStringLiteral("--animations"),
                           QStringLiteral("gallop")});
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
        testcli::Run r = testcli::bpat({QStringLiteral("export"), testpaths::shared(dir + QStringLiteral("sheep.bpat")),
                                        QStringLiteral("-o"), out, QStringLiteral("--clips"), QStringLiteral("graze"),
                                        QStringLiteral("--mesh"), QStringLiteral("body")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.outText().contains(QLatin1String("body of 6420 vertices in 8 materials")), r.out.constData());
        r = testcli::bpat({QStringLiteral("export"), testpaths::shared(dir + QStringLiteral("sheep.bpat")), QStringLiteral("-o"),
                           out, QStringLiteral("--clips"), QStringLiteral("graze"), QStringLiteral("--mesh"),
                           QStringLiteral("body"), QStringLiteral("--body"),
                           testpaths::shared(dir + QStringLiteral("sheep_minimal.bprm"))});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.outText().contains(QLatin1String("body of 3464 vertices")), r.out.constData());
        // --body without --mesh body, and a file with no body beside it.
        QCOMPARE(
            testcli::bpat({QStringLiteral("export"), testpaths::shared(dir + QStringLiteral("sheep.bpat")), QStringLiteral("-o"),
                           out, QStringLiteral("--body"), testpaths::shared(dir + QStringLiteral("sheep_minimal.bprm"))})
                .exitCode,
            2);
        const QString lonely = tmp.filePath(QStringLiteral("sheep.bpat"));
        QVERIFY(QFile::copy(testpaths::shared(dir + QStringLiteral("sheep.bpat")), lonely));
        r = testcli::bpat(
            {QStringLiteral("export"), lonely, QStringLiteral("-o"), out, QStringLiteral("--mesh"), QStringLiteral("body")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().contains(QLatin1String("no body beside")), r.err.constData());
    }

    void usageErrors()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("x.glb"));
        QCOMPARE(testcli::bpat({QStringLiteral("export"), QStringLiteral("a.bpat")}).exitCode, 2);
        QCOMPARE(testcli::bpat({QStringLiteral("export"), QStringLiteral("a.bpat"), QStringLiteral("-o"), out,
                                QStringLiteral("--mesh"), QStringLiteral("cube")})
                     .exitCode,
                 2);
        QCOMPARE(testcli::bpat({QStringLiteral("import"), QStringLiteral("a.glb")}).exitCode, 2);
        const testcli::Run r = testcli::bpat({QStringLiteral("import"), QStringLiteral("a.glb"), QStringLiteral("-o"), out,
                                              QStringLiteral("--format-version"), QStringLiteral("7")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.errText().contains(QLatin1String("format-version")));
        QCOMPARE(testcli::bpat({QStringLiteral("import"), QStringLiteral("a.glb"), QStringLiteral("-o"), out,
                                QStringLiteral("--species"), QStringLiteral("dragon")})
                     .exitCode,
                 2);
        QCOMPARE(testcli::bpat({QStringLiteral("import"), QStringLiteral("a.glb"), QStringLiteral("-o"), out,
                                QStringLiteral("--fps"), QStringLiteral("-3")})
                     .exitCode,
                 2);
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

    // Every file an import reads is an input (issue 35, finding 7): -o onto the glTF's external
    // buffer (or the --rig file) is refused, and the buffer is left as it was. Before, the
    // buffer was replaced with BPAT bytes.
    void neverWritesOverItsBuffers()
    {
        QTemporaryDir dir;
        const float values[] = {0, 1, 0, 0, 0, 2, 0, 0};
        const QByteArray bin(reinterpret_cast<const char *>(values), sizeof values);
        const QString buffer = dir.filePath(QStringLiteral("buf.bin"));
        QFile b(buffer);
        QVERIFY(b.open(QIODevice::WriteOnly) && b.write(bin) == bin.size());
        b.close();
        const QString gltf = dir.filePath(QStringLiteral("a.gltf"));
        QFile g(gltf);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
            "nodes":[{"name":"A","children":[1]},{"name":"B","translation":[0,1,0]}],"skins":[{"joints":[0,1]}],
            "buffers":[{"byteLength":32,"uri":"buf.bin"}],
            "bufferViews":[{"buffer":0,"byteLength":8},{"buffer":0,"byteOffset":8,"byteLength":24}],
            "accessors":[{"bufferView":0,"componentType":5126,"count":2,"type":"SCALAR"},
                         {"bufferView":1,"componentType":5126,"count":2,"type":"VEC3"}],
            "animations":[{"samplers":[{"input":0,"output":1}],"channels":[{"sampler":0,"target":{"node":0,"path":"translation"}}]}]})");
        g.close();
        testcli::Run r = testcli::bpat({QStringLiteral("import"), gltf, QStringLiteral("-o"), buffer});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().contains(QLatin1String("is an input")), r.err.constData());
        QVERIFY(b.open(QIODevice::ReadOnly));
        QCOMPARE(b.readAll(), bin);
        b.close();
        // Through another spelling of the same path, and through a link.
        const QString link = dir.filePath(QStringLiteral("link.bin"));
        QVERIFY(QFile::link(buffer, link));
        QCOMPARE(testcli::bpat({QStringLiteral("import"), gltf, QStringLiteral("-o"), dir.path() + QStringLiteral("/./buf.bin")})
                     .exitCode,
                 1);
        QCOMPARE(testcli::bpat({QStringLiteral("import"), gltf, QStringLiteral("-o"), link}).exitCode, 1);
        QVERIFY(b.open(QIODevice::ReadOnly));
        QCOMPARE(b.readAll(), bin);
        b.close();
        // The --rig file too.
        const QString rig = dir.filePath(QStringLiteral("rig.json"));
        QVERIFY(QFile::copy(testpaths::testData(QStringLiteral("../../resources/rigs/horse.json")), rig));
        const QByteArray rigBytes = [&] {
            QFile f(rig);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        r = testcli::bpat({QStringLiteral("import"), gltf, QStringLiteral("-o"), rig, QStringLiteral("--rig"), rig});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().contains(QLatin1String("--rig input")), r.err.constData());
        QFile rf(rig);
        QVERIFY(rf.open(QIODevice::ReadOnly));
        QCOMPARE(rf.readAll(), rigBytes);
        // Elsewhere it imports.
        r = testcli::bpat({QStringLiteral("import"), gltf, QStringLiteral("-o"), dir.filePath(QStringLiteral("out.bpat"))});
        QVERIFY2(r.exitCode == 0, r.err.constData());
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

// glTF import: round trips of the real game files, glTF's interpolation modes evaluated
// exactly, joints mapped by name (or kept as their own bones), and files no one here wrote:
// Debian's assimp-testmodels, where the skinned one imports and every broken one is refused
// with a message, never a crash or a hang.
#include "GltfTestSupport.h"
#include "TestDocuments.h"
#include "gltf/GltfExporter.h"
#include "gltf/GltfImporter.h"
#include "bpat/BpatFormat.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest/QTest>
#include <sys/stat.h>

using namespace bpat;

namespace {

const QString assimpDir = QStringLiteral("/usr/share/assimp/models/glTF2");

// Two joints A -> B (B at +1 Y in A), one animation of A with the given channel.
QByteArray twoJointGltf(const char *interpolation, const char *path, const std::vector<float> &times,
                        const std::vector<float> &values, const QJsonObject &extras = {})
{
    QByteArray bin(reinterpret_cast<const char *>(times.data()), qsizetype(times.size() * 4));
    bin.append(reinterpret_cast<const char *>(values.data()), qsizetype(values.size() * 4));
    const int components = std::strcmp(path, "rotation") == 0 ? 4 : 3;
    const QJsonObject root{
        {QStringLiteral("asset"), QJsonObject{{QStringLiteral("version"), QStringLiteral("2.0")}}},
        {QStringLiteral("scene"), 0},
        {QStringLiteral("scenes"), QJsonArray{QJsonObject{{QStringLiteral("nodes"), QJsonArray{0}}}}},
        {QStringLiteral("nodes"),
         QJsonArray{
             QJsonObject{{QStringLiteral("name"), QStringLiteral("A")}, {QStringLiteral("children"), QJsonArray{1}}},
             QJsonObject{{QStringLiteral("name"), QStringLiteral("B")}, {QStringLiteral("translation"), QJsonArray{0, 1, 0}}}}},
        {QStringLiteral("skins"), QJsonArray{QJsonObject{{QStringLiteral("joints"), QJsonArray{0, 1}}}}},
        {QStringLiteral("buffers"),
         QJsonArray{
             QJsonObject{{QStringLiteral("byteLength"), bin.size()},
                         {QStringLiteral("uri"),
                          QStringLiteral("data:application/octet-stream;base64,") + QString::fromLatin1(bin.toBase64())}}}},
        {QStringLiteral("bufferViews"),
         QJsonArray{QJsonObject{{QStringLiteral("buffer"), 0},
                                {QStringLiteral("byteOffset"), 0},
                                {QStringLiteral("byteLength"), qint64(times.size() * 4)}},
                    QJsonObject{{QStringLiteral("buffer"), 0},
                                {QStringLiteral("byteOffset"), qint64(times.size() * 4)},
                                {QStringLiteral("byteLength"), qint64(values.size() * 4)}}}},
        {QStringLiteral("accessors"),
         QJsonArray{QJsonObject{{QStringLiteral("bufferView"), 0},
                                {QStringLiteral("componentType"), 5126},
                                {QStringLiteral("count"), qint64(times.size())},
                                {QStringLiteral("type"), QStringLiteral("SCALAR")},
                                {QStringLiteral("min"), QJsonArray{times.front()}},
                                {QStringLiteral("max"), QJsonArray{times.back()}}},
                    QJsonObject{{QStringLiteral("bufferView"), 1},
                                {QStringLiteral("componentType"), 5126},
                                {QStringLiteral("count"), qint64(values.size() / size_t(components))},
                                {QStringLiteral("type"), components == 4 ? QStringLiteral("VEC4") : QStringLiteral("VEC3")}}}},
        {QStringLiteral("animations"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("move")},
                                {QStringLiteral("extras"), extras},
                                {QStringLiteral("samplers"),
                                 QJsonArray{QJsonObject{{QStringLiteral("input"), 0},
                                                        {QStringLiteral("output"), 1},
                                                        {QStringLiteral("interpolation"), QLatin1String(interpolation)}}}},
                                {QStringLiteral("channels"),
                                 QJsonArray{QJsonObject{{QStringLiteral("sampler"), 0},
                                                        {QStringLiteral("target"),
                                                         QJsonObject{{QStringLiteral("node"), 0},
                                                                     {QStringLiteral("path"), QLatin1String(path)}}}}}}}}},
    };
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

// Row-major BPAT matrix element (row, col) of a bone at a frame.
float at(const BpatDocument &doc, quint32 frame, quint32 bone, int row, int col)
{
    return doc.clip(0).palette.at(BpatClip::matrixIndex(frame, bone, doc.boneCount()) + row * 4 + col);
}

} // namespace

class tst_GltfImport : public QObject
{
    Q_OBJECT

    // Writes an import in the version of the file it came from (3 = late v3, so early v3 comes
    // back as late v3), reads it again and compares with the original: globals, clips and, what
    // later versions add, markers, flags, variant families, the bind palette and the parents.
    void savedInFileVersion(const BpatDocument &original, const BpatDocument &imported)
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("back.bpat"));
        QStringList warnings;
        const BpatSaver::Result saved = GltfImporter::save(imported, path, int(original.version()), &warnings);
        QVERIFY2(saved.saved, qPrintable(saved.error));
        const auto back = testgltf::loadDocument(path);
        QVERIFY(back);
        QCOMPARE(back->version(), original.version());
        if (original.version() == 3)
            QCOMPARE(back->dialect(), format::Dialect::V3Late);
        QCOMPARE(back->clipCount(), original.clipCount());
        for (int c = 0; c < original.clipCount(); ++c) {
            const BpatClip &a = original.clip(c), &b = back->clip(c);
            QCOMPARE(b.name, a.name);
            QCOMPARE(b.fps, a.fps);
            QCOMPARE(b.loops, a.loops);
            const double d = testgltf::paletteDifference(b, a);
            QVERIFY2(d < 1e-5, qPrintable(QStringLiteral("clip %1 written back: %2").arg(a.name).arg(d)));
            if (original.version() >= 2)
                QCOMPARE(b.markers, a.markers);
            if (original.version() >= 3) {
                QCOMPARE(b.flags, a.flags);
                QCOMPARE(b.variantOrdinal, a.variantOrdinal);
                QCOMPARE(b.variantFamily < 0 ? c : b.variantFamily, a.variantFamily < 0 ? c : a.variantFamily);
            }
        }
        QCOMPARE(back->socketCount(), original.socketCount());
        if (original.dialect() == format::Dialect::V3Late) {
            QCOMPARE(back->boneParents(), original.boneParents());
            QCOMPARE(back->bindPalette().size(), original.bindPalette().size());
            double d = 0;
            for (qsizetype i = 0; i < original.bindPalette().size(); ++i)
                d = std::max(d, double(std::abs(back->bindPalette().at(i) - original.bindPalette().at(i))));
            QVERIFY2(d < 1e-5, qPrintable(QStringLiteral("bind palette: %1").arg(d)));
        }
    }

private Q_SLOTS:
    void roundTrip_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString &dir : testgltf::realDirs())
            for (const QString &name : testgltf::realFiles())
                QTest::newRow(qPrintable(dir + QLatin1Char('/') + name)) << dir + QLatin1Char('/') + name;
    }
    void roundTrip()
    {
        QFETCH(QString, name);
        const QString source = QStringLiteral("upstream_assets/") + name;
        BPAT_REQUIRE_SHARED(source);
        const auto doc = testgltf::loadDocument(testpaths::shared(source));
        QVERIFY(doc);
        for (const bool binary : {true, false}) {
            GltfExportOptions options;
            options.creatureMesh = !binary;
            GltfExportResult exported;
            const QByteArray bytes = GltfExporter::toBytes(*doc, binary, options, &exported);
            QVERIFY2(exported.ok, qPrintable(exported.error));
            const GltfImportResult imported = GltfImporter::importBytes(bytes, QString(), {});
            QVERIFY2(imported.document, qPrintable(imported.error));
            const BpatDocument &back = *imported.document;
            QCOMPARE(back.speciesId(), doc->speciesId());
            QCOMPARE(back.boneCount(), doc->boneCount());
            QVERIFY(imported.rigSource.startsWith(QLatin1String("rig ")));
            QCOMPARE(back.clipCount(), doc->clipCount());
            for (int c = 0; c < doc->clipCount(); ++c) {
                QCOMPARE(back.clip(c).name, doc->clip(c).name);
                QCOMPARE(back.clip(c).fps, doc->clip(c).fps);
                QCOMPARE(back.clip(c).loops, doc->clip(c).loops);
                QCOMPARE(back.clip(c).frameCount, doc->clip(c).frameCount);
                const double d = testgltf::paletteDifference(back.clip(c), doc->clip(c));
                QVERIFY2(d < 1e-5, qPrintable(QStringLiteral("clip %1: %2").arg(doc->clip(c).name).arg(d)));
            }
            QCOMPARE(back.socketCount(), doc->socketCount());
            for (int s = 0; s < doc->socketCount(); ++s) {
                QCOMPARE(back.sockets().at(s).name, doc->sockets().at(s).name);
                QCOMPARE(back.sockets().at(s).anchorBone, doc->sockets().at(s).anchorBone);
                QVERIFY((back.sockets().at(s).localOffset - doc->sockets().at(s).localOffset).length() < 1e-6f);
            }
            QVERIFY(back.socketRowsDeviation() < 1e-5f);
            savedInFileVersion(*doc, back);
        }
    }

    void linear()
    {
        const QByteArray gltf = twoJointGltf("LINEAR", "translation", {0, 1}, {0, 0, 0, 2, 0, 0});
        GltfImportOptions options;
        options.fps = 4;
        const GltfImportResult r = GltfImporter::importBytes(gltf, QString(), options);
        QVERIFY2(r.document, qPrintable(r.error));
        QCOMPARE(r.rigSource, QStringLiteral("own joints"));
        QCOMPARE(r.boneNames, (QStringList{QStringLiteral("A"), QStringLiteral("B")}));
        QCOMPARE(r.boneParents, (QList<int>{-1, 0}));
        QCOMPARE(r.document->clip(0).frameCount, 5u);
        for (quint32 f = 0; f < 5; ++f) {
            QCOMPARE(at(*r.document, f, 0, 0, 3), -0.5f * float(f)); // glTF +X is BPAT -X
            QCOMPARE(at(*r.document, f, 1, 1, 3), 1.0f);             // B rides on A, 1 up
            QCOMPARE(at(*r.document, f, 1, 0, 3), -0.5f * float(f));
        }
    }

    void step()
    {
        GltfImportOptions options;
        options.fps = 4;
        const GltfImportResult r =
            GltfImporter::importBytes(twoJointGltf("STEP", "translation", {0, 1}, {0, 0, 0, 2, 0, 0}), QString(), options);
        QVERIFY2(r.document, qPrintable(r.error));
        for (quint32 f = 0; f < 4; ++f)
            QCOMPARE(at(*r.document, f, 0, 0, 3), 0.0f);
        QCOMPARE(at(*r.document, 4, 0, 0, 3), -2.0f);
    }

    void cubicSpline()
    {
        // in-tangent, value, out-tangent per key: v0 = 0, b0 = 3; v1 = 2, a1 = 1 (x only).
        const std::vector<float> values{9, 9, 9, 0, 0, 0, 3, 0, 0, 1, 0, 0, 2, 0, 0, 9, 9, 9};
        GltfImportOptions options;
        options.fps = 2;
        const GltfImportResult r =
            GltfImporter::importBytes(twoJointGltf("CUBICSPLINE", "translation", {0, 1}, values), QString(), options);
        QVERIFY2(r.document, qPrintable(r.error));
        QCOMPARE(r.document->clip(0).frameCount, 3u);
        // p(0.5) = (t^3 - 2t^2 + t) 3 + (-2t^3 + 3t^2) 2 + (t^3 - t^2) 1 = 0.375 + 1 - 0.125
        QCOMPARE(at(*r.document, 1, 0, 0, 3), -1.25f);
        QCOMPARE(at(*r.document, 2, 0, 0, 3), -2.0f);
    }

    void rotationSlerp()
    {
        const float s = std::sin(float(M_PI) / 4), c = std::cos(float(M_PI) / 4);
        GltfImportOptions options;
        options.fps = 2;
        const GltfImportResult r =
            GltfImporter::importBytes(twoJointGltf("LINEAR", "rotation", {0, 1}, {0, 0, 0, 1, 0, s, 0, c}), QString(), options);
        QVERIFY2(r.document, qPrintable(r.error));
        // Halfway: 45 degrees about Y (a linear blend of the quaternions would give the same
        // axis but only slerp keeps the angle uniform; check the angle exactly).
        const float half = float(M_PI) / 4;
        QVERIFY(std::abs(at(*r.document, 1, 0, 0, 0) - std::cos(half)) < 1e-6f);
        QVERIFY(std::abs(at(*r.document, 1, 0, 0, 2) + std::sin(half)) < 1e-6f); // mirrored X: the angle flips sign
        QVERIFY(std::abs(at(*r.document, 2, 0, 0, 0)) < 1e-6f);
    }

    void fpsFromKeySpacingAndExtras()
    {
        std::vector<float> times, values;
        for (int k = 0; k <= 12; ++k) {
            times.push_back(float(k) / 24.0f);
            values.insert(values.end(), {float(k), 0, 0});
        }
        GltfImportResult r = GltfImporter::importBytes(twoJointGltf("LINEAR", "translation", times, values), QString(), {});
        QVERIFY2(r.document, qPrintable(r.error));
        QCOMPARE(r.document->clip(0).fps, 24.0f);
        QCOMPARE(r.document->clip(0).frameCount, 13u);
        QCOMPARE(r.document->clip(0).loops, true);
        r = GltfImporter::importBytes(
            twoJointGltf("LINEAR", "translation", times, values, {{QStringLiteral("fps"), 12}, {QStringLiteral("loops"), false}}),
            QString(), {});
        QVERIFY2(r.document, qPrintable(r.error));
        QCOMPARE(r.document->clip(0).fps, 12.0f);
        QCOMPARE(r.document->clip(0).frameCount, 7u);
        QCOMPARE(r.document->clip(0).loops, false);
    }

    void duplicateAnimationNamesGetSuffixes()
    {
        QJsonObject root = QJsonDocument::fromJson(twoJointGltf("LINEAR", "translation", {0, 1}, {0, 0, 0, 2, 0, 0})).object();
        QJsonArray animations = root.value(QStringLiteral("animations")).toArray();
        animations.append(animations.at(0));
        root.insert(QStringLiteral("animations"), animations);
        const GltfImportResult r = GltfImporter::importBytes(QJsonDocument(root).toJson(), QString(), {});
        QVERIFY2(r.document, qPrintable(r.error));
        QCOMPARE(r.document->clipCount(), 2);
        QCOMPARE(r.document->clip(1).name, QStringLiteral("move_2"));
    }

    void speciesMismatchNamesJoints()
    {
        GltfImportOptions options;
        options.speciesId = 1; // horse: its rig has no joints A and B
        const GltfImportResult r =
            GltfImporter::importBytes(twoJointGltf("LINEAR", "translation", {0, 1}, {0, 0, 0, 2, 0, 0}), QString(), options);
        QVERIFY(!r.document);
        QVERIFY2(r.error.contains(QLatin1String("missing Root")) && r.error.contains(QLatin1String("extra A, B")),
                 qPrintable(r.error));
    }

    void unknownAnimationAndBadFps()
    {
        GltfImportOptions options;
        options.animations = {QStringLiteral("fly")};
        GltfImportResult r =
            GltfImporter::importBytes(twoJointGltf("LINEAR", "translation", {0, 1}, {0, 0, 0, 2, 0, 0}), QString(), options);
        QVERIFY(r.error.contains(QLatin1String("fly")));
        options = {};
        options.fps = 0;
        r = GltfImporter::importBytes(twoJointGltf("LINEAR", "translation", {0, 1}, {0, 0, 0, 2, 0, 0}), QString(), options);
        QVERIFY(!r.document && r.error.contains(QLatin1String("fps")));
        options.fps = 1000; // 1000 s of keys at 1000 fps: more frames than allowed, refused before allocating
        r = GltfImporter::importBytes(twoJointGltf("LINEAR", "translation", {0, 1000}, {0, 0, 0, 2, 0, 0}), QString(), options);
        QVERIFY(!r.document && r.error.contains(QLatin1String("frames")));
    }

    void hostileBytes()
    {
        const auto doc = testgltf::loadDocument(testpaths::shared(QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat")));
        if (!doc)
            QSKIP("shared horse.bpat not found");
        GltfExportResult exported;
        const QByteArray glb = GltfExporter::toBytes(*doc, true, {}, &exported);
        QVERIFY(exported.ok);
        for (qsizetype cut : {qsizetype(0), qsizetype(4), qsizetype(12), qsizetype(20), glb.size() / 2, glb.size() - 1}) {
            const GltfImportResult r = GltfImporter::importBytes(glb.left(cut), QString(), {});
            QVERIFY2(!r.document && !r.error.isEmpty(), qPrintable(QString::number(cut)));
        }
        QByteArray flipped = glb;
        for (qsizetype i = 40; i < flipped.size(); i += 97) // damage JSON and binary alike
            flipped[i] = char(flipped.at(i) ^ 0x5a);
        GltfImporter::importBytes(flipped, QString(), {}); // any result, but no crash
        QVERIFY(!GltfImporter::importBytes(QByteArray("{\"asset\":{\"version\":\"2.0\"}}"), QString(), {}).document);
    }

    // A node chain 100 000 deep (the joint at its end, the animation at its top) imports in
    // linear time; closing the chain into a ring is refused as recursive.
    void deepNodeChainsAndRings()
    {
        const int n = 100000;
        const QByteArray base = twoJointGltf("LINEAR", "translation", {0, 1}, {0, 0, 0, 2, 0, 0});
        for (const bool ring : {false, true}) {
            QJsonObject root = QJsonDocument::fromJson(base).object();
            QJsonArray nodes;
            for (int i = 0; i < n; ++i) {
                QJsonObject node{{QStringLiteral("name"), QStringLiteral("n%1").arg(i)}};
                if (i + 1 < n)
                    node.insert(QStringLiteral("children"), QJsonArray{i + 1});
                else if (ring)
                    node.insert(QStringLiteral("children"), QJsonArray{0});
                nodes.append(node);
            }
            root.insert(QStringLiteral("nodes"), nodes);
            root.insert(QStringLiteral("skins"), QJsonArray{QJsonObject{{QStringLiteral("joints"), QJsonArray{n - 1}}}});
            QElapsedTimer timer;
            timer.start();
            const GltfImportResult r =
                GltfImporter::importBytes(QJsonDocument(root).toJson(QJsonDocument::Compact), QString(), {});
            QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
            if (ring) {
                QVERIFY(!r.document);
                QVERIFY2(r.error.contains(QLatin1String("recursive")), qPrintable(r.error));
            } else {
                QVERIFY2(r.document, qPrintable(r.error));
                QCOMPARE(r.document->boneCount(), 1u);
                QCOMPARE(r.document->clip(0).palette.at(3), -2.0f * 0); // frame 0: A at its first key
            }
        }
        // JSON nested far deeper than any glTF: refused with a message, no stack overflow.
        const QByteArray deep = QByteArray(200000, '[') + QByteArray(200000, ']');
        QVERIFY(!GltfImporter::importBytes(deep, QString(), {}).error.isEmpty());
    }

    // An external buffer naming a FIFO (or a device) is refused at once instead of blocking.
    void externalBufferMustBeARegularFile()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("motion.bin"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        QByteArray gltf = twoJointGltf("LINEAR", "translation", {0, 1}, {0, 0, 0, 2, 0, 0});
        const qsizetype start = gltf.indexOf("data:application");
        gltf.replace(start, gltf.indexOf('"', start) - start, "motion.bin");
        QElapsedTimer timer;
        timer.start();
        const GltfImportResult r = GltfImporter::importBytes(gltf, dir.path(), {});
        QVERIFY(timer.elapsed() < 5000);
        QVERIFY(!r.document);
        QVERIFY2(r.error.contains(QLatin1String("not a regular file")), qPrintable(r.error));
        // The glTF file itself named as a FIFO: refused, not waited on.
        const GltfImportResult named = GltfImporter::importFile(fifo, {});
        QVERIFY(!named.document);
        QVERIFY2(named.error.contains(QLatin1String("not a regular file")), qPrintable(named.error));
        QVERIFY(timer.elapsed() < 5000);
    }

    void defaultVersionFollowsTheSource()
    {
        // Import wrote v1 by default, dropping what a v3 export carried. Now: the version of the
        // BPAT the glTF was exported from, else late v3 (what the current game reads).
        const GltfImportResult plain =
            GltfImporter::importBytes(twoJointGltf("LINEAR", "translation", {0, 1}, {0, 0, 0, 2, 0, 0}), QString(), {});
        QVERIFY2(plain.document, qPrintable(plain.error));
        QVERIFY(!plain.sourceDialect);
        QCOMPARE(GltfImporter::defaultFormatVersion(plain), 3);
        for (format::Dialect dialect :
             {format::Dialect::V1, format::Dialect::V2, format::Dialect::V3Early, format::Dialect::V3Late}) {
            GltfExportResult exported;
            const QByteArray glb = GltfExporter::toBytes(testdocs::smallVersionedDocument(dialect), true, {}, &exported);
            QVERIFY2(!glb.isEmpty(), qPrintable(exported.error));
            const GltfImportResult back = GltfImporter::importBytes(glb, QString(), {});
            QVERIFY2(back.document, qPrintable(back.error));
            QCOMPARE(back.sourceDialect, std::optional(dialect));
            QCOMPARE(GltfImporter::defaultFormatVersion(back), int(format::versionOf(dialect)));
        }
        // v1 and v2 are written on request, with the current game's refusal said.
        QTemporaryDir dir;
        QStringList notes;
        QVERIFY(GltfImporter::save(*plain.document, dir.filePath(QStringLiteral("v1.bpat")), 1, &notes).saved);
        QVERIFY2(notes.join(u' ').contains(QStringLiteral("current game")), qPrintable(notes.join(u'\n')));
    }

    void assimpSimpleSkin()
    {
        const QString path = assimpDir + QStringLiteral("/simple_skin/simple_skin.gltf");
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(QStringLiteral("%1 not found: install Debian's assimp-testmodels").arg(path)));
        const GltfImportResult r = GltfImporter::importFile(path, {});
        QVERIFY2(r.document, qPrintable(r.error));
        QCOMPARE(r.document->boneCount(), 2u);
        QCOMPARE(r.rigSource, QStringLiteral("own joints"));
        QCOMPARE(r.boneParents, (QList<int>{-1, 0}));
        QVERIFY(r.document->clipCount() >= 1);
        QVERIFY(r.document->clip(0).frameCount > 1);
        QVERIFY(r.document->problems().isEmpty());
        QTemporaryDir dir;
        const BpatSaver::Result saved = GltfImporter::save(*r.document, dir.filePath(QStringLiteral("skin.bpat")));
        QVERIFY2(saved.saved, qPrintable(saved.error));
        QVERIFY(!GltfImporter::save(*r.document, dir.filePath(QStringLiteral("v9.bpat")), 9).saved);
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("v9.bpat"))));
    }

    void assimpBrokenFilesRefused_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("expected"); // a word the message must hold
        QTest::newRow("index out of range") << "IndexOutOfRange/IndexOutOfRange.gltf"
                                            << "index";
        QTest::newRow("all indices out of range") << "IndexOutOfRange/AllIndicesOutOfRange.gltf"
                                                  << "index";
        QTest::newRow("missing bin") << "MissingBin/BoxTextured.gltf"
                                     << "BoxTextured0.bin";
        QTest::newRow("recursive nodes") << "RecursiveNodes/RecursiveNodes.gltf"
                                         << "recursive";
        QTest::newRow("scene wrong type") << "SchemaFailures/sceneWrongType.gltf"
                                          << "scene: expected";
        QTest::newRow("no scene") << "TestNoRootNode/NoScene.gltf"
                                  << "scene";
        QTest::newRow("scene without nodes") << "TestNoRootNode/SceneWithoutNodes.gltf"
                                             << "";
        QTest::newRow("infinities") << "BoxWithInfinites-glTF-Binary/BoxWithInfinites.glb"
                                    << "finite";
        QTest::newRow("incorrect vertex arrays") << "IncorrectVertexArrays/Cube.gltf"
                                                 << "";
        for (const char *name : {"badNumber", "badExtension", "badObject", "badUint", "badArray", "badString"})
            QTest::newRow(name) << QStringLiteral("wrongTypes/%1.gltf").arg(QLatin1String(name)) << "expected";
    }
    void assimpBrokenFilesRefused()
    {
        QFETCH(QString, file);
        QFETCH(QString, expected);
        const QString path = assimpDir + QLatin1Char('/') + file;
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(QStringLiteral("%1 not found: install Debian's assimp-testmodels").arg(path)));
        QElapsedTimer timer;
        timer.start();
        const GltfImportResult r = GltfImporter::importFile(path, {});
        QVERIFY(timer.elapsed() < 10000);
        QVERIFY2(!r.document, qPrintable(file));
        QVERIFY(r.error.startsWith(path));
        QVERIFY2(r.error.size() > path.size() + 10, qPrintable(r.error));
        if (!expected.isEmpty())
            QVERIFY2(r.error.contains(expected, Qt::CaseInsensitive), qPrintable(r.error));
        qInfo("%s", qPrintable(r.error));
    }

    // Every glTF file of the package: imported or refused with a message, in bounded time.
    void assimpEveryFileTerminates()
    {
        if (!QFileInfo::exists(assimpDir))
            QSKIP(qPrintable(QStringLiteral("%1 not found: install Debian's assimp-testmodels").arg(assimpDir)));
        QDirIterator it(assimpDir, {QStringLiteral("*.gltf"), QStringLiteral("*.glb")}, QDir::Files,
                        QDirIterator::Subdirectories);
        int files = 0, imported = 0;
        while (it.hasNext()) {
            const QString path = it.next();
            QElapsedTimer timer;
            timer.start();
            const GltfImportResult r = GltfImporter::importFile(path, {});
            QVERIFY2(timer.elapsed() < 20000, qPrintable(path));
            QVERIFY2(r.document || !r.error.isEmpty(), qPrintable(path));
            if (r.document) {
                QVERIFY2(r.document->problems().isEmpty(), qPrintable(path));
                ++imported;
            }
            ++files;
        }
        QVERIFY(files > 20);
        QVERIFY(imported >= 1);
        qInfo("%d glTF files, %d imported, the rest refused with a message", files, imported);
    }
};

QTEST_MAIN(tst_GltfImport)
#include "tst_GltfImport.moc"

// glTF export: the real game files and crafted documents export with every global matrix
// reproduced within 1e-5, pass the Khronos glTF-Validator with 0 errors, and keep a left hand
// on glTF's left.
#include "GltfTestSupport.h"
#include "TestDocuments.h"
#include "gltf/Affine.h"
#include "gltf/GltfAccessorReader.h"
#include "gltf/GltfAxes.h"
#include "gltf/GltfExporter.h"
#include "gltf/TinyGltf.h"
#include "mesh/CreatureMeshBuilder.h"
#include "mesh/RigDescription.h"
#include "species/SpeciesRig.h"

#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace bpat;

namespace {

tinygltf::Model parse(const QByteArray &bytes)
{
    tinygltf::Model model;
    tinygltf::TinyGLTF loader;
    std::string err, warn;
    if (bytes.startsWith("glTF"))
        loader.LoadBinaryFromMemory(&model, &err, &warn, reinterpret_cast<const unsigned char *>(bytes.constData()),
                                    unsigned(bytes.size()));
    else
        loader.LoadASCIIFromString(&model, &err, &warn, bytes.constData(), unsigned(bytes.size()), "");
    return model;
}

} // namespace

class tst_GltfExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void realFiles_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("mesh");
        QTest::addColumn<QString>("suffix");
        for (const QString &dir : testgltf::realDirs())
            for (const QString &name : testgltf::realFiles()) {
                const QString path = dir + QLatin1Char('/') + name;
                QTest::addRow("%s glb", qPrintable(path)) << path << false << QStringLiteral("glb");
                QTest::addRow("%s creature gltf", qPrintable(path)) << path << true << QStringLiteral("gltf");
            }
    }
    void realFiles()
    {
        QFETCH(QString, name);
        QFETCH(bool, mesh);
        QFETCH(QString, suffix);
        const QString source = QStringLiteral("upstream_assets/") + name;
        BPAT_REQUIRE_SHARED(source);
        const auto doc = testgltf::loadDocument(testpaths::shared(source));
        QVERIFY(doc);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.") + suffix);
        GltfExportOptions options;
        options.creatureMesh = mesh;
        const GltfExportResult result = GltfExporter::exportDocument(*doc, out, options);
        QVERIFY2(result.ok, qPrintable(result.error));
        QCOMPARE(result.animationCount, doc->clipCount());
        QVERIFY2(result.maxGlobalError < 1e-5, qPrintable(QString::number(result.maxGlobalError)));
        // Late v3: the file's parent table; before it: the species' rig.
        QVERIFY2(result.skeletonSource.startsWith(doc->boneParents().isEmpty() ? QLatin1String("rig ")
                                                                               : QLatin1String("file parent table")),
                 qPrintable(result.skeletonSource));
        if (mesh)
            QVERIFY(result.vertexCount > 0);
        if (const QString missing = testgltf::validatorMissing(); !missing.isEmpty())
            QSKIP(qPrintable(missing));
        const QJsonObject report = testgltf::validate(out);
        QVERIFY2(!report.contains(QLatin1String("failed")), qPrintable(report.value(QLatin1String("failed")).toString()));
        QVERIFY2(report.value(QLatin1String("errors")).toInt(-1) == 0, QJsonDocument(report).toJson().constData());
    }

    // Late v3: the inverse bind matrices are the file's bind palette (mapped and inverted), the
    // asset's extras carry the parent table and version, the animations' extras the markers,
    // flags and variant families.
    void lateV3BindPaletteAndExtras()
    {
        const QString source = QStringLiteral("upstream_assets/bpat_v3_late/humanoid_sword.bpat");
        BPAT_REQUIRE_SHARED(source);
        const auto doc = testgltf::loadDocument(testpaths::shared(source));
        QVERIFY(doc);
        QVERIFY(doc->hasBindPalette());
        QCOMPARE(doc->boneParents().size(), qsizetype(doc->boneCount()));
        const GltfSkeleton skeleton = GltfSkeleton::forDocument(*doc);
        for (quint32 b = 0; b < doc->boneCount(); ++b)
            QCOMPARE(skeleton.parents.at(b), doc->boneParents().at(b) == 0xFF ? -1 : int(doc->boneParents().at(b)));
        GltfExportResult result;
        const tinygltf::Model model = parse(GltfExporter::toBytes(*doc, true, {}, &result));
        QVERIFY2(result.ok, qPrintable(result.error));
        QCOMPARE(model.skins.size(), size_t(1));
        QString error;
        const auto ibm = GltfAccessorReader(model).floats(model.skins[0].inverseBindMatrices, &error);
        QVERIFY2(ibm, qPrintable(error));
        for (quint32 b = 0; b < doc->boneCount(); ++b) {
            std::array<double, 16> cm{};
            for (size_t k = 0; k < 16; ++k)
                cm[k] = double((*ibm)[b * 16 + k]);
            const auto bind = Affine::inverseAffine(Affine::fromColumnMajor(cm));
            QVERIFY(bind);
            const Matrix4d expected = GltfAxes::convert(GltfExporter::bindPose(*doc).at(b));
            const QMatrix4x4 own = doc->bindMatrix(b);
            QVERIFY(Affine::maxDifference(*bind, expected) < 1e-5);
            QVERIFY(std::abs(expected[3] + double(own(0, 3))) < 1e-6); // x mirrored
        }
        const tinygltf::Value &bpat = model.asset.extras.Get("bpat");
        QCOMPARE(bpat.Get("version").GetNumberAsInt(), 3);
        QCOMPARE(bpat.Get("dialect").Get<std::string>(), std::string("v3-late"));
        QCOMPARE(int(bpat.Get("boneParents").ArrayLen()), int(doc->boneCount()));
        for (int c = 0; c < doc->clipCount(); ++c) {
            const tinygltf::Value &extras = model.animations[size_t(c)].extras;
            QCOMPARE(int(extras.Get("markers").ArrayLen()), 5);
            for (int i = 0; i < 5; ++i)
                QCOMPARE(float(extras.Get("markers").Get(i).GetNumberAsDouble()), doc->clip(c).markers[size_t(i)]);
            QCOMPARE(extras.Get("flags").GetNumberAsInt(), int(doc->clip(c).flags));
            const int family = doc->clip(c).variantFamily < 0 ? c : doc->clip(c).variantFamily;
            QCOMPARE(QString::fromStdString(extras.Get("variantFamily").Get<std::string>()), doc->clip(family).name);
        }
    }

    // The exported world matrices, recomputed here from the glTF nodes of the bind pose, put the
    // humanoid's HandL at +X (glTF's left) and its HandR at -X.
    void humanoidLeftHandOnGltfLeft()
    {
        const QString source = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
        BPAT_REQUIRE_SHARED(source);
        const auto doc = testgltf::loadDocument(testpaths::shared(source));
        QVERIFY(doc);
        GltfExportResult result;
        const tinygltf::Model model = parse(GltfExporter::toBytes(*doc, true, {}, &result));
        QVERIFY(result.ok);
        QList<Matrix4d> world(int(model.nodes.size()), Affine::identity());
        QList<int> parent(int(model.nodes.size()), -1);
        for (int n = 0; n < int(model.nodes.size()); ++n)
            for (int c : model.nodes[size_t(n)].children)
                parent[c] = n;
        int handL = -1, handR = -1;
        for (int n = 0; n < int(model.nodes.size()); ++n) {
            const tinygltf::Node &node = model.nodes[size_t(n)];
            Trs trs;
            if (node.translation.size() == 3)
                trs.translation = {node.translation[0], node.translation[1], node.translation[2]};
            if (node.rotation.size() == 4)
                trs.rotation = {node.rotation[0], node.rotation[1], node.rotation[2], node.rotation[3]};
            if (node.scale.size() == 3)
                trs.scale = {node.scale[0], node.scale[1], node.scale[2]};
            world[n] = Affine::compose(trs);
            if (node.name == "HandL")
                handL = n;
            if (node.name == "HandR")
                handR = n;
        }
        const auto global = [&](int n) {
            Matrix4d m = world.at(n);
            for (int p = parent.at(n); p >= 0; p = parent.at(p))
                m = Affine::multiply(world.at(p), m);
            return m;
        };
        QVERIFY(handL >= 0 && handR >= 0);
        QVERIFY(doc->clip(0).matrix(0, 9, 20)(0, 3) < 0); // BPAT: HandL at -X
        QVERIFY(global(handL)[3] > 0.1);                  // glTF: +X, the left side
        QVERIFY(global(handR)[3] < -0.1);
        QVERIFY(std::abs(global(handL)[3] + doc->clip(0).matrix(0, 9, 20)(0, 3)) < 1e-5);
    }

    // The exported mesh, skinned the glTF way (joint matrix = global * inverse bind matrix) at
    // a frame of another clip, lands where the viewport's CPU skinning puts it (mirrored).
    void meshSkinsLikeTheViewport_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("clip");
        QTest::newRow("horse gallop") << QStringLiteral("horse.bpat") << 4;
        QTest::newRow("humanoid walk") << QStringLiteral("humanoid.bpat") << 1;
        QTest::newRow("elephant run") << QStringLiteral("elephant.bpat") << 2;
    }
    void meshSkinsLikeTheViewport()
    {
        QFETCH(QString, name);
        QFETCH(int, clip);
        const QString source = QStringLiteral("upstream_assets/bpat_v1_latest/") + name;
        BPAT_REQUIRE_SHARED(source);
        const auto doc = testgltf::loadDocument(testpaths::shared(source));
        QVERIFY(doc);
        GltfExportOptions options;
        options.creatureMesh = true;
        GltfExportResult result;
        const tinygltf::Model model = parse(GltfExporter::toBytes(*doc, true, options, &result));
        QVERIFY(result.ok && model.meshes.size() == 1);
        const GltfAccessorReader reader(model);
        const tinygltf::Primitive &prim = model.meshes[0].primitives[0];
        QString error;
        const auto positions = reader.floats(prim.attributes.at("POSITION"), &error);
        const auto joints = reader.unsignedInts(prim.attributes.at("JOINTS_0"), &error);
        const auto weights = reader.floats(prim.attributes.at("WEIGHTS_0"), &error);
        const auto ibm = reader.floats(model.skins[0].inverseBindMatrices, &error);
        QVERIFY(positions && joints && weights && ibm);

        const quint32 bones = doc->boneCount();
        const BpatClip &posedClip = doc->clip(clip);
        const quint32 frame = 5;
        const QList<float> bind = doc->clip(0).palette.mid(0, qsizetype(bones) * 16);
        const QList<float> posed = posedClip.palette.mid(qsizetype(frame) * bones * 16, qsizetype(bones) * 16);
        const CreatureMesh mesh = CreatureMeshBuilder::build(SpeciesRig::find(doc->speciesId(), int(bones))->description(),
                                                             std::span<const float>(bind.constData(), size_t(bind.size())), 12);
        const SkinnedPose expected = mesh.skin(std::span<const float>(posed.constData(), size_t(posed.size())));
        QCOMPARE(qsizetype(positions->size() / 3), expected.positions.size());
        double worst = 0;
        int rigid = 0;
        double worstBlended = 0;
        for (qsizetype v = 0; v < expected.positions.size(); ++v) {
            const bool blended = (*weights)[size_t(v) * 4] < 1.0f; // link vertices: exact only in the bind pose
            const double p[3] = {(*positions)[size_t(v) * 3], (*positions)[size_t(v) * 3 + 1], (*positions)[size_t(v) * 3 + 2]};
            double got[3] = {0, 0, 0};
            for (size_t i = 0; i < 4; ++i) {
                const float w = (*weights)[size_t(v) * 4 + i];
                if (w == 0)
                    continue;
                const quint32 bone = (*joints)[size_t(v) * 4 + i];
                const Matrix4d global = GltfAxes::convert(GltfExporter::globalMatrix(*doc, posedClip, frame, bone));
                const Matrix4d inverseBind = Affine::fromColumnMajor(
                    std::vector<double>(ibm->begin() + qsizetype(bone) * 16, ibm->begin() + qsizetype(bone) * 16 + 16));
                const Matrix4d joint = Affine::multiply(global, inverseBind);
                for (int r = 0; r < 3; ++r)
                    got[r] += w * (joint[r * 4] * p[0] + joint[r * 4 + 1] * p[1] + joint[r * 4 + 2] * p[2] + joint[r * 4 + 3]);
            }
            const QVector3D want = GltfAxes::convert(expected.positions.at(v));
            for (int r = 0; r < 3; ++r)
                (blended ? worstBlended : worst) = std::max(blended ? worstBlended : worst, std::abs(got[r] - double(want[r])));
            rigid += blended ? 0 : 1;
        }
        qInfo("largest difference: rigid vertices %g, blended link vertices %g", worst, worstBlended);
        QVERIFY(rigid > expected.positions.size() / 2);

        // Front faces wind counter-clockwise, facing where their vertex normals point.
        const auto indices = reader.unsignedInts(prim.indices, &error);
        const auto normals = reader.floats(prim.attributes.at("NORMAL"), &error);
        QVERIFY(indices && normals);
        const auto vec = [](const std::vector<float> &a, quint32 v) { return QVector3D(a[v * 3], a[v * 3 + 1], a[v * 3 + 2]); };
        for (size_t t = 0; t + 2 < indices->size(); t += 3) {
            const quint32 a = (*indices)[t], b = (*indices)[t + 1], c = (*indices)[t + 2];
            const QVector3D face =
                QVector3D::crossProduct(vec(*positions, b) - vec(*positions, a), vec(*positions, c) - vec(*positions, a));
            QVERIFY(QVector3D::dotProduct(face, vec(*normals, a) + vec(*normals, b) + vec(*normals, c)) >= 0);
        }
        QVERIFY2(worst < 1e-4, qPrintable(QString::number(worst)));
    }

    void clipSelectionAndNames()
    {
        const BpatDocument doc = testdocs::smallDocument();
        GltfExportOptions options;
        options.clips = {QStringLiteral("jab")};
        GltfExportResult result;
        const tinygltf::Model model = parse(GltfExporter::toBytes(doc, false, options, &result));
        QVERIFY2(result.ok, qPrintable(result.error));
        QCOMPARE(int(model.animations.size()), 1);
        QCOMPARE(model.animations[0].name, std::string("jab"));
        QCOMPARE(model.animations[0].extras.Get("loops").Get<bool>(), false);
        QCOMPARE(model.animations[0].extras.Get("fps").GetNumberAsDouble(), 30.0);
        // No rig for 3 humanoid bones: every bone a root named bone_N; sockets under anchors.
        QCOMPARE(model.nodes[0].name, std::string("bone_0"));
        QCOMPARE(model.nodes[2].children.size(), size_t(1));
        QCOMPARE(model.nodes[size_t(model.nodes[2].children[0])].name, std::string("hand"));
        QVERIFY(result.maxGlobalError < 1e-5);

        options.clips = {QStringLiteral("nope")};
        GltfExportResult refused;
        QVERIFY(GltfExporter::toBytes(doc, false, options, &refused).isEmpty());
        QVERIFY(refused.error.contains(QLatin1String("nope")));
    }

    // A child of a non-uniformly scaled parent that rotates against the scale has shear in its
    // local matrix: it becomes a root node so its global is still exact.
    void shearedChildBecomesRoot()
    {
        BpatDocument doc(2, 16); // elephant: 16 bones, rig parents Head(14) -> TrunkTip(15)
        BpatClip clip;
        clip.name = QStringLiteral("stretch");
        clip.frameCount = 2;
        clip.palette.resize(2 * 16 * 16);
        for (quint32 f = 0; f < 2; ++f)
            for (quint32 b = 0; b < 16; ++b) {
                Trs trs;
                trs.translation = {0.1 * b, 1.0 + 0.05 * f, 0.2};
                if (b == 14)
                    trs.scale = {2.0, 0.5, 1.0}; // Head stretched
                if (b == 15)
                    trs.rotation = Affine::normalized({0, 0, std::sin(0.3 + 0.1 * f), std::cos(0.3 + 0.1 * f)});
                // TrunkTip's global is a TRS, but relative to the stretched Head it is sheared.
                const Matrix4d m = Affine::compose(trs);
                const auto floats = Affine::toRowMajorFloats(m);
                std::copy(floats.begin(), floats.end(), clip.palette.begin() + (qsizetype(f) * 16 + b) * 16);
            }
        QVERIFY(doc.addClip(clip));
        GltfExportResult result;
        GltfExporter::toBytes(doc, true, {}, &result);
        QVERIFY2(result.ok, qPrintable(result.error));
        QVERIFY2(result.maxGlobalError < 1e-5, qPrintable(QString::number(result.maxGlobalError)));
        QVERIFY2(result.notes.join(QLatin1Char('\n')).contains(QLatin1String("TrunkTip")),
                 qPrintable(result.notes.join(QLatin1Char('\n'))));
    }

    void refusesEmptyDocument()
    {
        GltfExportResult result;
        QVERIFY(GltfExporter::toBytes(BpatDocument(0, 20), true, {}, &result).isEmpty());
        QVERIFY(!result.error.isEmpty());
    }
};

QTEST_MAIN(tst_GltfExport)
#include "tst_GltfExport.moc"

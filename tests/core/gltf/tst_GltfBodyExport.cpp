// glTF export with the game's body (`bpat export --mesh body`, GltfMeshExport::addBody): every
// species of bpat_current exports with its BPRM body skinned (positions, normals and UVs as
// stored, through the axis mirror; the file's bind palette as inverse bind matrices, so a
// viewer's joint x inverse bind is the game's skinning matrix), its colour roles as materials;
// the Khronos glTF-Validator finds no error or warning; Blender (Debian's `blender`, when
// installed) loads the horse as an armature of 50 bones driving a 4400-vertex body.
#include "GltfTestSupport.h"
#include "bprm/BodyColors.h"
#include "bprm/BprmFile.h"
#include "gltf/Affine.h"
#include "gltf/GltfAccessorReader.h"
#include "gltf/GltfAxes.h"
#include "gltf/GltfExporter.h"
#include "gltf/TinyGltf.h"

#include <QJsonArray>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace bpat;

namespace {

const QString Dir = QStringLiteral("upstream_assets/bpat_current/");

tinygltf::Model parse(const QByteArray &bytes)
{
    tinygltf::Model model;
    tinygltf::TinyGLTF loader;
    std::string err, warn;
    loader.LoadBinaryFromMemory(&model, &err, &warn, reinterpret_cast<const unsigned char *>(bytes.constData()),
                                unsigned(bytes.size()));
    return model;
}

} // namespace

class tst_GltfBodyExport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everySpecies_data();
    void everySpecies();
    void khronosValidator_data();
    void khronosValidator();
    void refusals();
    void blenderLoadsTheHorse();
};

void tst_GltfBodyExport::everySpecies_data()
{
    QTest::addColumn<QString>("bpat");
    QTest::addColumn<QString>("body");
    QTest::addColumn<bool>("uv");
    QTest::newRow("humanoid") << u"humanoid.bpat"_qs << u"humanoid_full.bprm"_qs << true;
    QTest::newRow("skeleton minimal") << u"humanoid_skeleton.bpat"_qs << u"skeleton_humanoid_minimal.bprm"_qs << true;
    QTest::newRow("horse") << u"horse.bpat"_qs << u"horse_full.bprm"_qs << false;
    QTest::newRow("elephant") << u"elephant.bpat"_qs << u"elephant_minimal.bprm"_qs << false;
    QTest::newRow("sheep") << u"sheep.bpat"_qs << u"sheep_full.bprm"_qs << false;
    QTest::newRow("wolf minimal") << u"wolf.bpat"_qs << u"wolf_minimal.bprm"_qs << false;
}

void tst_GltfBodyExport::everySpecies()
{
    QFETCH(QString, bpat);
    QFETCH(QString, body);
    QFETCH(bool, uv);
    BPAT_REQUIRE_SHARED(Dir + bpat);
    const auto doc = testgltf::loadDocument(testpaths::shared(Dir + bpat));
    QVERIFY(doc && doc->hasBindPalette());
    const auto mesh = BprmFile::open(testpaths::shared(Dir + body));
    QVERIFY(mesh);
    GltfExportOptions options;
    options.clips = {doc->clip(0).name};
    options.bodyPath = mesh->path();
    GltfExportResult result;
    const tinygltf::Model model = parse(GltfExporter::toBytes(*doc, true, options, &result));
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.vertexCount, int(mesh->header().vertexCount));

    QCOMPARE(model.meshes.size(), size_t(1));
    const tinygltf::Mesh &m = model.meshes[0];
    QSet<int> roles;
    for (quint32 v = 0; v < mesh->header().vertexCount; ++v)
        roles.insert(mesh->vertex(v)->colorRole);
    QCOMPARE(int(m.primitives.size()), int(roles.size()));
    QCOMPARE(result.materialCount, int(roles.size()));
    const GltfAccessorReader reader(model);
    QString error;
    size_t triangles = 0;
    for (const tinygltf::Primitive &p : m.primitives) {
        const tinygltf::Material &material = model.materials.at(size_t(p.material));
        const int role = material.extras.Get("bpatColorRole").GetNumberAsInt();
        QVERIFY(roles.contains(role));
        QCOMPARE(QString::fromStdString(material.name), BodyColors::roleName(role));
        QCOMPARE(float(material.pbrMetallicRoughness.baseColorFactor[0]), BodyColors::role(role).x());
        QCOMPARE(p.attributes.count("TEXCOORD_0") > 0, uv);
        const auto indices = reader.unsignedInts(p.indices, &error);
        QVERIFY2(indices, qPrintable(error));
        triangles += indices->size() / 3;
        // Every triangle of the role, its winding reversed against the mirror.
        for (size_t i = 0; i < std::min<size_t>(indices->size(), 30); i += 3) {
            QCOMPARE(mesh->vertex((*indices)[i])->colorRole, quint8(role));
        }
    }
    QCOMPARE(triangles, size_t(mesh->header().indexCount / 3));
    const tinygltf::Primitive &first = m.primitives.front();
    const auto positions = reader.floats(first.attributes.at("POSITION"), &error);
    const auto normals = reader.floats(first.attributes.at("NORMAL"), &error);
    const auto joints = reader.unsignedInts(first.attributes.at("JOINTS_0"), &error);
    const auto weights = reader.floats(first.attributes.at("WEIGHTS_0"), &error);
    QVERIFY(positions && normals && joints && weights);
    for (quint32 v = 0; v < mesh->header().vertexCount; v += 97) {
        const CreatureVertex x = *mesh->vertex(v);
        const QVector3D p = GltfAxes::convert(QVector3D(x.position[0], x.position[1], x.position[2]));
        for (int k = 0; k < 3; ++k)
            QCOMPARE((*positions)[v * 3 + k], p[k]);
        QVERIFY(std::abs(QVector3D((*normals)[v * 3], (*normals)[v * 3 + 1], (*normals)[v * 3 + 2]).length() - 1) < 1e-5f);
        // The same influences: weight per bone, summing to 1.
        float sum = 0;
        for (int k = 0; k < 4; ++k) {
            const float w = (*weights)[v * 4 + k];
            sum += w;
            float stored = 0;
            for (int s = 0; s < 4; ++s)
                stored += x.bones[s] == (*joints)[v * 4 + k] ? x.weights[s] : 0.0f;
            if (w > 0)
                QVERIFY(std::abs(w - stored) < 1e-5f);
        }
        QVERIFY(std::abs(sum - 1) < 1e-5f);
    }
    // Inverse bind matrices are the mirrored inverse of the file's bind palette: joint x inverse
    // bind is the mirrored skinning matrix, applied to the mirrored stored position.
    const auto ibm = reader.floats(model.skins[0].inverseBindMatrices, &error);
    QVERIFY(ibm);
    for (quint32 b = 0; b < doc->boneCount(); ++b) {
        std::array<double, 16> cm{};
        for (size_t k = 0; k < 16; ++k)
            cm[k] = double((*ibm)[b * 16 + k]);
        const auto bind = Affine::inverseAffine(Affine::fromColumnMajor(cm));
        QVERIFY(bind);
        QVERIFY(Affine::maxDifference(*bind, GltfAxes::convert(GltfExporter::bindPose(*doc).at(b))) < 1e-5);
    }
    QCOMPARE(model.nodes.at(size_t(model.scenes[0].nodes.back())).skin, 0);
}

void tst_GltfBodyExport::khronosValidator_data()
{
    QTest::addColumn<QString>("bpat");
    // Blended influences and no UVs; rigid parts with UVs (each run starts node: two suffice).
    QTest::newRow("horse") << u"horse.bpat"_qs;
    QTest::newRow("humanoid") << u"humanoid.bpat"_qs;
}

void tst_GltfBodyExport::khronosValidator()
{
    QFETCH(QString, bpat);
    BPAT_REQUIRE_SHARED(Dir + bpat);
    if (const QString missing = testgltf::validatorMissing(); !missing.isEmpty())
        QSKIP(qPrintable(missing));
    QTemporaryDir dir;
    const QString out = dir.filePath(u"body.glb"_qs);
    GltfExportOptions options;
    options.bodyPath = testpaths::shared(Dir + bpat).replace(u".bpat"_qs, u"_full.bprm"_qs);
    options.clips = {u"idle"_qs, u"walk"_qs}; // every species has both
    const GltfExportResult result = GltfExporter::exportFile(testpaths::shared(Dir + bpat), out, options);
    QVERIFY2(result.ok, qPrintable(result.error));
    const QJsonObject report = testgltf::validate(out);
    QVERIFY2(!report.contains(QLatin1String("failed")), qPrintable(report.value(QLatin1String("failed")).toString()));
    QVERIFY2(report.value(u"errors"_qs).toInt(-1) == 0 && report.value(u"warnings"_qs).toInt(-1) == 0,
             QJsonDocument(report).toJson().constData());
    // Infos: only UVs no texture uses (the game's bodies have none).
    for (const QJsonValue &m : report.value(u"messages"_qs).toArray())
        QCOMPARE(m.toObject().value(u"code"_qs).toString(), u"UNUSED_OBJECT"_qs);
}

void tst_GltfBodyExport::refusals()
{
    BPAT_REQUIRE_SHARED(Dir + u"horse_full.bprm"_qs);
    const QString horse = testpaths::shared(Dir + u"horse_full.bprm"_qs);
    GltfExportOptions options;
    options.bodyPath = horse;
    // A v1 file has no bind palette: the body's pose is not there.
    const QString v1 = u"upstream_assets/bpat_v1_latest/horse.bpat"_qs;
    BPAT_REQUIRE_SHARED(v1);
    GltfExportResult result;
    (void)GltfExporter::toBytes(*testgltf::loadDocument(testpaths::shared(v1)), true, options, &result);
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(u"bind palette"_qs), qPrintable(result.error));
    // A body of another species: its name says whose it is (issue 42: a wolf's body on a horse
    // was written with exit 0 when its bone indices fitted).
    result = {};
    (void)GltfExporter::toBytes(*testgltf::loadDocument(testpaths::shared(Dir + u"wolf.bpat"_qs)), true, options, &result);
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(u"a body of the horse (by its name), not of the wolf"_qs), qPrintable(result.error));
    // Under a name that says no species, its bones: they are not the file's.
    QTemporaryDir unnamed;
    QVERIFY(QFile::copy(horse, unnamed.filePath(u"body.bprm"_qs)));
    options.bodyPath = unnamed.filePath(u"body.bprm"_qs);
    result = {};
    (void)GltfExporter::toBytes(*testgltf::loadDocument(testpaths::shared(Dir + u"wolf.bpat"_qs)), true, options, &result);
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(u"BPRM_BONE_OUT_OF_RANGE"_qs), qPrintable(result.error));
    // A file that is no body.
    result = {};
    options.bodyPath = testpaths::shared(Dir + u"horse.bpat"_qs);
    (void)GltfExporter::toBytes(*testgltf::loadDocument(testpaths::shared(Dir + u"horse.bpat"_qs)), true, options, &result);
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(u"BPRM_BAD_MAGIC"_qs), qPrintable(result.error));
}

void tst_GltfBodyExport::blenderLoadsTheHorse()
{
    BPAT_REQUIRE_SHARED(Dir + u"horse.bpat"_qs);
    const QString blender = QStandardPaths::findExecutable(u"blender"_qs);
    if (blender.isEmpty())
        QSKIP("blender not found: Debian's `blender` package loads the export here (scripts/install-deps.sh installs it)");
    QTemporaryDir dir;
    const QString out = dir.filePath(u"horse.glb"_qs);
    GltfExportOptions options;
    options.bodyPath = testpaths::shared(Dir + u"horse_full.bprm"_qs);
    const GltfExportResult result = GltfExporter::exportFile(testpaths::shared(Dir + u"horse.bpat"_qs), out, options);
    QVERIFY2(result.ok, qPrintable(result.error));
    QProcess process;
    process.start(blender,
                  {u"-b"_qs, u"--factory-startup"_qs, u"--python"_qs, testpaths::testData(u"blender/check_gltf.py"_qs), u"--"_qs,
                   out, u"gallop"_qs, u"5"_qs});
    QVERIFY(process.waitForFinished(120000));
    const QString output = QString::fromUtf8(process.readAllStandardOutput());
    const qsizetype at = output.indexOf(u"RESULT "_qs);
    QVERIFY2(at >= 0, qPrintable(output.right(2000) + QString::fromUtf8(process.readAllStandardError()).right(2000)));
    const QJsonObject report = QJsonDocument::fromJson(output.mid(at + 7).section(u'\n', 0, 0).toUtf8()).object();
    QCOMPARE(report.value(u"armatures"_qs).toInt(), 1);
    QCOMPARE(report.value(u"bones"_qs).toArray().size(), 50);
    const QJsonArray meshes = report.value(u"meshes"_qs).toArray();
    QCOMPARE(meshes.size(), 1);
    const QJsonObject body = meshes.first().toObject();
    QCOMPARE(body.value(u"vertices"_qs).toInt(), 4400);
    QCOMPARE(body.value(u"faces"_qs).toInt(), 2182);
    QCOMPARE(body.value(u"materials"_qs).toInt(), 7);
    QCOMPARE(body.value(u"groups"_qs).toInt(), 50);
    QCOMPARE(body.value(u"modifiers"_qs).toArray().first().toString(), u"ARMATURE"_qs);
    QCOMPARE(report.value(u"actions"_qs).toArray().size(), 8);
    QVERIFY(report.value(u"material_names"_qs).toArray().contains(u"role 8"_qs));
    // Galloping, the horse stands about as tall as at rest (Blender's Z up): it did not fall apart.
    const QJsonArray bounds = report.value(u"bounds"_qs).toArray();
    const double height = bounds.at(1).toArray().at(2).toDouble() - bounds.at(0).toArray().at(2).toDouble();
    QVERIFY2(height > 1.6 && height < 2.4, qPrintable(QString::number(height)));
}

QTEST_GUILESS_MAIN(tst_GltfBodyExport)
#include "tst_GltfBodyExport.moc"

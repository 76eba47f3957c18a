// CreatureMesh, RigDescription and CreatureMeshBuilder: the shipped rigs parse and agree with
// Rig, meshes are sound, and CPU skinning follows the v1 convention (global row-major matrices).
#include "rebake/BuiltinRecipes.h"
#include "mesh/CreatureMesh.h"
#include "mesh/CreatureMeshBuilder.h"
#include "mesh/RigDescription.h"
#include "species/SpeciesRig.h"
#include "TestPaths.h"

#include <QFile>
#include <QMatrix4x4>
#include <QTest>
#include <cstring>

using namespace bpat;

namespace {

// The shipped description the species catalogue has for a species and bone count.
std::optional<RigDescription> builtinDescription(quint32 species, int bones)
{
    const SpeciesRig *rig = SpeciesRig::find(species, bones);
    return rig ? std::optional<RigDescription>(rig->description()) : std::nullopt;
}

// The game's rig of a species and bone count.
std::optional<Rig> gameRig(quint32 species, int bones)
{
    const SpeciesRig *rig = SpeciesRig::game(species, bones);
    return rig ? std::optional<Rig>(rig->rig()) : std::nullopt;
}

// One frame of row-major matrices: a QMatrix4x4 per bone, written as the game's writer did.
QList<float> rowMajorFrame(const QList<QMatrix4x4> &matrices)
{
    QList<float> out;
    for (const QMatrix4x4 &m : matrices) {
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c)
                out.append(m(r, c));
    }
    return out;
}

// The first frame of an upstream file, read the plain way (header fields at fixed offsets).
QList<float> firstFrameOf(const QString &path, int *boneCount, quint32 *species)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    quint32 bones = 0;
    quint64 paletteOffset = 0;
    std::memcpy(species, bytes.constData() + 8, 4);
    std::memcpy(&bones, bytes.constData() + 12, 4);
    std::memcpy(&paletteOffset, bytes.constData() + 56, 8);
    if (bones < 1 || bones > 64 || paletteOffset + bones * 64 > quint64(bytes.size()))
        return {};
    *boneCount = int(bones);
    QList<float> frame(bones * 16);
    std::memcpy(frame.data(), bytes.constData() + paletteOffset, bones * 64);
    return frame;
}

} // namespace

class tst_CreatureMesh : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void builtinRigsMatchTheGameRigs_data()
    {
        QTest::addColumn<quint32>("species");
        QTest::addColumn<int>("bones");
        QTest::newRow("humanoid") << 0u << 20;
        QTest::newRow("humanoid_sword") << 3u << 20;
        QTest::newRow("horse") << 1u << 16;
        QTest::newRow("elephant") << 2u << 16;
        QTest::newRow("horse 8") << 1u << 8;
        QTest::newRow("elephant 8") << 2u << 8;
    }
    void builtinRigsMatchTheGameRigs()
    {
        QFETCH(quint32, species);
        QFETCH(int, bones);
        const std::optional<RigDescription> description = builtinDescription(species, bones);
        QVERIFY(description);
        const std::optional<Rig> rig = gameRig(species, bones);
        QVERIFY(rig);
        QCOMPARE(description->boneCount(), rig->boneCount());
        for (int b = 0; b < bones; ++b) {
            QCOMPARE(description->bones.at(b).name, rig->bone(b).name);
            QCOMPARE(description->bones.at(b).parent, rig->bone(b).parent);
        }
        const CreatureMesh mesh = CreatureMeshBuilder::build(*description);
        QVERIFY(!mesh.isEmpty());
        QCOMPARE(mesh.validate(), QString());
        // every bone that has parts owns vertices; no vertex outside the rig
        QList<int> perBone(bones, 0);
        for (const CreatureVertex &v : mesh.vertices())
            ++perBone[v.bones[0]];
        for (int b = 0; b < bones; ++b)
            QCOMPARE(perBone.at(b) > 0, !description->bones.at(b).parts.isEmpty());
    }

    void unknownSpeciesHasNoDescription()
    {
        QVERIFY(!builtinDescription(0, 19));
        QVERIFY(!builtinDescription(9, 17));
        QVERIFY(!builtinDescription(2, 20));
    }

    // The game's later rigs ship names and parents only: they draw as a stick figure, a joint
    // sphere on every bone and a link to each parent, rather than nothing; controls (the IK and
    // pole targets, the Body root) are left out.
    void rigWithoutShapesIsAStickFigure()
    {
        const std::optional<RigDescription> horse = builtinDescription(1, 50);
        QVERIFY(horse);
        QVERIFY(!CreatureMeshBuilder::hasShapes(*horse));
        const CreatureMesh mesh = CreatureMeshBuilder::build(*horse, {}, 6);
        QVERIFY(!mesh.isEmpty());
        QVERIFY(mesh.validate().isEmpty());
        QList<int> perBone(50, 0);
        for (const CreatureVertex &v : mesh.vertices())
            ++perBone[v.bones[0]];
        for (int b = 0; b < 50; ++b)
            QVERIFY2((perBone.at(b) > 0) == horse->bones.at(b).control.isEmpty(), qPrintable(horse->bones.at(b).name));
    }

    // What the Rebake preview and the viewport show for a rebaked file: every built-in recipe
    // has a shipped description with its bones (names, parents), so its result plays on a mesh
    // (hands: the hands rig; humanoid-upper-body: the humanoid) rather than bare joints.
    void builtinRecipesHaveTheirRig_data()
    {
        QTest::addColumn<QString>("recipe");
        QTest::addColumn<QString>("rigName");
        QTest::newRow("hands") << QStringLiteral("hands") << QStringLiteral("hands");
        QTest::newRow("humanoid-upper-body") << QStringLiteral("humanoid-upper-body") << QStringLiteral("humanoid");
    }
    void builtinRecipesHaveTheirRig()
    {
        QFETCH(QString, recipe);
        QFETCH(QString, rigName);
        const std::optional<RebakeRecipe> r = BuiltinRecipes::byName(recipe);
        QVERIFY(r);
        const std::optional<RigDescription> description = builtinDescription(r->speciesId, r->boneCount());
        QVERIFY(description);
        QCOMPARE(description->name, rigName);
        QCOMPARE(description->boneCount(), r->boneCount());
        for (int b = 0; b < r->boneCount(); ++b) {
            QCOMPARE(description->bones.at(b).name, r->bones.at(b).name);
            QCOMPARE(description->bones.at(b).parent, r->bones.at(b).parent);
            // only a root may be bare (the humanoid's Root): every other bone is drawn
            QVERIFY2(r->bones.at(b).parent < 0 || !description->bones.at(b).parts.isEmpty(), qPrintable(r->bones.at(b).name));
        }
        const CreatureMesh mesh = CreatureMeshBuilder::build(*description);
        QVERIFY(!mesh.isEmpty());
        QCOMPARE(mesh.validate(), QString());
    }

    void invalidJsonNamesThePath_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("syntax") << QByteArray("{") << QStringLiteral("offset");
        QTest::newRow("no bones") << QByteArray(R"({"name":"x","bones":[]})") << QStringLiteral("bones:");
        QTest::newRow("bad parent") << QByteArray(R"({"name":"x","bones":[{"name":"A","parent":"B"}]})")
                                    << QStringLiteral("bones[0].parent");
        QTest::newRow("bad radius") << QByteArray(
            R"({"name":"x","bones":[{"name":"A","parts":[{"shape":"capsule","from":[0,0,0],"to":[0,1,0],"radius":-1}]}]})")
                                    << QStringLiteral("bones[0].parts[0].radius");
        QTest::newRow("bad link") << QByteArray(
            R"({"name":"x","bones":[{"name":"A","parts":[{"shape":"link","from":[0,0,0],"to":[0,1,0],"radius":1,"bone":"Z"}]}]})")
                                  << QStringLiteral("bones[0].parts[0].bone");
        QTest::newRow("bad shape") << QByteArray(R"({"name":"x","bones":[{"name":"A","parts":[{"shape":"cone"}]}]})")
                                   << QStringLiteral("bones[0].parts[0].shape");
        // Leg chains and side naming (species/SpeciesRig reads them).
        const QByteArray leg =
            R"("bones":[{"name":"Hip"},{"name":"Knee","parent":"Hip"},{"name":"Foot","parent":"Knee"}],"feet":["Foot"])";
        QTest::newRow("legs per foot") << QByteArray(R"({"name":"x",)" + leg + R"(,"legs":[]})") << QStringLiteral("legs:");
        QTest::newRow("leg chain") << QByteArray(R"({"name":"x",)" + leg + R"(,"legs":[{"chain":["Hip","Foot"]}]})")
                                   << QStringLiteral("legs[0].chain");
        QTest::newRow("leg knee") << QByteArray(R"({"name":"x",)" + leg + R"(,"legs":[{"chain":["Foot","Knee","Hip"]}]})")
                                  << QStringLiteral("legs[0].chain: the knee");
        QTest::newRow("leg pole") << QByteArray(R"({"name":"x",)" + leg
                                                + R"(,"legs":[{"chain":["Hip","Knee","Foot"],"pole":"Z"}]})")
                                  << QStringLiteral("legs[0].pole");
        QTest::newRow("sides") << QByteArray(R"({"name":"x",)" + leg + R"(,"sides":{"left":"L","right":"L"}})")
                               << QStringLiteral("sides:");
        QTest::newRow("sides mark") << QByteArray(R"({"name":"x",)" + leg
                                                  + R"(,"sides":{"left":"L","right":"R","mark":"middle"}})")
                                    << QStringLiteral("sides.mark");
        QTest::newRow("unnamed pair of one bone")
            << QByteArray(R"({"name":"x",)" + leg + R"(,"unnamed_pairs":[["Hip"]]})") << QStringLiteral("unnamed_pairs[0]:");
        QTest::newRow("unnamed pair of no bone")
            << QByteArray(R"({"name":"x",)" + leg + R"(,"unnamed_pairs":[["Hip","Nosuch"]]})")
            << QStringLiteral("unnamed_pairs[0]:");
    }
    void invalidJsonNamesThePath()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!RigDescription::fromJson(json, &error));
        QVERIFY2(error.startsWith(expected), qPrintable(error));
    }

    void cpuSkinningAppliesGlobalRowMajorMatrices()
    {
        // Two bones: a rigid vertex on bone 1 and a vertex shared half/half.
        QMatrix4x4 a, b;
        a.translate(1, 2, 3);
        b.translate(0, 1, 0);
        b.rotate(90, 0, 0, 1); // local +X -> model +Y
        b.scale(2, 1, 1);      // non-uniform: normals need the cofactor
        const QList<float> frame = rowMajorFrame({a, b});
        CreatureVertex rigid;
        rigid.position[0] = 1;
        rigid.normal[0] = 0;
        rigid.normal[1] = 1;
        rigid.bones[0] = 1;
        CreatureVertex shared;
        shared.bones[0] = 0;
        shared.bones[1] = 1;
        shared.weights[0] = 0.5f;
        shared.weights[1] = 0.5f;
        const CreatureMesh mesh(QStringLiteral("t"), 2, {rigid, shared}, {0, 1, 0});
        QCOMPARE(mesh.validate(), QString());
        const SkinnedPose pose = mesh.skin(frame);
        QCOMPARE(pose.positions.size(), 2);
        QVERIFY(qFuzzyCompare(pose.positions.at(0), QVector3D(0, 3, 0)));
        QVERIFY(qFuzzyCompare(pose.positions.at(1), QVector3D(0.5f, 1.5f, 1.5f)));
        // Normal (0,1,0) under rotate(90 about Z) * scale(2,1,1): the tangent X becomes Y*2, the
        // normal stays perpendicular to it: -X.
        QVERIFY(qFuzzyCompare(pose.normals.at(0), QVector3D(-1, 0, 0)));
        QVERIFY(qFuzzyCompare(CreatureMesh::skinPosition(rigid, frame), pose.positions.at(0)));
        // A frame too short for the rig gives nothing rather than reading past it.
        QVERIFY(mesh.skin(std::span<const float>(frame).first(16)).positions.isEmpty());
    }

    void validateRejectsBadIndicesAndBones()
    {
        CreatureVertex v;
        v.bones[0] = 5;
        QVERIFY(!CreatureMesh(QStringLiteral("t"), 2, {v}, {0, 0, 0}).validate().isEmpty());
        QVERIFY(!CreatureMesh(QStringLiteral("t"), 8, {v}, {0, 1, 0}).validate().isEmpty());
        QVERIFY(!CreatureMesh(QStringLiteral("t"), 8, {v}, {0, 0}).validate().isEmpty());
        QVERIFY(CreatureMesh(QStringLiteral("t"), 8, {v}, {0, 0, 0}).validate().isEmpty());
    }

    void tailsComeFromTheReferenceFrame()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat"));
        int bones = 0;
        quint32 species = 0;
        const QList<float> frame =
            firstFrameOf(testpaths::shared(QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat")), &bones, &species);
        QCOMPARE(bones, 20);
        const RigDescription rig = *builtinDescription(species, bones);
        const QList<QVector3D> tails = CreatureMeshBuilder::tails(rig, frame);
        // The upper arm's tail is the forearm's origin: mapping it back to model space lands there.
        const int upper = rig.indexOf(QStringLiteral("UpperArmL")), fore = rig.indexOf(QStringLiteral("ForearmL"));
        const QVector3D mapped = QMatrix4x4(frame.constData() + upper * 16).map(tails.at(upper));
        const float *f = frame.constData() + fore * 16;
        QVERIFY((mapped - QVector3D(f[3], f[7], f[11])).length() < 1e-4f);
        // Bone frames have Y along the bone: the tail lies on +Y.
        QVERIFY(tails.at(upper).y() > 0.2f);
        QVERIFY(std::abs(tails.at(upper).x()) < 1e-3f);
    }

    void upstreamCreaturesStandOnTheirFeet_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *name : {"bpat_v1_latest/humanoid.bpat", "bpat_v1_latest/horse.bpat", "bpat_v1_latest/elephant.bpat",
                                 "bpat_v1_initial/horse.bpat", "bpat_v1_initial/elephant.bpat"})
            QTest::newRow(name) << QStringLiteral("upstream_assets/") + QLatin1String(name);
    }
    void upstreamCreaturesStandOnTheirFeet()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        int bones = 0;
        quint32 species = 0;
        const QList<float> frame = firstFrameOf(testpaths::shared(file), &bones, &species);
        const std::optional<RigDescription> rig = builtinDescription(species, bones);
        QVERIFY(rig);
        const CreatureMesh mesh = CreatureMeshBuilder::build(*rig, frame);
        QCOMPARE(mesh.validate(), QString());
        const SkinnedPose pose = mesh.skin(frame);
        QCOMPARE(pose.positions.size(), mesh.vertexCount());
        QVector3D lo(1e9f, 1e9f, 1e9f), hi(-1e9f, -1e9f, -1e9f);
        for (const QVector3D &p : pose.positions) {
            for (int i = 0; i < 3; ++i) {
                lo[i] = std::min(lo[i], p[i]);
                hi[i] = std::max(hi[i], p[i]);
            }
        }
        // Humanoids are taller than wide; quadrupeds longer (Z) than wide (X); all about 1.5-3 m.
        const QVector3D size = hi - lo;
        QVERIFY2(size.y() > 1.2f && size.y() < 3.0f, qPrintable(QStringLiteral("height %1").arg(size.y())));
        if (species == 0)
            QVERIFY(size.y() > size.x() && size.y() > size.z());
        else
            QVERIFY(size.z() > size.x());
    }

    void unknownRigsGetJointsAndInferredLinks()
    {
        QList<QMatrix4x4> matrices(3);
        matrices[1].translate(0, 1, 0);
        matrices[2].translate(0, 2, 0);
        const QList<float> frame = rowMajorFrame(matrices);
        const CreatureMesh mesh = CreatureMeshBuilder::joints(3, frame);
        QCOMPARE(mesh.validate(), QString());
        QCOMPARE(mesh.boneCount(), 3);
        QCOMPARE(CreatureMeshBuilder::inferParents(3, frame), QList<int>({-1, 0, 1}));
        QCOMPARE(CreatureMeshBuilder::inferParents(3, {}), QList<int>({-1, -1, -1}));
    }

    // The stand-in of a rig with controls (the 50-bone horse's IK and pole targets, its Body
    // root) leaves them out: no vertex on a control, no link hanging a hoof off the body's root.
    void controlsAreNoPartOfTheStandIn()
    {
        const SpeciesRig *known = SpeciesRig::find(1, 50);
        const std::optional<RigDescription> rig = known ? std::optional<RigDescription>(known->description()) : std::nullopt;
        QVERIFY(rig);
        QStringList controls;
        for (const RigBoneDescription &bone : rig->bones) {
            if (!bone.control.isEmpty())
                controls << bone.name;
        }
        QCOMPARE(controls.size(), 9);
        const CreatureMesh mesh = CreatureMeshBuilder::build(*rig);
        QVERIFY(mesh.vertexCount() > 0);
        for (const CreatureVertex &v : mesh.vertices()) {
            for (int k = 0; k < 4; ++k) {
                if (v.weights[k] > 0.0f)
                    QVERIFY2(rig->bones.at(v.bones[k]).control.isEmpty(), qPrintable(rig->bones.at(v.bones[k]).name));
            }
        }
    }
};

QTEST_GUILESS_MAIN(tst_CreatureMesh)
#include "tst_CreatureMesh.moc"

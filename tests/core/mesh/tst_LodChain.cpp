// Lighter levels of detail (MeshSimplifier, LodChain) and how far they deviate
// (SurfaceDeviation): the simplifier keeps vertex records as they are (so skin weights carry
// over) within its vertex budget; the deviation measure finds known offsets; and on the game's
// bodies (bpat_current) the horse's far body has at most a quarter of the full body's vertices
// with under a pixel of screen-space error wherever crowd/LodPolicy lets it be drawn, measured
// over every frame of every clip, not only the frames the chain was built from.
#include "bpat/BpatFile.h"
#include "bprm/BprmFile.h"
#include "crowd/LodPolicy.h"
#include "mesh/CreatureMeshBuilder.h"
#include "mesh/LodChain.h"
#include "mesh/MeshSimplifier.h"
#include "mesh/RigDescription.h"
#include "species/SpeciesRig.h"
#include "mesh/SurfaceDeviation.h"
#include "TestPaths.h"

#include <QMatrix4x4>
#include <QTest>

using namespace bpat;

namespace {

// A rectangle of (n+1) x (n+1) vertices in the x/y plane at depth z, one bone.
CreatureMesh plane(int n, float z)
{
    QList<CreatureVertex> vertices;
    QList<quint32> indices;
    for (int j = 0; j <= n; ++j) {
        for (int i = 0; i <= n; ++i) {
            CreatureVertex v;
            v.position[0] = float(i) / float(n);
            v.position[1] = float(j) / float(n);
            v.position[2] = z;
            vertices.append(v);
        }
    }
    for (int j = 0; j < n; ++j) {
        for (int i = 0; i < n; ++i) {
            const quint32 a = quint32(j * (n + 1) + i), b = a + 1, c = a + quint32(n + 1), d = c + 1;
            indices << a << b << d << a << d << c;
        }
    }
    return CreatureMesh(QStringLiteral("plane"), 1, vertices, indices);
}

QList<QVector3D> positionsOf(const CreatureMesh &mesh)
{
    QList<QVector3D> out;
    for (const CreatureVertex &v : mesh.vertices())
        out.append(QVector3D(v.position[0], v.position[1], v.position[2]));
    return out;
}

QList<float> identityFrame(int bones)
{
    QList<float> frame;
    for (int b = 0; b < bones; ++b)
        for (int k = 0; k < 16; ++k)
            frame.append(k % 5 == 0 ? 1.0f : 0.0f);
    return frame;
}

// The stored skinning matrices of one global frame as row-major floats (CreatureMesh::skin's
// convention): what a body's bind-pose vertices are skinned with.
QList<float> skinFrame(const BpatFile &file, quint32 globalFrame)
{
    QList<float> rows;
    for (quint32 b = 0; b < file.header().boneCount; ++b) {
        const QMatrix4x4 transposed = file.storedMatrix(globalFrame, b).transposed();
        rows.append(QList<float>(transposed.constData(), transposed.constData() + 16));
    }
    return rows;
}

struct SpeciesFiles
{
    std::optional<BpatFile> file;
    CreatureMesh full, minimal;
    QList<std::pair<quint32, quint32>> clips;
};

std::optional<SpeciesFiles> openSpecies(const QString &name)
{
    const QString dir = testpaths::shared(QStringLiteral("upstream_assets/bpat_current/"));
    SpeciesFiles s;
    s.file = BpatFile::open(dir + name + QStringLiteral(".bpat"));
    if (!s.file)
        return std::nullopt;
    const int bones = int(s.file->header().boneCount);
    for (auto [suffix, mesh] : {std::pair{"_full.bprm", &s.full}, std::pair{"_minimal.bprm", &s.minimal}}) {
        const std::optional<BprmFile> body = BprmFile::open(dir + name + QLatin1String(suffix));
        std::optional<CreatureMesh> decoded = body ? body->toMesh(bones) : std::nullopt;
        if (!decoded)
            return std::nullopt;
        *mesh = *decoded;
    }
    for (const BpatClipInfo &clip : s.file->clips())
        s.clips.append({clip.frameOffset, clip.frameCount});
    return s;
}

} // namespace

class tst_LodChain : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pointTriangleDistances()
    {
        const QVector3D a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
        QCOMPARE(SurfaceDeviation::pointTriangle(QVector3D(0.2f, 0.2f, 0.5f), a, b, c), 0.5f);                 // above the face
        QCOMPARE(SurfaceDeviation::pointTriangle(QVector3D(-1, 0, 0), a, b, c), 1.0f);                         // beyond a corner
        QVERIFY(qFuzzyCompare(SurfaceDeviation::pointTriangle(QVector3D(1, 1, 0), a, b, c), std::sqrt(0.5f))); // edge bc
        QCOMPARE(SurfaceDeviation::pointTriangle(QVector3D(0.5f, -2, 0), a, b, c), 2.0f);                      // edge ab
        QCOMPARE(SurfaceDeviation::pointTriangle(QVector3D(3, 0, 0), a, a, a), 3.0f);                          // degenerate
    }

    void deviationFindsAnOffset()
    {
        const CreatureMesh near = plane(10, 0), far = plane(3, 0.25f);
        const QList<QVector3D> a = positionsOf(near), b = positionsOf(far);
        QVERIFY(qAbs(SurfaceDeviation::between(a, near.indices(), b, far.indices()) - 0.25f) < 1e-5f);
        QCOMPARE(SurfaceDeviation::between(a, near.indices(), a, near.indices()), 0.0f);
        // Skinned by identity frames: the same through LodChain::deviation.
        QVERIFY(qAbs(LodChain::deviation(near, far, {identityFrame(1)}) - 0.25f) < 1e-5f);
        // A bent sheet against its flat simplification: the bend's height is found.
        CreatureMesh bent = plane(8, 0);
        QList<CreatureVertex> vertices = bent.vertices();
        vertices[4 * 9 + 4].position[2] = 0.3f; // the middle vertex raised
        bent = CreatureMesh(bent.name(), 1, vertices, bent.indices());
        QVERIFY(qAbs(LodChain::deviation(bent, plane(1, 0), {identityFrame(1)}) - 0.3f) < 1e-5f);
    }

    void simplifierKeepsRecordsWithinBudget()
    {
        // The stand-in humanoid of the game's rig: parts of several bones, blended links.
        const SpeciesRig *known = SpeciesRig::find(0, 20);
        const std::optional<RigDescription> rig = known ? std::optional<RigDescription>(known->description()) : std::nullopt;
        QVERIFY(rig);
        QList<float> reference;
        for (int b = 0; b < 20; ++b) { // a simple pose: bones stacked 10 cm apart
            for (int k = 0; k < 16; ++k)
                reference.append(k % 5 == 0 ? 1.0f : (k == 7 ? 0.1f * float(b) : 0.0f));
        }
        const CreatureMesh mesh = CreatureMeshBuilder::build(*rig, reference, 12);
        QVERIFY(mesh.vertexCount() > 400);
        const SkinnedPose posed = mesh.skin(reference);
        const int budget = mesh.vertexCount() / 4;
        QString why;
        const std::optional<MeshSimplifier::Result> result = MeshSimplifier::simplify(mesh, posed.positions, budget, &why);
        QVERIFY2(result, qPrintable(why));
        const CreatureMesh &lod = result->mesh;
        QVERIFY2(lod.vertexCount() <= budget && lod.vertexCount() >= 3, qPrintable(QString::number(lod.vertexCount())));
        QVERIFY(lod.validate().isEmpty());
        QCOMPARE(lod.boneCount(), mesh.boneCount());
        // Every vertex is one of the original records (position, bones, weights, role: the
        // weights carried over), its normal a unit vector (averaged over a welded seam).
        for (const CreatureVertex &v : lod.vertices()) {
            bool found = false;
            for (const CreatureVertex &o : mesh.vertices()) {
                CreatureVertex same = v;
                std::copy(std::begin(o.normal), std::end(o.normal), std::begin(same.normal));
                found = found || std::memcmp(&same, &o, sizeof v) == 0;
            }
            QVERIFY(found);
            QVERIFY(qAbs(QVector3D(v.normal[0], v.normal[1], v.normal[2]).length() - 1) < 1e-4f);
        }
        // Refusals, not crashes.
        QVERIFY(!MeshSimplifier::simplify(CreatureMesh(), {}, 10, &why));
        QVERIFY(!MeshSimplifier::simplify(mesh, posed.positions.mid(1), budget, &why));
        QVERIFY2(why.contains(u"posed positions"_qs), qPrintable(why));
        QVERIFY(!MeshSimplifier::simplify(mesh, posed.positions, 2, &why));
    }

    void sampleFramesSpreadOverClips()
    {
        const QList<quint32> frames = LodChain::sampleFrames({{0, 30}, {30, 10}, {40, 90}}, 13);
        QCOMPARE(frames.size(), 13);
        QCOMPARE(frames.first(), 0u);
        QCOMPARE(frames.at(1), 10u); // every tenth frame of the 130
        QVERIFY(frames.contains(30u) && frames.contains(120u));
        QCOMPARE(LodChain::sampleFrames({}, 5).size(), 0);
        QCOMPARE(LodChain::sampleFrames({{5, 3}}, 10), (QList<quint32>{5, 6, 7})); // fewer frames than asked
        // Clips out of order in the palette: each sample inside its clip.
        const QList<quint32> swapped = LodChain::sampleFrames({{100, 10}, {0, 10}}, 4);
        QCOMPARE(swapped, (QList<quint32>{100, 105, 0, 5}));
    }

    void policyHysteresis()
    {
        const LodPolicy policy({0.0f, 0.01f, 0.04f}, 0.8f); // level 1 below 80 px/m, level 2 below 20
        QCOMPARE(policy.levels(), 3);
        QCOMPARE(policy.limit(1), 80.0f);
        QCOMPARE(policy.limit(2), 20.0f);
        QCOMPARE(policy.choose(200, -1), 0);
        QCOMPARE(policy.choose(79, -1), 1);
        QCOMPARE(policy.choose(10, -1), 2);
        // Moving away: stays full until well under the limit, then lighter.
        QCOMPARE(policy.choose(70, 0), 0);
        QCOMPARE(policy.choose(63, 0), 1);
        // Coming back: stays light until well over the limit.
        QCOMPARE(policy.choose(90, 1), 1);
        QCOMPARE(policy.choose(97, 1), 0);
        QCOMPARE(policy.choose(5, 0), 2); // several levels at once
        QCOMPARE(policy.choose(1000, 2), 0);
        QVERIFY(policy.worstPixels() < 1.0f);
        // Depth and pixels per metre are inverse.
        const float ppm = LodPolicy::pixelsPerMetre(25, 720, 40);
        QVERIFY(qAbs(LodPolicy::depthFor(ppm, 720, 40) - 25) < 1e-3f);
        QCOMPARE(LodPolicy().levels(), 1);
        QCOMPARE(LodPolicy().choose(1, 0), 0);
    }

    // The measure: the horse's far body has at most a quarter of its full body's
    // vertices, and where the policy draws it (at 720 pixels high, the viewport's 40 degree
    // field of view) its silhouette is under a pixel off, over every frame of every clip.
    void horseFarBodyIsUnderAPixel()
    {
        BPAT_REQUIRE_SHARED(u"upstream_assets/bpat_current/horse.bpat"_qs);
        const std::optional<SpeciesFiles> horse = openSpecies(QStringLiteral("horse"));
        QVERIFY(horse);
        QList<QList<float>> poses;
        for (quint32 f : LodChain::sampleFrames(horse->clips, 64))
            poses.append(skinFrame(*horse->file, f));
        const QList<LodLevel> levels = LodChain::build(horse->full, u"horse_full.bprm"_qs, poses, &horse->minimal,
                                                       u"horse_minimal.bprm"_qs, LodChain::Options());
        QVERIFY(levels.size() >= 2);
        QCOMPARE(levels.first().mesh.vertexCount(), 4400);
        const LodLevel &far = levels.at(1);
        QVERIFY2(far.mesh.vertexCount() * 4 <= horse->full.vertexCount(), qPrintable(far.label));
        QVERIFY(far.deviation > 0);
        // Every frame of every clip, not only the sample poses.
        QList<QList<float>> every;
        for (const auto &[first, count] : horse->clips)
            for (quint32 f = 0; f < count; ++f)
                every.append(skinFrame(*horse->file, first + f));
        QList<float> deviations;
        for (const LodLevel &level : levels)
            deviations.append(level.deviation);
        const LodPolicy policy(deviations);
        QList<float> pixelsAt;
        for (int l = 1; l < levels.size(); ++l) {
            const float measured = LodChain::deviation(horse->full, levels.at(l).mesh, every);
            // Nearest it is drawn: coming closer, the level is left above limit x (1 + hysteresis).
            const float nearestPpm = policy.limit(l) * (1 + policy.hysteresis());
            const float pixels = measured * nearestPpm;
            qInfo("horse level %d: %s, deviation %.3g m (sampled %.3g m), switched in at %.3g m and out at %.3g m "
                  "(720 px, 40 deg): %.2f px at the nearest",
                  l, qPrintable(levels.at(l).label), double(measured), double(levels.at(l).deviation),
                  double(LodPolicy::depthFor(policy.limit(l) * (1 - policy.hysteresis()), 720, 40)),
                  double(LodPolicy::depthFor(nearestPpm, 720, 40)), double(pixels));
            pixelsAt.append(pixels);
        }
        for (int l = 1; l < levels.size(); ++l)
            QVERIFY2(pixelsAt.at(l - 1) < 1.0f, qPrintable(QStringLiteral("level %1: %2 px").arg(l).arg(pixelsAt.at(l - 1))));
    }

    // The humanoid's chain takes the game's minimal body (742 vertices) where it is lighter
    // than a simplified level would be.
    void humanoidChainUsesTheMinimalBody()
    {
        BPAT_REQUIRE_SHARED(u"upstream_assets/bpat_current/humanoid.bpat"_qs);
        const std::optional<SpeciesFiles> humanoid = openSpecies(QStringLiteral("humanoid"));
        QVERIFY(humanoid);
        QList<QList<float>> poses;
        for (quint32 f : LodChain::sampleFrames(humanoid->clips, 64))
            poses.append(skinFrame(*humanoid->file, f));
        const QList<LodLevel> levels = LodChain::build(humanoid->full, u"humanoid_full.bprm"_qs, poses, &humanoid->minimal,
                                                       u"humanoid_minimal.bprm"_qs, LodChain::Options());
        QCOMPARE(levels.size(), 3);
        QVERIFY(levels.at(1).mesh.vertexCount() * 4 <= 14888);
        QCOMPARE(levels.at(2).label, u"humanoid_minimal.bprm"_qs);
        QVERIFY(levels.at(2).deviation >= levels.at(1).deviation);
        for (const LodLevel &level : levels)
            qInfo("humanoid: %s: %d vertices, deviation %.4f m", qPrintable(level.label), level.mesh.vertexCount(),
                  double(level.deviation));
    }
};

QTEST_MAIN(tst_LodChain)
#include "tst_LodChain.moc"

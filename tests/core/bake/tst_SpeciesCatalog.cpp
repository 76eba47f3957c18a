// The built-in species manifests: rigs, clips and sockets as the game had them, and procedural
// motion that loops seamlessly, keeps planted feet on the ground without sliding and steps in
// the named gait's footfall order (the quadrupeds' gaits: tst_QuadrupedMotion).
#include "bake/HumanoidMotion.h"
#include "bake/SpeciesCatalog.h"
#include "SpeciesTestSupport.h"

#include <QtTest/QTest>
#include <algorithm>
#include <cmath>

using namespace bpat;
using namespace testspecies;

namespace {

// Largest movement of any bone's origin between two palettes.
float maxStep(const QList<QMatrix4x4> &a, const QList<QMatrix4x4> &b)
{
    float step = 0.0f;
    for (int i = 0; i < a.size(); ++i)
        step = std::max(step, (origin(a.at(i)) - origin(b.at(i))).length());
    return step;
}

} // namespace

class tst_SpeciesCatalog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void speciesAndClips_data();
    void speciesAndClips();
    void palettesAreRigidAndFinite();
    void loopsAreSeamless();
    void feetNeverGoThroughTheGround();
    void humanoidWalkPlantsFeetWithoutSliding_data();
    void humanoidWalkPlantsFeetWithoutSliding();
    void humanoidSwordHoldsTheArmReady();
    void socketsMatchTheGame();
    void humanoidFeetRestOnTheGround();
};

void tst_SpeciesCatalog::speciesAndClips_data()
{
    QTest::addColumn<QString>("species");
    QTest::addColumn<int>("id");
    QTest::addColumn<int>("bones");
    QTest::addColumn<QStringList>("clips");
    QTest::addColumn<QString>("snapshot");
    // The game's clips in its order (bpat-v1.md, "The game's built-in rigs").
    const QStringList human{u"idle"_qs,           u"walk"_qs,           u"run"_qs,
                            u"hold"_qs,           u"attack_sword_a"_qs, u"attack_sword_b"_qs,
                            u"attack_sword_c"_qs, u"attack_spear_a"_qs, u"attack_spear_b"_qs,
                            u"attack_spear_c"_qs, u"attack_bow"_qs,     u"riding_idle"_qs,
                            u"riding_charge"_qs,  u"riding_reining"_qs, u"riding_bow_shot"_qs};
    QTest::newRow("humanoid") << u"humanoid"_qs << 0 << 20 << human << QString();
    QTest::newRow("humanoid_sword") << u"humanoid_sword"_qs << 3 << 20 << human << QString();
    QTest::newRow("horse") << u"horse"_qs << 1 << 16
                           << QStringList{u"idle"_qs, u"walk"_qs, u"trot"_qs, u"canter"_qs, u"gallop"_qs, u"fight"_qs}
                           << u"horse_minimal.bpsm"_qs;
    QTest::newRow("elephant") << u"elephant"_qs << 2 << 16 << QStringList{u"idle"_qs, u"walk"_qs, u"run"_qs, u"fight"_qs}
                              << u"elephant_minimal.bpsm"_qs;
}

void tst_SpeciesCatalog::speciesAndClips()
{
    QFETCH(QString, species);
    QFETCH(int, id);
    QFETCH(int, bones);
    QFETCH(QStringList, clips);
    QFETCH(QString, snapshot);
    const SpeciesManifest m = manifest(species);
    QCOMPARE(int(m.speciesId), id);
    QCOMPARE(m.boneCount(), bones);
    QCOMPARE(m.bpatFileName, species + u".bpat"_qs);
    QCOMPARE(m.snapshotFileName, snapshot);
    QCOMPARE(m.bindPalette.size(), bones);
    QStringList names;
    for (const ClipSpec &c : m.clips) {
        names << c.name;
        QCOMPARE(c.fps, 24.0f);
        // The humanoid's attacks and mounted actions are one-shots; riding_idle and every other
        // clip loops (frame counts: tst_BakedClips against the game's files).
        const bool oneShot = c.name.startsWith(QLatin1String("attack"))
            || (c.name.startsWith(QLatin1String("riding_")) && c.name != QLatin1String("riding_idle"));
        QCOMPARE(c.loops, !oneShot);
    }
    QCOMPARE(names, clips);
}

void tst_SpeciesCatalog::palettesAreRigidAndFinite()
{
    for (const SpeciesManifest &m : SpeciesCatalog::builtIn()) {
        const int body = m.rig.indexOf(u"Body"_qs); // carries the barrel's scale, as in the game
        for (int c = 0; c < m.clips.size(); ++c) {
            const auto frames = m.bakeClip(c);
            QCOMPARE(frames.size(), m.clips.at(c).frameCount);
            for (const auto &palette : frames) {
                QCOMPARE(palette.size(), m.boneCount());
                for (int b = 0; b < palette.size(); ++b) {
                    const QMatrix4x4 &g = palette.at(b);
                    for (int k = 0; k < 16; ++k)
                        QVERIFY(std::isfinite(g.constData()[k]));
                    QCOMPARE(g.row(3), QVector4D(0, 0, 0, 1));
                    if (b == body)
                        continue;
                    const QMatrix3x3 r = g.normalMatrix(); // inverse transpose == r for a rotation
                    for (int i = 0; i < 3; ++i)
                        for (int j = 0; j < 3; ++j)
                            QVERIFY2(std::abs(r(i, j) - g(i, j)) < 1e-3f,
                                     qPrintable(m.speciesName + u" bone "_qs + QString::number(b)));
                }
            }
        }
    }
}

void tst_SpeciesCatalog::loopsAreSeamless()
{
    for (const SpeciesManifest &m : SpeciesCatalog::builtIn()) {
        for (int c = 0; c < m.clips.size(); ++c) {
            if (!m.clips.at(c).loops)
                continue;
            const auto frames = m.bakeClip(c);
            float interior = 0.0f;
            for (int i = 0; i + 1 < frames.size(); ++i)
                interior = std::max(interior, maxStep(frames.at(i), frames.at(i + 1)));
            const float wrap = maxStep(frames.constLast(), frames.constFirst());
            const QString what = m.speciesName + u"/"_qs + m.clips.at(c).name;
            // The wrap is just another frame step: no larger than the largest interior one
            // (plus rounding), and a real step (a clip that does not move would pass trivially).
            QVERIFY2(wrap <= interior * 1.05f + 1e-4f,
                     qPrintable(what + u" wrap "_qs + QString::number(wrap) + u" interior "_qs + QString::number(interior)));
            QVERIFY2(interior > 0.002f, qPrintable(what + u" does not move"_qs));
        }
    }
}

void tst_SpeciesCatalog::feetNeverGoThroughTheGround()
{
    for (const SpeciesManifest &m : SpeciesCatalog::builtIn()) {
        for (int c = 0; c < m.clips.size(); ++c) {
            if (m.clips.at(c).name.startsWith(QLatin1String("riding_")))
                continue; // mounted: feet in the stirrups (tst_BakedClips)
            const auto frames = m.bakeClip(c);
            for (int foot : feet(m)) {
                float lowest = 1e9f; // of the sole: the foot bone's origin less the sole height
                for (const auto &palette : frames)
                    lowest = std::min(lowest, origin(palette.at(foot)).y() - m.soleHeight);
                const QString what = m.speciesName + u"/"_qs + m.clips.at(c).name + u" "_qs + m.rig.bone(foot).name
                    + u" min y "_qs + QString::number(lowest);
                QVERIFY2(lowest > -1e-3f, qPrintable(what));
                QVERIFY2(lowest < 1e-3f, qPrintable(what)); // every foot touches the ground
            }
        }
    }
}

void tst_SpeciesCatalog::humanoidWalkPlantsFeetWithoutSliding_data()
{
    QTest::addColumn<QString>("species");
    QTest::addColumn<QString>("clip");
    QTest::addColumn<float>("stride");
    QTest::newRow("humanoid walk") << u"humanoid"_qs << u"walk"_qs << HumanoidMotion::walkStride();
    QTest::newRow("humanoid run") << u"humanoid"_qs << u"run"_qs << HumanoidMotion::runStride();
    QTest::newRow("sword walk") << u"humanoid_sword"_qs << u"walk"_qs << HumanoidMotion::walkStride();
}

void tst_SpeciesCatalog::humanoidWalkPlantsFeetWithoutSliding()
{
    QFETCH(QString, species);
    QFETCH(QString, clip);
    QFETCH(float, stride);
    const SpeciesManifest m = manifest(species);
    const int c = clipIndex(m, clip);
    QVERIFY(c >= 0);
    const auto frames = m.bakeClip(c);
    const int n = int(frames.size());
    // In place: the ground streams back under the walker by stride / n per frame, so a planted
    // foot moves by exactly that, straight back, and stays at height 0.
    const QVector3D groundStep(0, 0, -stride / float(n));
    for (int foot : {m.rig.indexOf(u"FootL"_qs), m.rig.indexOf(u"FootR"_qs)}) {
        int planted = 0, airborne = 0;
        float highest = 0.0f;
        const QVector3D sole(0, m.soleHeight, 0);
        for (int i = 0; i < n; ++i) {
            const QVector3D a = origin(frames.at(i).at(foot)) - sole;
            const QVector3D b = origin(frames.at((i + 1) % n).at(foot)) - sole;
            highest = std::max(highest, a.y());
            if (a.y() > 1e-3f) {
                ++airborne;
                continue;
            }
            if (b.y() > 1e-3f)
                continue; // lifts off
            ++planted;
            QVERIFY2((b - a - groundStep).length() < 2e-3f, qPrintable(u"frame "_qs + QString::number(i) + u" slides"_qs));
        }
        QVERIFY2(planted >= 3, "a foot should stay planted for several frames");
        QVERIFY2(airborne >= 3, "a foot should swing for several frames");
        QVERIFY(highest > 0.05f);
    }
    // The feet alternate: at phase 0 the left is forward, half a cycle later the right is.
    const int footL = m.rig.indexOf(u"FootL"_qs), footR = m.rig.indexOf(u"FootR"_qs);
    QVERIFY(origin(frames.at(0).at(footL)).z() > origin(frames.at(0).at(footR)).z());
    QVERIFY(origin(frames.at(n / 2).at(footR)).z() > origin(frames.at(n / 2).at(footL)).z());
    // The body moves: the pelvis bobs.
    float low = 1e9f, high = -1e9f;
    for (const auto &palette : frames) {
        low = std::min(low, origin(palette.at(1)).y());
        high = std::max(high, origin(palette.at(1)).y());
    }
    QVERIFY(high - low > 0.01f);
}

void tst_SpeciesCatalog::humanoidSwordHoldsTheArmReady()
{
    // The sword-ready right hand is in front of the body and higher than the unarmed one.
    const SpeciesManifest plain = manifest(u"humanoid"_qs), sword = manifest(u"humanoid_sword"_qs);
    const int handR = plain.rig.indexOf(u"HandR"_qs);
    const auto a = plain.clipPalette(0, 0.0f), b = sword.clipPalette(0, 0.0f);
    QVERIFY(origin(b.at(handR)).z() > origin(a.at(handR)).z() + 0.15f);
    QVERIFY(origin(b.at(handR)).y() > origin(a.at(handR)).y() + 0.1f);
}

void tst_SpeciesCatalog::socketsMatchTheGame()
{
    const SpeciesManifest m = manifest(u"humanoid"_qs);
    QCOMPARE(m.sockets.size(), 10);
    QCOMPARE(m.sockets.at(3).name, u"back"_qs);
    QCOMPARE(m.rig.bone(m.sockets.at(3).anchorBone).name, u"Chest"_qs);
    QCOMPARE(m.sockets.at(3).localOffset, QVector3D(0.0f, 0.1f, -0.12f));
    QCOMPARE(m.rig.bone(m.sockets.at(8).anchorBone).name, u"FootL"_qs);
    const auto palette = m.clipPalette(1, 0.25f);
    const QMatrix4x4 s = SpeciesManifest::socketMatrix(palette, m.sockets.at(3));
    QVERIFY((origin(s) - palette.at(3).map(QVector3D(0.0f, 0.1f, -0.12f))).length() < 1e-5f);
}

void tst_SpeciesCatalog::humanoidFeetRestOnTheGround()
{
    // The foot sockets (foot bone origins) come down to the game's sole height, 0.022 m, during
    // the walk: the feet touch the ground.
    const SpeciesManifest m = manifest(u"humanoid"_qs);
    QCOMPARE(m.soleHeight, 0.022f);
    const auto frames = m.bakeClip(clipIndex(m, u"walk"_qs));
    for (int s : {8, 9}) {
        float lowest = 1e9f;
        for (const auto &palette : frames)
            lowest = std::min(lowest, origin(SpeciesManifest::socketMatrix(palette, m.sockets.at(s))).y());
        QVERIFY2(std::abs(lowest - 0.022f) < 1e-3f, qPrintable(QString::number(lowest)));
    }
}

QTEST_GUILESS_MAIN(tst_SpeciesCatalog)
#include "tst_SpeciesCatalog.moc"

// The baker's clips against the game's files and against their names: every species has the
// game's clips in its order with its frame counts, fps and loop flags; one-shots start and end
// on guard and sample phase i / N; the humanoid's attacks, bow shot and mounted clips, and the
// quadrupeds' fights, do what they are called (measured on joint positions).
#include "bpat/BpatFile.h"
#include "bake/HumanoidRiding.h"
#include "bake/SpeciesCatalog.h"
#include "SpeciesTestSupport.h"
#include "TestPaths.h"

#include <QtTest/QTest>
#include <algorithm>
#include <cmath>

using namespace bpat;
using namespace testspecies;

namespace {

// Joint positions of one bone over a clip's frames.
struct Track
{
    QList<QVector3D> at;
    int argMax(int axis) const
    {
        return int(std::max_element(at.begin(), at.end(), [axis](auto a, auto b) { return a[axis] < b[axis]; }) - at.begin());
    }
    int argMin(int axis) const
    {
        return int(std::min_element(at.begin(), at.end(), [axis](auto a, auto b) { return a[axis] < b[axis]; }) - at.begin());
    }
    float max(int axis) const { return at.at(argMax(axis))[axis]; }
    float min(int axis) const { return at.at(argMin(axis))[axis]; }
};

class Clip
{
public:
    Clip(const SpeciesManifest &m, const QString &name)
        : m_manifest(m)
    {
        for (int i = 0; i < m.clips.size(); ++i) {
            if (m.clips.at(i).name == name)
                m_frames = m.bakeClip(i);
        }
    }
    bool isEmpty() const { return m_frames.isEmpty(); }
    int size() const { return int(m_frames.size()); }
    Track track(const QString &bone) const
    {
        Track t;
        const int b = m_manifest.rig.indexOf(bone);
        for (const auto &palette : m_frames)
            t.at.append(origin(palette.at(b)));
        return t;
    }
    const QList<QList<QMatrix4x4>> &frames() const { return m_frames; }

private:
    SpeciesManifest m_manifest;
    QList<QList<QMatrix4x4>> m_frames;
};

float maxStep(const QList<QMatrix4x4> &a, const QList<QMatrix4x4> &b)
{
    float step = 0.0f;
    for (int i = 0; i < a.size(); ++i)
        step = std::max(step, (origin(a.at(i)) - origin(b.at(i))).length());
    return step;
}

enum Axis {
    X = 0,
    Y = 1,
    Z = 2
};

} // namespace

class tst_BakedClips : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void clipTablesMatchTheGame_data();
    void clipTablesMatchTheGame();
    void oneShotsStartAndEndOnGuard();
    void swordAttacks();
    void spearAttacks();
    void bowDrawsAndLooses();
    void ridingSitsInTheSaddle();
    void mountedActions();
    void fightsRearAndStrike();
};

void tst_BakedClips::clipTablesMatchTheGame_data()
{
    QTest::addColumn<QString>("species");
    for (const char *s : {"humanoid", "humanoid_sword", "horse", "elephant"})
        QTest::newRow(s) << QString::fromLatin1(s);
}

void tst_BakedClips::clipTablesMatchTheGame()
{
    QFETCH(QString, species);
    const QString relative = u"upstream_assets/bpat_v1_latest/"_qs + species + u".bpat"_qs;
    BPAT_REQUIRE_SHARED(relative);
    const auto game = BpatFile::open(testpaths::shared(relative));
    QVERIFY(game);
    const SpeciesManifest m = manifest(species);
    QCOMPARE(m.clips.size(), game->clips().size());
    for (int i = 0; i < m.clips.size(); ++i) {
        const ClipSpec &ours = m.clips.at(i);
        const BpatClipInfo &theirs = game->clips().at(i);
        QCOMPARE(ours.name, theirs.name);
        QCOMPARE(quint32(ours.frameCount), theirs.frameCount);
        QCOMPARE(ours.fps, theirs.fps);
        QCOMPARE(ours.loops, theirs.loops());
    }
    // The socket tables too: every socket's name, anchor bone and local offset (the humanoid's
    // ten, none for the quadrupeds).
    QCOMPARE(m.sockets.size(), game->sockets().size());
    for (int i = 0; i < m.sockets.size(); ++i) {
        const BpatSocketInfo &theirs = game->sockets().at(i);
        QCOMPARE(m.sockets.at(i).name, theirs.name);
        QCOMPARE(quint32(m.sockets.at(i).anchorBone), theirs.anchorBone);
        QVERIFY2((m.sockets.at(i).localOffset - theirs.localOffset).length() < 1e-6f, qPrintable(theirs.name));
    }
}

void tst_BakedClips::oneShotsStartAndEndOnGuard()
{
    int oneShots = 0;
    for (const SpeciesManifest &m : SpeciesCatalog::builtIn()) {
        for (int c = 0; c < m.clips.size(); ++c) {
            const ClipSpec &spec = m.clips.at(c);
            if (spec.loops)
                continue;
            ++oneShots;
            const auto frames = m.bakeClip(c);
            const QString what = m.speciesName + u"/"_qs + spec.name;
            // Frame i samples phase i / N: the last frame is (N-1)/N, held by the player.
            QCOMPARE(frames.constLast(), m.clipPalette(c, float(spec.frameCount - 1) / float(spec.frameCount)));
            float reach = 0.0f;
            for (const auto &f : frames)
                reach = std::max(reach, maxStep(f, frames.constFirst()));
            const float back = maxStep(frames.constLast(), frames.constFirst());
            QVERIFY2(reach > 0.25f, qPrintable(what + u" hardly moves: "_qs + QString::number(reach)));
            QVERIFY2(back < 0.2f * reach, qPrintable(what + u" does not return to its start: "_qs + QString::number(back)));
        }
    }
    QCOMPARE(oneShots, 2 * 10); // attack_* (7) and riding_* but riding_idle (3), both humanoids
}

void tst_BakedClips::swordAttacks()
{
    for (const QString &species : {u"humanoid"_qs, u"humanoid_sword"_qs}) {
        const SpeciesManifest m = manifest(species);
        // attack_sword_b: a level sweep of the right hand from the right side across to the left.
        const Clip sweep(m, u"attack_sword_b"_qs);
        QVERIFY(!sweep.isEmpty());
        const Track hand = sweep.track(u"HandR"_qs);
        QVERIFY2(hand.max(X) > 0.4f && hand.min(X) < -0.1f, qPrintable(species));
        QVERIFY(hand.argMax(X) < hand.argMin(X)); // right, then left
        for (int i = hand.argMax(X); i <= hand.argMin(X); ++i)
            QVERIFY(hand.at.at(i).y() > 1.05f && hand.at.at(i).y() < 1.6f); // at chest height
        // attack_sword_c: a lunging thrust: the hand drawn back, then far out in front.
        const Clip thrust(m, u"attack_sword_c"_qs);
        const Track h = thrust.track(u"HandR"_qs), pelvis = thrust.track(u"Pelvis"_qs);
        QVERIFY(h.max(Z) > 0.75f && h.min(Z) < 0.1f && h.argMin(Z) < h.argMax(Z));
        QVERIFY(pelvis.max(Z) > 0.12f); // the lunge
    }
}

void tst_BakedClips::spearAttacks()
{
    const SpeciesManifest m = manifest(u"humanoid"_qs);
    const Track head = Clip(m, u"idle"_qs).track(u"Head"_qs);
    // attack_spear_a: both hands drive forward together (on one shaft), with a lunge.
    const Clip a(m, u"attack_spear_a"_qs);
    const Track r = a.track(u"HandR"_qs), l = a.track(u"HandL"_qs);
    const int thrust = r.argMax(Z);
    QVERIFY(r.max(Z) > 0.7f && l.at.at(thrust).z() > 0.6f);
    QVERIFY(std::abs(r.at.at(thrust).x() - l.at.at(thrust).x()) < 0.45f);
    QVERIFY(r.argMin(Z) < thrust && r.min(Z) < 0.0f); // drawn back first
    // attack_spear_b: overhand: the right hand above the head, then stabbing forward and down.
    const Track over = Clip(m, u"attack_spear_b"_qs).track(u"HandR"_qs);
    QVERIFY(over.max(Y) > head.at.first().y());
    QVERIFY(over.argMax(Y) < over.argMax(Z) && over.max(Z) > 0.65f);
    QVERIFY(over.at.at(over.argMax(Z)).y() < over.max(Y) - 0.4f);
    // attack_spear_c: a crouching low sweep, right to left.
    const Clip c(m, u"attack_spear_c"_qs);
    QVERIFY(c.track(u"Pelvis"_qs).min(Y) < HumanoidPose::StandingHeight - 0.15f);
    const Track low = c.track(u"HandR"_qs);
    QVERIFY(low.min(Y) < 0.85f && low.max(X) > 0.4f && low.min(X) < 0.0f && low.argMax(X) < low.argMin(X));
}

void tst_BakedClips::bowDrawsAndLooses()
{
    const SpeciesManifest m = manifest(u"humanoid"_qs);
    for (const QString &name : {u"attack_bow"_qs, u"riding_bow_shot"_qs}) {
        const Clip clip(m, name);
        const Track bow = clip.track(u"HandL"_qs), string = clip.track(u"HandR"_qs);
        const Track head = clip.track(u"Head"_qs), shoulder = clip.track(u"ShoulderL"_qs);
        const Track pelvis = clip.track(u"Pelvis"_qs);
        // Drawn: the bow held out in front at shoulder height, the string hand by the face.
        int drawn = -1;
        for (int i = 0; i < clip.size() && drawn < 0; ++i) {
            const bool bowOut =
                bow.at.at(i).z() - pelvis.at.at(i).z() > 0.6f && std::abs(bow.at.at(i).y() - shoulder.at.at(i).y()) < 0.1f;
            if (bowOut && (string.at.at(i) - head.at.at(i)).length() < 0.35f)
                drawn = i;
        }
        QVERIFY2(drawn > 0, qPrintable(name));
        // Loosed: later the string hand springs away from the face while the bow stays out.
        bool loosed = false;
        for (int i = drawn + 1; i < clip.size(); ++i) {
            const float away = (string.at.at(i) - head.at.at(i)).length() - (string.at.at(drawn) - head.at.at(drawn)).length();
            loosed |= away > 0.12f && bow.at.at(i).z() - pelvis.at.at(i).z() > 0.6f;
        }
        QVERIFY2(loosed, qPrintable(name));
    }
}

void tst_BakedClips::ridingSitsInTheSaddle()
{
    // In the horse's model space: the pelvis above the baked horse's back, the feet in stirrups
    // outside its barrel, well off the ground.
    const SpeciesManifest horse = manifest(u"horse"_qs);
    const QMatrix4x4 body = horse.bindPalette.at(horse.rig.indexOf(u"Body"_qs));
    const float barrelTop = origin(body).y() + 0.5f * body.column(1).toVector3D().length();
    const float barrelHalfWidth = 0.5f * body.column(0).toVector3D().length();
    for (const QString &species : {u"humanoid"_qs, u"humanoid_sword"_qs}) {
        const SpeciesManifest m = manifest(species);
        for (const QString &name : {u"riding_idle"_qs, u"riding_charge"_qs, u"riding_reining"_qs, u"riding_bow_shot"_qs}) {
            const Clip clip(m, name);
            QVERIFY(!clip.isEmpty());
            const Track pelvis = clip.track(u"Pelvis"_qs);
            const QString what = species + u"/"_qs + name;
            QVERIFY2(pelvis.min(Y) > barrelTop + 0.1f && pelvis.max(Y) < HumanoidRiding::SaddleHeight + 0.1f, qPrintable(what));
            for (const QString &foot : {u"FootL"_qs, u"FootR"_qs}) {
                const Track f = clip.track(foot);
                for (const QVector3D &p : f.at) {
                    QVERIFY2(std::abs(p.x()) > barrelHalfWidth + 0.05f, qPrintable(what));
                    QVERIFY2(p.y() > 0.9f && p.y() < pelvis.min(Y) - 0.5f, qPrintable(what));
                }
            }
            const Track knee = clip.track(u"KneeL"_qs);
            QVERIFY(knee.max(Y) < pelvis.min(Y) && knee.min(Z) > pelvis.max(Z)); // thighs forward
        }
    }
}

void tst_BakedClips::mountedActions()
{
    const SpeciesManifest m = manifest(u"humanoid"_qs);
    // riding_charge: leaning in (the head forward) with the weapon hand levelled far ahead.
    const Clip charge(m, u"riding_charge"_qs);
    const Track head = charge.track(u"Head"_qs), hand = charge.track(u"HandR"_qs), pelvis = charge.track(u"Pelvis"_qs);
    QVERIFY(head.max(Z) - head.at.first().z() > 0.2f);
    QVERIFY(hand.max(Z) - pelvis.at.at(hand.argMax(Z)).z() > 0.6f);
    // riding_reining: both hands drawn back towards the body while the rider leans back.
    const Clip reining(m, u"riding_reining"_qs);
    for (const QString &h : {u"HandL"_qs, u"HandR"_qs}) {
        const Track t = reining.track(h);
        QVERIFY(t.at.first().z() - t.min(Z) > 0.2f);
    }
    const Track leanBack = reining.track(u"Head"_qs);
    QVERIFY(leanBack.at.first().z() - leanBack.min(Z) > 0.1f);
    // riding_idle loops gently: the rider stays put.
    const Track idle = Clip(m, u"riding_idle"_qs).track(u"Pelvis"_qs);
    QVERIFY(idle.max(Y) - idle.min(Y) < 0.03f && idle.max(Y) - idle.min(Y) > 0.002f);
}

void tst_BakedClips::fightsRearAndStrike()
{
    const struct
    {
        QString species, head;
        float rise, lift;
    } cases[] = {{u"horse"_qs, u"Head"_qs, 0.4f, 0.4f}, {u"elephant"_qs, u"TrunkTip"_qs, 0.1f, 0.15f}};
    for (const auto &c : cases) {
        const SpeciesManifest m = manifest(c.species);
        const Clip fight(m, u"fight"_qs);
        QVERIFY(!fight.isEmpty());
        const Track head = fight.track(c.head);
        QVERIFY2(head.max(Y) - head.at.first().y() > c.rise, qPrintable(c.species));
        for (const QString &front : {u"FootFL"_qs, u"FootFR"_qs}) {
            const Track f = fight.track(front);
            QVERIFY2(f.max(Y) - m.soleHeight > c.lift, qPrintable(c.species + front));
            QVERIFY(f.min(Y) - m.soleHeight < 1e-3f); // and back down on the ground
        }
        // The hind feet stay planted: on the ground, not sliding.
        for (const QString &hind : {u"FootBL"_qs, u"FootBR"_qs}) {
            const Track f = fight.track(hind);
            for (const QVector3D &p : f.at) {
                QVERIFY2(std::abs(p.y() - m.soleHeight) < 1e-3f, qPrintable(c.species + hind));
                QVERIFY((QVector3D(p.x(), 0, p.z()) - QVector3D(f.at.first().x(), 0, f.at.first().z())).length() < 1e-3f);
            }
        }
        // The front feet strike out in turn, not together.
        const Track fl = fight.track(u"FootFL"_qs), fr = fight.track(u"FootFR"_qs);
        QVERIFY(fl.argMax(Z) != fr.argMax(Z));
    }
}

QTEST_GUILESS_MAIN(tst_BakedClips)
#include "tst_BakedClips.moc"

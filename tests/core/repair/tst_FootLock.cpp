// The foot lock on the real walks of every kind of rig (the humanoid of v1 and today, the
// 32-bone elephant, sheep and wolf) and on a sideways slide of 0.2 m planted in a planted phase:
// during planted phases the locked foot's horizontal step equals the ground's within 1 mm (the
// ground slides back at the clip's ground speed under these in-place clips) and its height
// stays within 1 mm of its contact height; the gait report's skate-free speed stays within 2 %;
// no bone changes length by more than 1 % (the IK keeps the legs rigid); no finding comes in.
// Rigs without leg chains (the first v1 horse, the 50-bone horse's IK-driven feet) say so.
#include "RepairTestSupport.h"
#include "motion/GaitAnalyzer.h"
#include "motionedit/MotionApply.h"
#include "repair/ClipRepairs.h"
#include "repair/ClipSamples.h"
#include "repair/FootLock.h"
#include "repair/LegIk.h"

#include <QtTest/QTest>
#include <cmath>

using namespace bpat;
using namespace repairtest;
namespace pm = posemath;

namespace {

struct Setup
{
    MotionRig rig;
    QList<IkLeg> chains;
    RepairContext context;
    ClipMotion motion;
};

Setup setup(const QByteArray &bytes, int clip)
{
    const BpatFile file = BpatFile::fromData(bytes);
    const BpatDocument doc = documentOf(bytes);
    Setup s;
    s.rig = MotionRig::forFile(file);
    s.chains = LegChains::of(s.rig, MotionSkeleton::forFile(file));
    s.context = ClipRepairs::context(doc, clip, s.rig, {}, 0.0, QString());
    s.motion = *ClipMotion::fromDocument(doc, clip);
    return s;
}

double skateFree(const QByteArray &bytes, int clip)
{
    return GaitAnalyzer(BpatFile::fromData(bytes)).analyze(clip).contactRetreat;
}

// Checks the lock on `after` against the phases and ground of `before`.
void verifyLocked(const QByteArray &before, const QByteArray &after, int clip)
{
    const Setup in = setup(before, clip);
    const Setup out = setup(after, clip);
    const FootLockOptions options;
    const pm::Vec3 v = FootLock::groundVelocity(in.motion, in.context, in.chains, options);
    int checked = 0;
    for (int i = 0; i < in.chains.size(); ++i) {
        const IkLeg &chain = in.chains.at(i);
        for (const FootPhase &p : FootLock::phases(in.motion, chain, i, in.context, options, &v)) {
            const qint64 n = qint64(in.motion.frameCount());
            QList<double> heights;
            for (qint64 k = p.first; k <= p.last; ++k)
                heights.append(in.motion.origin(quint32(k % n), chain.foot)[1]);
            const double contact = clipsamples::median(heights);
            for (qint64 k = p.first; k <= p.last; ++k) {
                const pm::Vec3 at = out.motion.origin(quint32(k % n), chain.foot);
                QVERIFY2(std::abs(at[1] - contact) < 0.001,
                         qPrintable(QStringLiteral("%1 frame %2: height %3, contact %4")
                                        .arg(chain.label)
                                        .arg(k % n)
                                        .arg(at[1])
                                        .arg(contact)));
                if (k == p.last)
                    continue;
                const pm::Vec3 next = out.motion.origin(quint32((k + 1) % n), chain.foot);
                const double dx = next[0] - at[0] - v[0], dz = next[2] - at[2] - v[2];
                QVERIFY2(std::sqrt(dx * dx + dz * dz) < 0.001,
                         qPrintable(QStringLiteral("%1 frame %2: step off the ground's by %3 m")
                                        .arg(chain.label)
                                        .arg(k % n)
                                        .arg(std::sqrt(dx * dx + dz * dz))));
                ++checked;
            }
        }
    }
    QVERIFY(checked > 0);
    // Rigid bones: no length changes by more than 1 % (a root's children are placed, not attached,
    // as the lint judges them).
    for (quint32 f = 0; f < in.motion.frameCount(); ++f) {
        for (int b = 0; b < in.motion.boneCount(); ++b) {
            if (in.motion.skeleton().isRoot(in.motion.skeleton().parentOf(b)))
                continue;
            const double was = clipsamples::lengthToParent(in.motion, f, b), now = clipsamples::lengthToParent(out.motion, f, b);
            if (was > 0.01)
                QVERIFY2(std::abs(now / was - 1.0) <= 0.01,
                         qPrintable(QStringLiteral("bone %1 frame %2: %3 -> %4").arg(b).arg(f).arg(was).arg(now)));
        }
    }
}

} // namespace

class tst_FootLock : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void realWalks_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("current humanoid") << QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        QTest::newRow("v1 humanoid") << QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
        QTest::newRow("late v3 humanoid") << QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        QTest::newRow("elephant 32") << QStringLiteral("upstream_assets/bpat_current/elephant.bpat");
        QTest::newRow("sheep") << QStringLiteral("upstream_assets/bpat_current/sheep.bpat");
        QTest::newRow("wolf") << QStringLiteral("upstream_assets/bpat_current/wolf.bpat");
    }
    void realWalks()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        const QByteArray bytes = readShared(file);
        const int walk = BpatFile::fromData(bytes).findClip(QStringLiteral("walk"));
        FixOptions options;
        options.footLock = true;
        options.clips = {QStringLiteral("walk")};
        const Fixed f = fix(bytes, options);
        QVERIFY2(f.report.ok, qPrintable(f.report.error));
        QVERIFY2(f.report.newFindings.isEmpty(), qPrintable(describe(f.report.newFindings)));
        QVERIFY2(unreported(f).isEmpty(), qPrintable(unreported(f)));
        verifyLocked(bytes, f.bytes, walk);
        const double before = skateFree(bytes, walk), after = skateFree(f.bytes, walk);
        QVERIFY2(std::abs(after / before - 1.0) <= 0.02,
                 qPrintable(QStringLiteral("skate-free %1 -> %2").arg(before).arg(after)));
    }

    // FootL slides 0.2 m sideways in its longest planted phase (and back while it swings).
    void sidewaysSlideIsGone()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        const QByteArray clean = readShared(file);
        const int walk = BpatFile::fromData(clean).findClip(QStringLiteral("walk"));
        Setup s = setup(clean, walk);
        const qint64 n = qint64(s.motion.frameCount());
        const IkLeg left = s.chains.at(0);
        const pm::Vec3 v = FootLock::groundVelocity(s.motion, s.context, s.chains, {});
        QList<FootPhase> phases = FootLock::phases(s.motion, left, 0, s.context, {}, &v);
        QVERIFY(!phases.isEmpty());
        const FootPhase p = *std::max_element(phases.cbegin(), phases.cend(), [](const FootPhase &a, const FootPhase &b) {
            return a.last - a.first < b.last - b.first;
        });
        // The offset rises over the phase and falls back over the frames after it, smoothly.
        const qint64 back = n - (p.last - p.first + 1);
        for (qint64 k = p.first; k < p.first + n; ++k) {
            const double t =
                k <= p.last ? double(k - p.first) / double(p.last - p.first) : 1.0 - double(k - p.last) / double(back);
            const pm::Vec3 at = s.motion.origin(quint32(k % n), left.foot);
            QVERIFY(LegIk::solve(s.motion, quint32(k % n), left, {at[0] + 0.2 * pm::smoothStep(t), at[1], at[2]},
                                 LegIk::bendDirection(s.motion, quint32(k % n), left)));
        }
        BpatDocument planted = documentOf(clean);
        QVERIFY(MotionApply::toDocument(planted, walk, s.motion).ok);
        const QByteArray slid = bytesOf(planted);

        FixOptions options;
        options.footLock = true;
        options.clips = {QStringLiteral("walk")};
        const Fixed f = fix(slid, options);
        QVERIFY2(f.report.ok, qPrintable(f.report.error));
        QVERIFY2(f.report.newFindings.isEmpty(), qPrintable(describe(f.report.newFindings)));
        verifyLocked(slid, f.bytes, walk);
        // Sideways, the foot now stands: its x over the phase within a millimetre.
        const Setup out = setup(f.bytes, walk);
        const double x0 = out.motion.origin(quint32(p.first % n), left.foot)[0];
        for (qint64 k = p.first; k <= p.last; ++k)
            QVERIFY(std::abs(out.motion.origin(quint32(k % n), left.foot)[0] - x0) < 0.001);
        const double before = skateFree(clean, walk), after = skateFree(f.bytes, walk);
        QVERIFY2(std::abs(after / before - 1.0) <= 0.02,
                 qPrintable(QStringLiteral("skate-free %1 -> %2").arg(before).arg(after)));
    }

    void phasesHoldWithHysteresis()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        const QByteArray bytes = readShared(file);
        const Setup s = setup(bytes, BpatFile::fromData(bytes).findClip(QStringLiteral("walk")));
        for (int i = 0; i < s.chains.size(); ++i) {
            const QList<FootPhase> phases = FootLock::phases(s.motion, s.chains.at(i), i, s.context);
            QVERIFY(!phases.isEmpty());
            for (int j = 0; j < phases.size(); ++j) {
                QVERIFY(phases.at(j).last - phases.at(j).first + 1 >= FootLockOptions().minPhaseFrames);
                if (j > 0)
                    QVERIFY(phases.at(j).first > phases.at(j - 1).last + 1); // separate phases
            }
            // A wider release band never ends a phase sooner.
            FootLockOptions wide;
            wide.releaseBand = 0.06;
            int planted = 0, plantedWide = 0;
            for (const FootPhase &p : phases)
                planted += int(p.last - p.first + 1);
            for (const FootPhase &p : FootLock::phases(s.motion, s.chains.at(i), i, s.context, wide))
                plantedWide += int(p.last - p.first + 1);
            QVERIFY(plantedWide >= planted);
        }
    }

    void rigsWithoutLegsSaySo_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("8-bone horse") << QStringLiteral("upstream_assets/bpat_v1_initial/horse.bpat");
        QTest::newRow("50-bone horse") << QStringLiteral("upstream_assets/bpat_current/horse.bpat");
    }
    void rigsWithoutLegsSaySo()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        const QByteArray bytes = readShared(file);
        FixOptions options;
        options.footLock = true;
        options.clips = {QStringLiteral("walk")};
        const Fixed f = fix(bytes, options);
        QVERIFY2(f.report.ok, qPrintable(f.report.error));
        QVERIFY(!f.report.changed());
        QCOMPARE(f.report.clips.size(), 1);
        QCOMPARE(f.report.clips.first().repairs.size(), 1);
        const RepairOutcome &lock = f.report.clips.first().repairs.first();
        QVERIFY(!lock.changed());
        QVERIFY2(lock.skipped.join(QLatin1Char(' ')).contains(QStringLiteral("leg")),
                 qPrintable(lock.skipped.join(QLatin1Char('\n'))));
        QCOMPARE(f.bytes, bytesOf(f.before));
    }
};

QTEST_APPLESS_MAIN(tst_FootLock)
#include "tst_FootLock.moc"

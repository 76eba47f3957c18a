#include "repair/FootLock.h"

#include "motion/GaitAnalyzer.h"
#include "repair/ClipSamples.h"
#include "repair/LegIk.h"
#include "repair/LoopSeamRepair.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace bpat {

namespace pm = posemath;
namespace cs = clipsamples;

namespace {

constexpr double PlantedBand = 0.015; // the gait report's rule (motion-analysis.md)

qint64 wrap(qint64 k, qint64 n)
{
    return ((k % n) + n) % n;
}

} // namespace

QList<FootPhase> FootLock::phases(const ClipMotion &m, const IkLeg &chain, int chainIndex, const RepairContext &context,
                                  const FootLockOptions &options, const pm::Vec3 *ground)
{
    QList<FootPhase> out;
    const qint64 n = qint64(m.frameCount());
    if (n == 0)
        return out;
    QList<double> y;
    double lowest = INFINITY;
    for (qint64 f = 0; f < n; ++f) {
        y.append(m.origin(quint32(f), chain.foot)[1]);
        lowest = std::min(lowest, y.constLast());
    }
    const bool table = options.phases == FootLockOptions::Phases::ContactTable && context.contactFootY.size() == n;
    double lowestTable = INFINITY;
    for (float v : context.contactFootY)
        lowestTable = std::min(lowestTable, double(v));
    const auto above = [&](qint64 f) { return table ? y.at(f) - double(context.contactFootY.at(f)) : y.at(f) - lowest; };
    const auto grounded = [&](qint64 f) { return !table || double(context.contactFootY.at(f)) - lowestTable <= PlantedBand; };
    // How fast the foot moves against the ground at a frame (its step to the next frame, the
    // last frame of a one-shot clip its step from the one before).
    const double slide = ground ? std::max(options.slideSpeed, pm::length({(*ground)[0], 0.0, (*ground)[2]})) : INFINITY;
    const auto still = [&](qint64 f) {
        if (!ground)
            return true;
        const qint64 a = !context.loops && f + 1 >= n ? f - 1 : f;
        if (a < 0)
            return true;
        const pm::Vec3 step = pm::sub(m.origin(quint32(wrap(a + 1, n)), chain.foot), m.origin(quint32(a), chain.foot));
        return std::hypot(step[0] - (*ground)[0], step[2] - (*ground)[2]) <= slide;
    };
    const auto plants = [&](qint64 f) { return grounded(f) && above(f) <= options.plantBand && still(f); };
    const auto stays = [&](qint64 f) { return grounded(f) && above(f) <= options.releaseBand && still(f); };

    QList<bool> planted(n, false);
    bool state = context.loops ? plants(0) : false;
    for (qint64 k = 0; k < (context.loops ? 2 * n : n); ++k) { // a loop's second pass starts in its own state
        const qint64 f = k % n;
        state = state ? stays(f) : plants(f);
        if (!context.loops || k >= n)
            planted[f] = state;
    }
    qint64 start = 0; // a frame not planted: runs are read from the next one on
    if (context.loops) {
        start = -1;
        for (qint64 f = 0; f < n && start < 0; ++f) {
            if (!planted.at(f))
                start = f;
        }
        if (start < 0) { // planted throughout
            out.append({chainIndex, 0, n - 1});
            return out;
        }
    }
    const qint64 from = context.loops ? start + 1 : 0, to = context.loops ? start + n : n;
    for (qint64 k = from; k < to;) {
        if (!planted.at(wrap(k, n))) {
            ++k;
            continue;
        }
        const qint64 first = k;
        while (k < to && planted.at(wrap(k, n)))
            ++k;
        if (k - first >= options.minPhaseFrames) {
            const qint64 shift = context.loops ? first - wrap(first, n) : 0;
            out.append({chainIndex, first - shift, k - 1 - shift});
        }
    }
    std::sort(out.begin(), out.end(), [](const FootPhase &a, const FootPhase &b) { return a.first < b.first; });
    return out;
}

pm::Vec3 FootLock::groundVelocity(const ClipMotion &m, const RepairContext &context, const QList<IkLeg> &chains,
                                  const FootLockOptions &options, QString *how)
{
    const auto say = [&](const QString &text) {
        if (how)
            *how = text;
    };
    const qint64 n = qint64(m.frameCount());
    if (options.ground == FootLockOptions::Ground::Still || n < 2) {
        say(QStringLiteral("the ground stands still"));
        return {0.0, 0.0, 0.0};
    }
    for (int r = 0; r < m.boneCount(); ++r) {
        double perCycle = 0.0;
        if (m.skeleton().isRoot(r) && LoopSeamRepair::rootTravels(m, r, context, &perCycle)) {
            say(QStringLiteral("the root travels %1 m per cycle: the ground stands still").arg(perCycle, 0, 'f', 3));
            return {0.0, 0.0, 0.0};
        }
    }
    if (options.ground == FootLockOptions::Ground::Auto && !context.loops) {
        say(QStringLiteral("a one-shot clip: the ground stands still"));
        return {0.0, 0.0, 0.0};
    }
    QList<double> retreats;
    double chosen = -1.0;
    for (const IkLeg &chain : chains) {
        QList<float> y, z;
        for (qint64 f = 0; f < n; ++f) {
            const pm::Vec3 p = m.origin(quint32(f), chain.foot);
            y.append(float(p[1]));
            z.append(float(p[2]));
        }
        const double retreat = GaitAnalyzer::contactRetreat(y, z);
        retreats.append(retreat);
        if (context.rig.humanoid && chain.foot == context.rig.humanoid->footL)
            chosen = retreat; // the game's report reads the left foot
    }
    if (chosen < 0.0) {
        std::sort(retreats.begin(), retreats.end());
        chosen = retreats.isEmpty() ? 0.0 : retreats.at(retreats.size() / 2);
    }
    if (options.ground == FootLockOptions::Ground::Auto && chosen < options.minRetreat) {
        say(QStringLiteral("no contact retreat (%1 m per cycle): the ground stands still").arg(chosen, 0, 'f', 3));
        return {0.0, 0.0, 0.0};
    }
    const pm::Vec3 v{0.0, 0.0, -chosen / double(n)}; // the creature walks in place along +z (motion-analysis.md)
    say(QStringLiteral("in place: the ground slides back %1 m per cycle (%2 m a frame)")
            .arg(chosen, 0, 'f', 3)
            .arg(-v[2], 0, 'f', 4));
    return v;
}

RepairOutcome FootLock::apply(ClipMotion &m, const RepairContext &context, const QList<IkLeg> &chains,
                              const FootLockOptions &options)
{
    RepairOutcome out;
    out.repair = QStringLiteral("foot_lock");
    const qint64 n = qint64(m.frameCount());
    if (chains.isEmpty()) {
        out.skipped << QStringLiteral("no leg chains known for this rig: no foot lock");
        return out;
    }
    if (!context.suppliesGroundContact) {
        out.skipped
            << QStringLiteral("%1 does not supply ground contact (riding_ and showcase_ clips opt out)").arg(context.clipName);
        return out;
    }
    if (n < 2) {
        out.skipped << QStringLiteral("%1 has %2 frame(s): nothing to lock").arg(context.clipName).arg(n);
        return out;
    }
    QString how;
    const pm::Vec3 v = groundVelocity(m, context, chains, options, &how);
    out.notes << how;

    // Targets per chain and frame, with their weight (1 inside a phase, easing out around it).
    struct Track
    {
        QList<pm::Vec3> original, target;
        QList<double> weight;
    };
    QList<Track> tracks(chains.size());
    for (int i = 0; i < chains.size(); ++i) {
        Track &t = tracks[i];
        t.original = cs::origins(m, chains.at(i).foot);
        t.target = t.original;
        t.weight = QList<double>(n, 0.0);
        const QList<FootPhase> found = phases(m, chains.at(i), i, context, options, &v);
        for (int j = 0; j < found.size(); ++j) {
            const FootPhase &p = found.at(j);
            const auto at = [&](qint64 k) { return t.original.at(wrap(k, n)); };
            pm::Vec3 anchor{0.0, 0.0, 0.0};
            QList<double> heights;
            for (qint64 k = p.first; k <= p.last; ++k) {
                anchor = pm::add(anchor, pm::sub(at(k), pm::scale(v, double(k - p.first))));
                heights.append(at(k)[1]);
            }
            anchor = pm::scale(anchor, 1.0 / double(p.last - p.first + 1));
            // Its contact height, never deep under the file's ground (a foot sinking in its phase).
            double height = cs::median(heights);
            if (std::isfinite(context.ground))
                height = std::max(height, context.ground - 0.5 * context.thresholds.ground);
            const auto locked = [&](qint64 k) {
                pm::Vec3 q = pm::add(anchor, pm::scale(v, double(k - p.first)));
                q[1] = height;
                return q;
            };
            double departure = 0.0;
            for (qint64 k = p.first; k <= p.last; ++k)
                departure = std::max(departure, pm::length(pm::sub(at(k), locked(k))));
            if (departure <= options.tolerance)
                continue; // already moving with the ground
            // The blend frames: fewer when the foot's previous or next phase is near.
            const FootPhase *previous = j > 0 ? &found.at(j - 1) : nullptr;
            const FootPhase *next = j + 1 < found.size() ? &found.at(j + 1) : nullptr;
            // A larger correction eases over more frames: about a centimetre a frame at most.
            const qint64 wanted = std::max<qint64>(options.blendFrames, qint64(std::ceil(1.5 * departure / 0.01)) - 1);
            qint64 before = wanted, after = wanted;
            if (context.loops && !found.isEmpty()) {
                const qint64 previousLast = previous ? previous->last : found.constLast().last - n;
                const qint64 nextFirst = next ? next->first : found.constFirst().first + n;
                before = std::min<qint64>(before, std::max<qint64>(0, (p.first - previousLast - 1) / 2));
                after = std::min<qint64>(after, std::max<qint64>(0, (nextFirst - p.last - 1) / 2));
            } else {
                before = std::min<qint64>(before, previous ? (p.first - previous->last - 1) / 2 : p.first);
                after = std::min<qint64>(after, next ? (next->first - p.last - 1) / 2 : n - 1 - p.last);
            }
            for (qint64 k = p.first - before; k <= p.last + after; ++k) {
                double w = 1.0;
                if (k < p.first)
                    w = pm::smoothStep(double(k - (p.first - before - 1)) / double(before + 1));
                else if (k > p.last)
                    w = pm::smoothStep(double((p.last + after + 1) - k) / double(after + 1));
                const qint64 f = wrap(k, n);
                if (w > t.weight.at(f)) {
                    t.weight[f] = w;
                    t.target[f] = pm::lerp(t.original.at(f), locked(k), w);
                }
            }
            ++out.addressed;
            out.notes << QStringLiteral("%1: frames %2..%3 locked at height %4 m (it slid %5 m off the ground's path)")
                             .arg(m.skeleton().name(chains.at(i).foot))
                             .arg(wrap(p.first, n))
                             .arg(wrap(p.last, n))
                             .arg(height, 0, 'f', 3)
                             .arg(departure, 0, 'f', 3);
        }
    }
    if (out.addressed == 0) {
        out.skipped << QStringLiteral("%1: every planted phase already moves with the ground").arg(context.clipName);
        return out;
    }

    // The pelvis, where a leg cannot reach: toward the target by what is missing, eased.
    QHash<int, QList<pm::Vec3>> need; // pelvis bone -> offset per frame
    for (int i = 0; i < chains.size(); ++i) {
        // The pelvis: the leg's ancestor right under the root (the humanoid's Pelvis, the body
        // bone a quadruped's legs hang from, or the upper leg itself when it hangs from the
        // root), whose distance to the root no rig keeps rigid.
        int pelvis = chains.at(i).upper;
        while (m.skeleton().parentOf(pelvis) >= 0 && !m.skeleton().isRoot(m.skeleton().parentOf(pelvis)))
            pelvis = m.skeleton().parentOf(pelvis);
        for (qint64 f = 0; f < n; ++f) {
            if (tracks.at(i).weight.at(f) <= 0.0)
                continue;
            const pm::Vec3 hip = m.origin(quint32(f), chains.at(i).upper);
            const pm::Vec3 toTarget = pm::sub(tracks.at(i).target.at(f), hip);
            const double missing = pm::length(toTarget) - 0.999 * LegIk::reach(m, quint32(f), chains.at(i));
            if (missing <= 0.0 || m.skeleton().isRoot(pelvis))
                continue;
            QList<pm::Vec3> &offsets = need[pelvis];
            if (offsets.isEmpty())
                offsets = QList<pm::Vec3>(n, pm::Vec3{0.0, 0.0, 0.0});
            const pm::Vec3 move = pm::scale(pm::normalized(toTarget), missing);
            if (pm::length(move) > pm::length(offsets.at(f)))
                offsets[f] = move;
        }
    }
    int pelvisFrames = 0;
    for (auto it = need.cbegin(); it != need.cend(); ++it) {
        const int pelvis = it.key();
        const QList<pm::Vec3> &raw = it.value();
        const int reachOut = std::max(4, 2 * options.blendFrames); // eased gently: no pop
        for (qint64 f = 0; f < n; ++f) {
            pm::Vec3 eased{0.0, 0.0, 0.0};
            for (qint64 j = -reachOut; j <= reachOut; ++j) {
                const qint64 k = f + j;
                if (!context.loops && (k < 0 || k >= n))
                    continue;
                const double w = pm::smoothStep(1.0 - double(std::abs(j)) / double(reachOut + 1));
                const pm::Vec3 candidate = pm::scale(raw.at(wrap(k, n)), w);
                if (pm::length(candidate) > pm::length(eased))
                    eased = candidate;
            }
            if (pm::length(eased) <= 0.0)
                continue;
            Affine g = m.global(quint32(f), pelvis);
            pm::setOrigin(g, pm::add(pm::origin(g), eased));
            if (m.setGlobal(quint32(f), pelvis, g)) {
                out.touch(quint32(f), pelvis);
                ++pelvisFrames;
            }
        }
    }
    if (pelvisFrames > 0)
        out.notes << QStringLiteral("the pelvis moved in %1 frames where a leg could not reach").arg(pelvisFrames);

    // The legs, frame by frame, each bent in the plane it bends in.
    int unreachable = 0;
    for (int i = 0; i < chains.size(); ++i) {
        const IkLeg &chain = chains.at(i);
        pm::Vec3 lastBend{0.0, 0.0, 1.0};
        for (qint64 f = 0; f < n; ++f) {
            const pm::Vec3 bend = LegIk::bendDirection(m, quint32(f), chain);
            if (pm::length(bend) > 0.0)
                lastBend = bend;
            if (tracks.at(i).weight.at(f) <= 0.0)
                continue;
            const pm::Vec3 &target = tracks.at(i).target.at(f);
            if (pm::length(pm::sub(target, m.origin(quint32(f), chain.foot))) < 1e-7)
                continue;
            if (!LegIk::solve(m, quint32(f), chain, target, lastBend))
                ++unreachable;
            out.touch(quint32(f), chain.upper);
            out.touch(quint32(f), chain.lower);
            out.touch(quint32(f), chain.foot);
        }
    }
    if (unreachable > 0)
        out.notes << QStringLiteral("%1 foot placements out of reach (the foot as near as the leg allows)").arg(unreachable);
    out.finish();
    return out;
}

} // namespace bpat

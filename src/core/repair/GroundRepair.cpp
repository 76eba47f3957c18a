#include "repair/GroundRepair.h"

#include "repair/LegIk.h"

#include <algorithm>
#include <cmath>

namespace bpat {

namespace pm = posemath;

namespace {

// Runs [first, last] of frames where depth(f) > 0 with a frame where `flagged(f)`; in a looping
// clip a run may wrap (last < first).
template<typename Depth, typename Flagged>
QList<std::pair<quint32, quint32>> runs(quint32 n, bool loops, Depth depth, Flagged flagged)
{
    QList<std::pair<quint32, quint32>> out;
    QList<std::pair<quint32, quint32>> all;
    for (quint32 f = 0; f < n;) {
        if (!(depth(f) > 0.0)) {
            ++f;
            continue;
        }
        const quint32 first = f;
        while (f < n && depth(f) > 0.0)
            ++f;
        all.append({first, f - 1});
    }
    if (loops && all.size() > 1 && all.constFirst().first == 0 && all.constLast().second == n - 1) {
        all.first().first = all.constLast().first; // one run across the seam
        all.removeLast();
    }
    for (const auto &[first, last] : all) {
        bool any = false;
        for (quint32 f = first;; f = (f + 1) % n) {
            any = any || flagged(f);
            if (f == last)
                break;
        }
        if (any)
            out.append({first, last});
    }
    return out;
}

template<typename Visit> void forFrames(const std::pair<quint32, quint32> &run, quint32 n, Visit visit)
{
    for (quint32 f = run.first;; f = (f + 1) % n) {
        visit(f);
        if (f == run.second)
            break;
    }
}

} // namespace

RepairOutcome GroundRepair::apply(ClipMotion &m, const RepairContext &context, const QList<int> &feet,
                                  const GroundOptions &options, const QList<IkLeg> &chains)
{
    RepairOutcome out;
    out.repair = QStringLiteral("ground");
    const double ground = context.ground;
    if (!std::isfinite(ground) || context.rig.feet.isEmpty()) {
        out.skipped << QStringLiteral("the ground is unknown (no feet known for this rig)");
        return out;
    }
    const quint32 n = m.frameCount();
    const double line = ground - context.thresholds.ground; // below it a foot is flagged
    const auto height = [&](quint32 f, int foot) { return m.origin(f, foot)[1]; };
    QList<int> flagged = feet;
    if (flagged.isEmpty()) {
        for (int foot : context.rig.feet) {
            for (quint32 f = 0; f < n; ++f) {
                if (height(f, foot) < line) {
                    flagged.append(foot);
                    break;
                }
            }
        }
    }
    if (flagged.isEmpty()) {
        out.skipped << QStringLiteral("no foot is more than %1 m below the ground").arg(context.thresholds.ground);
        return out;
    }
    QList<int> lifted = flagged;
    if (options.mode == GroundOptions::Mode::Ik) {
        lifted.clear();
        for (int foot : flagged) {
            const auto chain = std::find_if(chains.cbegin(), chains.cend(), [&](const IkLeg &c) { return c.foot == foot; });
            if (chain == chains.cend()) {
                out.skipped << QStringLiteral("%1 has no leg chain: the pose is lifted instead").arg(m.skeleton().name(foot));
                lifted.append(foot);
                continue;
            }
            const auto found = runs(
                n, context.loops, [&](quint32 f) { return ground - height(f, foot); },
                [&](quint32 f) { return height(f, foot) < line; });
            int frames = 0;
            for (const auto &run : found) {
                forFrames(run, n, [&](quint32 f) {
                    pm::Vec3 target = m.origin(f, foot);
                    target[1] = ground;
                    const pm::Vec3 bend = LegIk::bendDirection(m, f, *chain);
                    if (!LegIk::solve(m, f, *chain, target, pm::length(bend) > 0.0 ? bend : pm::Vec3{0.0, 0.0, 1.0}))
                        out.skipped
                            << QStringLiteral("%1 cannot reach the ground at frame %2").arg(m.skeleton().name(foot)).arg(f);
                    out.touch(f, chain->upper);
                    out.touch(f, chain->lower);
                    out.touch(f, chain->foot);
                    ++frames;
                });
            }
            if (frames > 0) {
                ++out.addressed;
                out.notes << QStringLiteral("%1 placed on the ground (y = %2) by IK in %3 frames")
                                 .arg(m.skeleton().name(foot))
                                 .arg(ground, 0, 'f', 3)
                                 .arg(frames);
            }
        }
        if (lifted.isEmpty()) {
            out.finish();
            return out;
        }
    }
    // Lift: the whole pose by how far the lowest foot is under the ground.
    const auto depth = [&](quint32 f) {
        double lowest = INFINITY;
        for (int foot : context.rig.feet)
            lowest = std::min(lowest, height(f, foot));
        return ground - lowest;
    };
    QList<double> lift(n, 0.0);
    for (quint32 f = 0; f < n; ++f)
        lift[f] = depth(f);
    const auto found = runs(
        n, context.loops, [&](quint32 f) { return lift.at(f); },
        [&](quint32 f) {
            for (int foot : lifted) {
                if (height(f, foot) < line)
                    return true;
            }
            return false;
        });
    int frames = 0;
    double most = 0.0;
    for (const auto &run : found) {
        forFrames(run, n, [&](quint32 f) {
            for (int r = 0; r < m.boneCount(); ++r) {
                if (!m.skeleton().isRoot(r))
                    continue;
                Affine local = m.localMatrix(f, r);
                local[7] += lift.at(f);
                m.setLocalMatrix(f, r, local);
                out.touch(f, r);
            }
            most = std::max(most, lift.at(f));
            ++frames;
        });
    }
    if (frames > 0) {
        out.addressed += int(found.size());
        out.notes << QStringLiteral("the pose lifted in %1 frames (up to %2 m) onto the ground (y = %3)")
                         .arg(frames)
                         .arg(most, 0, 'f', 3)
                         .arg(ground, 0, 'f', 3);
    }
    out.finish();
    return out;
}

} // namespace bpat

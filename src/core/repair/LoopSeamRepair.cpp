#include "repair/LoopSeamRepair.h"

#include "repair/ClipSamples.h"

#include <algorithm>
#include <cmath>

namespace bpat {

namespace pm = posemath;
namespace cs = clipsamples;

namespace {

constexpr double MinTravel = 0.05;      // metres per cycle a travelling root covers at least
constexpr double PlantedBand = 0.015;   // the planted-foot rule (motion-analysis.md)
constexpr double StillFeet = 0.2;       // planted feet move less than this fraction of the root's speed
constexpr double VertexDistance = 0.03; // a leaf's rotation is judged at this distance

pm::Vec3 horizontal(const pm::Vec3 &v)
{
    return {v[0], 0.0, v[2]};
}

// How far a bone's rotation reaches: its farthest descendant's origin at a frame (at least the
// virtual vertex distance).
double reach(const ClipMotion &motion, quint32 frame, int bone)
{
    double r = VertexDistance;
    const pm::Vec3 at = motion.origin(frame, bone);
    for (int d : motion.skeleton().descendants(bone))
        r = std::max(r, pm::length(pm::sub(motion.origin(frame, d), at)));
    return r;
}

} // namespace

int LoopSeamRepair::windowFor(quint32 frames, int requested)
{
    const int most = frames >= 3 ? int(frames) - 2 : 0; // frames 0 and 1 stay (the extrapolation reads them)
    const int wanted = requested > 0 ? requested : std::min(MaxDefaultWindow, int(frames / 4));
    return std::clamp(wanted, std::min(1, most), most);
}

QList<int> LoopSeamRepair::seamBones(const ClipMotion &motion, const LoopSeamOptions &options)
{
    QList<int> out;
    if (motion.frameCount() < 3)
        return out;
    for (int b = 0; b < motion.boneCount(); ++b) {
        const double seam = cs::seamStep(motion, b);
        if (seam > options.floor && seam > options.stepFactor * cs::medianStep(motion, b))
            out.append(b);
    }
    return out;
}

bool LoopSeamRepair::rootTravels(const ClipMotion &motion, int bone, const RepairContext &context, double *perCycle)
{
    const quint32 n = motion.frameCount();
    if (n < 3 || !motion.skeleton().isRoot(bone))
        return false;
    const QList<pm::Vec3> at = cs::origins(motion, bone);
    const pm::Vec3 next = pm::sub(pm::scale(at.at(n - 1), 2.0), at.at(n - 2)); // one frame after the last
    const double travel = pm::length(horizontal(pm::sub(next, at.at(0))));
    if (perCycle)
        *perCycle = travel;
    if (travel < MinTravel)
        return false;
    QList<double> horizontalSteps;
    for (quint32 f = 0; f + 1 < n; ++f)
        horizontalSteps.append(pm::length(horizontal(pm::sub(at.at(f + 1), at.at(f)))));
    if (travel < 0.5 * double(n) * cs::median(horizontalSteps))
        return false; // not a steady advance
    if (context.rig.feet.isEmpty())
        return true;
    QList<double> planted;
    for (int foot : context.rig.feet) {
        if (foot < 0 || foot >= motion.boneCount())
            continue;
        const QList<pm::Vec3> p = cs::origins(motion, foot);
        double lowest = p.at(0)[1];
        for (const pm::Vec3 &v : p)
            lowest = std::min(lowest, v[1]);
        for (quint32 f = 0; f + 1 < n; ++f) {
            if (p.at(f)[1] - lowest <= PlantedBand && p.at(f + 1)[1] - lowest <= PlantedBand)
                planted.append(pm::length(horizontal(pm::sub(p.at(f + 1), p.at(f)))));
        }
    }
    return planted.isEmpty() || cs::median(planted) < StillFeet * travel / double(n);
}

RepairOutcome LoopSeamRepair::apply(ClipMotion &motion, const RepairContext &context, const LoopSeamOptions &options)
{
    RepairOutcome out;
    out.repair = QStringLiteral("loop_seam");
    const quint32 n = motion.frameCount();
    if (!context.loops) {
        out.skipped << QStringLiteral("%1 does not loop").arg(context.clipName);
        return out;
    }
    if (n < 4) {
        out.skipped << QStringLiteral("%1 has %2 frames: too few to blend a seam").arg(context.clipName).arg(n);
        return out;
    }
    const QList<int> seam = seamBones(motion, options);
    if (seam.isEmpty()) {
        out.skipped << QStringLiteral("%1's seam is already within %2x each bone's median step")
                           .arg(context.clipName)
                           .arg(options.stepFactor);
        return out;
    }
    out.addressed = 1;
    const int window = windowFor(n, options.window);
    const quint32 start = n - quint32(window); // frames start .. n - 1 are blended

    struct Correction
    {
        int bone;
        pm::Vec3 translation, scale;
        pm::Quaternion rotation;
    };
    QList<Correction> corrections;
    for (int b : motion.skeleton().order()) {
        if (!motion.isReadable(0, b) || !motion.isReadable(n - 1, b) || !motion.isReadable(n - 2, b))
            continue;
        const LocalTransform first = motion.pose(0, b), last = motion.pose(n - 1, b), before = motion.pose(n - 2, b);
        Correction c{b, {}, {}, pm::identity()};
        const pm::Vec3 nextT = pm::sub(pm::scale(last.translation, 2.0), before.translation);
        c.translation = pm::sub(first.translation, nextT);
        const pm::Vec3 nextS = pm::sub(pm::scale(last.scale, 2.0), before.scale);
        c.scale = pm::sub(first.scale, nextS);
        const pm::Quaternion step = pm::multiply(last.rotation, pm::conjugate(before.rotation));
        const pm::Quaternion nextQ = pm::multiply(step, last.rotation);
        c.rotation = pm::power(pm::multiply(first.rotation, pm::conjugate(nextQ)), 1.0);
        if (motion.skeleton().isRoot(b)) {
            const bool keep = options.rootMotion == LoopSeamOptions::RootMotion::Keep
                || (options.rootMotion == LoopSeamOptions::RootMotion::Auto && rootTravels(motion, b, context));
            if (keep) {
                c.translation[0] = c.translation[2] = 0.0;
                out.notes << QStringLiteral("root %1 travels: its offset per cycle is kept").arg(motion.skeleton().name(b));
            }
        }
        const double effect =
            pm::length(c.translation) + pm::angle(c.rotation) * reach(motion, n - 1, b) + pm::length(c.scale) * VertexDistance;
        if (effect >= options.floor)
            corrections.append(c);
    }
    for (quint32 f = start; f < n; ++f) {
        const double w = pm::smoothStep(double(f - (start - 1)) / double(window));
        for (const Correction &c : corrections) {
            LocalTransform t = motion.pose(f, c.bone);
            t.translation = pm::add(t.translation, pm::scale(c.translation, w));
            t.scale = pm::add(t.scale, pm::scale(c.scale, w));
            t.rotation = pm::normalized(pm::multiply(pm::power(c.rotation, w), t.rotation));
            motion.setPose(f, c.bone, t);
            out.touch(f, c.bone);
        }
    }
    out.finish();
    out.notes << QStringLiteral("seam window %1 frames (%2..%3), %4 bones blended toward frame 0")
                     .arg(window)
                     .arg(start)
                     .arg(n - 1)
                     .arg(corrections.size());
    return out;
}

} // namespace bpat

#include "repair/ClipRepairs.h"

#include "bpat/BpatFormat.h"
#include "motion/MotionCodes.h"

#include <algorithm>

namespace bpat {

namespace mc = MotionCodes;

ClipRepairPlan ClipRepairs::plan(int clip, const Diagnostics &findings, const FixOptions &options)
{
    ClipRepairPlan p;
    bool pop = false, stretch = false, seam = false, below = false, mismatch = false;
    for (const Diagnostic &d : findings) {
        if (d.location.clip != clip)
            continue;
        if (d.code == mc::MOTION_POP) {
            pop = true;
            if (d.location.frame >= 0)
                p.popTargets.append({quint32(d.location.frame), d.location.bone});
        } else if (d.code == mc::BONE_STRETCH) {
            stretch = true;
            if (d.location.bone >= 0 && !p.stretched.contains(d.location.bone))
                p.stretched.append(d.location.bone);
        } else if (d.code == mc::LOOP_SEAM) {
            seam = true;
        } else if (d.code == mc::FOOT_BELOW_GROUND) {
            below = true;
        } else if (d.code == mc::CONTACT_MISMATCH) {
            mismatch = true;
        } else if (d.code == QLatin1String("NON_FINITE")) {
            p.nonFinite = true;
        }
    }
    p.pops = (options.smoothPops || options.all) && pop;
    p.lengths = (options.boneLengths || options.all) && stretch;
    p.seam = options.loopSeam || (options.all && seam);
    p.groundAsked = options.ground.has_value() || options.all;
    p.ground = p.groundAsked && below;
    p.contacts = options.all && mismatch;
    p.lock = options.footLock;
    return p;
}

RepairContext ClipRepairs::context(const BpatDocument &document, int clip, const MotionRig &rig,
                                   const MotionThresholds &thresholds, double ground, const QString &groundSource)
{
    const BpatClip &info = document.clip(clip);
    RepairContext c;
    c.rig = rig;
    c.thresholds = thresholds;
    c.ground = ground;
    c.groundSource = groundSource;
    c.clip = clip;
    c.clipName = info.name;
    c.fps = info.fps;
    c.loops = info.loops;
    c.suppliesGroundContact = document.version() < 3 || (info.flags & format::ClipFlagSuppliesGroundContact) != 0;
    if (info.contacts.size() == qsizetype(info.frameCount) * 2) {
        for (quint32 f = 0; f < info.frameCount; ++f)
            c.contactFootY.append(info.contacts.at(qsizetype(f) * 2 + 1));
    }
    return c;
}

std::optional<QList<int>> ClipRepairs::scope(const BpatDocument &document, const QStringList &names, QString *error)
{
    QList<int> out;
    for (const QString &name : names) {
        int c = document.findClip(name);
        bool number = false;
        const uint index = name.toUInt(&number);
        if (c < 0 && number && index < uint(document.clipCount()))
            c = int(index);
        if (c < 0) {
            QStringList all;
            for (const BpatClip &clip : document.clips())
                all << clip.name;
            if (error)
                *error =
                    QStringLiteral("no clip named or numbered '%1' (the file has: %2)").arg(name, all.join(QStringLiteral(", ")));
            return std::nullopt;
        }
        if (!out.contains(c))
            out.append(c);
    }
    if (names.isEmpty()) {
        for (int c = 0; c < document.clipCount(); ++c)
            out.append(c);
    }
    std::sort(out.begin(), out.end());
    return out;
}

QList<RepairOutcome> ClipRepairs::run(ClipMotion &motion, const RepairContext &context, const ClipRepairPlan &plan,
                                      const FixOptions &options, const QList<IkLeg> &chains, const QStringList &legNotes)
{
    QList<RepairOutcome> out;
    if (plan.pops)
        out.append(PopRepair::apply(motion, context, plan.popTargets, options.pops));
    if (plan.lengths)
        out.append(BoneLengthRepair::apply(motion, context, plan.stretched, options.lengths));
    if (plan.seam)
        out.append(LoopSeamRepair::apply(motion, context, options.seam));
    if (plan.lock) {
        RepairOutcome locked = FootLock::apply(motion, context, chains, options.lock);
        if (chains.isEmpty())
            locked.skipped += legNotes;
        out.append(locked);
    }
    // The ground last: the repairs before it may have lowered a foot (a hip given its length
    // back), so it judges the feet as they are now, by the lint's rule.
    const bool changedSoFar = std::any_of(out.cbegin(), out.cend(), [](const RepairOutcome &r) { return r.changed(); });
    if (plan.ground || (plan.groundAsked && changedSoFar)) {
        GroundOptions g;
        g.mode = options.ground.value_or(GroundOptions::Mode::Lift);
        RepairOutcome lifted = GroundRepair::apply(motion, context, {}, g, chains);
        if (plan.ground || lifted.changed())
            out.append(lifted);
    }
    return out;
}

} // namespace bpat

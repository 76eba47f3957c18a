#pragma once
// The repairs one clip gets, shared by MotionFixer (a document in memory) and StreamFixer (a file
// too large for one, clip by clip): which repairs the options and the clip's findings ask for
// (ClipRepairs::plan), the clip's RepairContext, and the repairs run in their order on the clip's
// local poses (ClipRepairs::run: pops, bone lengths, the loop seam, the foot lock, the ground).
#include "bpat/BpatDocument.h"
#include "motionedit/ClipMotion.h"
#include "repair/FixOptions.h"
#include "repair/LegChains.h"
#include "repair/RepairContext.h"

namespace bpat {

struct ClipRepairPlan
{
    bool pops = false, lengths = false, seam = false, lock = false, contacts = false;
    bool groundAsked = false; // the ground repair runs if a foot ends below the ground
    bool ground = false;      // ... and the lint flagged one
    bool nonFinite = false;   // the lint found non-finite matrices in the clip
    QList<PopTarget> popTargets;
    QList<int> stretched; // bones with BONE_STRETCH

    bool motion() const { return pops || lengths || seam || lock || ground; }
    bool any() const { return motion() || contacts; }
};

class ClipRepairs
{
public:
    // The findings of `clip` among `findings`, read for what the options ask.
    static ClipRepairPlan plan(int clip, const Diagnostics &findings, const FixOptions &options);
    // The clip's context (`document` may be a plan without frames: BpatDocument::planFromFile).
    static RepairContext context(const BpatDocument &document, int clip, const MotionRig &rig, const MotionThresholds &thresholds,
                                 double ground, const QString &groundSource);
    // The clips the options name (every clip when none), ascending; nullopt with *error naming
    // the first that does not exist and the clips there are.
    static std::optional<QList<int>> scope(const BpatDocument &document, const QStringList &names, QString *error);
    // Runs the planned repairs in order on the clip's motion.
    static QList<RepairOutcome> run(ClipMotion &motion, const RepairContext &context, const ClipRepairPlan &plan,
                                    const FixOptions &options, const QList<IkLeg> &chains, const QStringList &legNotes);
};

} // namespace bpat

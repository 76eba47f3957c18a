#pragma once
// FOOT_BELOW_GROUND: brings feet under the file's ground (the lint's: the median of the clips'
// lowest feet, from the v3 contact table where there is one) back onto it, in the frames where
// they are below it. A run of frames is repaired when some foot sinks below the ground there and,
// at some frame of the run, a flagged foot is more than the lint's `ground` tolerance below.
//
// Lift: the whole pose rises (every root's translation) by how far the lowest foot is below the
// ground in that frame; the lift is 0 where the run starts and ends, so it blends in and out
// with the feet, and nothing else of the pose changes. IK: each flagged foot is placed on the
// ground by two-bone IK on its leg chain (LegIk: the leg rigid, the knee in its plane), the rest
// of the pose kept; a foot without a leg chain is lifted with the pose instead (and said).
#include "motionedit/ClipMotion.h"
#include "repair/LegChains.h"
#include "repair/RepairContext.h"

namespace bpat {

struct GroundOptions
{
    enum class Mode {
        Lift,
        Ik
    };
    Mode mode = Mode::Lift;
};

class GroundRepair
{
public:
    // `feet`: the flagged foot bones; empty: every foot of the rig more than the lint's `ground`
    // tolerance below the ground somewhere in the clip as it is now (after earlier repairs).
    static RepairOutcome apply(ClipMotion &motion, const RepairContext &context, const QList<int> &feet,
                               const GroundOptions &options = {}, const QList<IkLeg> &chains = {});
};

} // namespace bpat

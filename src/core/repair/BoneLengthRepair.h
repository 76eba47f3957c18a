#pragma once
// BONE_STRETCH: gives each flagged bone its median length in the clip back. A bone's length is
// the distance from its parent's origin to its own; in every frame where it differs from the
// clip's median by more than `band` (half a percent), the bone's origin is put back at the
// median distance along the same direction (its global rotation kept), and its children follow
// (their local poses are unchanged). Frames within the band keep their bits. Bones are done
// parents first, frame by frame (a frame's poses stay in cache), each as ClipMotion::translate:
// a pure translation that its subtree follows with no matrix recomposed. Roots and bones shorter
// than the lint's stretch_min_length are left alone.
#include "motionedit/ClipMotion.h"
#include "motionedit/TranslatedRun.h"
#include "repair/RepairContext.h"

#include <QHash>

namespace bpat {

struct BoneLengthOptions
{
    double band = 0.005; // a length within this fraction of the median is left as it is
    // The clip's median length per bone when the motion holds only a run of the clip's frames
    // (StreamFixer); empty: measured over the motion.
    QHash<int, double> medians;
};

class BoneLengthRepair
{
public:
    static RepairOutcome apply(ClipMotion &motion, const RepairContext &context, const QList<int> &bones,
                               const BoneLengthOptions &options = {});
    // The same repair of a run of a long clip read in place (StreamFixer), with the same outcome
    // and moves.
    static RepairOutcome apply(TranslatedRun &run, const RepairContext &context, const QList<int> &bones,
                               const BoneLengthOptions &options = {});
};

} // namespace bpat

#pragma once
// What `bpat fix`, bpat.fix() and the window's Repair Motion dialog ask MotionFixer to do: which
// clips, which repairs, and each repair's settings. The repairs act on the motion lint's
// findings (pops, bone lengths, the ground, and with `all` the seams and the contact table);
// the loop seam and the foot lock may also be asked of clips the lint did not flag.
#include "diagnostics/Diagnostic.h"
#include "bpat/MotionThresholds.h"
#include "repair/BoneLengthRepair.h"
#include "repair/FootLock.h"
#include "repair/GroundRepair.h"
#include "repair/LoopSeamRepair.h"
#include "repair/PopRepair.h"

#include <QStringList>
#include <optional>

namespace bpat {

struct FixOptions
{
    QStringList clips;     // names or indices; empty: every clip
    bool loopSeam = false; // looping clips whose seam steps beyond 1.5x the median step
    bool footLock = false; // every planted phase of the clips in scope
    bool smoothPops = false;
    bool boneLengths = false;
    std::optional<GroundOptions::Mode> ground;
    // Every repair the lint's findings ask for, in order (pops, bone lengths, seams, ground with
    // `ground` or lift, contact records); with footLock the lock too.
    bool all = false;
    // Only these findings (the window's Fix action on one finding); empty: the lint's, all of them.
    Diagnostics findings;

    LoopSeamOptions seam;
    FootLockOptions lock;
    PopOptions pops;
    BoneLengthOptions lengths;
    MotionThresholds thresholds; // the lint's, for the findings before and after

    bool asksAnything() const { return loopSeam || footLock || smoothPops || boneLengths || ground || all; }
};

} // namespace bpat

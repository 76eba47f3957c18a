#pragma once
// The motion lint's two passes over one range of a clip's frames. MotionLint splits a long clip
// into ranges, runs each on its own thread and merges the parts in frame order, so the findings
// do not depend on the thread count.
//
// Pass 1 (gather) reads the frames (or, in a long clip, every stride-th with the frame before
// it): each bone's squared steps between consecutive frames and its squared length to its
// parent as a ratio to the clip's first frame (LogHistogram: the medians), and the lowest foot.
// Pass 2 (judge) walks every frame with a window of five (ClipFrames): pops and seams at each
// transition t (frame t -> t + 1) against the steps around it, stretch, feet below the ground,
// the contact records against the feet and non-finite origins at each frame. Distances are
// compared squared where that spares a square root.
#include "motion/LogHistogram.h"
#include "motion/MotionRig.h"
#include "bpat/MotionThresholds.h"
#include "motion/OriginReader.h"

#include <QList>
#include <functional>
#include <vector>

namespace bpat {

struct MotionPassContext
{
    const OriginReader &reader;
    const MotionRig &rig;
    const MotionThresholds &thresholds;
    const QList<int> &judged; // bones whose length to the parent is judged
    bool releaseBehind = false;
};

// Progress and cancel: called with frames done since the last call; false stops the pass.
using PassTick = std::function<bool(quint32 frames)>;

struct GatherPart
{
    explicit GatherPart(int bones);
    std::vector<LogHistogram> steps;   // per bone: squared steps
    std::vector<LogHistogram> lengths; // per bone: squared lengths / the reference's squared
    float lowestFoot;
    bool readFailed = false;
    bool stopped = false;

    void merge(const GatherPart &later); // the next range's
};

// The frames of [from, to) that are multiples of `stride` (all of them with stride 1), with the
// step into each from the frame before it when there is one; `inverseReference2` is
// 1 / (each judged bone's length in frame 0)^2. Non-finite origins are left out (pass 2 tells).
void gatherRange(const MotionPassContext &c, int clip, quint32 from, quint32 to, quint32 stride,
                 const std::vector<float> &inverseReference2, GatherPart &part, const PassTick &tick);

// What the first pass found for a clip, for the second.
struct ClipStats
{
    bool usable = false;        // every origin finite and inside the file
    QList<double> usualStep;    // per bone: the median step between consecutive frames (m)
    QList<double> medianLength; // per bone: the median distance to its parent (0: not judged)
};

// One bone's part in a pop or a seam.
struct Jump
{
    int bone = -1;
    double distance = 0.0; // how far it jumps
    double around = 0.0;   // the largest step around it (or its usual step)
};

struct PopEvent
{
    qint64 transition = 0;   // frame t -> t + 1
    bool outOfPlace = false; // frame t + 1 is away from both neighbours (else a jump that stays)
    QList<Jump> jumps;       // in bone order
};

// Frames beyond a threshold, as one finding tells them: the first, the worst, how many.
struct FrameRun
{
    int first = -1, worst = -1, count = 0;
    double worstValue = 0.0, worstBadness = 0.0;
    void add(int frame, double value, double badness);
    void merge(const FrameRun &later);
};

struct JudgePart
{
    QList<PopEvent> events;                      // by transition
    QList<FrameRun> stretch;                     // per bone (the child)
    QList<FrameRun> below;                       // per foot
    FrameRun contact;                            // frames whose contact record's foot_y is off the feet
    int nonFiniteFrame = -1, nonFiniteBone = -1; // the first non-finite origin
    bool readFailed = false;
    bool stopped = false;
};

// Transitions and frames [from, to) of a clip; `groundLines` holds per foot the height below which
// it is under the ground (NaN: not judged).
void judgeRange(const MotionPassContext &c, int clip, const ClipStats &stats, qint64 from, qint64 to,
                const QList<double> &groundLines, JudgePart &part, const PassTick &tick);

} // namespace bpat

#pragma once
// Foot lock: during each planted phase of each foot, the foot moves exactly with the ground,
// solved by two-bone IK on its leg chain (LegIk: the leg rigid, the knee in the plane it bends
// in, the foot's orientation kept).
//
// Planted phases, per foot: by its height (the gait report's planted-foot rule, with separate
// thresholds to plant and to release so a foot does not flicker: planted at most `plantBand`
// above its lowest height in the clip, released above `releaseBand`), or by the v3 contact
// table where asked (the table's foot_y within the band of its lowest, and this foot the one
// on the ground); and in both, moving against the ground by no more than `slideSpeed` a frame (or
// the ground's speed): a foot that swings low (a sheep lifts its feet 4 cm) is not planted.
// Phases shorter than `minPhaseFrames` are left alone, as are phases whose foot already follows
// the ground within `tolerance`.
//
// The ground: under a looping clip that plays in place (the game's locomotion: the game moves the
// unit) it slides back at the clip's ground speed, the gait report's contact retreat per cycle
// (the left foot's for the humanoid, the feet's median for quadrupeds, as GaitAnalyzer), along
// -z (the creature walks in place along +z); a locked foot follows that steady slide. Under
// a clip whose root travels, and under one-shot clips and clips without a retreat, it stands
// still. A phase's locked path: the ground's motion from the point that best fits the phase's
// original path, at the phase's median height (its contact height).
//
// Blending: over `blendFrames` frames before and after each phase (more for a larger correction,
// about a centimetre a frame at most; less when the next phase of the foot is nearer, up to half
// the gap) the target moves smoothly from the original path to the locked one and
// back, so nothing pops where a contact starts or ends. Where a leg cannot reach its target the
// pelvis (the leg's ancestor right under the root: the humanoid's Pelvis) moves toward it by
// what is missing, eased over twice the blend frames; nowhere else.
#include "motionedit/ClipMotion.h"
#include "motionedit/PoseMath.h"
#include "repair/LegChains.h"
#include "repair/RepairContext.h"

namespace bpat {

struct FootLockOptions
{
    enum class Phases {
        Heights,      // the planted-foot rule per foot
        ContactTable, // the v3 contact table's foot_y (falls back to heights without one)
    };
    enum class Ground {
        Auto,    // in place for looping clips with a contact retreat, else still
        InPlace, // slides at the clip's ground speed
        Still,
    };
    double plantBand = 0.015;  // metres above the foot's lowest height: plants
    double releaseBand = 0.03; // above this: releases
    int blendFrames = 3;
    int minPhaseFrames = 2;
    double tolerance = 0.0005; // metres: a phase already this close to the ground's motion is left alone
    // Metres a frame a foot may move against the ground and still plant (or stay planted): this,
    // or the ground's own speed where it is faster. A foot that swings moves faster than that.
    double slideSpeed = 0.01;
    double minRetreat = 0.05; // metres per cycle: less is no ground speed
    Phases phases = Phases::Heights;
    Ground ground = Ground::Auto;
};

struct FootPhase
{
    int chain = -1;             // index into the chains
    qint64 first = 0, last = 0; // frames, unwrapped (a looping clip's phase across the seam has last >= frame count)
};

class FootLock
{
public:
    // `ground`: the ground's motion a frame (groundVelocity()); null: heights alone.
    static QList<FootPhase> phases(const ClipMotion &motion, const IkLeg &chain, int chainIndex, const RepairContext &context,
                                   const FootLockOptions &options = {}, const posemath::Vec3 *ground = nullptr);
    // Metres per frame the ground moves under the feet (zero when it stands still); *how says why.
    static posemath::Vec3 groundVelocity(const ClipMotion &motion, const RepairContext &context, const QList<IkLeg> &chains,
                                         const FootLockOptions &options, QString *how = nullptr);
    static RepairOutcome apply(ClipMotion &motion, const RepairContext &context, const QList<IkLeg> &chains,
                               const FootLockOptions &options = {});
};

} // namespace bpat

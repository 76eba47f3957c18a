#pragma once
// LOOP_SEAM: makes a looping clip cyclic. A window at the end of the clip (a quarter of the clip,
// at most 12 frames, or as set) is blended, per bone in local space, toward the pose that
// continues into frame 0: the step from the last frame into the first becomes the clip's last
// step again. For each bone, the pose frame 0 asks for one frame after the last (frame 0 against
// the last step extrapolated: translation and scale differences, the rotation's quaternion
// difference) is added in with a smooth weight that rises from 0 before the window to 1 on the
// last frame (rotation by slerp, translation and scale by lerp). Frames before the window keep
// their bits, the markers stay, and bones whose correction is below half a millimetre at their
// reach are left alone (their children follow their parents).
//
// Root motion: a root that travels (its horizontal offset per cycle steady, over 5 cm, and the
// planted feet standing still in the world as they do over travelling ground) keeps its offset
// per cycle, as Blender's cycles with offset do: only its height and every other bone loop.
// A drift of an in-place clip (the game's locomotion plays in place) is looped away.
#include "motionedit/ClipMotion.h"
#include "repair/RepairContext.h"

namespace bpat {

struct LoopSeamOptions
{
    enum class RootMotion {
        Auto, // keep the root's offset per cycle when it travels (see above)
        Keep,
        Loop
    };
    int window = 0; // frames blended at the end; 0: a quarter of the clip, at most 12
    RootMotion rootMotion = RootMotion::Auto;
    double stepFactor = 1.5; // a seam step beyond this many times the bone's median step needs the repair
    double floor = 0.0005;   // metres: seam steps up to this never do
};

class LoopSeamRepair
{
public:
    static constexpr int MaxDefaultWindow = 12;
    static int windowFor(quint32 frames, int requested);
    // The bones whose seam step is beyond stepFactor x their median step (and the floor).
    static QList<int> seamBones(const ClipMotion &motion, const LoopSeamOptions &options);
    // True when root `bone` travels (the Auto rule above); *perCycle gets its horizontal offset.
    static bool rootTravels(const ClipMotion &motion, int bone, const RepairContext &context, double *perCycle = nullptr);
    static RepairOutcome apply(ClipMotion &motion, const RepairContext &context, const LoopSeamOptions &options = {});
};

} // namespace bpat

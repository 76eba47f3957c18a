#pragma once
// MOTION_POP: smooths the frames where a bone snaps. For each finding (a clip frame and the bone
// the lint saw jump), the frames to replace are found from that bone's path: one frame out of
// place (away from its neighbours and back) is replaced alone; a jump that stays is spread over
// a window around it, wide enough for the steps to stay within twice the usual ones (at most 8
// frames on each side). The jump's source is found among the bone and its ancestors: the local
// channels that leave the smooth curve across the window by a share of the largest departure,
// weighed by how far they move the jumping bone (translation, and rotation times its lever).
// Only those bones' local poses are replaced, their children's local poses are unchanged (they
// follow). The replacement is a cubic Hermite curve between the frames just outside the window,
// with the slopes of the frames beyond them, per channel (translation, scale; rotation as a
// rotation vector from the first anchor, shortest arc, so quaternion signs and Euler wraps do
// not matter): continuous in pose and speed at both ends, so nothing shifts in time and no
// ripple or step appears at the edges. The result is judged by the lint's rule and the window
// widened until the bone no longer pops (or the widest window is used, and said).
#include "motionedit/ClipMotion.h"
#include "repair/RepairContext.h"

namespace bpat {

struct PopTarget
{
    quint32 frame = 0; // the lint's finding frame (the first frame after the jump, or the frame out of place)
    int bone = -1;
};

struct PopOptions
{
    int maxHalfWindow = 8;     // frames on each side of a jump at most
    double sourceShare = 0.25; // a channel is a source when it departs by this share of the largest departure
};

class PopRepair
{
public:
    static RepairOutcome apply(ClipMotion &motion, const RepairContext &context, const QList<PopTarget> &targets,
                               const PopOptions &options = {});
    // True when `bone` steps by the lint's pop rule on a transition t (frame t -> t + 1) of
    // [from, to] (clip frames, wrapped in a looping clip).
    static bool popsBetween(const ClipMotion &motion, const RepairContext &context, int bone, qint64 from, qint64 to);
};

} // namespace bpat

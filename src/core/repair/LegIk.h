#pragma once
// Two-bone IK on one leg chain of a ClipMotion frame (rebake/TwoBoneIk finds the knee): the upper
// leg turns about the hip and the lower leg about the knee so the foot's origin reaches a target,
// each bone keeping its length (rigid), the knee kept in the plane it bends in (the plane through
// the hip, the target and the knee's current bend direction), the foot keeping its global
// orientation. Where the target is out of reach the foot gets as near as the straightened (or
// folded) leg allows, and solve() says so.
#include "motionedit/ClipMotion.h"
#include "motionedit/PoseMath.h"
#include "repair/LegChains.h"

namespace bpat {

class LegIk
{
public:
    // The knee's bend direction at a frame: the knee's offset from the hip -> foot line (null for
    // a straight leg).
    static posemath::Vec3 bendDirection(const ClipMotion &motion, quint32 frame, const IkLeg &chain);
    // The farthest the chain reaches at a frame (upper + lower length).
    static double reach(const ClipMotion &motion, quint32 frame, const IkLeg &chain);
    // Places the foot at `target`; `fallbackBend` is used when the leg is straight. False when the
    // target was out of reach (the foot is then as near as it gets) or a pose could not be set.
    static bool solve(ClipMotion &motion, quint32 frame, const IkLeg &chain, const posemath::Vec3 &target,
                      const posemath::Vec3 &fallbackBend = {0.0, 0.0, 1.0});
};

} // namespace bpat

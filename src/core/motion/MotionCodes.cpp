#include "motion/MotionCodes.h"

namespace bpat::MotionCodes {

const QList<MotionCodeInfo> &all()
{
    static const QList<MotionCodeInfo> codes = {
        {MOTION_POP, QStringLiteral("warning; error when the whole body jumps"),
         QStringLiteral("A bone's origin jumps between two consecutive frames far more than around it: longer than `pop_min` "
                        "(0.05 m) and `pop_factor` (4) times the steps before and after it and the bone's median step in the "
                        "clip. A frame that is out of place (the bones jump away and back) is reported at that frame; a jump "
                        "that stays, at the first frame after it. When `whole_body` (half) of the bones jump together the frame "
                        "teleports: an error, reported at the first bone that jumps; otherwise a limb snaps: a warning, at the "
                        "bone that jumps furthest. Controls (IK targets, poles, bones no body vertex is weighted to) are not "
                        "judged and do not count.")},
        {LOOP_SEAM, QStringLiteral("warning; error when the whole body jumps"),
         QStringLiteral("A looping clip's last frame does not lead back into its first: the step from the last frame to the "
                        "first is a pop by the `MOTION_POP` rule (a clip that drifts smoothly and jumps back only at the seam "
                        "gets this, not `MOTION_POP` on its inner frames). Reported at the last frame.")},
        {BONE_STRETCH, QStringLiteral("warning"),
         QStringLiteral("A bone's length changes within a clip by more than `stretch` (10 %) of its median length in the "
                        "clip: the length change, not the gait report's limb stretch against the game's rig lengths. A "
                        "bone's length is the distance from its parent to the child that continues it (the rig's tail, else "
                        "its only deforming child). One finding per clip and bone (the child), at the first frame beyond "
                        "the tolerance, with the worst frame and the count. Not judged: bones shorter than "
                        "`stretch_min_length` (0.02 m), children of a root, side branches that join their parent at an "
                        "offset the rig moves (the humanoid's hips and shoulders, the horse's ears) and controls and their "
                        "children's links to them (the 50-bone horse's IK targets).")},
        {FOOT_BELOW_GROUND, QStringLiteral("warning"),
         QStringLiteral("A foot bone's origin is more than `ground` (0.05 m) below the file's ground: the median over the "
                        "clips of each clip's lowest foot (from the v3 contact table's `foot_y` where the file has one), "
                        "since y = 0 is not the ground of every creature; in late v3, the rest pose's lowest foot where the "
                        "clips' ground lies more than `ground` under it (the game stands the rest pose on its ground). One "
                        "finding per clip and foot, at the first frame below, with the deepest frame and the count.")},
        {CONTACT_MISMATCH, QStringLiteral("warning"),
         QStringLiteral("v3: a contact record's `foot_y` differs from the lowest foot origin of its frame by more than "
                        "`contact` (0.001 m): the contact table does not describe the feet the palette moves (a palette "
                        "edited without its contacts). One finding per clip, at the first such frame.")},
        {MOTION_NOT_CHECKED, QStringLiteral("info"),
         QStringLiteral("Part of the motion could not be judged: the file has errors in the `spec` profile (then only those "
                        "are reported), its rig's feet are unknown (no ground or contact checks), its parents are unknown "
                        "(no stretch check), or it has controls (named once, with why: the rig names them, or no vertex of "
                        "the body beside the file is weighted to them).")},
    };
    return codes;
}

} // namespace bpat::MotionCodes

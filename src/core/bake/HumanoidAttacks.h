#pragma once
// The humanoid's standing one-shot attacks besides the overhead slash (HumanoidMotion):
// attack_sword_b (a forehand sweep, right to left), attack_sword_c (a lunging thrust),
// attack_spear_a (a two-handed thrust from the hip), attack_spear_b (an overhand stab),
// attack_spear_c (a crouching low sweep) and attack_bow (nock, draw to the cheek, aim, release).
// Each starts and ends in the ready pose, with the feet planted in a staggered stance (the
// pelvis drops rather than a planted foot lifting). The bow arms are shared with the mounted
// bow shot (HumanoidRiding).
#include "bake/HumanoidPose.h"

namespace bpat {

class HumanoidAttacks
{
public:
    // `rest`: the standing rest pose; `ready`: the right arm's ready pose (sword-ready or not).
    HumanoidAttacks(HumanoidPose rest, HumanoidArm ready);

    HumanoidPose swordSweep(float phase) const;    // attack_sword_b
    HumanoidPose swordThrust(float phase) const;   // attack_sword_c
    HumanoidPose spearThrust(float phase) const;   // attack_spear_a
    HumanoidPose spearOverhand(float phase) const; // attack_spear_b
    HumanoidPose spearSweep(float phase) const;    // attack_spear_c
    HumanoidPose bowShot(float phase) const;       // attack_bow

    // Bow in the left hand held out towards +Z (the target), the right hand drawing the string
    // to the cheek and letting go; `turn` is how far the chest is turned (left shoulder forward).
    static void bowArms(HumanoidPose &pose, float phase, float turn);
    // Pelvis no higher than the planted feet reach (knees stay soft).
    static void keepFeetPlanted(HumanoidPose &pose);

private:
    HumanoidPose stance(float frontFoot, float backFoot) const;

    HumanoidPose m_rest;
    HumanoidArm m_ready;
};

} // namespace bpat

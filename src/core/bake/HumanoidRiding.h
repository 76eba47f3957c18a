#pragma once
// The humanoid's mounted clips, in the horse's model space as the game's files have them: the
// pelvis on the saddle (SaddleHeight, above the baked horse's back), thighs astride the barrel,
// feet in the stirrups on the horse's flanks, reins in the left hand. riding_idle loops (sitting
// with the horse's breathing); riding_charge (leaning in, the weapon arm levelled forward,
// rising with the gallop), riding_reining (pulling the reins in, leaning back) and
// riding_bow_shot (a bow drawn and loosed from the saddle) are one-shots that start and end
// in the seated pose.
#include "bake/HumanoidPose.h"

namespace bpat {

class HumanoidRiding
{
public:
    explicit HumanoidRiding(HumanoidArm ready);

    static constexpr float SaddleHeight = 1.8f;  // pelvis above the ground under the horse
    static constexpr float StirrupHeight = 1.0f; // soles in the stirrups
    static constexpr float StirrupWidth = 0.42f; // |x| of a stirrup, outside the barrel

    HumanoidPose seated() const;
    HumanoidPose idle(float phase) const;    // riding_idle (loops)
    HumanoidPose charge(float phase) const;  // riding_charge
    HumanoidPose reining(float phase) const; // riding_reining
    HumanoidPose bowShot(float phase) const; // riding_bow_shot

private:
    HumanoidArm m_ready;
};

} // namespace bpat

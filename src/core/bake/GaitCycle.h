#pragma once
// Where a foot is during a looping gait, in the body's frame (the creature walks in place, as
// the game's clips do, and the ground streams backwards under it at the gait's speed).
//
// Each foot has a phase offset in the cycle and a duty factor (the fraction of the cycle it
// spends on the ground). During stance the foot is on the ground (height 0) and moves backwards
// at exactly the ground speed: it does not slide. During swing it is lifted and carried forward
// on a curve whose end velocities match the stance, so touch-down and lift-off are smooth.
// Everything is periodic in the cycle phase, so frame i sampled at phase i/N loops seamlessly.

namespace bpat {

class GaitCycle
{
public:
    struct Foot
    {
        float forward = 0.0f; // along the direction of travel, relative to the foot's neutral spot
        float height = 0.0f;  // above the ground
        bool stance = true;
        float swing = 0.0f; // 0..1 through the swing, 0 during stance
    };

    // stride: how far the ground moves during one whole cycle (speed * cycle duration).
    // duty: fraction of the cycle each foot is planted, in (0, 1]; 1 means never lifted.
    // lift: the swing's peak height.
    GaitCycle(float stride, float duty, float lift);

    float stride() const { return m_stride; }
    float duty() const { return m_duty; }
    // Distance the ground moves per unit of phase (== stride).
    float groundSpeedPerPhase() const { return m_stride; }

    Foot foot(float cyclePhase, float footOffset) const;

    static float wrap(float phase); // into [0, 1)

private:
    float m_stride;
    float m_duty;
    float m_lift;
};

} // namespace bpat

#include "bake/HumanoidRiding.h"

#include "bake/HumanoidAttacks.h"
#include "bake/KeyedChannel.h"

#include <cmath>
#include <numbers>

namespace bpat {

namespace {
constexpr float TwoPi = 2.0f * std::numbers::pi_v<float>;
const HumanoidArm ReinsL{0.55f, 0.08f, 0.0f, 1.15f, 0.1f};
const HumanoidArm ReinsR{0.55f, 0.08f, 0.0f, 1.15f, 0.1f};
} // namespace

HumanoidRiding::HumanoidRiding(HumanoidArm ready)
    : m_ready(ready)
{
}

HumanoidPose HumanoidRiding::seated() const
{
    HumanoidPose p;
    p.pelvis = {0.0f, SaddleHeight, -0.05f};
    p.pelvisPitch = 0.05f;
    p.spinePitch = 0.02f;
    p.footL = {QVector3D(-StirrupWidth, StirrupHeight, 0.12f), 0.25f};
    p.footR = {QVector3D(StirrupWidth, StirrupHeight, 0.12f), 0.25f};
    p.armL = ReinsL;
    p.armR = m_ready.raise > 0.3f ? m_ready : ReinsR; // a sword stays ready
    return p;
}

HumanoidPose HumanoidRiding::idle(float phase) const
{
    HumanoidPose p = seated();
    const float breath = std::sin(TwoPi * phase);
    p.pelvis += QVector3D(0.0f, 0.008f * breath, 0.0f);
    p.pelvisRoll = 0.015f * std::cos(TwoPi * phase);
    p.chestPitch = -0.02f * breath;
    p.headYaw = 0.25f * std::sin(TwoPi * phase + 0.4f); // looking about
    p.headPitch = 0.03f * std::cos(TwoPi * phase);
    p.armL.elbow += 0.05f * breath;
    p.armR.elbow += 0.05f * breath;
    return p;
}

HumanoidPose HumanoidRiding::charge(float phase) const
{
    // Lean in and level the weapon (0..0.25), ride the gallop's bounds (0.25..0.8: rising out of
    // the saddle twice), sit back up (0.8..1).
    HumanoidPose p = seated();
    const KeyedChannel in{{0.0f, 0.0f}, {0.25f, 1.0f}, {0.8f, 1.0f}, {1.0f, 0.0f}};
    const float k = in.at(phase);
    const float bounds = std::abs(std::sin(TwoPi * 2.0f * (phase - 0.25f)));
    p.pelvis += QVector3D(0.0f, 0.05f * k * bounds, 0.06f * k);
    p.spinePitch = 0.02f + 0.4f * k;
    p.headPitch = -0.35f * k;
    p.footL.position.setZ(0.12f - 0.08f * k); // heels back, weight in the stirrups
    p.footR.position.setZ(0.12f - 0.08f * k);
    const HumanoidArm start = seated().armR;
    const HumanoidArm levelled{1.35f, 0.15f, 0.0f, 0.25f, 0.0f};
    p.armR = HumanoidArm{start.raise + (levelled.raise - start.raise) * k, start.abduct + (levelled.abduct - start.abduct) * k,
                         start.twist, start.elbow + (levelled.elbow - start.elbow) * k, start.wrist * (1.0f - k)};
    p.armL.raise = ReinsL.raise + 0.3f * k; // reins forward, giving the horse its head
    p.armL.elbow = ReinsL.elbow - 0.4f * k;
    return p;
}

HumanoidPose HumanoidRiding::reining(float phase) const
{
    // Both hands draw the reins back to the belly while the rider leans back and braces in the
    // stirrups (0..0.4), hold (..0.65), give the reins again (..1).
    HumanoidPose p = seated();
    const KeyedChannel pull{{0.0f, 0.0f}, {0.4f, 1.0f}, {0.65f, 1.0f}, {1.0f, 0.0f}};
    const float k = pull.at(phase);
    const HumanoidArm pulled{-0.15f, 0.2f, 0.0f, 2.0f, 0.3f};
    auto blend = [k](const HumanoidArm &a, const HumanoidArm &b) {
        return HumanoidArm{a.raise + (b.raise - a.raise) * k, a.abduct + (b.abduct - a.abduct) * k, a.twist,
                           a.elbow + (b.elbow - a.elbow) * k, a.wrist + (b.wrist - a.wrist) * k};
    };
    p.armL = blend(ReinsL, pulled);
    p.armR = blend(seated().armR, pulled);
    p.spinePitch = 0.02f - 0.25f * k;
    p.headPitch = 0.1f * k;
    p.pelvis += QVector3D(0.0f, 0.0f, -0.04f * k);
    p.footL.position.setZ(0.12f + 0.12f * k); // legs braced forward
    p.footR.position.setZ(0.12f + 0.12f * k);
    return p;
}

HumanoidPose HumanoidRiding::bowShot(float phase) const
{
    // The same draw and loose as standing, from the saddle: only the chest turns.
    HumanoidPose p = seated();
    const KeyedChannel turn{{0.0f, 0.15f}, {0.15f, 0.75f}, {0.8f, 0.75f}, {1.0f, 0.15f}};
    const float t = turn.at(phase);
    p.spineYaw = 0.4f * t;
    p.chestYaw = 0.6f * t;
    p.headYaw = -0.95f * t;
    HumanoidAttacks::bowArms(p, phase, t);
    return p;
}

} // namespace bpat

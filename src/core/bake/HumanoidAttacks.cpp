#include "bake/HumanoidAttacks.h"

#include "bake/KeyedChannel.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace bpat {

namespace {
constexpr float HalfPi = std::numbers::pi_v<float> / 2.0f;

// Highest the pelvis may sit so that a planted foot stays reachable.
float reachLimit(const HumanoidPose &pose, const HumanoidFoot &foot, float side)
{
    const float reach = 0.985f * (HumanoidPose::ThighLength + HumanoidPose::ShinLength);
    const float dx = foot.position.x() - (pose.pelvis.x() + side * HumanoidPose::HipSpan);
    const float dz = foot.position.z() - pose.pelvis.z();
    return foot.position.y() + HumanoidPose::SoleHeight + std::sqrt(std::max(0.0f, reach * reach - dx * dx - dz * dz));
}
} // namespace

HumanoidAttacks::HumanoidAttacks(HumanoidPose rest, HumanoidArm ready)
    : m_rest(rest)
    , m_ready(ready)
{
}

void HumanoidAttacks::keepFeetPlanted(HumanoidPose &pose)
{
    pose.pelvis.setY(std::min({pose.pelvis.y(), reachLimit(pose, pose.footL, -1.0f), reachLimit(pose, pose.footR, 1.0f)}));
}

HumanoidPose HumanoidAttacks::stance(float frontFoot, float backFoot) const
{
    // Left foot forward, right foot back: a right-handed fighter's stance.
    HumanoidPose p = m_rest;
    p.footL.position = QVector3D(-HumanoidPose::StanceWidth - 0.02f, 0.0f, frontFoot);
    p.footR.position = QVector3D(HumanoidPose::StanceWidth + 0.02f, 0.0f, backFoot);
    p.armR = m_ready;
    return p;
}

HumanoidPose HumanoidAttacks::swordSweep(float phase) const
{
    // Wind up with the blade out to the right and the shoulders turned back (0..0.3), sweep it
    // level across the front to the left (0.3..0.5), follow through, recover.
    HumanoidPose p = stance(0.2f, -0.16f);
    const HumanoidArm &r = m_ready;
    const KeyedChannel raise{{0.0f, r.raise}, {0.3f, 1.45f}, {0.5f, 1.4f}, {0.65f, 1.2f}, {1.0f, r.raise}};
    const KeyedChannel abduct{{0.0f, r.abduct}, {0.3f, 1.35f}, {0.5f, -0.45f}, {0.65f, -0.55f}, {1.0f, r.abduct}};
    const KeyedChannel elbow{{0.0f, r.elbow}, {0.3f, 0.9f}, {0.5f, 0.1f}, {0.65f, 0.3f}, {1.0f, r.elbow}};
    const KeyedChannel twist{{0.0f, 0.0f}, {0.3f, 0.6f}, {0.5f, -0.55f}, {0.65f, -0.6f}, {1.0f, 0.0f}};
    const KeyedChannel crouch{{0.0f, 0.02f}, {0.3f, 0.05f}, {0.5f, 0.08f}, {1.0f, 0.02f}};
    p.armR = HumanoidArm{raise.at(phase), abduct.at(phase), r.twist, elbow.at(phase), r.wrist};
    p.armL = HumanoidArm{0.3f, 0.35f + 0.3f * twist.at(phase), 0.0f, 0.9f, 0.0f};
    p.chestYaw = twist.at(phase);
    p.pelvisYaw = 0.4f * twist.at(phase);
    p.headYaw = -0.7f * twist.at(phase);
    p.spinePitch = 0.08f;
    p.pelvis.setY(HumanoidPose::StandingHeight - crouch.at(phase));
    keepFeetPlanted(p);
    return p;
}

HumanoidPose HumanoidAttacks::swordThrust(float phase) const
{
    // Draw the blade back at the hip (0..0.3), lunge and thrust it straight ahead (0.3..0.45),
    // hold, withdraw to the guard.
    HumanoidPose p = stance(0.3f, -0.2f);
    const HumanoidArm &r = m_ready;
    const KeyedChannel raise{{0.0f, r.raise}, {0.3f, 0.2f}, {0.45f, 1.5f}, {0.6f, 1.45f}, {1.0f, r.raise}};
    const KeyedChannel elbow{{0.0f, r.elbow}, {0.3f, 1.9f}, {0.45f, 0.05f}, {0.6f, 0.1f}, {1.0f, r.elbow}};
    const KeyedChannel abduct{{0.0f, r.abduct}, {0.3f, 0.3f}, {0.45f, 0.0f}, {1.0f, r.abduct}};
    const KeyedChannel lunge{{0.0f, 0.0f}, {0.3f, -0.05f}, {0.45f, 0.16f}, {0.6f, 0.15f}, {1.0f, 0.0f}};
    const KeyedChannel lean{{0.0f, 0.03f}, {0.3f, -0.02f}, {0.45f, 0.25f}, {0.6f, 0.22f}, {1.0f, 0.03f}};
    const KeyedChannel turn{{0.0f, 0.0f}, {0.3f, 0.4f}, {0.45f, -0.3f}, {0.6f, -0.3f}, {1.0f, 0.0f}};
    p.armR = HumanoidArm{raise.at(phase), abduct.at(phase), r.twist, elbow.at(phase), 0.0f};
    p.armL = HumanoidArm{-0.4f * lunge.at(phase) / 0.16f + 0.1f, 0.45f, 0.0f, 0.5f, 0.0f};
    p.chestYaw = turn.at(phase);
    p.pelvisYaw = 0.5f * turn.at(phase);
    p.spinePitch = lean.at(phase);
    p.headPitch = -0.7f * lean.at(phase);
    p.pelvis = {0.0f, HumanoidPose::StandingHeight - 0.03f - 0.5f * std::max(0.0f, lunge.at(phase)), lunge.at(phase)};
    keepFeetPlanted(p);
    return p;
}

HumanoidPose HumanoidAttacks::spearThrust(float phase) const
{
    // Both hands on the shaft at the right hip, the right hand behind: draw back (0..0.3), drive
    // the point forward at chest height with a lunge (0.3..0.45), hold, pull back.
    HumanoidPose p = stance(0.28f, -0.2f);
    const KeyedChannel rRaise{{0.0f, 0.35f}, {0.3f, -0.25f}, {0.45f, 0.95f}, {0.6f, 0.9f}, {1.0f, 0.35f}};
    const KeyedChannel rElbow{{0.0f, 1.3f}, {0.3f, 1.7f}, {0.45f, 0.55f}, {0.6f, 0.6f}, {1.0f, 1.3f}};
    const KeyedChannel lRaise{{0.0f, 0.8f}, {0.3f, 0.6f}, {0.45f, 1.35f}, {0.6f, 1.3f}, {1.0f, 0.8f}};
    const KeyedChannel lElbow{{0.0f, 1.0f}, {0.3f, 1.3f}, {0.45f, 0.2f}, {0.6f, 0.25f}, {1.0f, 1.0f}};
    const KeyedChannel lunge{{0.0f, 0.0f}, {0.3f, -0.06f}, {0.45f, 0.18f}, {0.6f, 0.17f}, {1.0f, 0.0f}};
    const KeyedChannel turn{{0.0f, 0.25f}, {0.3f, 0.5f}, {0.45f, -0.15f}, {0.6f, -0.15f}, {1.0f, 0.25f}};
    p.armR = HumanoidArm{rRaise.at(phase), 0.25f, 0.0f, rElbow.at(phase), 0.2f};
    p.armL = HumanoidArm{lRaise.at(phase), -0.45f, 0.0f, lElbow.at(phase), 0.0f}; // across, on the shaft
    p.chestYaw = turn.at(phase);
    p.pelvisYaw = 0.5f * turn.at(phase);
    p.spinePitch = 0.05f + 0.9f * std::max(0.0f, lunge.at(phase));
    p.headYaw = -0.6f * turn.at(phase);
    p.pelvis = {0.0f, HumanoidPose::StandingHeight - 0.05f - 0.4f * std::max(0.0f, lunge.at(phase)), lunge.at(phase)};
    keepFeetPlanted(p);
    return p;
}

HumanoidPose HumanoidAttacks::spearOverhand(float phase) const
{
    // The spear raised over the right shoulder, point forward (0..0.35), stabbed forward and
    // down (0.35..0.5), recovered.
    HumanoidPose p = stance(0.22f, -0.18f);
    const KeyedChannel raise{{0.0f, 0.4f}, {0.35f, 2.5f}, {0.5f, 1.25f}, {0.65f, 1.15f}, {1.0f, 0.4f}};
    const KeyedChannel elbow{{0.0f, 1.2f}, {0.35f, 1.7f}, {0.5f, 0.15f}, {0.65f, 0.2f}, {1.0f, 1.2f}};
    const KeyedChannel wrist{{0.0f, 0.0f}, {0.35f, -0.5f}, {0.5f, 0.2f}, {1.0f, 0.0f}};
    const KeyedChannel lean{{0.0f, 0.03f}, {0.35f, -0.08f}, {0.5f, 0.3f}, {0.65f, 0.28f}, {1.0f, 0.03f}};
    const KeyedChannel turn{{0.0f, 0.0f}, {0.35f, 0.35f}, {0.5f, -0.25f}, {1.0f, 0.0f}};
    p.armR = HumanoidArm{raise.at(phase), 0.3f, 0.0f, elbow.at(phase), wrist.at(phase)};
    p.armL = HumanoidArm{0.9f - lean.at(phase), 0.3f, 0.0f, 0.7f, 0.0f}; // forward, for balance
    p.chestYaw = turn.at(phase);
    p.pelvisYaw = 0.4f * turn.at(phase);
    p.spinePitch = lean.at(phase);
    p.headPitch = -0.6f * lean.at(phase);
    p.pelvis = {0.0f, HumanoidPose::StandingHeight - 0.03f - 0.2f * std::max(0.0f, lean.at(phase)), 0.3f * lean.at(phase)};
    keepFeetPlanted(p);
    return p;
}

HumanoidPose HumanoidAttacks::spearSweep(float phase) const
{
    // Crouched, the shaft held low in both hands, swept from the right across to the left at
    // knee height (0.3..0.55), then back up to the guard.
    HumanoidPose p = stance(0.2f, -0.2f);
    p.footL.position.setX(-0.22f);
    p.footR.position.setX(0.22f);
    const KeyedChannel crouch{{0.0f, 0.04f}, {0.3f, 0.2f}, {0.55f, 0.22f}, {0.75f, 0.15f}, {1.0f, 0.04f}};
    const KeyedChannel turn{{0.0f, 0.1f}, {0.3f, 0.75f}, {0.55f, -0.75f}, {0.75f, -0.6f}, {1.0f, 0.1f}};
    const KeyedChannel reach{{0.0f, 0.5f}, {0.3f, 0.75f}, {0.55f, 0.8f}, {1.0f, 0.5f}};
    p.armR = HumanoidArm{reach.at(phase), 0.2f + 0.4f * turn.at(phase), 0.0f, 0.5f, 0.0f};
    p.armL = HumanoidArm{reach.at(phase) + 0.25f, 0.2f - 0.4f * turn.at(phase), 0.0f, 0.6f, 0.0f};
    p.chestYaw = turn.at(phase);
    p.pelvisYaw = 0.35f * turn.at(phase);
    p.spinePitch = 0.15f + crouch.at(phase);
    p.headPitch = -0.2f - crouch.at(phase);
    p.headYaw = -0.5f * turn.at(phase);
    p.pelvis = {0.0f, HumanoidPose::StandingHeight - crouch.at(phase), -0.03f};
    keepFeetPlanted(p);
    return p;
}

void HumanoidAttacks::bowArms(HumanoidPose &p, float phase, float turn)
{
    // Keys: raise the bow (0..0.15), draw (0.15..0.5), aim (0.5..0.68), release (0.68..0.72: the
    // string hand flies back past the ear), lower the bow (0.8..1). In the chest's frame the
    // target lies at angle `turn` to the left of straight ahead: the bow arm points there, and
    // the drawing arm's upper arm points the opposite way, along the arrow, behind the shoulder.
    const float back = std::numbers::pi_v<float> / 2.0f - turn + 0.15f; // elbow out, level with the ear
    const KeyedChannel bowRaise{{0.0f, 0.3f}, {0.15f, HalfPi}, {0.8f, HalfPi}, {1.0f, 0.3f}};
    const KeyedChannel bowElbow{{0.0f, 0.6f}, {0.15f, 0.05f}, {0.8f, 0.05f}, {1.0f, 0.6f}};
    const KeyedChannel drawAbduct{{0.0f, 0.2f},         {0.15f, 0.2f - turn}, {0.5f, back}, {0.68f, back},
                                  {0.72f, back + 0.2f}, {0.8f, back + 0.15f}, {1.0f, 0.2f}};
    const KeyedChannel drawElbow{{0.0f, 0.5f},  {0.15f, 0.3f}, {0.5f, 2.55f}, {0.68f, 2.55f},
                                 {0.72f, 1.4f}, {0.8f, 1.3f},  {1.0f, 0.5f}};
    const KeyedChannel drawRaise{{0.0f, 0.3f}, {0.15f, HalfPi}, {0.8f, HalfPi}, {1.0f, 0.3f}};
    const KeyedChannel drawTwist{{0.0f, 0.0f}, {0.15f, 0.0f}, {0.5f, HalfPi}, {0.8f, HalfPi}, {1.0f, 0.0f}};
    p.armL = HumanoidArm{bowRaise.at(phase), turn, 0.0f, bowElbow.at(phase), 0.0f};
    p.armR = HumanoidArm{drawRaise.at(phase), drawAbduct.at(phase), drawTwist.at(phase), drawElbow.at(phase), 0.0f};
}

HumanoidPose HumanoidAttacks::bowShot(float phase) const
{
    // Side-on to the target, left shoulder forward; the head turns to look along the arrow.
    HumanoidPose p = m_rest;
    p.footL.position = QVector3D(-0.2f, 0.0f, 0.12f);
    p.footR.position = QVector3D(0.2f, 0.0f, -0.12f);
    const KeyedChannel turn{{0.0f, 0.2f}, {0.15f, 1.2f}, {0.8f, 1.2f}, {1.0f, 0.2f}};
    const float t = turn.at(phase);
    p.pelvisYaw = 0.5f * t;
    p.chestYaw = 0.5f * t;
    p.headYaw = -0.95f * t;
    p.spinePitch = 0.02f;
    p.pelvis.setY(HumanoidPose::StandingHeight - 0.02f);
    bowArms(p, phase, t);
    keepFeetPlanted(p);
    return p;
}

} // namespace bpat

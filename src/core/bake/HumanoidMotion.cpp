#include "bake/HumanoidMotion.h"

#include "bake/GaitCycle.h"
#include "bake/HumanoidAttacks.h"
#include "bake/HumanoidRiding.h"
#include "bake/KeyedChannel.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace bpat {

namespace {

constexpr float Pi = std::numbers::pi_v<float>;
constexpr float TwoPi = 2.0f * Pi;

struct Gait
{
    float stride, duty, lift, lean, armSwing, elbow, bob, lowerBy, yaw;
};
constexpr Gait WalkGait{1.0f, 0.6f, 0.11f, 0.05f, 0.35f, 0.3f, 0.02f, 0.02f, 0.09f};
constexpr Gait RunGait{2.2f, 0.36f, 0.22f, 0.16f, 0.55f, 1.35f, 0.035f, 0.07f, 0.14f};

HumanoidFoot neutralFoot(float side, float forward = 0.02f)
{
    return {QVector3D(side * HumanoidPose::StanceWidth, 0.0f, forward), 0.0f};
}

// Highest the pelvis may sit so that a planted foot stays reachable (keeps the knee soft).
float reachLimit(const HumanoidPose &pose, const HumanoidFoot &foot, float side)
{
    const float reach = 0.985f * (HumanoidPose::ThighLength + HumanoidPose::ShinLength);
    const float dx = foot.position.x() - (pose.pelvis.x() + side * HumanoidPose::HipSpan);
    const float dz = foot.position.z() - pose.pelvis.z();
    const float horizontal = dx * dx + dz * dz;
    return foot.position.y() + HumanoidPose::SoleHeight + std::sqrt(std::max(0.0f, reach * reach - horizontal));
}

} // namespace

HumanoidMotion::HumanoidMotion(bool swordReady)
    : m_swordReady(swordReady)
{
}

QList<ClipSpec> HumanoidMotion::clips()
{
    // The game's order; the first four and riding_idle loop.
    return {{QStringLiteral("idle"), 24, 24.0f, true},
            {QStringLiteral("walk"), 24, 24.0f, true},
            {QStringLiteral("run"), 24, 24.0f, true},
            {QStringLiteral("hold"), 16, 24.0f, true},
            {QStringLiteral("attack_sword_a"), 24, 24.0f, false},
            {QStringLiteral("attack_sword_b"), 24, 24.0f, false},
            {QStringLiteral("attack_sword_c"), 24, 24.0f, false},
            {QStringLiteral("attack_spear_a"), 24, 24.0f, false},
            {QStringLiteral("attack_spear_b"), 24, 24.0f, false},
            {QStringLiteral("attack_spear_c"), 24, 24.0f, false},
            {QStringLiteral("attack_bow"), 24, 24.0f, false},
            {QStringLiteral("riding_idle"), 24, 24.0f, true},
            {QStringLiteral("riding_charge"), 24, 24.0f, false},
            {QStringLiteral("riding_reining"), 24, 24.0f, false},
            {QStringLiteral("riding_bow_shot"), 24, 24.0f, false}};
}

QList<SocketSpec> HumanoidMotion::sockets()
{
    // Bone indices of the game's humanoid rig: Chest 3, Head 5, HandL 9, HandR 13, HipL 14,
    // FootL 16, HipR 17, FootR 19.
    return {{QStringLiteral("head"), 5, {}},
            {QStringLiteral("hand_r"), 13, {}},
            {QStringLiteral("hand_l"), 9, {}},
            {QStringLiteral("back"), 3, {0.0f, 0.10f, -0.12f}},
            {QStringLiteral("hip_l"), 14, {0.0f, -0.02f, 0.0f}},
            {QStringLiteral("hip_r"), 17, {0.0f, -0.02f, 0.0f}},
            {QStringLiteral("chest_front"), 3, {0.0f, 0.05f, 0.15f}},
            {QStringLiteral("chest_back"), 3, {0.0f, 0.05f, -0.15f}},
            {QStringLiteral("foot_l"), 16, {}},
            {QStringLiteral("foot_r"), 19, {}}};
}

std::function<QList<QMatrix4x4>(int clip, float phase)> HumanoidMotion::clipPalette(const QList<ClipSpec> &clips) const
{
    return [motion = *this, clips](int clip, float phase) { return motion.pose(clips.at(clip).name, phase).palette(); };
}

float HumanoidMotion::walkStride()
{
    return WalkGait.stride;
}
float HumanoidMotion::runStride()
{
    return RunGait.stride;
}

HumanoidArm HumanoidMotion::restingArm() const
{
    return HumanoidArm{0.0f, 0.12f, 0.0f, 0.2f, 0.0f};
}

HumanoidArm HumanoidMotion::swordArm() const
{
    // Upper arm a little forward and out, forearm raised: the blade held ready in front.
    return HumanoidArm{0.45f, 0.2f, 0.3f, 1.3f, -0.35f};
}

HumanoidPose HumanoidMotion::restPose() const
{
    HumanoidPose p;
    p.pelvis = {0.0f, HumanoidPose::StandingHeight, 0.0f};
    p.armL = restingArm();
    p.armR = m_swordReady ? swordArm() : restingArm();
    p.footL = neutralFoot(-1.0f);
    p.footR = neutralFoot(1.0f);
    return p;
}

HumanoidPose HumanoidMotion::pose(const QString &clip, float phase) const
{
    if (clip == QLatin1String("walk"))
        return locomotion(phase, false);
    if (clip == QLatin1String("run"))
        return locomotion(phase, true);
    if (clip == QLatin1String("hold"))
        return hold(phase);
    if (clip == QLatin1String("attack_sword_a"))
        return attackSword(phase);
    const HumanoidArm ready = m_swordReady ? swordArm() : HumanoidArm{0.35f, 0.15f, 0.2f, 1.1f, -0.2f};
    const HumanoidAttacks attacks(restPose(), ready);
    if (clip == QLatin1String("attack_sword_b"))
        return attacks.swordSweep(phase);
    if (clip == QLatin1String("attack_sword_c"))
        return attacks.swordThrust(phase);
    if (clip == QLatin1String("attack_spear_a"))
        return attacks.spearThrust(phase);
    if (clip == QLatin1String("attack_spear_b"))
        return attacks.spearOverhand(phase);
    if (clip == QLatin1String("attack_spear_c"))
        return attacks.spearSweep(phase);
    if (clip == QLatin1String("attack_bow"))
        return attacks.bowShot(phase);
    const HumanoidRiding riding(m_swordReady ? swordArm() : restingArm());
    if (clip == QLatin1String("riding_idle"))
        return riding.idle(phase);
    if (clip == QLatin1String("riding_charge"))
        return riding.charge(phase);
    if (clip == QLatin1String("riding_reining"))
        return riding.reining(phase);
    if (clip == QLatin1String("riding_bow_shot"))
        return riding.bowShot(phase);
    return idle(phase);
}

HumanoidPose HumanoidMotion::idle(float phase) const
{
    // One slow breath per loop, the weight drifting a little from foot to foot.
    HumanoidPose p = restPose();
    const float breath = std::sin(TwoPi * phase);
    const float drift = std::cos(TwoPi * phase);
    p.pelvis += QVector3D(0.012f * drift, -0.006f * (1.0f - breath) * 0.5f, 0.0f);
    p.pelvisRoll = -0.02f * drift;
    p.chestPitch = -0.025f * breath;
    p.chestRoll = 0.02f * drift;
    p.headYaw = 0.06f * std::sin(TwoPi * phase + 0.6f);
    p.headPitch = 0.02f * breath;
    p.armL.raise += 0.03f * breath;
    p.armL.elbow += 0.05f * (1.0f + breath);
    if (!m_swordReady) {
        p.armR.raise += 0.03f * breath;
        p.armR.elbow += 0.05f * (1.0f + breath);
    } else {
        p.armR.wrist += 0.05f * breath;
    }
    return p;
}

HumanoidPose HumanoidMotion::locomotion(float phase, bool running) const
{
    const Gait &g = running ? RunGait : WalkGait;
    const GaitCycle cycle(g.stride, g.duty, g.lift);
    HumanoidPose p = restPose();
    // Left foot strikes at phase 0, the right one half a cycle later.
    const GaitCycle::Foot left = cycle.foot(phase, 0.0f);
    const GaitCycle::Foot right = cycle.foot(phase, 0.5f);
    auto place = [&](HumanoidFoot &foot, float side, const GaitCycle::Foot &f) {
        foot.position = QVector3D(side * HumanoidPose::StanceWidth * (running ? 0.7f : 1.0f), f.height, 0.02f + f.forward);
        // Toes down after lift-off, level again (slightly up) before touch-down.
        foot.pitch = f.stance ? 0.0f : 0.6f * std::sin(Pi * f.swing) * (1.0f - f.swing) - 0.2f * std::sin(Pi * f.swing) * f.swing;
    };
    place(p.footL, -1.0f, left);
    place(p.footR, 1.0f, right);

    // Mid-stance of each foot (phase duty/2 and 0.5 + duty/2) is where a walker is highest and a
    // runner lowest; the body sways over the planted foot.
    const float midStance = 0.5f * g.duty;
    const float twice = std::cos(2.0f * TwoPi * (phase - midStance));
    p.pelvis.setY(HumanoidPose::StandingHeight - g.lowerBy + (running ? -g.bob : g.bob) * twice);
    p.pelvis.setX(-0.025f * std::cos(TwoPi * (phase - midStance)) * (running ? 0.5f : 1.0f));
    // Keep both feet within reach: the pelvis drops rather than a planted foot lifting. (Applied
    // to the swinging foot too, whose target is raised, so the limit stays continuous.)
    p.pelvis.setY(std::min({p.pelvis.y(), reachLimit(p, p.footL, -1.0f), reachLimit(p, p.footR, 1.0f)}));

    const float swing = std::cos(TwoPi * phase); // +1 when the left foot is forward
    p.pelvisYaw = g.yaw * swing;
    p.pelvisRoll = 0.04f * std::cos(TwoPi * (phase - midStance));
    p.spinePitch = g.lean;
    p.chestYaw = -1.6f * g.yaw * swing; // shoulders counter-rotate against the hips
    p.headYaw = 0.5f * g.yaw * swing;   // the head keeps looking ahead
    p.headPitch = -0.6f * g.lean;
    p.chestPitch = 0.01f * twice;
    // Arms swing against the legs: the left arm is forward when the right foot is.
    p.armL.raise = -g.armSwing * swing;
    p.armL.elbow = g.elbow + 0.25f * std::max(0.0f, -swing);
    if (m_swordReady) {
        p.armR = swordArm();
        p.armR.raise += 0.1f * g.armSwing * swing;
        p.armR.elbow += running ? 0.15f : 0.0f;
    } else {
        p.armR.raise = g.armSwing * swing;
        p.armR.elbow = g.elbow + 0.25f * std::max(0.0f, swing);
    }
    return p;
}

HumanoidPose HumanoidMotion::hold(float phase) const
{
    // Braced stance holding something in both hands in front of the chest (a shield, reins,
    // a pole; with a sword, the guard raised), breathing.
    HumanoidPose p = restPose();
    const float breath = std::sin(TwoPi * phase);
    p.pelvis = {0.0f, HumanoidPose::StandingHeight - 0.05f - 0.005f * breath, -0.02f};
    p.footL = neutralFoot(-1.0f, 0.12f);
    p.footR = neutralFoot(1.0f, -0.1f);
    p.footL.position.setX(-0.16f);
    p.footR.position.setX(0.16f);
    p.spinePitch = 0.08f;
    p.chestPitch = -0.02f * breath;
    p.headPitch = -0.06f;
    p.armL = HumanoidArm{0.7f + 0.02f * breath, 0.05f, 0.2f, 1.1f, 0.0f};
    p.armR = m_swordReady ? HumanoidArm{0.95f + 0.02f * breath, 0.25f, 0.35f, 1.5f, -0.5f}
                          : HumanoidArm{0.7f + 0.02f * breath, 0.05f, 0.2f, 1.1f, 0.0f};
    return p;
}

HumanoidPose HumanoidMotion::attackSword(float phase) const
{
    // A one-shot overhead slash with the right hand: wind-up (0..0.3), strike (0.3..0.48),
    // follow-through and recovery to the ready pose. Feet stay planted in a staggered stance;
    // the weight shifts onto the front foot with the strike.
    HumanoidPose p = restPose();
    const HumanoidArm ready = m_swordReady ? swordArm() : HumanoidArm{0.35f, 0.15f, 0.2f, 1.1f, -0.2f};
    p.footL = neutralFoot(-1.0f, 0.2f);
    p.footR = neutralFoot(1.0f, -0.16f);
    const KeyedChannel raise{{0.0f, ready.raise}, {0.3f, 2.7f}, {0.48f, 0.25f}, {0.62f, 0.15f}, {1.0f, ready.raise}};
    const KeyedChannel elbow{{0.0f, ready.elbow}, {0.3f, 1.7f}, {0.48f, 0.15f}, {0.62f, 0.2f}, {1.0f, ready.elbow}};
    const KeyedChannel abduct{{0.0f, ready.abduct}, {0.3f, 0.35f}, {0.48f, 0.05f}, {1.0f, ready.abduct}};
    const KeyedChannel wrist{{0.0f, ready.wrist}, {0.3f, -0.6f}, {0.48f, 0.3f}, {1.0f, ready.wrist}};
    const KeyedChannel twist{{0.0f, 0.0f}, {0.3f, 0.45f}, {0.48f, -0.4f}, {0.65f, -0.3f}, {1.0f, 0.0f}};
    const KeyedChannel lean{{0.0f, 0.03f}, {0.3f, -0.05f}, {0.48f, 0.35f}, {0.65f, 0.3f}, {1.0f, 0.03f}};
    const KeyedChannel shift{{0.0f, 0.0f}, {0.3f, -0.06f}, {0.48f, 0.1f}, {0.65f, 0.09f}, {1.0f, 0.0f}};
    const KeyedChannel crouch{{0.0f, 0.02f}, {0.3f, 0.03f}, {0.48f, 0.09f}, {0.65f, 0.08f}, {1.0f, 0.02f}};
    p.armR = HumanoidArm{raise.at(phase), abduct.at(phase), ready.twist, elbow.at(phase), wrist.at(phase)};
    p.armL = HumanoidArm{-0.35f * lean.at(phase) + 0.2f, 0.3f, 0.0f, 0.6f, 0.0f};
    p.chestYaw = twist.at(phase);
    p.pelvisYaw = 0.4f * twist.at(phase);
    p.spinePitch = lean.at(phase);
    p.headPitch = -0.7f * lean.at(phase);
    p.headYaw = -0.6f * twist.at(phase);
    p.pelvis = {0.0f, HumanoidPose::StandingHeight - crouch.at(phase), shift.at(phase)};
    p.pelvis.setY(std::min({p.pelvis.y(), reachLimit(p, p.footL, -1.0f), reachLimit(p, p.footR, 1.0f)}));
    return p;
}

} // namespace bpat

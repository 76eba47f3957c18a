#include "bake/QuadrupedMotion.h"

#include "bake/AxisTurns.h"
#include "bake/GaitCycle.h"
#include "mesh/PoseBuilder.h"
#include "rebake/TwoBoneIk.h"

#include <QQuaternion>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace bpat {

namespace {
constexpr float Pi = std::numbers::pi_v<float>;
constexpr float TwoPi = 2.0f * Pi;
using turns::aboutX;
using turns::aboutY;
using turns::aboutZ;
bool isFront(int leg)
{
    return leg == LegFL || leg == LegFR;
}
float sideOf(int leg)
{
    return (leg == LegFL || leg == LegBL) ? 1.0f : -1.0f;
} // L at +X
} // namespace

QuadrupedMotion::QuadrupedMotion(QuadrupedBody body, QList<ClipSpec> clips, QList<QuadrupedGait> gaits)
    : m_body(std::move(body))
    , m_clips(std::move(clips))
    , m_gaits(std::move(gaits))
{
    Q_ASSERT(m_clips.size() == m_gaits.size());
    Q_ASSERT(m_body.rig.boneCount() == 16);
}

SpeciesManifest QuadrupedMotion::manifest(const QuadrupedBody &body, const QList<ClipSpec> &clips,
                                          const QList<QuadrupedGait> &gaits)
{
    SpeciesManifest m;
    m.rig = body.rig;
    m.soleHeight = body.soleHeight;
    m.clips = clips;
    const QuadrupedMotion motion(body, clips, gaits);
    m.bindPalette = motion.restPalette();
    m.clipPalette = [motion](int clip, float phase) { return motion.palette(clip, phase); };
    return m;
}

QVector3D QuadrupedMotion::hipLocal(int leg) const
{
    QVector3D hip = isFront(leg) ? m_body.frontHip : m_body.backHip;
    hip.setX(hip.x() * sideOf(leg));
    return hip;
}

QVector3D QuadrupedMotion::neutralFoot(int leg) const
{
    const QVector3D hip = hipLocal(leg);
    return {hip.x(), 0.0f, hip.z()};
}

QList<QMatrix4x4> QuadrupedMotion::restPalette() const
{
    Pose pose;
    pose.root = {0.0f, m_body.height, 0.0f};
    for (int leg = 0; leg < 4; ++leg)
        pose.feet[leg] = neutralFoot(leg);
    return toPalette(pose);
}

QList<QMatrix4x4> QuadrupedMotion::palette(int clip, float phase) const
{
    const QuadrupedGait &gait = m_gaits.at(clip);
    if (gait.fight)
        return toPalette(fightPose(gait, phase));
    return toPalette(gait.duty >= 1.0f ? idlePose(phase) : gaitPose(gait, phase));
}

QuadrupedMotion::Pose QuadrupedMotion::idlePose(float phase) const
{
    // Standing square: breathing, the weight shifting gently, the head nodding and looking round.
    Pose pose;
    const float breath = std::sin(TwoPi * phase);
    pose.root = {0.015f * std::cos(TwoPi * phase), m_body.height - 0.01f * (1.0f - breath), 0.0f};
    pose.roll = 0.015f * std::cos(TwoPi * phase);
    pose.breath = 0.02f * breath;
    pose.neckNod = 0.08f * std::sin(TwoPi * phase + 1.0f);
    pose.headNod = -0.1f * std::sin(TwoPi * phase);
    pose.neckYaw = 0.15f * std::sin(TwoPi * phase);
    pose.tipSwing = 0.25f * std::sin(TwoPi * phase + 0.5f);
    for (int leg = 0; leg < 4; ++leg)
        pose.feet[leg] = neutralFoot(leg);
    return pose;
}

QuadrupedMotion::Pose QuadrupedMotion::gaitPose(const QuadrupedGait &gait, float phase) const
{
    const GaitCycle cycle(gait.stride, gait.duty, gait.lift);
    Pose pose;
    for (int leg = 0; leg < 4; ++leg) {
        const GaitCycle::Foot f = cycle.foot(phase, gait.strike[leg]);
        pose.feet[leg] = neutralFoot(leg) + QVector3D(0.0f, f.height, f.forward);
        // The hoof flips back after lift-off and reaches forward before touch-down.
        pose.footPitch[leg] = f.stance ? 0.0f : 0.9f * std::sin(Pi * f.swing) * (1.0f - f.swing);
    }
    pose.pitch = gait.pitch * std::sin(TwoPi * (phase - gait.pitchPhase));
    pose.neckNod = gait.nod * std::sin(TwoPi * (phase - gait.pitchPhase));
    pose.headNod = -0.5f * pose.neckNod;
    pose.tipSwing = 0.5f * gait.nod * std::sin(TwoPi * (phase - gait.pitchPhase) - 1.0f);
    const float heave = gait.heave * std::cos(TwoPi * gait.heaveCycles * (phase - gait.heavePhase));
    float height = m_body.height - gait.lower + heave;
    // The body rides no higher than its legs reach: every foot target (the swinging ones are
    // raised) must stay within 98.5% of its leg's length, so planted feet never leave the ground.
    for (int leg = 0; leg < 4; ++leg)
        height = reachHeight(pose, leg, height);
    pose.root = {0.0f, height, 0.0f};
    return pose;
}

float QuadrupedMotion::reachHeight(const Pose &pose, int leg, float height) const
{
    const float reach = 0.985f * (isFront(leg) ? m_body.frontUpper + m_body.frontLower : m_body.backUpper + m_body.backLower);
    QMatrix4x4 rootRot;
    rootRot.rotate(aboutX(pose.pitch));
    const QVector3D hip = rootRot.map(hipLocal(leg)) + QVector3D(pose.root.x(), 0.0f, pose.root.z());
    const QVector3D d = pose.feet[leg] - QVector3D(hip.x(), 0.0f, hip.z());
    const float horizontal = d.x() * d.x() + d.z() * d.z();
    return std::min(height,
                    pose.feet[leg].y() + m_body.soleHeight - hip.y() + std::sqrt(std::max(0.0f, reach * reach - horizontal)));
}

QuadrupedMotion::Pose QuadrupedMotion::fightPose(const QuadrupedGait &gait, float phase) const
{
    // up: 0 standing square at phase 0, fully reared at 0.5, down again at 1 (seamless loop).
    const float up = 0.5f - 0.5f * std::cos(TwoPi * phase);
    const float lifted = std::clamp((up - 0.15f) / 0.5f, 0.0f, 1.0f); // front feet off the ground
    const float ease = lifted * lifted * (3.0f - 2.0f * lifted);
    Pose pose;
    pose.pitch = -gait.rear * up; // nose up
    pose.root = {0.0f, m_body.height + 0.5f * gait.rear * up * m_body.height * 0.3f, -0.25f * gait.rear * up};
    pose.neckNod = -gait.nod * up + 0.3f * gait.nod * std::sin(TwoPi * 3.0f * phase) * ease;
    pose.headNod = -0.5f * pose.neckNod;
    pose.neckYaw = gait.swing * 0.3f * std::sin(TwoPi * phase);
    pose.tipSwing = gait.swing * std::sin(TwoPi * 2.0f * phase);
    for (int leg = 0; leg < 4; ++leg)
        pose.feet[leg] = neutralFoot(leg);
    // The hind feet stay planted: the body rises no higher than they reach.
    float height = pose.root.y();
    for (int leg : {LegBL, LegBR})
        height = reachHeight(pose, leg, height);
    pose.root.setY(height);
    // The front feet lift with the forehand and strike out in turn, forward and down.
    QMatrix4x4 root;
    root.translate(pose.root);
    root.rotate(aboutX(pose.pitch));
    for (int leg : {LegFL, LegFR}) {
        const QVector3D hip = root.map(hipLocal(leg));
        const float length = m_body.frontUpper + m_body.frontLower;
        const float strike = std::sin(TwoPi * 2.0f * phase + (leg == LegFL ? 0.0f : std::numbers::pi_v<float>));
        // Folded at the knee under the chest, reaching forward in turn.
        const QVector3D tucked = hip
            + QVector3D(0.0f, -0.55f * length - m_body.soleHeight + 0.3f * gait.paw * strike,
                        0.2f * length + gait.paw * (0.5f + 0.5f * strike));
        QVector3D foot = pose.feet[leg] * (1.0f - ease) + tucked * ease;
        foot.setY(std::max(0.0f, foot.y()));
        pose.feet[leg] = foot;
        pose.footPitch[leg] = 0.8f * ease;
    }
    return pose;
}

QList<QMatrix4x4> QuadrupedMotion::toPalette(const Pose &pose) const
{
    PoseBuilder builder(m_body.rig);
    const QQuaternion rootRot = aboutX(pose.pitch) * aboutZ(pose.roll);
    builder.setLocal(0, pose.root, rootRot);
    QMatrix4x4 barrel;
    barrel.scale(m_body.barrelExtents * (1.0f + pose.breath));
    builder.setLocal(1, barrel);

    const QMatrix4x4 rootGlobal = builder.global(0);
    const QVector3D rootForward = rootGlobal.mapVector(QVector3D(0, 0, 1));
    for (int leg = 0; leg < 4; ++leg) {
        const int upper = 2 + 3 * leg, lower = upper + 1, foot = upper + 2;
        const bool front = isFront(leg);
        const QVector3D hip = rootGlobal.map(hipLocal(leg));
        const TwoBoneIkSolution ik = TwoBoneIk::solve(
            hip, pose.feet[leg] + QVector3D(0, m_body.soleHeight, 0), front ? m_body.frontUpper : m_body.backUpper,
            front ? m_body.frontLower : m_body.backLower, rootForward * (front ? m_body.frontBend : m_body.backBend));
        const QVector3D lateral(1, 0, 0);
        builder.setGlobal(upper, hip, PoseBuilder::frameFromY(ik.middle - hip, lateral));
        builder.setGlobal(lower, ik.middle, PoseBuilder::frameFromY(ik.end - ik.middle, lateral));
        // Upright, level with the ground, tipped by its pitch during the swing (positive: toe down).
        builder.setGlobal(foot, ik.end, aboutX(pose.footPitch[leg]));
    }

    // Head bones: upright frames that nod (about X) and turn (about Y); bone 15's origin swings
    // round bone 14's (the horse's head, the elephant's trunk tip).
    builder.setLocal(14, m_body.headBase, aboutY(pose.neckYaw) * aboutX(pose.neckNod));
    const QQuaternion swing = aboutX(pose.headNod) * aboutY(pose.tipSwing);
    builder.setLocal(15, swing.rotatedVector(m_body.headTip), swing);
    return builder.palette();
}

} // namespace bpat

#pragma once
// One pose of the game's 20-bone humanoid, described by a few joint angles and two foot targets,
// and turned into a palette of global bone transforms by forward kinematics (legs placed by
// two-bone IK, then stored as locals like every other bone).
//
// Conventions (those of the game's humanoid files): Y up, the creature faces +Z, the "L" side
// of the rig is at -X. Bone frames have their origin at the bone's head and Y along the bone.
// Hands and feet keep the game's orientation: a hand's Y axis points back up the forearm (the
// hand extends along -Y), a flat foot's frame is Y up, Z to the toes, its origin under the
// ankle at SoleHeight (the game's 0.022 m) when planted.
#include <QList>
#include <QMatrix4x4>
#include <QVector3D>

namespace bpat {

struct HumanoidArm
{
    float raise = 0.0f;  // radians, positive swings the arm forward
    float abduct = 0.1f; // radians, positive lifts it sideways away from the body
    float twist = 0.0f;  // radians about the upper arm
    float elbow = 0.15f; // radians of flexion, positive bends the forearm forward
    float wrist = 0.0f;  // radians of flexion
};

struct HumanoidFoot
{
    QVector3D position; // model space, sole under the ankle
    float pitch = 0.0f; // radians, positive points the toes down
};

struct HumanoidPose
{
    QVector3D pelvis{0.0f, 0.93f, 0.0f}; // model-space position of Root/Pelvis
    float pelvisYaw = 0.0f, pelvisRoll = 0.0f, pelvisPitch = 0.0f;
    float spinePitch = 0.0f, spineYaw = 0.0f; // positive pitch leans forward
    float chestPitch = 0.0f, chestYaw = 0.0f, chestRoll = 0.0f;
    float neckPitch = 0.0f, headPitch = 0.0f, headYaw = 0.0f;
    HumanoidArm armL, armR;
    HumanoidFoot footL, footR; // positions given with the sole on the ground at y = 0

    QList<QMatrix4x4> palette() const;

    // Body measurements, metres.
    static constexpr float SpineLength = 0.19f, ChestLength = 0.37f, NeckLength = 0.13f;
    static constexpr float ShoulderSpan = 0.25f, ShoulderHeight = 0.28f; // in the chest's frame
    static constexpr float UpperArmLength = 0.28f, ForearmLength = 0.25f;
    static constexpr float HipSpan = 0.1f;
    static constexpr float ThighLength = 0.47f, ShinLength = 0.47f; // shin ends at the foot's origin
    static constexpr float StanceWidth = 0.12f;                     // |x| of a foot's neutral spot
    static constexpr float StandingHeight = 0.935f;                 // pelvis height standing, knees soft
    static constexpr float SoleHeight = 0.022f;                     // foot origin above the ground when planted
};

} // namespace bpat

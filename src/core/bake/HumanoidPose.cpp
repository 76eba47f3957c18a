#include "bake/HumanoidPose.h"

#include "bake/AxisTurns.h"
#include "mesh/PoseBuilder.h"
#include "mesh/Rig.h"
#include "species/SpeciesRig.h"
#include "rebake/TwoBoneIk.h"

#include <QQuaternion>
#include <cmath>
#include <numbers>

namespace bpat {

namespace {

using turns::aboutX;
using turns::aboutY;
using turns::aboutZ;

// side: -1 for the rig's L side (at -X), +1 for R.
void poseArm(PoseBuilder &pose, int shoulder, int upper, int fore, int hand, float side, const HumanoidArm &arm)
{
    pose.setLocal(shoulder, QVector3D(side * HumanoidPose::ShoulderSpan, HumanoidPose::ShoulderHeight, 0), QQuaternion());
    // Hanging down is a half turn about X (Y down, Z back, as in the game's files); then the
    // sideways lift, the forward swing and the twist along the arm.
    const QQuaternion upperRot =
        aboutX(-arm.raise) * aboutZ(side * arm.abduct) * aboutX(std::numbers::pi_v<float>) * aboutY(side * arm.twist);
    pose.setLocal(upper, QVector3D(), upperRot);
    pose.setLocal(fore, QVector3D(0, HumanoidPose::UpperArmLength, 0), aboutX(-arm.elbow));
    // The hand's frame is the forearm's turned half round about X, like the game's hands (Y up
    // when the arm hangs): the hand extends along its -Y, beyond the wrist.
    pose.setLocal(hand, QVector3D(0, HumanoidPose::ForearmLength, 0), aboutX(-arm.wrist) * aboutX(std::numbers::pi_v<float>));
}

void poseLeg(PoseBuilder &pose, int hip, int knee, int foot, float side, const HumanoidFoot &target, int pelvis)
{
    const QMatrix4x4 pelvisGlobal = pose.global(pelvis);
    const QVector3D hipPos = pelvisGlobal.map(QVector3D(side * HumanoidPose::HipSpan, 0, 0));
    const QVector3D lateral = pelvisGlobal.mapVector(QVector3D(1, 0, 0)).normalized();
    const QVector3D forward = pelvisGlobal.mapVector(QVector3D(0, 0, 1)).normalized();
    const QVector3D ankle = target.position + QVector3D(0, HumanoidPose::SoleHeight, 0);
    const TwoBoneIkSolution ik = TwoBoneIk::solve(hipPos, ankle, HumanoidPose::ThighLength, HumanoidPose::ShinLength, forward);
    pose.setGlobal(hip, hipPos, PoseBuilder::frameFromY(ik.middle - hipPos, lateral));
    pose.setGlobal(knee, ik.middle, PoseBuilder::frameFromY(ik.end - ik.middle, lateral));
    // Feet as in the game's files: Y up, Z to the toes when flat; pitch turns them about X.
    pose.setGlobal(foot, ik.end, aboutX(target.pitch));
}

} // namespace

QList<QMatrix4x4> HumanoidPose::palette() const
{
    static const Rig humanoid = SpeciesRig::ofVersion(Species::Humanoid, 1)->rig(); // the game's 20 bones
    PoseBuilder pose(humanoid);
    const int root = pose.boneIndex("Root"), pelvisBone = pose.boneIndex("Pelvis");
    pose.setLocal(root, pelvis, QQuaternion());
    pose.setLocal(pelvisBone, QVector3D(), aboutY(pelvisYaw) * aboutZ(pelvisRoll) * aboutX(pelvisPitch));
    pose.setLocal(pose.boneIndex("Spine"), QVector3D(), aboutY(spineYaw) * aboutX(spinePitch));
    pose.setLocal(pose.boneIndex("Chest"), QVector3D(0, SpineLength, 0),
                  aboutY(chestYaw) * aboutZ(chestRoll) * aboutX(chestPitch));
    pose.setLocal(pose.boneIndex("Neck"), QVector3D(0, ChestLength, 0), aboutX(neckPitch));
    pose.setLocal(pose.boneIndex("Head"), QVector3D(0, NeckLength, 0), aboutY(headYaw) * aboutX(headPitch));
    poseArm(pose, pose.boneIndex("ShoulderL"), pose.boneIndex("UpperArmL"), pose.boneIndex("ForearmL"), pose.boneIndex("HandL"),
            -1.0f, armL);
    poseArm(pose, pose.boneIndex("ShoulderR"), pose.boneIndex("UpperArmR"), pose.boneIndex("ForearmR"), pose.boneIndex("HandR"),
            1.0f, armR);
    poseLeg(pose, pose.boneIndex("HipL"), pose.boneIndex("KneeL"), pose.boneIndex("FootL"), -1.0f, footL, pelvisBone);
    poseLeg(pose, pose.boneIndex("HipR"), pose.boneIndex("KneeR"), pose.boneIndex("FootR"), 1.0f, footR, pelvisBone);
    return pose.palette();
}

} // namespace bpat

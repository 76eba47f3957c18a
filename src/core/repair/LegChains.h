#pragma once
// The leg chains of a rig (upper leg, lower leg, foot) that the foot lock and the ground's IK bend.
//
// This is the one place the motion repairs ask for legs. Until the species catalogue (issue 39,
// src/core/species/) names each species' legs, a foot's chain is read off the skeleton: its
// parent is the lower leg, the grandparent the upper leg, and neither may be a root (a foot that
// hangs from the root through one bone is an IK control, as the 50-bone horse's FF.L under
// IKFrontLeg.L: that rig's legs are not found this way and are named as such). The humanoid's
// HipL -> KneeL -> FootL, the wildlife rig's ShoulderFL -> KneeFL -> FootFL, the 16-bone
// horse and elephant and the 32-bone elephant's legs all are.
#include "motion/MotionRig.h"
#include "motionedit/MotionSkeleton.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace bpat {

struct LegChain
{
    int upper = -1; // rotates about its origin (the hip); its parent is the pelvis (or chest)
    int lower = -1; // the knee
    int foot = -1;  // the end the IK places
    QString label;  // the foot's label ("foot_l", "front_r")
    bool isValid() const { return upper >= 0 && lower >= 0 && foot >= 0; }
};

class LegChains
{
public:
    // One chain per foot of the rig that has one; *notes names the feet without.
    static QList<LegChain> of(const MotionRig &rig, const MotionSkeleton &skeleton, QStringList *notes = nullptr);
};

} // namespace bpat

#pragma once
// The leg chains of a rig (upper leg, lower leg, foot) that the foot lock and the ground's IK bend.
//
// This is the one place the motion repairs ask for legs: the species catalogue's leg of each foot
// (species/SpeciesRig::legs, from the rig descriptions), where it is a two-bone chain ending at
// the foot. A rig the catalogue names no legs for is read off the skeleton: the foot's parent is
// the lower leg, the grandparent the upper leg, and neither may be a root. A foot that hangs from
// the rig's IK controls (the 50-bone horse's FF.L under IKFrontLeg.L) has no chain the repairs
// bend, and is named as such.
#include "motion/MotionRig.h"
#include "motionedit/MotionSkeleton.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace bpat {

struct IkLeg
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
    static QList<IkLeg> of(const MotionRig &rig, const MotionSkeleton &skeleton, QStringList *notes = nullptr);
};

} // namespace bpat

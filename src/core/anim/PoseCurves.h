#pragma once
// The 7 float curves of a pose (camera or one hand joint), in file order.
#include "anim/ComponentCurves.h"
#include "anim/PoseSample.h"

#include <QString>

namespace bpat {

enum class PoseComponent {
    PositionX = 0,
    PositionY,
    PositionZ,
    RotationX,
    RotationY,
    RotationZ,
    RotationW
};
constexpr int PoseComponentCount = 7;
QString poseComponentName(PoseComponent component); // "PositionX" ... "RotationW"

using PoseCurves = ComponentCurves<PoseComponent, PoseSample, PoseComponentCount>;

} // namespace bpat

#pragma once
// The 6 float curves of a ray (eye gaze), in file order.
#include "anim/ComponentCurves.h"
#include "anim/RaySample.h"

#include <QString>

namespace bpat {

enum class RayComponent {
    OriginX = 0,
    OriginY,
    OriginZ,
    DirectionX,
    DirectionY,
    DirectionZ
};
constexpr int RayComponentCount = 6;
QString rayComponentName(RayComponent component); // "OriginX" ... "DirectionZ"

using RayCurves = ComponentCurves<RayComponent, RaySample, RayComponentCount>;

} // namespace bpat

#pragma once
// The 6 float curves of a ray (eye gaze), in file order.
#include "anim/FloatCurve.h"
#include "anim/RaySample.h"

#include <QString>
#include <array>

namespace bpat {

enum class RayComponent { OriginX = 0, OriginY, OriginZ, DirectionX, DirectionY, DirectionZ };
constexpr int RayComponentCount = 6;
QString rayComponentName(RayComponent component); // "OriginX" ... "DirectionZ"

struct RayCurves
{
    std::array<FloatCurve, RayComponentCount> curves;

    FloatCurve &operator[](RayComponent c) { return curves[size_t(c)]; }
    const FloatCurve &operator[](RayComponent c) const { return curves[size_t(c)]; }

    RaySample evaluate(double time) const;

    friend bool operator==(const RayCurves &, const RayCurves &) = default;
};

} // namespace bpat

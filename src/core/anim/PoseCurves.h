#pragma once
// The 7 float curves of a pose (camera or one hand joint), in file order.
#include "anim/FloatCurve.h"
#include "anim/PoseSample.h"

#include <QString>
#include <array>

namespace bpat {

enum class PoseComponent { PositionX = 0, PositionY, PositionZ, RotationX, RotationY, RotationZ, RotationW };
constexpr int PoseComponentCount = 7;
QString poseComponentName(PoseComponent component); // "PositionX" ... "RotationW"

struct PoseCurves
{
    std::array<FloatCurve, PoseComponentCount> curves;

    FloatCurve &operator[](PoseComponent c) { return curves[size_t(c)]; }
    const FloatCurve &operator[](PoseComponent c) const { return curves[size_t(c)]; }

    // Random access (binary search per component). For increasing times use PoseCursor.
    PoseSample evaluate(double time) const;

    friend bool operator==(const PoseCurves &, const PoseCurves &) = default;
};

} // namespace bpat

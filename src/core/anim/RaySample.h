#pragma once
// A ray evaluated from 6 ray curves (eye gaze): origin as evaluated, direction normalized.
#include <QVector3D>
#include <array>

namespace bpat {

struct RaySample
{
    QVector3D origin;
    QVector3D direction; // unit length, or zero when the curves give a zero direction

    // From raw component values (OriginX, Y, Z, DirectionX, Y, Z).
    static RaySample fromComponents(const std::array<double, 6> &components);
    // Unity (left-handed) -> right-handed Y-up: z negated on both.
    RaySample toRightHandedYUp() const;

    friend bool operator==(const RaySample &, const RaySample &) = default;
};

} // namespace bpat

#pragma once
// A pose evaluated from 7 pose curves: position and unit rotation, in Unity's left-handed Y-up
// frame as recorded, with a conversion to right-handed Y-up (OpenGL / Qt math).
#include <QMatrix4x4>
#include <QQuaternion>
#include <QVector3D>
#include <array>

namespace bpat {

struct PoseSample
{
    QVector3D position;
    QQuaternion rotation; // unit length; identity when the curves give a zero quaternion

    // From raw component values (PositionX, Y, Z, RotationX, Y, Z, W): the quaternion is
    // normalized component-wise (no slerp, no hemisphere fix); zero or non-finite -> identity.
    static PoseSample fromComponents(const std::array<double, 7> &components);
    // fromComponents() of two poses at once, into *first and *second: the same double
    // operations lane by lane (SSE2: one square root and one division for both), so the same
    // floats. A sweep that converts many poses per frame spends its time in those two
    // instructions, which the processor does not overlap with each other.
    static void fromComponentsPair(const std::array<double, 7> &a, const std::array<double, 7> &b, PoseSample *first,
                                   PoseSample *second);

    // Translation * rotation, mapping local coordinates to the parent frame.
    QMatrix4x4 matrix() const;
    // Unity (left-handed) -> right-handed Y-up: p = (x, y, -z), q = (-x, -y, z, w). Inline: the
    // rebaker converts every bone of every frame and composes it at once, from registers.
    PoseSample toRightHandedYUp() const
    {
        return PoseSample{QVector3D(position.x(), position.y(), -position.z()),
                          QQuaternion(rotation.scalar(), -rotation.x(), -rotation.y(), rotation.z())};
    }

    friend bool operator==(const PoseSample &, const PoseSample &) = default;
};

} // namespace bpat

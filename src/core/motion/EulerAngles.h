#pragma once
// Rotations as graph editors show them, in double precision: Euler angles in any of the six
// axis orders, unit quaternions, and 3x3 rotation matrices (row-major, m[row][col]), with the
// conversions between them and the unwrapping that keeps a sampled curve continuous.
//
// Convention (Blender's, Maya's): order XYZ means the X rotation is applied first, then Y, then
// Z, about the parent's fixed axes: R = Rz(z) * Ry(y) * Rx(x). Angles are degrees. Each order
// has two angle triples for one rotation, (a, b, c) and (a + 180, 180 - b, c + 180), each up to
// multiples of 360; fromMatrix() returns the one with the middle angle in [-90, 90], and
// closestTo() the one nearest to a previous sample, so curves do not jump at +-180.
#include <QString>
#include <array>
#include <optional>

namespace bpat {

enum class EulerOrder {
    XYZ,
    XZY,
    YXZ,
    YZX,
    ZXY,
    ZYX
};
constexpr int EulerOrderCount = 6;

namespace euler {

using Matrix3 = std::array<std::array<double, 3>, 3>; // m[row][col]
using Angles = std::array<double, 3>;                 // degrees about X, Y, Z (not in order)
using Quaternion = std::array<double, 4>;             // w, x, y, z

QString orderName(EulerOrder order); // "XYZ"
std::optional<EulerOrder> orderFromName(const QString &name);
// The axes in the order they are applied: XYZ -> {0, 1, 2}, ZXY -> {2, 0, 1}.
std::array<int, 3> axes(EulerOrder order);

// The angles of a rotation matrix (orthonormal, determinant 1), middle angle in [-90, 90]. At
// gimbal lock (the middle angle at +-90) the last axis gets 0 and the first takes the rest.
Angles fromMatrix(const Matrix3 &m, EulerOrder order);
Matrix3 toMatrix(const Angles &degrees, EulerOrder order);

// The triple for the same rotation as `angles` nearest to `previous` (each angle moved by
// multiples of 360, and the order's second solution considered).
Angles closestTo(const Angles &angles, const Angles &previous, EulerOrder order);

// Unit quaternion of a rotation matrix, and back.
Quaternion quaternionFromMatrix(const Matrix3 &m);
Matrix3 matrixFromQuaternion(const Quaternion &q);
// q or -q (the same rotation), whichever is nearer to `previous`: a continuous curve.
Quaternion sameHemisphere(const Quaternion &q, const Quaternion &previous);

} // namespace euler
} // namespace bpat

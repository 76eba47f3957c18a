#pragma once
// The palette rows of a pose-driven bone without QMatrix4x4: translate(position) *
// rotate(rotation) * offset, stored row-major (16 floats), computed with the same float
// operations in the same order as QMatrix4x4 performs them for the flag states this product
// always has (Qt 6: identity + translation, a quaternion rotation, a rigid offset), so the bits
// are identical to RecipePoser::storeRowMajor of the QMatrix4x4 product, zeros' signs and
// infinities included (tst_PoseRows compares them; a NaN stays a NaN, though which of two NaNs
// an operation returns is the compiler's choice of operand order, in Qt's inline product too).
// No flag checks, no copies of 4x4 matrices: four columns of four floats, multiplied and added
// as vectors. Needs the project's flags: no -ffast-math, and no FMA contraction (x86-64
// baseline code has no FMA instructions; a -march with FMA would fuse a * b + c differently).
#include <QMatrix4x4>
#include <QQuaternion>
#include <QVector3D>

#include <array>

namespace bpat {

class PoseRows
{
public:
    // The offset matrix as QMatrix4x4 stores it (column-major); it must have been made by
    // translate() and rotate(QQuaternion) on an identity matrix (RigidTransform::matrix()), so
    // that QMatrix4x4 multiplies by it with its general product.
    using Columns = std::array<float, 16>;
    static Columns columns(const QMatrix4x4 &offset);

    // out[r * 4 + c] = (translate(position) * rotate(rotation) * offset)(r, c). The pose comes
    // by value, in registers: read back from memory just after being written as separate floats
    // it cost a failed store forwarding per bone.
    static void compose(QVector3D position, QQuaternion rotation, const Columns &offset, float *out);
};

} // namespace bpat

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
//
// Most poses take a shorter product with the same bits (docs/rebake.md, "Composing poses"):
// of QMatrix4x4's 32 multiplications and 24 additions of columns, 12 and 9 are left, the
// others being exact multiplications by the 0s and 1s of the translation and of the rigid
// matrices' last rows (and none at all with an offset that is the identity, as in the
// built-in hands recipe). Leaving out a term that is a signed zero changes a sum only where the
// sum is itself zero, so the short product is kept only when the 12 elements of the rows
// 0-2 it gives are finite and not zero (nearly always with real poses); any other pose is
// composed again with the full product.
#include <QMatrix4x4>
#include <QQuaternion>
#include <QVector3D>

#include <array>

namespace bpat {

class PoseRows
{
public:
    // The offset matrix, prepared once per bone: it must have been made by translate() and
    // rotate(QQuaternion) on an identity matrix (RigidTransform::matrix()), so that QMatrix4x4
    // multiplies by it with its general product.
    struct Offset
    {
        // Column-major, as QMatrix4x4 stores it.
        std::array<float, 16> columns{};
        // Rows 0-2 of each column, each element repeated four times (element k of column c at
        // [c * 3 + k]), for the short product.
        alignas(16) std::array<std::array<float, 4>, 12> splats{};
        // Which product compose() takes: the full one, or the short one (with an offset whose
        // last row is exactly +0, +0, +0, 1 and whose elements are finite), which also leaves
        // out the multiplications by the 1s and 0s of an offset without rotation (its 3x3 part
        // exactly the identity, zeros of either sign) and, without translation either, its
        // translation column's.
        enum class Product : quint8 {
            Full,
            Rigid,
            Translation,
            Identity
        };
        Product product = Product::Full;
    };
    static Offset prepare(const QMatrix4x4 &offset);

    // out[r * 4 + c] = (translate(position) * rotate(rotation) * offset)(r, c). The pose comes
    // by value, in registers: read back from memory just after being written as separate floats
    // it cost a failed store forwarding per bone.
    static void compose(QVector3D position, QQuaternion rotation, const Offset &offset, float *out);

    // The same with QMatrix4x4's full product every time (what compose() falls back to; the
    // reference tst_PoseRows holds the short product to).
    static void composeFull(QVector3D position, QQuaternion rotation, const Offset &offset, float *out);
};

} // namespace bpat

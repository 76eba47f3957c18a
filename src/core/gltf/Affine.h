#pragma once
// Double-precision 4x4 affine matrices (row-major, as in BPAT palettes) and the TRS form glTF
// nodes use (translation, rotation quaternion x y z w, scale), for exact conversion between
// palettes and glTF. Decomposition handles non-uniform and negative scale; a matrix with shear
// (or a projective row) has no TRS form, and decompose() reports how far its best TRS is off.
#include <array>
#include <optional>
#include <span>

namespace bpat {

using Matrix4d = std::array<double, 16>; // row-major
using Quat = std::array<double, 4>;      // x, y, z, w (glTF order)

struct Trs
{
    std::array<double, 3> translation{0, 0, 0};
    Quat rotation{0, 0, 0, 1};
    std::array<double, 3> scale{1, 1, 1};
};

class Affine
{
public:
    static Matrix4d identity();
    static Matrix4d fromRowMajor(std::span<const float> sixteen);
    static std::array<float, 16> toRowMajorFloats(const Matrix4d &m);
    static std::array<float, 16> toColumnMajorFloats(const Matrix4d &m); // glTF accessor order
    static Matrix4d fromColumnMajor(std::span<const double> sixteen);
    static Matrix4d multiply(const Matrix4d &a, const Matrix4d &b);
    // Inverse of an affine matrix (last row 0 0 0 1, written exactly); nullopt when singular.
    static std::optional<Matrix4d> inverseAffine(const Matrix4d &m);
    static double maxDifference(const Matrix4d &a, const Matrix4d &b);

    static Matrix4d compose(const Trs &trs);
    // The TRS whose composition is closest to m: scale = column lengths (the first negated when
    // the linear part mirrors), rotation = the nearest rotation to the normalised columns.
    // *residual = maxDifference(compose(result), m): 0 up to rounding for a TRS matrix, larger
    // when m has shear, a projective row, or a zero scale.
    static Trs decompose(const Matrix4d &m, double *residual = nullptr);

    static Quat normalized(const Quat &q);
    static double dot(const Quat &a, const Quat &b);
    // Shortest-path spherical interpolation (glTF LINEAR for rotations).
    static Quat slerp(const Quat &a, const Quat &b, double t);
    static Matrix4d rotationMatrix(const Quat &q);
};

} // namespace bpat

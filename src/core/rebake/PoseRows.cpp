#include "rebake/PoseRows.h"

#include <cmath>
#include <cstring>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace bpat {

namespace {

// Four floats as one vector (GCC and clang vector extension): + and * act lane by lane with the
// IEEE single-precision rounding of the scalar operations, so a lane computes what the scalar
// expression computes.
typedef float Float4 __attribute__((vector_size(16)));

inline Float4 splat(float s)
{
    return Float4{s, s, s, s};
}

// Column c of a * b, given b's column c: QMatrix4x4's general product (operator* and *=) for
// each element of the column, m(r, c) = a(r, 0) * b(0, c) + a(r, 1) * b(1, c) + a(r, 2) * b(2, c)
// + a(r, 3) * b(3, c), summed left to right.
inline Float4 productColumn(const Float4 *a, const float *bColumn)
{
    return a[0] * splat(bColumn[0]) + a[1] * splat(bColumn[1]) + a[2] * splat(bColumn[2]) + a[3] * splat(bColumn[3]);
}

// The columns of rotate(rotation) exactly as QMatrix4x4::rotate(const QQuaternion &) builds
// them (its last row and column: +0, +0, +0, 1).
struct Rotation
{
    Float4 columns[4];
};

inline Rotation rotationColumns(QQuaternion rotation)
{
    const float x = rotation.x(), y = rotation.y(), z = rotation.z(), w = rotation.scalar();
    const float f2x = x + x;
    const float f2y = y + y;
    const float f2z = z + z;
    const float f2xw = f2x * w;
    const float f2yw = f2y * w;
    const float f2zw = f2z * w;
    const float f2xx = f2x * x;
    const float f2xy = f2x * y;
    const float f2xz = f2x * z;
    const float f2yy = f2y * y;
    const float f2yz = f2y * z;
    const float f2zz = f2z * z;
    return Rotation{{Float4{1.0f - (f2yy + f2zz), f2xy + f2zw, f2xz - f2yw, 0.0f},
                     Float4{f2xy - f2zw, 1.0f - (f2xx + f2zz), f2yz + f2xw, 0.0f},
                     Float4{f2xz + f2yw, f2yz - f2xw, 1.0f - (f2xx + f2yy), 0.0f}, Float4{0.0f, 0.0f, 0.0f, 1.0f}}};
}

// Row-major out from four columns.
inline void storeRows(const Float4 *global, float *out)
{
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c)
            out[r * 4 + c] = global[c][r];
    }
}

#if defined(__SSE2__)
// rotationColumns() in lanes: each element the same operations on the same floats (a product
// or a sum of two floats is the same either way round, and a - b is a + -b), columns 0-2 of the
// rotation with last lanes +0. About 25 instructions where building the vectors from the
// twelve scalar products took 60.
struct RotationLanes
{
    __m128 columns[3];
};

inline RotationLanes rotationLanes(QQuaternion rotation)
{
    __m128 q; // w, x, y, z (QQuaternion's order)
    static_assert(sizeof(QQuaternion) == sizeof q);
    std::memcpy(&q, &rotation, sizeof q);
    const __m128 f = _mm_add_ps(q, q);                               // 2w, f2x, f2y, f2z
    const __m128 f2 = _mm_shuffle_ps(f, f, _MM_SHUFFLE(0, 3, 2, 1)); // f2x, f2y, f2z
    const __m128 cross = _mm_mul_ps(_mm_shuffle_ps(f, f, _MM_SHUFFLE(0, 2, 1, 1)),
                                    _mm_shuffle_ps(q, q, _MM_SHUFFLE(0, 3, 3, 2))); // f2xy, f2xz, f2yz
    const __m128 byW = _mm_mul_ps(_mm_shuffle_ps(f, f, _MM_SHUFFLE(0, 1, 2, 3)),
                                  _mm_shuffle_ps(q, q, _MM_SHUFFLE(0, 0, 0, 0)));        // f2zw, f2yw, f2xw
    const __m128 square = _mm_mul_ps(f2, _mm_shuffle_ps(q, q, _MM_SHUFFLE(0, 3, 2, 1))); // f2xx, f2yy, f2zz
    const __m128 diagonalSum = _mm_add_ps(_mm_shuffle_ps(square, square, _MM_SHUFFLE(3, 0, 0, 1)),
                                          _mm_shuffle_ps(square, square, _MM_SHUFFLE(3, 1, 2, 2))); // yy+zz, xx+zz, xx+yy
    const __m128 diagonal = _mm_sub_ps(_mm_set1_ps(1.0f), diagonalSum);
    const __m128 plus = _mm_add_ps(cross, byW);  // f2xy + f2zw, f2xz + f2yw, f2yz + f2xw
    const __m128 minus = _mm_sub_ps(cross, byW); // f2xy - f2zw, f2xz - f2yw, f2yz - f2xw
    const __m128 lanes012 = _mm_castsi128_ps(_mm_setr_epi32(-1, -1, -1, 0));
    const __m128 diagonalPlus = _mm_unpacklo_ps(diagonal, plus);                   // d0, p0, d1, p1
    const __m128 minusDiagonal = _mm_unpacklo_ps(minus, diagonal);                 // m0, d0, m1, d1
    const __m128 plusMinus = _mm_shuffle_ps(plus, minus, _MM_SHUFFLE(2, 2, 1, 1)); // p1, p1, m2, m2
    return RotationLanes{{_mm_and_ps(_mm_shuffle_ps(diagonalPlus, minus, _MM_SHUFFLE(3, 1, 1, 0)), lanes012),
                          _mm_and_ps(_mm_shuffle_ps(minusDiagonal, plus, _MM_SHUFFLE(3, 2, 3, 0)), lanes012),
                          _mm_and_ps(_mm_shuffle_ps(plusMinus, diagonal, _MM_SHUFFLE(3, 2, 2, 0)), lanes012)}};
}
#endif

} // namespace

PoseRows::Offset PoseRows::prepare(const QMatrix4x4 &offset)
{
    Offset o;
    std::memcpy(o.columns.data(), offset.constData(), sizeof(float) * o.columns.size());
    for (int c = 0; c < 4; ++c) {
        for (int k = 0; k < 3; ++k)
            o.splats[size_t(c * 3 + k)].fill(o.columns[size_t(c * 4 + k)]);
    }
    const auto bitsOf = [&o](int c, int r) {
        quint32 b;
        std::memcpy(&b, &o.columns[size_t(c * 4 + r)], sizeof b);
        return b;
    };
    const quint32 one = 0x3f800000u; // 1.0f
    const quint32 magnitude = 0x7fffffffu;
    bool rigid = true, rotates = false, translates = false;
    for (int c = 0; c < 4; ++c) {
        rigid = rigid && bitsOf(c, 3) == (c == 3 ? one : 0u); // +0 exactly
        for (int r = 0; r < 3; ++r) {
            rigid = rigid && std::isfinite(o.columns[size_t(c * 4 + r)]);
            if (c == 3)
                translates = translates || (bitsOf(c, r) & magnitude) != 0;
            else
                rotates = rotates || (r == c ? bitsOf(c, r) != one : (bitsOf(c, r) & magnitude) != 0);
        }
    }
    o.product = !rigid ? Offset::Product::Full
        : rotates      ? Offset::Product::Rigid
        : translates   ? Offset::Product::Translation
                       : Offset::Product::Identity;
    return o;
}

void PoseRows::composeFull(QVector3D position, QQuaternion rotation, const Offset &offset, float *out)
{
    // QMatrix4x4 m; m.translate(position): the identity with the translation column set
    // (flags: Translation).
    const Float4 translated[4] = {Float4{1.0f, 0.0f, 0.0f, 0.0f}, Float4{0.0f, 1.0f, 0.0f, 0.0f}, Float4{0.0f, 0.0f, 1.0f, 0.0f},
                                  Float4{position.x(), position.y(), position.z(), 1.0f}};
    // m.rotate(rotation), then m *= it with the general product (flags Translation | Rotation).
    const Rotation rotate = rotationColumns(rotation);
    Float4 posed[4];
    for (int c = 0; c < 4; ++c) {
        float column[4];
        std::memcpy(column, &rotate.columns[c], sizeof column);
        posed[c] = productColumn(translated, column);
    }
    // m * offset: the general product again (both carry Rotation).
    Float4 global[4];
    for (int c = 0; c < 4; ++c)
        global[c] = productColumn(posed, offset.columns.data() + c * 4);
    storeRows(global, out); // RecipePoser::storeRowMajor
}

void PoseRows::compose(QVector3D position, QQuaternion rotation, const Offset &offset, float *out)
{
#if defined(__SSE2__)
    if (offset.product == Offset::Product::Full)
        return composeFull(position, rotation, offset, out);
    // translate(p) * rotate(q): its columns 0-2 are the rotation's own, up to the signs of
    // zeros (each element of them is the rotation's plus three signed zeros: the translation
    // times the rotation's last row, and the identity's zeros times the other elements); its
    // column 3 is p + 0 (the sum QMatrix4x4 computes, -0 made +0) over a 1.
    const RotationLanes r = rotationLanes(rotation);
    const __m128 translation = _mm_add_ps(_mm_setr_ps(position.x(), position.y(), position.z(), 1.0f), _mm_setzero_ps());
    // (translate * rotate) * offset: each column without the terms that are signed zeros (the
    // offset's last row, and the 0s of an offset without rotation or translation) and without
    // the multiplications by 1 (column 3's last row; an offset without rotation's diagonal).
    static_assert(alignof(Offset) >= alignof(__m128)); // the splats are read as aligned vectors
    const __m128 *s = reinterpret_cast<const __m128 *>(offset.splats.data());
    const auto column = [&](int c) {
        return _mm_add_ps(_mm_add_ps(_mm_mul_ps(r.columns[0], s[c * 3]), _mm_mul_ps(r.columns[1], s[c * 3 + 1])),
                          _mm_mul_ps(r.columns[2], s[c * 3 + 2]));
    };
    const bool rotates = offset.product == Offset::Product::Rigid;
    const __m128 g0 = rotates ? column(0) : r.columns[0];
    const __m128 g1 = rotates ? column(1) : r.columns[1];
    const __m128 g2 = rotates ? column(2) : r.columns[2];
    const __m128 g3 = offset.product == Offset::Product::Identity ? translation : _mm_add_ps(column(3), translation);
    // Equal to the full product wherever an element is neither zero nor NaN (a zero's sign
    // depends on the terms left out, and p's infinities make NaNs there): rows 0-2 must be
    // finite and non-zero, which they also are only when the rotation and p are finite. Their
    // product is finite and non-zero only then (or it underflows or overflows: the full
    // product again, which is only slower).
    const __m128 product = _mm_mul_ps(_mm_mul_ps(g0, g1), _mm_mul_ps(g2, g3));
    const __m128 magnitude = _mm_and_ps(product, _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)));
    const __m128 fine = _mm_and_ps(_mm_cmpgt_ps(magnitude, _mm_setzero_ps()),
                                   _mm_cmplt_ps(magnitude, _mm_set1_ps(std::numeric_limits<float>::infinity())));
    if ((_mm_movemask_ps(fine) & 7) != 7)
        return composeFull(position, rotation, offset, out);
    // Row-major rows 0-2; the last row is +0, +0, +0, 1 in the full product (the rotation's and
    // the offset's last rows).
    const __m128 low01 = _mm_unpacklo_ps(g0, g1), low23 = _mm_unpacklo_ps(g2, g3);
    const __m128 high01 = _mm_unpackhi_ps(g0, g1), high23 = _mm_unpackhi_ps(g2, g3);
    _mm_storeu_ps(out, _mm_movelh_ps(low01, low23));
    _mm_storeu_ps(out + 4, _mm_movehl_ps(low23, low01));
    _mm_storeu_ps(out + 8, _mm_movelh_ps(high01, high23));
    _mm_storeu_ps(out + 12, _mm_setr_ps(0.0f, 0.0f, 0.0f, 1.0f));
#else
    composeFull(position, rotation, offset, out);
#endif
}

} // namespace bpat

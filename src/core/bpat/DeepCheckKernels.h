#pragma once
// The deep checks' inner kernels (DeepChecker, BpsmValidator): branch-free tests that pass the
// common case (a matrix finite, affine and provably not degenerate; socket rows within the
// tolerance of what the palette gives) in registers and leave anything else to the exact checks,
// which decide and word every finding. The matrix test's rule and bound are here, with a plain
// C++ version of it; DeepMatrixScan runs it several matrices at a time (SSE2, AVX). The socket
// kernels are SSE2 where the compiler has it (every x86-64).
#include <QtGlobal>
#include <cmath>
#include <cstring>
#include <limits>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
// Code built for plain x86-64 still runs AVX kernels, chosen at run time
// (deepkernels::bestScanKernel, DeepMatrixScan.h): functions marked BPAT_AVX_TARGET, which only
// such a function may call.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define BPAT_AVX_KERNELS 1
#define BPAT_AVX_TARGET __attribute__((target("avx")))
#endif

namespace bpat::deepkernels {

inline bool allFinite(const float *v, int n)
{
    // An exponent of all ones (NaN or infinity) carries into bit 31 when 1 is added to it.
    quint32 carry = 0;
    for (int i = 0; i < n; ++i) {
        quint32 bits;
        std::memcpy(&bits, v + i, 4);
        carry |= (bits & 0x7f800000u) + 0x00800000u;
    }
    return (carry & 0x80000000u) == 0;
}

// The fast matrix test, four matrices at a time (their floats transposed into lanes, so the
// determinant is computed vertically, without horizontal sums or a branch per matrix). Whether
// all four are certainly fine: finite, affine and not degenerate by the exact checks' rules; the
// caller sends a batch that is not to the exact checks, matrix by matrix. Either layout:
// row-major (v1, v2, early v3: row r is floats 4r..4r+3) or column-major (late v3 skinning
// matrices: column c is floats 4c..4c+3).
//
// Per matrix, with e(r, c) its element in row r, column c:
// - the last row 0 0 0 1: the zeros of either sign (the exact checks compare floats), the 1
//   exactly (as bits, so NaN and everything else go to the exact checks);
// - every row sum of |upper 3x3| and every |translation| below `limit` (+inf: finite; late v3
//   asks 2^62 so that the global skin x bind is finite);
// - |det(upper 3x3)| computed in float at least minDet + slope * (product of the row sums).
//   Evaluated in float, det3 is within 5.01 u * perm(|M|) of the true value (u = 2^-24), and
//   perm(|M|) <= the product of the row sums of |M|: with slope 2^-20 (16 u) that covers the
//   float error, the exact check's double error and the rounding of the test itself, so a
//   matrix passes only when the exact check cannot call it degenerate, even with huge entries
//   and cancellation. A non-finite element makes det or a row sum non-finite (NaN and infinity
//   absorb +, -, *), and a NaN fails every comparison. Late v3 gives each bone its own minDet
//   and slope (DeepCheckerLate: det(global) = det(skin) det(bind) and the global's rounding).
struct DetBound
{
    float minDet = 0.0f; // NaN: nothing passes
    float slope = 0.0f;
};
inline constexpr float DetSlope = 1.0f / float(1 << 20); // 16 u
inline DetBound detBound(double minDet)
{
    // Rounded up from double to float with room to spare; a minimum of 0 or less flags nothing.
    const double bound = minDet > 0.0 ? minDet * (1.0 + 1.0 / (1 << 20)) + 1e-30 : minDet <= 0.0 ? 0.0 : minDet;
    return {float(bound), DetSlope};
}

// The tests on the elements e[r][c] (r, c < 3: the upper 3x3; c = 3: the translation) of one
// matrix, the same as the batch kernel's, for platforms without SSE2 and for tests.
inline bool elementsFine(const float e[3][4], float minDet, float slope, float limit)
{
    float rs[3];
    bool bounded = true;
    for (int r = 0; r < 3; ++r) {
        rs[r] = std::abs(e[r][0]) + std::abs(e[r][1]) + std::abs(e[r][2]);
        bounded &= rs[r] < limit && std::abs(e[r][3]) < limit;
    }
    const float c0 = e[1][1] * e[2][2] - e[1][2] * e[2][1];
    const float c1 = e[1][0] * e[2][2] - e[1][2] * e[2][0];
    const float c2 = e[1][0] * e[2][1] - e[1][1] * e[2][0];
    const float det = std::abs(e[0][0] * c0 - e[0][1] * c1 + e[0][2] * c2);
    const float threshold = minDet + slope * (rs[0] * rs[1] * rs[2]);
    return (int(bounded) & int(det >= threshold) & int(det <= std::numeric_limits<float>::max())) != 0;
}

template<bool ColumnMajor> inline bool matrixFineScalar(const uchar *bytes, float minDet, float slope, float limit)
{
    float m[16];
    std::memcpy(m, bytes, sizeof m);
    quint32 bits[16];
    std::memcpy(bits, bytes, sizeof bits);
    const int at = ColumnMajor ? 3 : 12, step = ColumnMajor ? 4 : 1; // the last row's floats
    // Zeros of either sign, as the exact checks compare; the 1 exactly.
    const bool affine =
        (((bits[at] | bits[at + step] | bits[at + 2 * step]) & 0x7fffffffu) | (bits[at + 3 * step] ^ 0x3f800000u)) == 0;
    float e[3][4];
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 4; ++c)
            e[r][c] = ColumnMajor ? m[c * 4 + r] : m[r * 4 + c];
    return (int(affine) & int(elementsFine(e, minDet, slope, limit))) != 0;
}

// BpatDocument::computeSocketRow's arithmetic, in the same order (same float results), inline.
inline void socketRow(const float *m, float x, float y, float z, float *row)
{
    for (int r = 0; r < 3; ++r) {
        const float *src = m + 4 * r;
        row[4 * r + 0] = src[0];
        row[4 * r + 1] = src[1];
        row[4 * r + 2] = src[2];
        row[4 * r + 3] = src[0] * x + src[1] * y + src[2] * z + src[3];
    }
}

#if defined(__SSE2__)
// One stored socket row (12 floats) beside the rows 0..2 of anchor * translate(x, y, z) as
// socketRow() computes them (translation lanes in the same operation order, so the same
// floats), laid out for a lane-wise comparison: stored[i] against expected[i], lanes 0..2 of
// each (the rotation parts of rows 0..2, then the three translations); and whether any stored
// float is NaN or infinite.
struct SocketRowLanes
{
    __m128 stored[4], expected[4];
    bool finite;
};

inline SocketRowLanes socketRowLanes(const uchar *stored, const uchar *anchor, __m128 x, __m128 y, __m128 z)
{
    const float *s = reinterpret_cast<const float *>(stored);
    const float *a = reinterpret_cast<const float *>(anchor);
    const __m128 s0 = _mm_loadu_ps(s), s1 = _mm_loadu_ps(s + 4), s2 = _mm_loadu_ps(s + 8);
    const __m128i exponent = _mm_set1_epi32(0x7f800000);
    auto infOrNan = [&](__m128 r) { return _mm_cmpeq_epi32(_mm_and_si128(_mm_castps_si128(r), exponent), exponent); };
    const __m128i bad = _mm_or_si128(infOrNan(s0), _mm_or_si128(infOrNan(s1), infOrNan(s2)));
    __m128 c0 = _mm_loadu_ps(a), c1 = _mm_loadu_ps(a + 4), c2 = _mm_loadu_ps(a + 8), c3 = _mm_setzero_ps();
    const __m128 r0 = c0, r1 = c1, r2 = c2;
    _MM_TRANSPOSE4_PS(c0, c1, c2, c3); // c0 = column 0 of rows 0..2, ..., c3 = translations
    const __m128 t = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(c0, x), _mm_mul_ps(c1, y)), _mm_mul_ps(c2, z)), c3);
    const __m128 st = _mm_movehl_ps(_mm_unpackhi_ps(s2, s2), _mm_unpackhi_ps(s0, s1)); // s0w s1w s2w s2w
    return {{s0, s1, s2, st}, {r0, r1, r2, t}, _mm_movemask_epi8(bad) == 0};
}

// True when the 12 stored floats are finite and bit for bit what socketRowLanes() expects: then
// they cannot differ and nothing needs reporting. Anything else (a real difference, -0.0
// against +0.0, NaN) is left to the exact checks.
inline bool socketRowExact(const uchar *stored, const uchar *anchor, __m128 x, __m128 y, __m128 z)
{
    const SocketRowLanes l = socketRowLanes(stored, anchor, x, y, z);
    int same = 7;
    for (int i = 0; i < 4; ++i)
        same &=
            _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_castps_si128(l.stored[i]), _mm_castps_si128(l.expected[i]))));
    return (int(l.finite) & int(same == 7)) != 0;
}

// Late v3: one stored socket row against its anchor's global skin x bind, in float. The exact
// check computes the global in double and rounds it (g), then the row from g in float; here
// the global's columns are sums of skin columns times splatted bind elements (`bind`: 16
// registers, bind[k * 4 + c] holding B(k, c) in every lane), the translation column from them,
// and one transpose gives the row as stored. Each value is within 11.1 u * L_r * maxB *
// (|x| + |y| + |z| + 1) of what the exact check computes (u = 2^-24; L_r the sum of |skin| over
// row r, maxB the bind's largest |element|), so with `errorScale` = 16 u * maxB * (|x| + |y| +
// |z| + 1) the error bound is errorScale * L_r. The row passes when that bound is at most a
// quarter of the tolerance and every stored float is within half the tolerance of the value
// here (scaled by max(1, |value|), as the exact check words it): then the exact check's
// difference is at most 0.76 of its bound. Anything else (a real difference, NaN, a row near
// the edge) is left to the exact checks.
inline bool lateSocketRowWithin(const uchar *stored, const uchar *skin, const __m128 *bind, __m128 x, __m128 y, __m128 z,
                                float errorScale, float tolerance)
{
    const float *k = reinterpret_cast<const float *>(skin);
    const __m128 s0 = _mm_loadu_ps(k), s1 = _mm_loadu_ps(k + 4), s2 = _mm_loadu_ps(k + 8), s3 = _mm_loadu_ps(k + 12);
    auto column = [&](int c) {
        return _mm_add_ps(_mm_add_ps(_mm_mul_ps(s0, bind[c]), _mm_mul_ps(s1, bind[4 + c])),
                          _mm_add_ps(_mm_mul_ps(s2, bind[8 + c]), _mm_mul_ps(s3, bind[12 + c])));
    };
    __m128 g0 = column(0), g1 = column(1), g2 = column(2), g3 = column(3);
    g3 = _mm_add_ps(_mm_add_ps(_mm_mul_ps(g0, x), _mm_mul_ps(g1, y)), _mm_add_ps(_mm_mul_ps(g2, z), g3)); // translations
    _MM_TRANSPOSE4_PS(g0, g1, g2, g3); // g0..g2: the three rows as stored
    const __m128 absMask = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
    const __m128 rowSums = _mm_add_ps(_mm_add_ps(_mm_and_ps(s0, absMask), _mm_and_ps(s1, absMask)),
                                      _mm_add_ps(_mm_and_ps(s2, absMask), _mm_and_ps(s3, absMask)));
    const int small = _mm_movemask_ps(_mm_cmple_ps(_mm_mul_ps(rowSums, _mm_set1_ps(errorScale)), _mm_set1_ps(0.25f * tolerance)));
    const float *r = reinterpret_cast<const float *>(stored);
    const __m128 half = _mm_set1_ps(0.5f * tolerance), one = _mm_set1_ps(1.0f);
    auto within = [&](__m128 s, __m128 e) {
        const __m128 diff = _mm_and_ps(_mm_sub_ps(s, e), absMask);
        return _mm_movemask_ps(_mm_cmple_ps(diff, _mm_mul_ps(half, _mm_max_ps(_mm_and_ps(e, absMask), one))));
    };
    const int fine = within(_mm_loadu_ps(r), g0) & within(_mm_loadu_ps(r + 4), g1) & within(_mm_loadu_ps(r + 8), g2);
    return (int((small & 7) == 7) & int(fine == 15)) != 0;
}
#endif

} // namespace bpat::deepkernels

#pragma once
// The deep checks' inner kernels (DeepChecker, BpsmValidator): branch-free tests over one matrix
// or one socket row that pass the common case (finite, affine, clearly non-degenerate; socket
// rows within the tolerance of what the palette gives) in registers and leave anything else to
// the exact checks, which decide and word every finding. SSE2 where the compiler has it (every
// x86-64), plain C++ otherwise.
#include <QtGlobal>
#include <cmath>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
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

// Every float's exponent field below `exponentLimit` (the default, all ones, means finite; a
// lower limit also bounds the magnitude), the affine row 0 0 0 1 (compared as bits: +0.0f only;
// anything else, -0.0f included, goes to the exact checks) and |det(upper 3x3)| at least
// `minDet`, in float. One matrix of 16 floats, either layout: row-major (v1, v2, early v3: row 3
// is floats 12..15) or column-major (late v3 skinning matrices: the last row is floats 3, 7, 11,
// 15); the determinant is the same either way (det(M) = det(M^T)). No branches: the caller
// branches once on the result. The determinant here only bounds: with the caller's 4x margin
// its rounding cannot let a matrix through that the exact check (double) would flag. A NaN
// `minDet` sends every matrix to the exact checks.
inline constexpr quint32 FiniteExponents = 0x7f800000u;
#if defined(__SSE2__)
template <bool ColumnMajor>
inline bool looksFine(const uchar *bytes, float minDet, quint32 exponentLimit = FiniteExponents)
{
    const float *f = reinterpret_cast<const float *>(bytes); // loaded unaligned below
    const __m128 r0 = _mm_loadu_ps(f), r1 = _mm_loadu_ps(f + 4), r2 = _mm_loadu_ps(f + 8), r3 = _mm_loadu_ps(f + 12);
    const __m128i exponent = _mm_set1_epi32(0x7f800000), limit = _mm_set1_epi32(int(exponentLimit));
    auto below = [&](__m128 r) { return _mm_cmplt_epi32(_mm_and_si128(_mm_castps_si128(r), exponent), limit); };
    const __m128i fine = _mm_and_si128(_mm_and_si128(below(r0), below(r1)), _mm_and_si128(below(r2), below(r3)));
    // The last row: r3 (row-major), or lane 3 of every column (column-major: lane 3 of
    // r0 | r1 | r2 | (r3 ^ 1.0f) is zero, without shuffles).
    const __m128i zeroOne = _mm_set_epi32(0x3f800000, 0, 0, 0);
    __m128i affine;
    if constexpr (ColumnMajor) {
        const __m128i lanes = _mm_or_si128(_mm_or_si128(_mm_castps_si128(r0), _mm_castps_si128(r1)),
                                           _mm_or_si128(_mm_castps_si128(r2), _mm_xor_si128(_mm_castps_si128(r3), zeroOne)));
        affine = _mm_cmpeq_epi32(_mm_and_si128(lanes, _mm_set_epi32(-1, 0, 0, 0)), _mm_setzero_si128());
    } else {
        affine = _mm_cmpeq_epi32(_mm_castps_si128(r3), zeroOne);
    }
    // det = r0 . (r1 x r2) over lanes 0..2; lane 3 of the cross product is r1w*r2w - r1w*r2w = 0.
    const __m128 a = _mm_shuffle_ps(r1, r1, _MM_SHUFFLE(3, 0, 2, 1)); // y z x w
    const __m128 b = _mm_shuffle_ps(r2, r2, _MM_SHUFFLE(3, 1, 0, 2)); // z x y w
    const __m128 c = _mm_shuffle_ps(r1, r1, _MM_SHUFFLE(3, 1, 0, 2));
    const __m128 d = _mm_shuffle_ps(r2, r2, _MM_SHUFFLE(3, 0, 2, 1));
    const __m128 cross = _mm_sub_ps(_mm_mul_ps(a, b), _mm_mul_ps(c, d));
    const __m128 terms = _mm_mul_ps(r0, cross);
    const __m128 pairs = _mm_add_ps(terms, _mm_movehl_ps(terms, terms));
    const float det = _mm_cvtss_f32(_mm_add_ss(pairs, _mm_shuffle_ps(pairs, pairs, _MM_SHUFFLE(1, 1, 1, 1))));
    return (int(_mm_movemask_epi8(fine) == 0xffff) & int(_mm_movemask_epi8(affine) == 0xffff) & int(std::abs(det) >= minDet)) != 0;
}
#else
template <bool ColumnMajor>
inline bool looksFine(const uchar *bytes, float minDet, quint32 exponentLimit = FiniteExponents)
{
    float m[16];
    std::memcpy(m, bytes, sizeof m);
    quint32 bits[16];
    std::memcpy(bits, bytes, sizeof bits);
    bool fine = true;
    for (quint32 b : bits)
        fine &= (b & 0x7f800000u) < exponentLimit;
    const int at = ColumnMajor ? 3 : 12, step = ColumnMajor ? 4 : 1; // the last row's floats
    const bool affine = (bits[at] | bits[at + step] | bits[at + 2 * step] | (bits[at + 3 * step] ^ 0x3f800000u)) == 0;
    // The same determinant either way (det of the transpose).
    const float det = m[0] * (m[5] * m[10] - m[6] * m[9]) - m[1] * (m[4] * m[10] - m[6] * m[8])
        + m[2] * (m[4] * m[9] - m[5] * m[8]);
    return (int(fine) & int(affine) & int(std::abs(det) >= minDet)) != 0;
}
#endif

// A v1 palette matrix (row-major, finite).
inline bool looksFine(const uchar *bytes, float minDet) { return looksFine<false>(bytes, minDet); }

// Rows 0..2 of skinTimesBind(skin, bind) (BpatFile.cpp: the late-v3 global matrix), the same
// floats: each entry summed in double from 0.0 over k = 0..3 in that order, then rounded. `bindT`
// holds the bind matrix as doubles, row-major (bindT[k * 4 + c] = bind[c * 4 + k]), 16-aligned.
inline void skinTimesBindRows(const uchar *skinBytes, const double *bindT, float *rows)
{
    float s[16];
    std::memcpy(s, skinBytes, sizeof s);
#if defined(__SSE2__)
    for (int r = 0; r < 3; ++r) {
        __m128d lo = _mm_setzero_pd(), hi = _mm_setzero_pd(); // columns 0, 1 and 2, 3
        for (int k = 0; k < 4; ++k) {
            const __m128d sk = _mm_set1_pd(double(s[k * 4 + r]));
            lo = _mm_add_pd(lo, _mm_mul_pd(sk, _mm_load_pd(bindT + k * 4)));
            hi = _mm_add_pd(hi, _mm_mul_pd(sk, _mm_load_pd(bindT + k * 4 + 2)));
        }
        _mm_storeu_ps(rows + 4 * r, _mm_movelh_ps(_mm_cvtpd_ps(lo), _mm_cvtpd_ps(hi)));
    }
#else
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 4; ++c) {
            double sum = 0.0;
            for (int k = 0; k < 4; ++k)
                sum += double(s[k * 4 + r]) * bindT[k * 4 + c];
            rows[r * 4 + c] = float(sum);
        }
    }
#endif
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
        same &= _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_castps_si128(l.stored[i]), _mm_castps_si128(l.expected[i]))));
    return (int(l.finite) & int(same == 7)) != 0;
}

// True when the 12 stored floats are finite and each within the tolerance of what
// socketRowLanes() expects: |stored - expected| <= tolerance * max(1, |expected|), in float, as
// the exact check words it. Then the row cannot be reported. Anything else (a real difference,
// NaN) is left to the exact checks.
inline bool socketRowWithin(const uchar *stored, const uchar *anchor, __m128 x, __m128 y, __m128 z, __m128 tolerance)
{
    const SocketRowLanes l = socketRowLanes(stored, anchor, x, y, z);
    const __m128 absMask = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)), one = _mm_set1_ps(1.0f);
    int within = 7;
    for (int i = 0; i < 4; ++i) {
        const __m128 diff = _mm_and_ps(_mm_sub_ps(l.stored[i], l.expected[i]), absMask);
        const __m128 bound = _mm_mul_ps(tolerance, _mm_max_ps(_mm_and_ps(l.expected[i], absMask), one));
        within &= _mm_movemask_ps(_mm_cmple_ps(diff, bound));
    }
    return (int(l.finite) & int(within == 7)) != 0;
}
#endif

} // namespace bpat::deepkernels

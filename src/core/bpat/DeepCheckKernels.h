#pragma once
// The deep checks' inner kernels (DeepChecker): branch-free tests over one matrix or one socket
// row that pass the common case (finite, affine, clearly non-degenerate; socket rows exactly what
// the palette gives) in registers and leave anything else to the exact checks, which decide and
// word every finding. SSE2 where the compiler has it (every x86-64), plain C++ otherwise.
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

// Finite, row 3 == 0 0 0 1 (compared as bits: +0.0f only; anything else, -0.0f included, goes
// to the exact checks) and |det(upper 3x3)| comfortably above the threshold, in float. No
// branches: the caller branches once on the result. The determinant here only bounds: with the
// caller's 4x margin its rounding cannot let a matrix through that the exact check (double)
// would flag.
#if defined(__SSE2__)
inline bool looksFine(const uchar *bytes, float minDet)
{
    const float *f = reinterpret_cast<const float *>(bytes); // loaded unaligned below
    const __m128 r0 = _mm_loadu_ps(f), r1 = _mm_loadu_ps(f + 4), r2 = _mm_loadu_ps(f + 8), r3 = _mm_loadu_ps(f + 12);
    const __m128i exponent = _mm_set1_epi32(0x7f800000);
    auto infOrNan = [&](__m128 r) { return _mm_cmpeq_epi32(_mm_and_si128(_mm_castps_si128(r), exponent), exponent); };
    const __m128i bad = _mm_or_si128(_mm_or_si128(infOrNan(r0), infOrNan(r1)), _mm_or_si128(infOrNan(r2), infOrNan(r3)));
    const __m128i row3 = _mm_cmpeq_epi32(_mm_castps_si128(r3), _mm_set_epi32(0x3f800000, 0, 0, 0));
    // det = r0 . (r1 x r2) over lanes 0..2; lane 3 of the cross product is r1w*r2w - r1w*r2w = 0.
    const __m128 a = _mm_shuffle_ps(r1, r1, _MM_SHUFFLE(3, 0, 2, 1)); // y z x w
    const __m128 b = _mm_shuffle_ps(r2, r2, _MM_SHUFFLE(3, 1, 0, 2)); // z x y w
    const __m128 c = _mm_shuffle_ps(r1, r1, _MM_SHUFFLE(3, 1, 0, 2));
    const __m128 d = _mm_shuffle_ps(r2, r2, _MM_SHUFFLE(3, 0, 2, 1));
    const __m128 cross = _mm_sub_ps(_mm_mul_ps(a, b), _mm_mul_ps(c, d));
    const __m128 terms = _mm_mul_ps(r0, cross);
    const __m128 pairs = _mm_add_ps(terms, _mm_movehl_ps(terms, terms));
    const float det = _mm_cvtss_f32(_mm_add_ss(pairs, _mm_shuffle_ps(pairs, pairs, _MM_SHUFFLE(1, 1, 1, 1))));
    return (int(_mm_movemask_epi8(bad) == 0) & int(_mm_movemask_epi8(row3) == 0xffff) & int(std::abs(det) >= minDet)) != 0;
}
#else
inline bool looksFine(const uchar *bytes, float minDet)
{
    float m[16];
    std::memcpy(m, bytes, sizeof m);
    quint64 row3[2];
    std::memcpy(row3, bytes + 48, sizeof row3);
    constexpr quint64 ZeroOne = quint64(0x3f800000u) << 32; // floats 14, 15 = 0, 1 (little-endian)
    const bool affine = (row3[0] | (row3[1] ^ ZeroOne)) == 0;
    const float det = m[0] * (m[5] * m[10] - m[6] * m[9]) - m[1] * (m[4] * m[10] - m[6] * m[8])
        + m[2] * (m[4] * m[9] - m[5] * m[8]);
    return (int(allFinite(m, 16)) & int(affine) & int(std::abs(det) >= minDet)) != 0;
}
#endif

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

// True when the 12 stored floats are finite and bit for bit rows 0..2 of anchor *
// translate(x, y, z) as socketRow() computes them (translation lanes in the same operation
// order, so the same floats): then they cannot differ and nothing needs reporting. Anything
// else (a real difference, -0.0 against +0.0, NaN) is left to the exact checks.
#if defined(__SSE2__)
inline bool socketRowExact(const uchar *stored, const uchar *anchor, __m128 x, __m128 y, __m128 z)
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
    auto same = [](__m128 u, __m128 v) {
        return _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_castps_si128(u), _mm_castps_si128(v)))) & 7;
    };
    return (int(_mm_movemask_epi8(bad) == 0) & int(same(s0, r0) == 7) & int(same(s1, r1) == 7) & int(same(s2, r2) == 7)
            & int(same(st, t) == 7)) != 0;
}
#endif


} // namespace bpat::deepkernels

#include "bpat/DeepMatrixScan.h"

#include "bpat/DeepCheckKernels.h"

#include <algorithm>
#include <limits>

namespace bpat::deepkernels {

namespace {

constexpr quint64 MatrixBytes = 64;

// The batch's matrices: `n` from `first`, a short batch repeating its last.
template<int N> void batchPointers(const uchar *matrices, quint64 first, quint64 n, const uchar *p[N])
{
    for (quint64 k = 0; k < quint64(N); ++k)
        p[k] = matrices + (first + std::min(k, n - 1)) * MatrixBytes;
}

#if defined(__SSE2__)
// Asks for the cache lines of the matrices 32 ahead of `first` (2 KiB), one line per matrix.
// Column-major (late v3) only: there the sweep is scanned a frame at a time and the hardware
// prefetcher alone left the loads waiting (one thread 12.7 -> 16-17 GB/s); row-major runs are
// swept whole, and the hint only cost them (0.87-0.89 -> 0.81-0.83 of the plain pass). Computed
// as an address, never dereferenced: a prefetch past the mapping's end is harmless.
inline void prefetchAhead(const uchar *matrices, quint64 first, int lines)
{
    const quintptr ahead = quintptr(matrices) + (first + 32) * MatrixBytes;
    for (int line = 0; line < lines; ++line)
        _mm_prefetch(reinterpret_cast<const char *>(ahead + quintptr(line) * MatrixBytes), _MM_HINT_T0);
}
#endif

Suspect scanScalar(const uchar *m, quint64 from, quint64 count, const ScanBounds &b, bool columnMajor)
{
    for (quint64 i = from; i < count; ++i) {
        const quint64 at = b.perMatrix ? i : 0;
        const uchar *matrix = m + i * MatrixBytes;
        const bool fine = columnMajor ? matrixFineScalar<true>(matrix, b.minDet[at], b.slope[at], b.limit)
                                      : matrixFineScalar<false>(matrix, b.minDet[at], b.slope[at], b.limit);
        if (!fine)
            return {i, 1};
    }
    return {count, 0};
}

#if defined(__SSE2__)
// Four matrices, their floats transposed into lanes (deepkernels' tests, DeepCheckKernels.h).
template<bool ColumnMajor>
bool fourFine(const uchar *a, const uchar *b, const uchar *c, const uchar *d, __m128 minDet, __m128 slope, __m128 limit)
{
    auto at = [](const uchar *p, int i) { return _mm_loadu_ps(reinterpret_cast<const float *>(p) + 4 * i); };
    const __m128i zeroOne = _mm_set_epi32(0x3f800000, 0, 0, 0);
    // The last row's three zeros compared without their sign bits; its 1 with it.
    const __m128i zeroSign = _mm_set_epi32(-1, 0x7fffffff, 0x7fffffff, 0x7fffffff); // row-major: floats 12..14
    // The last row, row-major: floats 12..15 of each (column-major: from the transposed
    // columns below, row 3 of the four in lanes).
    __m128i last = _mm_setzero_si128();
    if constexpr (!ColumnMajor) {
        auto row3 = [&](const uchar *p) { return _mm_xor_si128(_mm_castps_si128(at(p, 3)), zeroOne); };
        last = _mm_and_si128(_mm_or_si128(_mm_or_si128(row3(a), row3(b)), _mm_or_si128(row3(c), row3(d))), zeroSign);
    }
    // e[r][k]: element (r, k) of the four matrices, one per lane.
    __m128 e[4][4];
    for (int i = 0; i < (ColumnMajor ? 4 : 3); ++i) {
        __m128 w = at(a, i), x = at(b, i), y = at(c, i), z = at(d, i);
        _MM_TRANSPOSE4_PS(w, x, y, z); // lane j of the k-th result: float k of the four's group i
        const __m128 t[4] = {w, x, y, z};
        for (int k = 0; k < 4; ++k) {
            if constexpr (ColumnMajor)
                e[k][i] = t[k]; // group i is column i: float k is row k
            else
                e[i][k] = t[k]; // group i is row i: float k is column k
        }
    }
    if constexpr (ColumnMajor) { // row 3 of the four: 0 0 0 1 each (zeros of either sign)
        last = _mm_or_si128(_mm_and_si128(_mm_or_si128(_mm_or_si128(_mm_castps_si128(e[3][0]), _mm_castps_si128(e[3][1])),
                                                       _mm_castps_si128(e[3][2])),
                                          _mm_set1_epi32(0x7fffffff)),
                            _mm_castps_si128(_mm_xor_ps(e[3][3], _mm_set1_ps(1.0f))));
    }
    const __m128 absMask = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
    auto abs = [&](__m128 v) { return _mm_and_ps(v, absMask); };
    __m128 rs[3];
    __m128 bounded = _mm_castsi128_ps(_mm_set1_epi32(-1));
    for (int r = 0; r < 3; ++r) {
        rs[r] = _mm_add_ps(_mm_add_ps(abs(e[r][0]), abs(e[r][1])), abs(e[r][2]));
        bounded = _mm_and_ps(bounded, _mm_and_ps(_mm_cmplt_ps(rs[r], limit), _mm_cmplt_ps(abs(e[r][3]), limit)));
    }
    const __m128 c0 = _mm_sub_ps(_mm_mul_ps(e[1][1], e[2][2]), _mm_mul_ps(e[1][2], e[2][1]));
    const __m128 c1 = _mm_sub_ps(_mm_mul_ps(e[1][0], e[2][2]), _mm_mul_ps(e[1][2], e[2][0]));
    const __m128 c2 = _mm_sub_ps(_mm_mul_ps(e[1][0], e[2][1]), _mm_mul_ps(e[1][1], e[2][0]));
    const __m128 det = abs(_mm_add_ps(_mm_sub_ps(_mm_mul_ps(e[0][0], c0), _mm_mul_ps(e[0][1], c1)), _mm_mul_ps(e[0][2], c2)));
    const __m128 threshold = _mm_add_ps(minDet, _mm_mul_ps(slope, _mm_mul_ps(_mm_mul_ps(rs[0], rs[1]), rs[2])));
    const __m128 fine = _mm_and_ps(_mm_and_ps(bounded, _mm_cmpge_ps(det, threshold)),
                                   _mm_cmple_ps(det, _mm_set1_ps(std::numeric_limits<float>::max())));
    return (int(_mm_movemask_ps(fine) == 15) & int(_mm_movemask_epi8(_mm_cmpeq_epi32(last, _mm_setzero_si128())) == 0xffff)) != 0;
}

template<bool ColumnMajor> Suspect scanSse2(const uchar *m, quint64 from, quint64 count, const ScanBounds &b)
{
    const __m128 limit = _mm_set1_ps(b.limit);
    __m128 minDet = _mm_set1_ps(b.minDet[0]), slope = _mm_set1_ps(b.slope[0]);
    for (quint64 i = from; i < count; i += 4) {
        const quint64 n = std::min<quint64>(4, count - i);
        if constexpr (ColumnMajor) // see prefetchAhead
            prefetchAhead(m, i, 4);
        const uchar *p[4];
        batchPointers<4>(m, i, n, p);
        if (b.perMatrix) {
            minDet = _mm_loadu_ps(b.minDet + i);
            slope = _mm_loadu_ps(b.slope + i);
        }
        if (!fourFine<ColumnMajor>(p[0], p[1], p[2], p[3], minDet, slope, limit))
            return {i, quint32(n)};
    }
    return {count, 0};
}
#endif

#if defined(BPAT_AVX_KERNELS)
// The same tests on eight matrices in 256-bit registers: pairs of matrices (k, k + 4) share a
// register, one per 128-bit half, and the 4x4 transposes work within the halves.
BPAT_AVX_TARGET inline __m256 pairAt(const uchar *lo, const uchar *hi, int group)
{
    const __m128 l = _mm_loadu_ps(reinterpret_cast<const float *>(lo) + 4 * group);
    const __m128 h = _mm_loadu_ps(reinterpret_cast<const float *>(hi) + 4 * group);
    return _mm256_insertf128_ps(_mm256_castps128_ps256(l), h, 1);
}

BPAT_AVX_TARGET inline __m256 absOf(__m256 v)
{
    return _mm256_and_ps(v, _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff)));
}

template<bool ColumnMajor> BPAT_AVX_TARGET bool eightFine(const uchar *const p[8], __m256 minDet, __m256 slope, __m256 limit)
{
    const __m256 zeroOne = _mm256_castsi256_ps(_mm256_set_epi32(0x3f800000, 0, 0, 0, 0x3f800000, 0, 0, 0));
    __m256 last = _mm256_setzero_ps();
    if constexpr (!ColumnMajor) { // floats 12..15 of each: 0 0 0 1
        for (int k = 0; k < 4; ++k)
            last = _mm256_or_ps(last, _mm256_xor_ps(pairAt(p[k], p[k + 4], 3), zeroOne));
        // The three zeros compared without their sign bits (as the exact checks compare); the 1 with it.
        last = _mm256_and_ps(last,
                             _mm256_castsi256_ps(_mm256_set_epi32(-1, 0x7fffffff, 0x7fffffff, 0x7fffffff, -1, 0x7fffffff,
                                                                  0x7fffffff, 0x7fffffff)));
    }
    __m256 e[4][4]; // e[r][c]: element (r, c) of the eight, one per lane
    for (int i = 0; i < (ColumnMajor ? 4 : 3); ++i) {
        const __m256 w = pairAt(p[0], p[4], i), x = pairAt(p[1], p[5], i), y = pairAt(p[2], p[6], i), z = pairAt(p[3], p[7], i);
        const __m256 t0 = _mm256_unpacklo_ps(w, x), t1 = _mm256_unpackhi_ps(w, x);
        const __m256 t2 = _mm256_unpacklo_ps(y, z), t3 = _mm256_unpackhi_ps(y, z);
        const __m256 t[4] = {
            _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0)), _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2)),
            _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0)), _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(3, 2, 3, 2))};
        for (int k = 0; k < 4; ++k) {
            if constexpr (ColumnMajor)
                e[k][i] = t[k]; // group i is column i: float k is row k
            else
                e[i][k] = t[k]; // group i is row i: float k is column k
        }
    }
    if constexpr (ColumnMajor) { // row 3 of the eight: 0 0 0 1 each (zeros of either sign)
        last = _mm256_or_ps(absOf(_mm256_or_ps(_mm256_or_ps(e[3][0], e[3][1]), e[3][2])),
                            _mm256_xor_ps(e[3][3], _mm256_set1_ps(1.0f)));
    }
    __m256 rs[3];
    __m256 bounded = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
    for (int r = 0; r < 3; ++r) {
        rs[r] = _mm256_add_ps(_mm256_add_ps(absOf(e[r][0]), absOf(e[r][1])), absOf(e[r][2]));
        bounded = _mm256_and_ps(
            bounded, _mm256_and_ps(_mm256_cmp_ps(rs[r], limit, _CMP_LT_OQ), _mm256_cmp_ps(absOf(e[r][3]), limit, _CMP_LT_OQ)));
    }
    const __m256 c0 = _mm256_sub_ps(_mm256_mul_ps(e[1][1], e[2][2]), _mm256_mul_ps(e[1][2], e[2][1]));
    const __m256 c1 = _mm256_sub_ps(_mm256_mul_ps(e[1][0], e[2][2]), _mm256_mul_ps(e[1][2], e[2][0]));
    const __m256 c2 = _mm256_sub_ps(_mm256_mul_ps(e[1][0], e[2][1]), _mm256_mul_ps(e[1][1], e[2][0]));
    const __m256 det =
        absOf(_mm256_add_ps(_mm256_sub_ps(_mm256_mul_ps(e[0][0], c0), _mm256_mul_ps(e[0][1], c1)), _mm256_mul_ps(e[0][2], c2)));
    const __m256 threshold = _mm256_add_ps(minDet, _mm256_mul_ps(slope, _mm256_mul_ps(_mm256_mul_ps(rs[0], rs[1]), rs[2])));
    const __m256 fine = _mm256_and_ps(_mm256_and_ps(bounded, _mm256_cmp_ps(det, threshold, _CMP_GE_OQ)),
                                      _mm256_cmp_ps(det, _mm256_set1_ps(std::numeric_limits<float>::max()), _CMP_LE_OQ));
    const __m256i lastBits = _mm256_castps_si256(last);
    return (int(_mm256_movemask_ps(fine) == 0xff) & _mm256_testz_si256(lastBits, lastBits)) != 0;
}

template<bool ColumnMajor> BPAT_AVX_TARGET Suspect scanAvx(const uchar *m, quint64 from, quint64 count, const ScanBounds &b)
{
    const __m256 limit = _mm256_set1_ps(b.limit);
    __m256 minDet = _mm256_set1_ps(b.minDet[0]), slope = _mm256_set1_ps(b.slope[0]);
    for (quint64 i = from; i < count; i += 8) {
        const quint64 n = std::min<quint64>(8, count - i);
        if constexpr (ColumnMajor) // see prefetchAhead
            prefetchAhead(m, i, 8);
        const uchar *p[8];
        for (quint64 k = 0; k < 8; ++k) // not batchPointers: a call outside the AVX function
            p[k] = m + (i + std::min(k, n - 1)) * MatrixBytes;
        if (b.perMatrix) {
            minDet = _mm256_loadu_ps(b.minDet + i);
            slope = _mm256_loadu_ps(b.slope + i);
        }
        if (!eightFine<ColumnMajor>(p, minDet, slope, limit))
            return {i, quint32(n)};
    }
    return {count, 0};
}
#endif

} // namespace

ScanKernel bestScanKernel()
{
#if defined(BPAT_AVX_KERNELS)
    static const bool avx = __builtin_cpu_supports("avx");
    if (avx)
        return ScanKernel::Avx;
#endif
#if defined(__SSE2__)
    return ScanKernel::Sse2;
#else
    return ScanKernel::Scalar;
#endif
}

const char *scanKernelName(ScanKernel kernel)
{
    switch (kernel) {
    case ScanKernel::Avx: return "avx";
    case ScanKernel::Sse2: return "sse2";
    case ScanKernel::Scalar: break;
    }
    return "scalar";
}

Suspect nextSuspect(const uchar *matrices, quint64 from, quint64 count, const ScanBounds &bounds, bool columnMajor,
                    ScanKernel kernel)
{
    if (kernel == ScanKernel::Avx && bestScanKernel() != ScanKernel::Avx)
        kernel = ScanKernel::Sse2;
#if defined(BPAT_AVX_KERNELS)
    if (kernel == ScanKernel::Avx)
        return columnMajor ? scanAvx<true>(matrices, from, count, bounds) : scanAvx<false>(matrices, from, count, bounds);
#endif
#if defined(__SSE2__)
    if (kernel != ScanKernel::Scalar)
        return columnMajor ? scanSse2<true>(matrices, from, count, bounds) : scanSse2<false>(matrices, from, count, bounds);
#endif
    return scanScalar(matrices, from, count, bounds, columnMajor);
}

} // namespace bpat::deepkernels

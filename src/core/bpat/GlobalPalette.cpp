#include "bpat/GlobalPalette.h"

#include "bpat/BpatFile.h"
#include "bpat/DeepCheckKernels.h" // BPAT_AVX_KERNELS, BPAT_AVX_TARGET, <immintrin.h>

#include <QThread>

#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#include <xmmintrin.h>
#endif

namespace bpat {

namespace {

constexpr quint64 MatrixBytes = format::MatrixSize;

void scalarRun(const uchar *skin, quint64 frames, quint32 bones, const float *bind, float *out)
{
    for (quint64 f = 0; f < frames; ++f) {
        for (quint32 b = 0; b < bones; ++b) {
            float s[16];
            std::memcpy(s, skin + (f * bones + b) * MatrixBytes, sizeof s);
            const std::array<float, 16> g = skinTimesBind(s, bind + quint64(b) * 16);
            std::memcpy(out + (f * bones + b) * 16, g.data(), sizeof g);
        }
    }
}

// The bind matrices as doubles, B[k][c] at [b * 16 + k * 4 + c]: the scalars each column of the
// product is multiplied by (from the column-major floats, B[k][c] = bind[c * 4 + k]).
std::vector<double> bindRows(const float *bind, quint32 bones)
{
    std::vector<double> rows(size_t(bones) * 16);
    for (quint32 b = 0; b < bones; ++b) {
        for (int k = 0; k < 4; ++k) {
            for (int c = 0; c < 4; ++c)
                rows[size_t(b) * 16 + size_t(k) * 4 + size_t(c)] = double(bind[size_t(b) * 16 + size_t(c) * 4 + size_t(k)]);
        }
    }
    return rows;
}

#if defined(__SSE2__)
// Column c of G = S x B over rows r: sum over k of S[r][k] * B[k][c], where S[.][k] is the
// skin's stored column k (floats 4k..4k+3). Rows 0-1 and 2-3 in two registers of two doubles.
void sse2Run(const uchar *skin, quint64 frames, quint32 bones, const double *rows, float *out)
{
    for (quint64 m = 0, b = 0; m < frames * bones; ++m, b = b + 1 == bones ? 0 : b + 1) {
        const float *s = reinterpret_cast<const float *>(skin + m * MatrixBytes);
        const double *bk = rows + quint64(b) * 16;
        __m128d lo[4], hi[4]; // skin column k: rows 0-1, rows 2-3
        for (int k = 0; k < 4; ++k) {
            const __m128 col = _mm_loadu_ps(s + k * 4);
            lo[k] = _mm_cvtps_pd(col);
            hi[k] = _mm_cvtps_pd(_mm_movehl_ps(col, col));
        }
        __m128 cols[4];
        for (int c = 0; c < 4; ++c) {
            __m128d accLo = _mm_setzero_pd(), accHi = _mm_setzero_pd();
            for (int k = 0; k < 4; ++k) {
                const __m128d b = _mm_set1_pd(bk[k * 4 + c]);
                accLo = _mm_add_pd(accLo, _mm_mul_pd(lo[k], b));
                accHi = _mm_add_pd(accHi, _mm_mul_pd(hi[k], b));
            }
            cols[c] = _mm_movelh_ps(_mm_cvtpd_ps(accLo), _mm_cvtpd_ps(accHi));
        }
        _MM_TRANSPOSE4_PS(cols[0], cols[1], cols[2], cols[3]); // columns -> rows
        float *g = out + m * 16;
        for (int r = 0; r < 4; ++r)
            _mm_storeu_ps(g + r * 4, cols[r]);
    }
}
#endif

#if defined(BPAT_AVX_KERNELS)
// The same with a whole column (four doubles) per register.
BPAT_AVX_TARGET void avxRun(const uchar *skin, quint64 frames, quint32 bones, const double *rows, float *out)
{
    for (quint64 m = 0, b = 0; m < frames * bones; ++m, b = b + 1 == bones ? 0 : b + 1) {
        const float *s = reinterpret_cast<const float *>(skin + m * MatrixBytes);
        const double *bk = rows + quint64(b) * 16;
        const __m256d s0 = _mm256_cvtps_pd(_mm_loadu_ps(s));
        const __m256d s1 = _mm256_cvtps_pd(_mm_loadu_ps(s + 4));
        const __m256d s2 = _mm256_cvtps_pd(_mm_loadu_ps(s + 8));
        const __m256d s3 = _mm256_cvtps_pd(_mm_loadu_ps(s + 12));
        __m128 cols[4];
        for (int c = 0; c < 4; ++c) {
            __m256d acc = _mm256_add_pd(_mm256_setzero_pd(), _mm256_mul_pd(s0, _mm256_broadcast_sd(bk + c)));
            acc = _mm256_add_pd(acc, _mm256_mul_pd(s1, _mm256_broadcast_sd(bk + 4 + c)));
            acc = _mm256_add_pd(acc, _mm256_mul_pd(s2, _mm256_broadcast_sd(bk + 8 + c)));
            acc = _mm256_add_pd(acc, _mm256_mul_pd(s3, _mm256_broadcast_sd(bk + 12 + c)));
            cols[c] = _mm256_cvtpd_ps(acc);
        }
        _MM_TRANSPOSE4_PS(cols[0], cols[1], cols[2], cols[3]);
        float *g = out + m * 16;
        _mm_storeu_ps(g, cols[0]);
        _mm_storeu_ps(g + 4, cols[1]);
        _mm_storeu_ps(g + 8, cols[2]);
        _mm_storeu_ps(g + 12, cols[3]);
    }
}
#endif

// A late-v3 skinning matrix with an identity bind: the global is the stored matrix transposed.
void transposeRun(const uchar *skin, quint64 matrices, float *out)
{
    for (quint64 m = 0; m < matrices; ++m) {
        float s[16];
        std::memcpy(s, skin + m * MatrixBytes, sizeof s);
        for (int r = 0; r < 4; ++r) {
            for (int c = 0; c < 4; ++c)
                out[m * 16 + quint64(r) * 4 + quint64(c)] = s[c * 4 + r];
        }
    }
}

} // namespace

GlobalPalette::Kernel GlobalPalette::bestKernel()
{
#if defined(BPAT_AVX_KERNELS)
    static const bool avx = __builtin_cpu_supports("avx");
    if (avx)
        return Kernel::Avx;
#endif
#if defined(__SSE2__)
    return Kernel::Sse2;
#else
    return Kernel::Scalar;
#endif
}

const char *GlobalPalette::kernelName(Kernel kernel)
{
    switch (kernel) {
    case Kernel::Avx: return "avx";
    case Kernel::Sse2: return "sse2";
    case Kernel::Scalar: break;
    }
    return "scalar";
}

void GlobalPalette::skinTimesBindRun(const uchar *skin, quint64 frames, quint32 bones, const float *bind, float *out,
                                     Kernel kernel)
{
    if (frames == 0 || bones == 0)
        return;
    if (kernel == Kernel::Avx && bestKernel() != Kernel::Avx)
        kernel = Kernel::Sse2;
#if defined(__SSE2__)
    if (kernel != Kernel::Scalar) {
        const std::vector<double> rows = bindRows(bind, bones);
#if defined(BPAT_AVX_KERNELS)
        if (kernel == Kernel::Avx)
            return avxRun(skin, frames, bones, rows.data(), out);
#endif
        return sse2Run(skin, frames, bones, rows.data(), out);
    }
#endif
    scalarRun(skin, frames, bones, bind, out);
}

bool GlobalPalette::read(const BpatFile &file, quint32 first, quint32 count, float *out, int threads, Kernel kernel)
{
    const quint32 bones = file.header().boneCount;
    if (!file.paletteInBounds() || bones == 0 || first > file.header().frameTotal || count > file.header().frameTotal - first)
        return false;
    if (count == 0)
        return true;
    const uchar *palette = file.paletteBytes();
    const quint64 frameBytes = quint64(bones) * MatrixBytes;
    const bool late = file.storesSkinningMatrices();
    std::vector<float> bind;
    if (late && file.bindPaletteInBounds()) {
        bind.resize(size_t(bones) * 16);
        for (quint32 b = 0; b < bones; ++b) {
            const auto floats = file.bindFloats(b);
            if (!floats)
                return false;
            std::memcpy(bind.data() + size_t(b) * 16, floats->data(), sizeof(float) * 16);
        }
    }
    auto work = [&](quint32 from, quint32 n) {
        const uchar *src = palette + quint64(first + from) * frameBytes;
        float *dst = out + quint64(from) * bones * 16;
        if (!late)
            std::memcpy(dst, src, size_t(quint64(n) * frameBytes));
        else if (bind.empty())
            transposeRun(src, quint64(n) * bones, dst);
        else
            skinTimesBindRun(src, n, bones, bind.data(), dst, kernel);
    };
    // One contiguous range of frames a thread; at least about 1 MiB each.
    constexpr quint64 MinBytesPerThread = 1ull << 20;
    const int wanted = threads > 0 ? threads : QThread::idealThreadCount();
    const quint64 byBytes = std::max<quint64>(1, quint64(count) * frameBytes / MinBytesPerThread);
    const quint32 ranges = quint32(std::clamp<quint64>(std::min<quint64>(quint64(std::max(1, wanted)), byBytes), 1, count));
    std::vector<std::thread> helpers;
    helpers.reserve(ranges - 1);
    for (quint32 r = 1; r < ranges; ++r) {
        const quint32 from = quint32(quint64(count) * r / ranges);
        const quint32 to = quint32(quint64(count) * (r + 1) / ranges);
        helpers.emplace_back(work, from, to - from);
    }
    work(0, quint32(quint64(count) / ranges));
    for (std::thread &t : helpers)
        t.join();
    return true;
}

} // namespace bpat

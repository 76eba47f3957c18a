#include "bpsm/BpsmContentCheck.h"

#include "bpat/BpatFormat.h"
#include "bpat/DeepCheckKernels.h"
#include "bpat/DeepMatrixScan.h"
#include "bpsm/BpsmFile.h"
#include "bpsm/BpsmFormat.h"
#include "bpsm/BpsmValidator.h"

#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>
#ifdef Q_OS_UNIX
#include <sys/mman.h>
#endif

namespace bpat {

namespace fmt = bpat::format;

namespace {

// The exact checks of one vertex, for one that failed the fast test (or every vertex in a
// build without SSE2): what the content check always did.
void checkVertex(const BpsmFile &file, quint32 f, quint32 v, FindingSink &sink)
{
    const CreatureVertex x = *file.vertex(f, v);
    const quint64 at = *file.vertexOffset(f, v);
    const auto where = [f, v]() { return DiagnosticLocation(QStringLiteral("vertices[frame=%1,vertex=%2]").arg(f).arg(v)); };
    bool finite = true;
    float sum = 0.0f;
    bool negative = false;
    for (int k = 0; k < 3; ++k)
        finite = finite && std::isfinite(x.position[k]) && std::isfinite(x.normal[k]);
    finite = finite && std::isfinite(x.uv[0]) && std::isfinite(x.uv[1]);
    for (float weight : x.weights) {
        finite = finite && std::isfinite(weight);
        sum += weight;
        negative = negative || weight < 0.0f;
    }
    if (!finite)
        sink.report(u"BPSM_NON_FINITE"_qs, at, where(), u"a float is NaN or infinite"_qs);
    else if (negative || std::abs(sum - 1.0f) > 1e-3f)
        sink.report(u"BPSM_BAD_WEIGHTS"_qs, at + bpsm::vertex::Weights, where().with(u"bone_weights"_qs),
                    QStringLiteral("weights sum to %1, expected 1 with none negative").arg(sum));
    if (x.pad[0] || x.pad[1] || x.pad[2])
        sink.report(u"BPSM_RESERVED_NONZERO"_qs, at + bpsm::vertex::Pad, where().with(u"pad"_qs), u"pad bytes are not zero"_qs);
}

// True when a vertex record needs no finding: the 12 floats finite (exponent bits), the weights
// none negative (sign bits: a -0.0 goes to the exact checks) and summing, in the exact checks'
// order, to 1 within 1e-3, the pad bytes zero. One branch for the caller.
inline bool vertexLooksFine(const uchar *p)
{
#if defined(__SSE2__)
    const __m128i exponent = _mm_set1_epi32(0x7f800000);
    const __m128 w = _mm_loadu_ps(reinterpret_cast<const float *>(p + bpsm::vertex::Weights));
    auto infOrNan = [&](__m128i r) { return _mm_cmpeq_epi32(_mm_and_si128(r, exponent), exponent); };
    const __m128i bad = _mm_or_si128(_mm_or_si128(infOrNan(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p))),
                                                  infOrNan(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16)))),
                                     infOrNan(_mm_castps_si128(w)));
    const int finiteAndPositive = int(_mm_movemask_epi8(bad) == 0) & int(_mm_movemask_ps(w) == 0);
    float weights[4];
    _mm_storeu_ps(weights, w);
#else
    float all[8], weights[4];
    std::memcpy(all, p, sizeof all);
    std::memcpy(weights, p + bpsm::vertex::Weights, sizeof weights);
    quint32 signs = 0;
    for (float x : weights) {
        quint32 bits;
        std::memcpy(&bits, &x, 4);
        signs |= bits;
    }
    const int finiteAndPositive =
        int(deepkernels::allFinite(all, 8)) & int(deepkernels::allFinite(weights, 4)) & int((signs >> 31) == 0);
#endif
    float sum = 0.0f;
    for (float x : weights)
        sum += x;
    quint32 colorAndPad;
    std::memcpy(&colorAndPad, p + bpsm::vertex::ColorRole, 4);
    return (finiteAndPositive & int(std::abs(sum - 1.0f) <= 1e-3f) & int((colorAndPad & 0xffffff00u) == 0)) != 0;
}

#if defined(__SSE2__)
// Four consecutive vertex records at once: true when each passes vertexLooksFine(). Finiteness
// from x - x, which is +0.0 (no bits set) for every finite x and NaN otherwise: the bits of all
// twelve differences OR-ed together are zero exactly when every float is finite. The four weight
// sums in one register, added pairwise, (w0 + w1) + (w2 + w3): with no weight negative that is
// within 6 u (u = 2^-24) of the exact checks' sum in order for any sum near 1, so a sum passes
// within 1e-3 - 1e-6 of 1 and one nearer the edge goes to the exact checks.
inline bool fourVerticesLookFine(const uchar *p)
{
    __m128 nonFinite = _mm_setzero_ps(), signs = _mm_setzero_ps();
    __m128 w[4];
    quint32 pads = 0;
    for (int i = 0; i < 4; ++i) {
        const float *v = reinterpret_cast<const float *>(p + i * bpsm::VertexSize);
        const __m128 a = _mm_loadu_ps(v), b = _mm_loadu_ps(v + 4);
        w[i] = _mm_loadu_ps(v + bpsm::vertex::Weights / 4);
        nonFinite = _mm_or_ps(nonFinite, _mm_or_ps(_mm_or_ps(_mm_sub_ps(a, a), _mm_sub_ps(b, b)), _mm_sub_ps(w[i], w[i])));
        signs = _mm_or_ps(signs, w[i]);
        quint32 colorAndPad;
        std::memcpy(&colorAndPad, p + i * bpsm::VertexSize + bpsm::vertex::ColorRole, 4);
        pads |= colorAndPad & 0xffffff00u;
    }
    _MM_TRANSPOSE4_PS(w[0], w[1], w[2], w[3]); // w[k] = weight k of the four vertices
    const __m128 sum = _mm_add_ps(_mm_add_ps(w[0], w[1]), _mm_add_ps(w[2], w[3]));
    const __m128 deviation = _mm_and_ps(_mm_sub_ps(sum, _mm_set1_ps(1.0f)), _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)));
    const int sumsFine = _mm_movemask_ps(_mm_cmple_ps(deviation, _mm_set1_ps(1e-3f - 1e-6f)));
    const __m128i bits = _mm_castps_si128(nonFinite);
    return (int(_mm_movemask_epi8(_mm_cmpeq_epi32(bits, _mm_setzero_si128())) == 0xffff) & int(_mm_movemask_ps(signs) == 0)
            & int(pads == 0) & int(sumsFine == 15))
        != 0;
}
#endif

#if defined(BPAT_AVX_KERNELS)
// Eight records at a time in 256-bit registers: floats 0..7 (position, normal, uv) of a record
// in one load, the weights of records k and k + 4 in the two halves of one register, so the
// in-lane transpose gives the eight weight sums at once. The same tests as the SSE2 group, with
// the sums added in the same pairs. The first record of the first group of eight that is not
// certainly fine, or where fewer than eight are left.
BPAT_AVX_TARGET quint64 firstSuspectEight(const uchar *data, quint64 i, quint64 end)
{
    const __m256 absMask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    const __m256 one = _mm256_set1_ps(1.0f), margin = _mm256_set1_ps(1e-3f - 1e-6f);
    for (; i + 8 <= end; i += 8) {
        const uchar *p = data + i * bpsm::VertexSize;
        __m256 nonFinite = _mm256_setzero_ps(), signs = _mm256_setzero_ps();
        __m256 w[4];
        quint32 pads = 0;
        for (int k = 0; k < 4; ++k) {
            const float *lo = reinterpret_cast<const float *>(p + k * bpsm::VertexSize);
            const float *hi = reinterpret_cast<const float *>(p + (k + 4) * bpsm::VertexSize);
            const __m256 a = _mm256_loadu_ps(lo), b = _mm256_loadu_ps(hi);
            w[k] = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(lo + bpsm::vertex::Weights / 4)),
                                        _mm_loadu_ps(hi + bpsm::vertex::Weights / 4), 1);
            nonFinite = _mm256_or_ps(
                nonFinite, _mm256_or_ps(_mm256_or_ps(_mm256_sub_ps(a, a), _mm256_sub_ps(b, b)), _mm256_sub_ps(w[k], w[k])));
            signs = _mm256_or_ps(signs, w[k]);
            quint32 x, y;
            std::memcpy(&x, p + k * bpsm::VertexSize + bpsm::vertex::ColorRole, 4);
            std::memcpy(&y, p + (k + 4) * bpsm::VertexSize + bpsm::vertex::ColorRole, 4);
            pads |= (x | y) & 0xffffff00u;
        }
        const __m256 t0 = _mm256_unpacklo_ps(w[0], w[1]), t1 = _mm256_unpackhi_ps(w[0], w[1]);
        const __m256 t2 = _mm256_unpacklo_ps(w[2], w[3]), t3 = _mm256_unpackhi_ps(w[2], w[3]);
        const __m256 w0 = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0)),
                     w1 = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2));
        const __m256 w2 = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0)),
                     w3 = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(3, 2, 3, 2));
        const __m256 sum = _mm256_add_ps(_mm256_add_ps(w0, w1), _mm256_add_ps(w2, w3));
        const __m256 off = _mm256_cmp_ps(_mm256_and_ps(_mm256_sub_ps(sum, one), absMask), margin, _CMP_NLE_UQ); // NaN: off
        const __m256i faults = _mm256_castps_si256(_mm256_or_ps(nonFinite, off));
        if ((int(_mm256_testz_si256(faults, faults) != 0) & int(_mm256_movemask_ps(signs) == 0) & int(pads == 0)) == 0)
            return i;
    }
    return i;
}
#endif

// Frames [first, first + count) of the vertex data: their records lie back to back, so they are
// taken four at a time across frame boundaries; a group that fails goes vertex by vertex.
void checkVertices(const BpsmFile &file, quint32 first, quint32 count, FindingSink &sink)
{
    const BpsmHeader &h = file.header();
    const uchar *data = reinterpret_cast<const uchar *>(file.bytes().data()) + h.vertexDataOffset;
    const quint64 begin = quint64(first) * h.vertexCount, end = quint64(first + count) * h.vertexCount;
    auto one = [&](quint64 i) {
        if (Q_UNLIKELY(!vertexLooksFine(data + i * bpsm::VertexSize)))
            checkVertex(file, quint32(i / h.vertexCount), quint32(i % h.vertexCount), sink);
    };
    quint64 i = begin;
#if defined(BPAT_AVX_KERNELS)
    if (deepkernels::bestScanKernel() == deepkernels::ScanKernel::Avx) {
        for (i = firstSuspectEight(data, i, end); i + 8 <= end; i = firstSuspectEight(data, i + 8, end)) {
            for (quint64 k = i; k < i + 8; ++k)
                one(k);
        }
    }
#endif
#if defined(__SSE2__)
    for (; i + 4 <= end; i += 4) {
        if (Q_LIKELY(fourVerticesLookFine(data + i * bpsm::VertexSize)))
            continue;
        for (quint64 k = i; k < i + 4; ++k)
            one(k);
    }
#endif
    for (; i < end; ++i)
        one(i);
}

} // namespace

void BpsmContentCheck::run(const BpsmFile &file, FindingSink &sink, int maxPerCode, int threads)
{
    const BpsmHeader &h = file.header();
    if (file.indexDataInBounds()) {
        const uchar *indices = reinterpret_cast<const uchar *>(file.bytes().data()) + h.indexDataOffset;
        for (quint32 i = 0; i < h.indexCount; ++i) {
            const quint32 index = fmt::readU32(indices + quint64(i) * bpsm::IndexSize);
            if (Q_UNLIKELY(index >= h.vertexCount))
                sink.report(u"BPSM_INDEX_OUT_OF_RANGE"_qs, h.indexDataOffset + quint64(i) * 4,
                            QStringLiteral("indices[%1]").arg(i),
                            QStringLiteral("index %1, expected < vertex_count %2").arg(index).arg(h.vertexCount));
        }
    }
    if (!file.vertexDataInBounds() || h.frameTotal == 0 || h.vertexCount == 0)
        return;
    // One contiguous range of frames per thread, each with its own findings, merged in frame
    // order: the findings do not depend on the thread count. At least 4 MiB a range: the pass
    // runs at 10-25 GB/s, so a smaller range takes less time than starting its thread (the
    // 4.7 MB horse_minimal.bpsm checked 8 % slower on two threads than on one).
    const quint64 bytes = quint64(h.frameTotal) * h.vertexCount * bpsm::VertexSize;
    const int wanted = threads > 0 ? threads : QThread::idealThreadCount();
    const quint32 ranges =
        quint32(std::clamp<quint64>(std::min<quint64>(quint64(std::max(1, wanted)), bytes >> 22), 1, h.frameTotal));
#ifdef Q_OS_UNIX
    const quintptr page = 4096;
    const quintptr from = quintptr(file.bytes().data() + h.vertexDataOffset) & ~(page - 1);
    ::posix_madvise(reinterpret_cast<void *>(from), size_t(quintptr(file.bytes().data() + h.vertexDataOffset) + bytes - from),
                    POSIX_MADV_SEQUENTIAL);
#endif
    if (ranges == 1) {
        checkVertices(file, 0, h.frameTotal, sink);
        return;
    }
    std::vector<FindingSink> parts(ranges, FindingSink(maxPerCode, BpsmValidator::codes()));
    QList<quint32> others; // ranges 1.. on a pool (map works in place: the list must outlive it)
    for (quint32 r = 1; r < ranges; ++r)
        others << r;
    QThreadPool pool;
    pool.setMaxThreadCount(int(ranges) - 1);
    QFuture<void> rest = QtConcurrent::map(&pool, others, [&](quint32 r) {
        const quint32 first = quint32(quint64(h.frameTotal) * r / ranges);
        checkVertices(file, first, quint32(quint64(h.frameTotal) * (r + 1) / ranges) - first, parts[r]);
    });
    checkVertices(file, 0, quint32(quint64(h.frameTotal) / ranges), parts[0]);
    rest.waitForFinished();
    for (const FindingSink &part : parts)
        sink.absorb(part);
}

} // namespace bpat

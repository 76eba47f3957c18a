#include "bpsm/BpsmContentCheck.h"

#include "bpat/BpatFormat.h"
#include "bpat/DeepCheckKernels.h"
#include "bpsm/BpsmFile.h"
#include "bpsm/BpsmFormat.h"
#include "bpsm/BpsmSink.h"

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
void checkVertex(const BpsmFile &file, quint32 f, quint32 v, BpsmSink &sink)
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
    for (int k = 0; k < 4; ++k) {
        finite = finite && std::isfinite(x.weights[k]);
        sum += x.weights[k];
        negative = negative || x.weights[k] < 0.0f;
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
    const int finiteAndPositive = int(deepkernels::allFinite(all, 8)) & int(deepkernels::allFinite(weights, 4)) & int((signs >> 31) == 0);
#endif
    float sum = 0.0f;
    for (float x : weights)
        sum += x;
    quint32 colorAndPad;
    std::memcpy(&colorAndPad, p + bpsm::vertex::ColorRole, 4);
    return (finiteAndPositive & int(std::abs(sum - 1.0f) <= 1e-3f) & int((colorAndPad & 0xffffff00u) == 0)) != 0;
}

#if defined(__SSE2__)
// Four consecutive vertex records at once: true when each passes vertexLooksFine(). The four
// weight sums in one register, lane i summing vertex i's weights in the same order (the same
// floats).
inline bool fourVerticesLookFine(const uchar *p)
{
    const __m128i exponent = _mm_set1_epi32(0x7f800000);
    auto infOrNan = [&](__m128i r) { return _mm_cmpeq_epi32(_mm_and_si128(r, exponent), exponent); };
    __m128i bad = _mm_setzero_si128();
    __m128 w[4];
    int signs = 0;
    quint32 pads = 0;
    for (int i = 0; i < 4; ++i) {
        const uchar *v = p + i * bpsm::VertexSize;
        w[i] = _mm_loadu_ps(reinterpret_cast<const float *>(v + bpsm::vertex::Weights));
        bad = _mm_or_si128(bad, _mm_or_si128(_mm_or_si128(infOrNan(_mm_loadu_si128(reinterpret_cast<const __m128i *>(v))),
                                                          infOrNan(_mm_loadu_si128(reinterpret_cast<const __m128i *>(v + 16)))),
                                             infOrNan(_mm_castps_si128(w[i]))));
        signs |= _mm_movemask_ps(w[i]);
        quint32 colorAndPad;
        std::memcpy(&colorAndPad, v + bpsm::vertex::ColorRole, 4);
        pads |= colorAndPad & 0xffffff00u;
    }
    _MM_TRANSPOSE4_PS(w[0], w[1], w[2], w[3]); // w[k] = weight k of the four vertices
    const __m128 sum = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_setzero_ps(), w[0]), w[1]), w[2]), w[3]);
    const __m128 deviation = _mm_and_ps(_mm_sub_ps(sum, _mm_set1_ps(1.0f)), _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)));
    const int sumsFine = _mm_movemask_ps(_mm_cmple_ps(deviation, _mm_set1_ps(1e-3f)));
    return (int(_mm_movemask_epi8(bad) == 0) & int(signs == 0) & int(pads == 0) & int(sumsFine == 15)) != 0;
}
#endif

// Frames [first, first + count) of the vertex data: their records lie back to back, so they are
// taken four at a time across frame boundaries; a group that fails goes vertex by vertex.
void checkVertices(const BpsmFile &file, quint32 first, quint32 count, BpsmSink &sink)
{
    const BpsmHeader &h = file.header();
    const uchar *data = reinterpret_cast<const uchar *>(file.bytes().data()) + h.vertexDataOffset;
    const quint64 begin = quint64(first) * h.vertexCount, end = quint64(first + count) * h.vertexCount;
    auto one = [&](quint64 i) {
        if (Q_UNLIKELY(!vertexLooksFine(data + i * bpsm::VertexSize)))
            checkVertex(file, quint32(i / h.vertexCount), quint32(i % h.vertexCount), sink);
    };
    quint64 i = begin;
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

void BpsmContentCheck::run(const BpsmFile &file, BpsmSink &sink, int maxPerCode, int threads)
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
    // One contiguous range of frames per thread (at least 1 MiB each), each with its own
    // findings, merged in frame order: the findings do not depend on the thread count.
    const quint64 bytes = quint64(h.frameTotal) * h.vertexCount * bpsm::VertexSize;
    const int wanted = threads > 0 ? threads : QThread::idealThreadCount();
    const quint32 ranges = quint32(std::clamp<quint64>(std::min<quint64>(quint64(std::max(1, wanted)), bytes >> 20), 1, h.frameTotal));
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
    std::vector<BpsmSink> parts(ranges, BpsmSink(maxPerCode));
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
    for (const BpsmSink &part : parts)
        sink.absorb(part);
}

} // namespace bpat

#include "diff/MotionComparer.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "diff/MatrixDelta.h"

#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#if defined(__SSE2__)
#include <emmintrin.h>
#include <xmmintrin.h>
#endif
#ifdef Q_OS_UNIX
#include <sys/mman.h>
#endif

namespace bpat::diff {

namespace fmt = bpat::format;

namespace {

constexpr float Infinity = std::numeric_limits<float>::infinity();
constexpr quint64 RunBytes = 1ull << 20; // both files' bytes per run

// Keeps the larger of two squared distances, NaN counting as infinitely large (once).
inline bool raise(float value, float &best)
{
    if (value <= best || best == Infinity)
        return false;
    best = value == value ? value : Infinity;
    return true;
}

} // namespace

// One file's blocks and, in late v3, its bind matrices prepared for the product.
struct MotionComparer::Side
{
    const uchar *palette = nullptr;
    const uchar *rows = nullptr;     // socket data, null without sockets
    const uchar *contacts = nullptr; // v3 contact records, null without an in-bounds table
    quint32 bones = 0, sockets = 0;
    bool late = false;
    std::vector<std::array<float, 16>> bind; // column-major, as stored (identity when absent)
#if defined(__SSE2__)
    std::vector<std::array<__m128, 16>> splat; // element (k, c) of bind in register k * 4 + c
#endif

    explicit Side(const BpatFile &file)
    {
        const BpatHeader &h = file.header();
        palette = file.paletteBytes();
        bones = h.boneCount;
        sockets = h.socketCount;
        rows = sockets > 0 ? file.socketDataBytes() : nullptr;
        if (file.hasContactTable() && file.contactTableInBounds())
            contacts = file.data() + file.v3Extension().contactDataOffset;
        late = file.storesSkinningMatrices();
        if (!late)
            return;
        bind.resize(bones);
        for (quint32 b = 0; b < bones; ++b) {
            const auto stored = file.hasBindPalette() ? file.bindFloats(b) : std::nullopt;
            if (stored) {
                bind[b] = *stored;
            } else {
                bind[b] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
            }
        }
#if defined(__SSE2__)
        splat.resize(bones);
        for (quint32 b = 0; b < bones; ++b) {
            for (int k = 0; k < 4; ++k) {
                for (int c = 0; c < 4; ++c)
                    splat[b][k * 4 + c] = _mm_set1_ps(bind[b][c * 4 + k]); // B[k][c], column-major storage
            }
        }
#endif
    }
};

// A run of frames of one task.
struct MotionComparer::Run
{
    int task = 0;
    quint32 from = 0; // clip-local
    quint32 count = 0;
};

MotionComparer::MotionComparer(const BpatFile &a, const BpatFile &b, const DiffOptions &options)
    : m_a(a)
    , m_b(b)
    , m_options(options)
    , m_sideA(std::make_unique<Side>(a))
    , m_sideB(std::make_unique<Side>(b))
{
    // Equal bytes mean equal globals when both store them the same way.
    m_sameStorage = m_sideA->late == m_sideB->late && m_sideA->bind == m_sideB->bind;
    const double t = std::max(0.0, options.tolerance);
    m_chordLimit = float(chordSquaredOf(t));
    m_moveLimit = float(t * t);
    m_valueLimit = float(t);
}

MotionComparer::~MotionComparer() = default;

void MotionFindings::absorb(const MotionFindings &later)
{
    for (size_t b = 0; b < bones.size() && b < later.bones.size(); ++b) {
        Bone &mine = bones[b];
        const Bone &theirs = later.bones[b];
        if (raise(theirs.chord2, mine.chord2))
            mine.chordFrame = theirs.chordFrame;
        if (raise(theirs.move2, mine.move2))
            mine.moveFrame = theirs.moveFrame;
        mine.differs |= theirs.differs;
    }
    frames.absorb(later.frames);
    for (size_t s = 0; s < sockets.size() && s < later.sockets.size(); ++s) {
        Socket &mine = sockets[s];
        const Socket &theirs = later.sockets[s];
        if (raise(theirs.chord2, mine.chord2))
            mine.chordFrame = theirs.chordFrame;
        if (raise(theirs.move2, mine.move2))
            mine.moveFrame = theirs.moveFrame;
        mine.frames += theirs.frames;
    }
    contactFrames.absorb(later.contactFrames);
    if (raise(later.contactMax, contactMax)) {
        contactFrame = later.contactFrame;
        contactField = later.contactField;
    }
}

#if defined(__SSE2__)
namespace {

// Columns 0..3 of a global matrix (lane r = row r): a late-v3 skinning matrix times its bone's
// bind matrix, or a row-major global transposed.
inline void lateColumns(const float *s, const __m128 *splat, __m128 out[4])
{
    const __m128 s0 = _mm_loadu_ps(s), s1 = _mm_loadu_ps(s + 4), s2 = _mm_loadu_ps(s + 8), s3 = _mm_loadu_ps(s + 12);
    for (int c = 0; c < 4; ++c) {
        out[c] = _mm_add_ps(_mm_add_ps(_mm_mul_ps(s0, splat[c]), _mm_mul_ps(s1, splat[4 + c])),
                            _mm_add_ps(_mm_mul_ps(s2, splat[8 + c]), _mm_mul_ps(s3, splat[12 + c])));
    }
}
inline void rowMajorColumns(const float *m, __m128 out[4])
{
    __m128 r0 = _mm_loadu_ps(m), r1 = _mm_loadu_ps(m + 4), r2 = _mm_loadu_ps(m + 8), r3 = _mm_loadu_ps(m + 12);
    _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
    out[0] = r0;
    out[1] = r1;
    out[2] = r2;
    out[3] = r3;
}
inline float sum3(__m128 v)
{
    alignas(16) float f[4];
    _mm_store_ps(f, v);
    return f[0] + f[1] + f[2];
}

} // namespace
#endif

template<bool LateA, bool LateB>
void MotionComparer::comparePalette(const MotionTask &task, const Run &run, MotionFindings &out,
                                    std::vector<quint64> &moved) const
{
    const Side &a = *m_sideA, &b = *m_sideB;
    const quint32 bones = a.bones;
    const quint64 frameBytes = quint64(bones) * fmt::MatrixSize;
    for (quint32 i = 0; i < run.count; ++i) {
        const quint32 f = run.from + i;
        const uchar *pa = a.palette + task.frameA(f) * frameBytes;
        const uchar *pb = b.palette + task.frameB(f) * frameBytes;
        quint64 mask = 0;
        // Frames stored alike (the same layout and, in late v3, the same bind palette) whose
        // bytes are equal are equal: nothing to compute (a regenerated file that did not change).
        if (m_sameStorage && std::memcmp(pa, pb, frameBytes) == 0) {
            moved[i] = 0;
            continue;
        }
        for (quint32 bone = 0; bone < bones; ++bone) {
            const float *ma = reinterpret_cast<const float *>(pa + quint64(bone) * fmt::MatrixSize);
            const float *mb = reinterpret_cast<const float *>(pb + quint64(bone) * fmt::MatrixSize);
            float chord2, move2;
#if defined(__SSE2__)
            if constexpr (!LateA && !LateB) {
                // Both row-major: rows 0..2, the basis in lanes 0..2, the translation in lane 3.
                const __m128 d0 = _mm_sub_ps(_mm_loadu_ps(ma), _mm_loadu_ps(mb));
                const __m128 d1 = _mm_sub_ps(_mm_loadu_ps(ma + 4), _mm_loadu_ps(mb + 4));
                const __m128 d2 = _mm_sub_ps(_mm_loadu_ps(ma + 8), _mm_loadu_ps(mb + 8));
                const __m128 s = _mm_add_ps(_mm_add_ps(_mm_mul_ps(d0, d0), _mm_mul_ps(d1, d1)), _mm_mul_ps(d2, d2));
                alignas(16) float f4[4];
                _mm_store_ps(f4, s);
                chord2 = f4[0] + f4[1] + f4[2];
                move2 = f4[3];
            } else {
                __m128 ca[4], cb[4];
                if constexpr (LateA)
                    lateColumns(ma, a.splat[bone].data(), ca);
                else
                    rowMajorColumns(ma, ca);
                if constexpr (LateB)
                    lateColumns(mb, b.splat[bone].data(), cb);
                else
                    rowMajorColumns(mb, cb);
                const __m128 d0 = _mm_sub_ps(ca[0], cb[0]), d1 = _mm_sub_ps(ca[1], cb[1]), d2 = _mm_sub_ps(ca[2], cb[2]);
                const __m128 d3 = _mm_sub_ps(ca[3], cb[3]);
                chord2 = sum3(_mm_add_ps(_mm_add_ps(_mm_mul_ps(d0, d0), _mm_mul_ps(d1, d1)), _mm_mul_ps(d2, d2)));
                move2 = sum3(_mm_mul_ps(d3, d3));
            }
#else
            std::array<float, 16> ga, gb;
            if constexpr (LateA)
                ga = skinTimesBind(ma, a.bind[bone].data());
            else
                std::memcpy(ga.data(), ma, sizeof ga);
            if constexpr (LateB)
                gb = skinTimesBind(mb, b.bind[bone].data());
            else
                std::memcpy(gb.data(), mb, sizeof gb);
            chord2 = move2 = 0.0f;
            for (int r = 0; r < 3; ++r) {
                for (int c = 0; c < 3; ++c) {
                    const float d = ga[r * 4 + c] - gb[r * 4 + c];
                    chord2 += d * d;
                }
                const float t = ga[r * 4 + 3] - gb[r * 4 + 3];
                move2 += t * t;
            }
#endif
            MotionFindings::Bone &best = out.bones[bone];
            if (raise(chord2, best.chord2))
                best.chordFrame = f;
            if (raise(move2, best.move2))
                best.moveFrame = f;
            if (!(chord2 <= m_chordLimit && move2 <= m_moveLimit)) {
                mask |= quint64(1) << bone;
                best.differs = true;
            }
        }
        if (mask != 0)
            out.frames.add(f);
        moved[i] = mask;
    }
}

void MotionComparer::compare(const MotionTask &task, const Run &run, MotionFindings &out) const
{
    const Side &a = *m_sideA, &b = *m_sideB;
    out.bones.assign(a.bones, {});
    out.frames.cap = out.contactFrames.cap = m_options.maxRanges;
    std::vector<quint64> moved(run.count, 0); // per frame, the bones beyond the tolerance
    if (a.late && b.late)
        comparePalette<true, true>(task, run, out, moved);
    else if (a.late)
        comparePalette<true, false>(task, run, out, moved);
    else if (b.late)
        comparePalette<false, true>(task, run, out, moved);
    else
        comparePalette<false, false>(task, run, out, moved);

    // Socket rows (row-major rows 0..2 in every dialect), where the anchor did not move.
    out.sockets.assign(size_t(task.sockets.size()), {});
    for (qsizetype s = 0; s < task.sockets.size(); ++s) {
        const SocketTrack &track = task.sockets.at(s);
        MotionFindings::Socket &best = out.sockets[size_t(s)];
        for (quint32 i = 0; i < run.count; ++i) {
            if (moved[i] & (quint64(1) << track.anchor))
                continue;
            const quint32 f = run.from + i;
            const uchar *ra = a.rows + (task.frameA(f) * a.sockets + quint64(track.socketA)) * fmt::SocketRowSize;
            const uchar *rb = b.rows + (task.frameB(f) * b.sockets + quint64(track.socketB)) * fmt::SocketRowSize;
            float va[12], vb[12];
            std::memcpy(va, ra, sizeof va);
            std::memcpy(vb, rb, sizeof vb);
            float chord2 = 0.0f, move2 = 0.0f;
            for (int r = 0; r < 3; ++r) {
                for (int c = 0; c < 3; ++c) {
                    const float d = va[r * 4 + c] - vb[r * 4 + c];
                    chord2 += d * d;
                }
                const float t = va[r * 4 + 3] - vb[r * 4 + 3];
                move2 += t * t;
            }
            if (!(chord2 <= m_chordLimit && move2 <= m_moveLimit)) {
                ++best.frames;
                if (raise(chord2, best.chord2))
                    best.chordFrame = f;
                if (raise(move2, best.move2))
                    best.moveFrame = f;
            }
        }
    }

    if (task.contacts && a.contacts && b.contacts) {
        for (quint32 i = 0; i < run.count; ++i) {
            const quint32 f = run.from + i;
            float ca[2], cb[2];
            std::memcpy(ca, a.contacts + task.frameA(f) * fmt::ContactRecordSize, sizeof ca);
            std::memcpy(cb, b.contacts + task.frameB(f) * fmt::ContactRecordSize, sizeof cb);
            bool differs = false;
            for (int k = 0; k < 2; ++k) {
                const float d = std::abs(ca[k] - cb[k]);
                if (!(d <= m_valueLimit)) {
                    differs = true;
                    if (raise(d, out.contactMax)) {
                        out.contactFrame = f;
                        out.contactField = k;
                    }
                }
            }
            if (differs)
                out.contactFrames.add(f);
        }
    }
}

std::optional<QList<MotionFindings>> MotionComparer::run(const QList<MotionTask> &tasks)
{
    const Side &a = *m_sideA, &b = *m_sideB;
    const quint64 frameBytes = quint64(a.bones) * fmt::MatrixSize * 2 + (quint64(a.sockets) + b.sockets) * fmt::SocketRowSize;
    const quint32 step = quint32(std::clamp<quint64>(RunBytes / std::max<quint64>(1, frameBytes), 1, 1u << 20));
    QList<Run> runs;
    quint64 total = 0;
    for (qsizetype t = 0; t < tasks.size(); ++t) {
        for (quint32 from = 0; from < tasks.at(t).frames; from += std::min(step, tasks.at(t).frames - from))
            runs.append({int(t), from, std::min(step, tasks.at(t).frames - from)});
        total += quint64(tasks.at(t).frames) * frameBytes;
    }
#ifdef Q_OS_UNIX
    // Both passes read front to back: let the kernel read ahead.
    for (const BpatFile *file : {&m_a, &m_b}) {
        const quintptr page = 4096;
        const quintptr at = quintptr(file->paletteBytes()) & ~(page - 1);
        const quintptr end = quintptr(file->paletteBytes()) + file->paletteBytesSize() + file->socketDataBytesSize();
        if (file->paletteBytes())
            ::posix_madvise(reinterpret_cast<void *>(at), size_t(end - at), POSIX_MADV_SEQUENTIAL);
    }
#endif
    QList<MotionFindings> found(runs.size());
    std::atomic<quint64> done{0};
    std::atomic<bool> stop{false};
    auto work = [&](int index) {
        if (stop.load(std::memory_order_relaxed))
            return;
        const Run &r = runs.at(index);
        const MotionTask &task = tasks.at(r.task);
        MotionFindings &out = found[index];
        compare(task, r, out);
        if (m_options.releaseBehind) {
            const quint64 matrixBytes = quint64(a.bones) * fmt::MatrixSize;
            m_a.releasePages(m_a.paletteDataOffset() + task.frameA(r.from) * matrixBytes,
                             quint64(r.count) * task.strideA * matrixBytes);
            m_b.releasePages(m_b.paletteDataOffset() + task.frameB(r.from) * matrixBytes,
                             quint64(r.count) * task.strideB * matrixBytes);
            if (a.rows)
                m_a.releasePages(*m_a.socketDataOffset() + task.frameA(r.from) * a.sockets * fmt::SocketRowSize,
                                 quint64(r.count) * task.strideA * a.sockets * fmt::SocketRowSize);
            if (b.rows)
                m_b.releasePages(*m_b.socketDataOffset() + task.frameB(r.from) * b.sockets * fmt::SocketRowSize,
                                 quint64(r.count) * task.strideB * b.sockets * fmt::SocketRowSize);
        }
        done.fetch_add(quint64(r.count) * frameBytes, std::memory_order_relaxed);
    };
    const auto tick = [&]() {
        if (m_options.progress && !m_options.progress(done.load(std::memory_order_relaxed), total))
            stop = true;
    };
    const int wanted = m_options.threads > 0 ? m_options.threads : QThread::idealThreadCount();
    const int threads = int(std::clamp<qsizetype>(std::min<qsizetype>(wanted, runs.size()), 1, 64));
    if (threads <= 1) {
        for (int i = 0; i < int(runs.size()); ++i) {
            work(i);
            tick();
            if (stop)
                break;
        }
    } else {
        // Runs on a pool; this thread reports progress and watches for cancel meanwhile.
        QThreadPool pool;
        pool.setMaxThreadCount(threads);
        std::vector<int> order(size_t(runs.size()));
        for (size_t i = 0; i < order.size(); ++i)
            order[i] = int(i);
        QFuture<void> all = QtConcurrent::map(&pool, order, [&](int &i) { work(i); });
        while (!all.isFinished()) {
            tick();
            QThread::msleep(2);
        }
        all.waitForFinished();
    }
    tick();
    if (stop)
        return std::nullopt;
    // Merged in frame order, task by task.
    QList<MotionFindings> merged(tasks.size());
    for (qsizetype t = 0; t < tasks.size(); ++t) {
        merged[t].bones.assign(a.bones, {});
        merged[t].sockets.assign(size_t(tasks.at(t).sockets.size()), {});
        merged[t].frames.cap = merged[t].contactFrames.cap = m_options.maxRanges;
    }
    for (qsizetype i = 0; i < runs.size(); ++i)
        merged[runs.at(i).task].absorb(found.at(i));
    return merged;
}

} // namespace bpat::diff

#include "bpat/DeepChecker.h"

#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "bpat/DeepCheckKernels.h"
#include "bpat/DeepCheckerLate.h"
#include "bpat/DeepMatrixScan.h"
#include "species/SpeciesRig.h"

#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>
#include <algorithm>
#include <atomic>
#include <memory>
#include <vector>
#ifdef Q_OS_UNIX
#include <sys/mman.h>
#endif
#include <cmath>
#include <cstring>
#include <limits>

namespace bpat {

namespace fmt = bpat::format;
using namespace codes;
using namespace deepkernels;

namespace {

constexpr quint64 ProgressStep = 8ull << 20; // bytes between progress callbacks

} // namespace

DeepChecker::DeepChecker(const BpatFile &file, const ValidationOptions &options, DiagnosticSink &sink)
    : m_file(file)
    , m_options(options)
    , m_sink(sink)
    , m_where(file)
{
    if (m_file.storesSkinningMatrices())
        m_late = std::make_shared<const DeepCheckerLate>(file, options);
}

DeepChecker::DeepChecker(const BpatFile &file, const ValidationOptions &options, DiagnosticSink &sink,
                         std::shared_ptr<const DeepCheckerLate> late)
    : m_file(file)
    , m_options(options)
    , m_sink(sink)
    , m_late(std::move(late))
    , m_where(file)
{
}

void DeepChecker::run()
{
    // Streams only what is proven inside the file: paletteInBounds() is false when the
    // palette's size overflows 64 bits (a size that wrapped to 0 once let 2^27 frames of 2^31
    // bones through, and the loops below read far past the mapping). The socket pass needs its
    // block proven too. With bone_count 0 the palette is empty whatever frame_total says
    // (BONE_COUNT_OUT_OF_RANGE is reported): nothing to stream, and looping over up to 2^32
    // empty frames would be wasted.
    if (!m_file.paletteInBounds() || m_file.header().boneCount == 0)
        return;
    const BpatHeader &h = m_file.header();
    const uchar *palette = m_file.paletteBytes();
    if (!palette)
        return;
    const uchar *rows = m_file.socketDataBytes();
    const bool sockets = rows && h.socketCount > 0 && m_file.sockets().size() == qsizetype(h.socketCount);
    m_totalBytes = m_file.paletteBytesSize() + m_file.socketDataBytesSize();
    m_nextProgress = 0;
    if (!tick(0)) {
        m_sink.setCancelled();
        return;
    }
    if (h.frameTotal == 0) {
        if (m_options.progress)
            m_options.progress(m_totalBytes, m_totalBytes);
        return;
    }
    const quint64 frameBytes = quint64(h.boneCount) * fmt::MatrixSize;
    const quint64 rowBytes = sockets ? quint64(h.socketCount) * fmt::SocketRowSize : 0;
#ifdef Q_OS_UNIX
    // The pass reads front to back: let the kernel read ahead (and drop behind) accordingly.
    const quintptr page = 4096;
    const quintptr from = quintptr(palette) & ~(page - 1);
    ::posix_madvise(reinterpret_cast<void *>(from), size_t(quintptr(palette) + m_file.paletteBytesSize() - from),
                    POSIX_MADV_SEQUENTIAL);
#endif

    // One contiguous range of frames per thread, each with its own findings and carried state.
    constexpr quint64 MinBytesPerThread = 1ull << 20;
    const int wanted = m_options.threads > 0 ? m_options.threads : QThread::idealThreadCount();
    const quint64 byBytes = std::max<quint64>(1, m_totalBytes / MinBytesPerThread);
    const quint32 ranges =
        quint32(std::clamp<quint64>(std::min<quint64>(quint64(std::max(1, wanted)), byBytes), 1, h.frameTotal));
    struct Range
    {
        quint32 first = 0, count = 0;
        std::unique_ptr<DiagnosticSink> paletteSink, socketSink;
        std::unique_ptr<DeepChecker> palette, socket;
    };
    std::vector<Range> parts(ranges);
    for (quint32 r = 0; r < ranges; ++r) {
        Range &part = parts[r];
        part.first = quint32(quint64(h.frameTotal) * r / ranges);
        part.count = quint32(quint64(h.frameTotal) * (r + 1) / ranges) - part.first;
        part.paletteSink = std::make_unique<DiagnosticSink>(m_sink.profile(), m_options.maxIssues);
        part.socketSink = std::make_unique<DiagnosticSink>(m_sink.profile(), m_options.maxIssues);
        part.palette = std::make_unique<DeepChecker>(m_file, m_options, *part.paletteSink);
        part.socket = std::make_unique<DeepChecker>(m_file, m_options, *part.socketSink);
        part.palette->m_late = part.socket->m_late = m_late; // prepared once
    }
    std::atomic<quint64> done{0};
    std::atomic<bool> stop{false};
    // Runs of about 1 MiB: the socket rows of a run are checked right after its matrices, so
    // their anchors are read from cache.
    const quint32 step = quint32(std::max<quint64>(1, (1ull << 20) / (frameBytes + rowBytes)));
    auto sweep = [&](Range &part, bool reporting) {
        for (quint32 at = 0; at < part.count;) {
            if (stop.load(std::memory_order_relaxed))
                return;
            const quint32 n = std::min(step, part.count - at);
            const quint32 frame = part.first + at;
            part.palette->checkPaletteFrames(palette + quint64(frame) * frameBytes, frame, n);
            if (sockets)
                part.socket->checkSocketFrames(rows + quint64(frame) * rowBytes, palette + quint64(frame) * frameBytes, frame, n);
            if (m_options.releaseBehind) { // the run's pages leave the resident set behind the sweep
                m_file.releasePages(m_file.paletteDataOffset() + quint64(frame) * frameBytes, quint64(n) * frameBytes);
                if (sockets)
                    m_file.releasePages(*m_file.socketDataOffset() + quint64(frame) * rowBytes, quint64(n) * rowBytes);
            }
            at += n;
            const quint64 now = done.fetch_add(quint64(n) * (frameBytes + rowBytes), std::memory_order_relaxed)
                + quint64(n) * (frameBytes + rowBytes);
            if (reporting && !tick(now))
                stop = true;
        }
    };
    if (ranges == 1) {
        sweep(parts[0], true);
    } else {
        // Ranges 1.. on a pool; range 0 on this thread, which alone reports progress and
        // watches the cancel flag (ValidationOptions promises callbacks on this thread).
        QThreadPool pool;
        pool.setMaxThreadCount(int(ranges) - 1);
        QList<Range *> others;
        for (quint32 r = 1; r < ranges; ++r)
            others.append(&parts[r]);
        QFuture<void> rest = QtConcurrent::map(&pool, others, [&](Range *part) { sweep(*part, false); });
        sweep(parts[0], true);
        while (!rest.isFinished()) { // keep reporting while the others finish
            if (!tick(done.load(std::memory_order_relaxed)))
                stop = true;
            QThread::msleep(1);
        }
        rest.waitForFinished();
    }
    if (stop) {
        m_sink.setCancelled();
        return;
    }
    // One merge, in frame order: matrices first, then socket rows (the Validator's order).
    for (Range &part : parts) {
        m_sink.absorb(part.paletteSink->result());
        absorb(*part.palette);
    }
    finishPalette();
    if (sockets) {
        for (Range &part : parts) {
            m_sink.absorb(part.socketSink->result());
            absorb(*part.socket);
        }
        finishSockets();
    }
    if (!DeepCheckerLate::checkContacts(m_file, m_options, m_sink, m_where)) { // v3: early and late alike
        m_sink.setCancelled();
        return;
    }
    if (m_options.progress)
        m_options.progress(m_totalBytes, m_totalBytes);
}

void DeepChecker::absorb(const DeepChecker &later)
{
    if (later.m_columnMajor > 0) {
        if (!m_firstColumnMajor) {
            m_firstColumnMajor = later.m_firstColumnMajor;
            m_firstColumnMajorAt = later.m_firstColumnMajorAt;
        }
        m_columnMajor += later.m_columnMajor;
    }
    if (!later.m_mismatches.isEmpty()) {
        if (m_mismatches.size() != later.m_mismatches.size())
            m_mismatches.resize(later.m_mismatches.size());
        for (qsizetype s = 0; s < m_mismatches.size(); ++s) {
            Mismatch &mine = m_mismatches[s];
            const Mismatch &theirs = later.m_mismatches.at(s);
            if (theirs.frames == 0)
                continue;
            if (mine.frames == 0)
                mine.firstFrame = theirs.firstFrame;
            mine.frames += theirs.frames;
            mine.worst = std::max(mine.worst, theirs.worst);
        }
    }
}

bool DeepChecker::tick(quint64 done)
{
    if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed))
        return false;
    if (m_options.progress && done >= m_nextProgress) {
        m_options.progress(done, m_totalBytes);
        m_nextProgress = done + ProgressStep;
    }
    return true;
}

void DeepChecker::checkMatrixSlow(const float *m, quint32 frame, quint32 bone)
{
    const BpatHeader &h = m_file.header();
    const quint64 paletteOffset = m_file.paletteDataOffset();
    const double minDet = m_options.degenerateDeterminant;
    auto report = [&](const QString &code, const QString &what) {
        if (m_sink.full(code)) { // not kept: counted, not worded
            m_sink.countOnly(code);
            return;
        }
        const DiagnosticLocation where = m_where.palette(frame, bone);
        // "clip walk, frame 7", or "frame 12" outside every clip.
        const QString inWords = where.clip >= 0
            ? QStringLiteral("clip %1, frame %2").arg(where.clipName, QString::number(where.frame))
            : QStringLiteral("frame %1").arg(where.frame);
        m_sink.report(code, paletteOffset + (quint64(frame) * h.boneCount + bone) * fmt::MatrixSize, where,
                      QStringLiteral("%1 in %2: %3").arg(m_where.boneLabel(bone), inWords, what));
    };
    if (!allFinite(m, 16)) {
        report(NON_FINITE, QStringLiteral("matrix holds NaN or infinity: %1").arg(DeepLocator::floats(m, 16)));
        return;
    }
    if (!(m[12] == 0.0f && m[13] == 0.0f && m[14] == 0.0f && m[15] == 1.0f)) {
        const bool looksColumnMajor = m[3] == 0.0f && m[7] == 0.0f && m[11] == 0.0f && m[15] == 1.0f;
        if (looksColumnMajor) {
            otherLayout(frame, bone);
        } else {
            report(NON_AFFINE,
                   QStringLiteral("row 3 (floats 12..15) is %1, expected 0 0 0 1").arg(DeepLocator::floats(m + 12, 4)));
        }
    }
    const double det = double(m[0]) * (double(m[5]) * m[10] - double(m[6]) * m[9])
        - double(m[1]) * (double(m[4]) * m[10] - double(m[6]) * m[8])
        + double(m[2]) * (double(m[4]) * m[9] - double(m[5]) * m[8]);
    if (std::abs(det) < minDet) {
        report(DEGENERATE_MATRIX,
               QStringLiteral("determinant of the upper 3x3 is %1, expected |det| >= %2")
                   .arg(det, 0, 'g', 6)
                   .arg(minDet, 0, 'g', 3));
    }
}

void DeepChecker::otherLayout(quint32 frame, quint32 bone)
{
    if (!m_firstColumnMajor) {
        m_firstColumnMajor = m_file.paletteDataOffset() + (quint64(frame) * m_file.header().boneCount + bone) * fmt::MatrixSize;
        m_firstColumnMajorAt = m_where.palette(frame, bone);
    }
    ++m_columnMajor;
}

void DeepChecker::checkPaletteFrames(const uchar *frames, quint32 first, quint32 count)
{
    if (m_late) {
        checkSkinningFrames(frames, first, count);
        return;
    }
    const quint32 bones = m_file.header().boneCount;
    // The fast test over the run (frames are contiguous), several matrices at a time; a batch it
    // cannot pass goes to the exact checks (checkMatrixSlow, in double precision), one matrix at
    // a time, which decide and word every finding.
    const DetBound bound = detBound(m_options.degenerateDeterminant);
    ScanBounds bounds;
    bounds.minDet = &bound.minDet;
    bounds.slope = &bound.slope;
    bounds.limit = std::numeric_limits<float>::infinity(); // finite
    const quint64 matrices = quint64(count) * bones;
    for (Suspect at = nextSuspect(frames, 0, matrices, bounds, false); at.first < matrices;
         at = nextSuspect(frames, at.first + at.count, matrices, bounds, false)) {
        for (quint64 i = at.first; i < at.first + at.count; ++i) {
            float copy[16];
            std::memcpy(copy, frames + i * fmt::MatrixSize, sizeof copy);
            checkMatrixSlow(copy, first + quint32(i / bones), quint32(i % bones));
        }
    }
}

// Late v3: the same scan over column-major skinning matrices, a frame at a time, each matrix
// against its bone's bound (DeepCheckerLate); the exact checks of the global only for a batch
// that fails it.
void DeepChecker::checkSkinningFrames(const uchar *frames, quint32 first, quint32 count)
{
    if (!m_late->checksPalette())
        return;
    const quint32 bones = m_file.header().boneCount;
    const quint64 frameBytes = quint64(bones) * fmt::MatrixSize;
    ScanBounds bounds;
    bounds.minDet = m_late->fastMinDets(); // per bone, padded to a multiple of 8
    bounds.slope = m_late->fastSlopes();
    bounds.perMatrix = true;
    bounds.limit = DeepCheckerLate::Limit;
    for (quint32 f = 0; f < count; ++f) {
        const uchar *frame = frames + quint64(f) * frameBytes;
        for (Suspect at = nextSuspect(frame, 0, bones, bounds, true); at.first < bones;
             at = nextSuspect(frame, at.first + at.count, bones, bounds, true)) {
            for (quint32 b = quint32(at.first); b < at.first + at.count; ++b) {
                float s[16];
                std::memcpy(s, frame + quint64(b) * fmt::MatrixSize, sizeof s);
                // Worded only when it can be kept (a warning can, then anything can); an error
                // that can displace a kept warning is worded again.
                DeepCheckerLate::Verdict v = m_late->check(s, b, !m_sink.full(NON_AFFINE));
                if (v.kind == DeepCheckerLate::Verdict::RowMajor) {
                    otherLayout(first + f, b);
                } else if (v.kind == DeepCheckerLate::Verdict::Finding) {
                    if (m_sink.full(v.code)) {
                        m_sink.countOnly(v.code);
                    } else {
                        if (v.message.isEmpty())
                            v = m_late->check(s, b, true);
                        m_sink.report(v.code, m_file.paletteDataOffset() + (quint64(first + f) * bones + b) * fmt::MatrixSize,
                                      m_where.palette(first + f, b), v.message);
                    }
                }
            }
        }
    }
}

void DeepChecker::finishPalette()
{
    if (m_columnMajor == 0)
        return;
    const BpatHeader &h = m_file.header();
    const quint64 total = quint64(h.frameTotal) * h.boneCount;
    if (m_late) {
        m_sink.report(
            ROW_MAJOR_SUSPECTED, m_firstColumnMajor, m_firstColumnMajorAt,
            QStringLiteral("%1 of %2 skinning matrices hold their translation in floats 3, 7, 11 with floats 12..14 zero "
                           "(row-major); late v3 stores columns (translation in floats 12..14)")
                .arg(m_columnMajor)
                .arg(total));
        return;
    }
    m_sink.report(COLUMN_MAJOR_SUSPECTED, m_firstColumnMajor, m_firstColumnMajorAt,
                  QStringLiteral("%1 of %2 matrices hold their translation in floats 12..14 with floats 3, 7, 11 zero "
                                 "(column-major); v1 palettes are row-major (translation in floats 3, 7, 11, row 3 = 0 0 0 1)")
                      .arg(m_columnMajor)
                      .arg(total));
}

void DeepChecker::prepareSockets()
{
    m_socketsReady = true;
    const BpatHeader &h = m_file.header();
    const QList<BpatSocketInfo> &sockets = m_file.sockets();
    if (h.socketCount == 0 || sockets.size() != qsizetype(h.socketCount))
        return; // no sockets, or the socket table is not decoded: anchors and offsets unknown
    m_mismatches.resize(sockets.size());
    for (const BpatSocketInfo &s : sockets) {
        SocketRef ref;
        ref.anchor = s.anchorBone;
        ref.anchorValid = s.anchorBone < h.boneCount; // else SOCKET_ANCHOR_OUT_OF_RANGE is reported
        ref.x = s.localOffset.x();
        ref.y = s.localOffset.y();
        ref.z = s.localOffset.z();
#if defined(__SSE2__)
        ref.errorScale = m_late && ref.anchorValid && ref.anchor < m_late->preparedBones()
            ? m_late->socketErrorScale(ref.anchor, s.localOffset)
            : std::numeric_limits<float>::quiet_NaN();
#endif
        m_socketRefs.append(ref);
    }
}

void DeepChecker::checkSocketFrames(const uchar *rows, const uchar *palette, quint32 first, quint32 count)
{
    if (!m_socketsReady)
        prepareSockets();
    if (m_socketRefs.isEmpty())
        return;
    const BpatHeader &h = m_file.header();
    const quint32 socketCount = quint32(m_socketRefs.size());
    const SocketRef *refs = m_socketRefs.constData();
    const float tolerance = m_options.socketTolerance;
    for (quint32 i = 0; i < count; ++i) {
        const quint32 frame = first + i;
        const uchar *frameRows = rows + quint64(i) * socketCount * fmt::SocketRowSize;
        const uchar *framePalette = palette + quint64(i) * h.boneCount * fmt::MatrixSize;
        for (quint32 s = 0; s < socketCount; ++s) {
#if defined(__SSE2__)
            if (Q_LIKELY(refs[s].anchorValid)) {
                // The common case: the rows are what the palette gives, bit for bit (v1, v2, early
                // v3 as written), or within the tolerance (late v3, whose rows were computed from
                // globals that skin x bind gives back only to the last bits).
                const uchar *anchor = framePalette + quint64(refs[s].anchor) * fmt::MatrixSize;
                const uchar *row = frameRows + quint64(s) * fmt::SocketRowSize;
                const __m128 x = _mm_set1_ps(refs[s].x), y = _mm_set1_ps(refs[s].y), z = _mm_set1_ps(refs[s].z);
                if (m_late ? !std::isnan(refs[s].errorScale) // NaN: a bone without splats, or a bind too large
                            && lateSocketRowWithin(row, anchor, m_late->bindSplats(refs[s].anchor), x, y, z, refs[s].errorScale,
                                                   tolerance)
                           : socketRowExact(row, anchor, x, y, z))
                    continue;
            }
#endif
            float stored[12];
            std::memcpy(stored, frameRows + quint64(s) * fmt::SocketRowSize, sizeof stored);
            if (Q_UNLIKELY(!allFinite(stored, 12))) {
                if (m_sink.full(NON_FINITE)) {
                    m_sink.countOnly(NON_FINITE);
                } else {
                    m_sink.report(NON_FINITE,
                                  *m_file.socketDataOffset() + (quint64(frame) * socketCount + s) * fmt::SocketRowSize,
                                  m_where.socket(frame, s, m_file.sockets().at(s).name),
                                  QStringLiteral("socket rows hold NaN or infinity: %1").arg(DeepLocator::floats(stored, 12)));
                }
                continue;
            }
            const SocketRef &ref = refs[s];
            if (!ref.anchorValid)
                continue;
            float anchor[16];
            std::memcpy(anchor, framePalette + quint64(ref.anchor) * fmt::MatrixSize, sizeof anchor);
            std::array<float, 12> expected;
            if (m_late) // as before: BpatFile::globalMatrixFloats and BpatDocument::computeSocketRow
                expected =
                    BpatDocument::computeSocketRow(m_late->global(anchor, ref.anchor).data(), m_file.sockets().at(s).localOffset);
            else
                socketRow(anchor, ref.x, ref.y, ref.z, expected.data());
            float worst = 0.0f;
            bool differs = false;
            for (int k = 0; k < 12; ++k) {
                const float diff = std::abs(stored[k] - expected[k]);
                worst = std::max(worst, diff);
                differs |= !(diff <= tolerance * std::max(1.0f, std::abs(expected[k])));
            }
            if (Q_UNLIKELY(differs)) {
                Mismatch &mm = m_mismatches[s];
                if (mm.frames++ == 0)
                    mm.firstFrame = frame;
                mm.worst = std::max(mm.worst, worst);
            }
        }
    }
}

void DeepChecker::finishSockets()
{
    const BpatHeader &h = m_file.header();
    const QList<BpatSocketInfo> &sockets = m_file.sockets();
    if (m_mismatches.size() != sockets.size() || h.socketCount == 0)
        return;
    const quint64 socketBase = *m_file.socketDataOffset();
    const float tolerance = m_options.socketTolerance;
    // Sockets the game bakes from frames of their own (the humanoid's grip axes, blade and shaft
    // ends: specs/bpat-versions.md, section 6), named by the rig description.
    std::optional<QStringList> baked;
    for (quint32 s = 0; s < h.socketCount; ++s) {
        const Mismatch &mm = m_mismatches.at(s);
        if (mm.frames == 0)
            continue;
        const BpatSocketInfo &socket = sockets.at(s);
        if (!baked) {
            const SpeciesRig *rig = SpeciesRig::find(h.speciesId, int(h.boneCount));
            baked = rig ? rig->description().bakedSockets : QStringList();
        }
        if (baked->contains(socket.name)) { // by design: said once, as information
            m_sink.addAsIs(Diagnostic{
                SOCKET_DATA_MISMATCH, Severity::Info,
                QStringLiteral("socket '%1' is baked by the game from frames of its own (grip axes, blade and shaft ends), "
                               "not from %2[%3] * translate(local_offset): its rows differ from that in %4 of %5 frames "
                               "(largest difference %6), as the game's files do")
                    .arg(socket.name, m_late ? QStringLiteral("global") : QStringLiteral("palette"))
                    .arg(socket.anchorBone)
                    .arg(mm.frames)
                    .arg(h.frameTotal)
                    .arg(double(mm.worst), 0, 'g', 6),
                socketBase + (quint64(mm.firstFrame) * h.socketCount + s) * fmt::SocketRowSize,
                m_where.socket(mm.firstFrame, s, socket.name)});
            continue;
        }
        m_sink.report(SOCKET_DATA_MISMATCH, socketBase + (quint64(mm.firstFrame) * h.socketCount + s) * fmt::SocketRowSize,
                      m_where.socket(mm.firstFrame, s, socket.name),
                      QStringLiteral("socket '%1': stored rows differ from %2[%3] * translate(local_offset)%4 in %5 of %6 frames "
                                     "(largest difference %7, tolerance %8 * max(1, |expected|))")
                          .arg(socket.name, m_late ? QStringLiteral("global") : QStringLiteral("palette"))
                          .arg(socket.anchorBone)
                          .arg(m_late ? QStringLiteral(" (global = skin x bind)") : QString())
                          .arg(mm.frames)
                          .arg(h.frameTotal)
                          .arg(double(mm.worst), 0, 'g', 6)
                          .arg(double(tolerance), 0, 'g', 3));
    }
}

} // namespace bpat

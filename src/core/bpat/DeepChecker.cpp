#include "bpat/DeepChecker.h"

#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace bpat {

namespace fmt = bpat::format;
using namespace codes;

namespace {

constexpr quint64 ProgressStep = 8ull << 20; // bytes between progress callbacks

inline bool allFinite(const float *v, int n)
{
    quint32 bad = 0;
    for (int i = 0; i < n; ++i) {
        quint32 bits;
        std::memcpy(&bits, v + i, 4);
        bad |= quint32((bits & 0x7f800000u) == 0x7f800000u);
    }
    return bad == 0;
}

// Finite, row 3 == 0 0 0 1 and |det(upper 3x3)| comfortably above the threshold, in float.
inline bool looksFine(const float *m, float minDet)
{
    if (!allFinite(m, 16) || m[12] != 0.0f || m[13] != 0.0f || m[14] != 0.0f || m[15] != 1.0f)
        return false;
    const float det = m[0] * (m[5] * m[10] - m[6] * m[9]) - m[1] * (m[4] * m[10] - m[6] * m[8])
        + m[2] * (m[4] * m[9] - m[5] * m[8]);
    return std::abs(det) >= minDet;
}

QString floats(const float *v, int n)
{
    QStringList parts;
    for (int i = 0; i < n; ++i)
        parts << QString::number(double(v[i]), 'g', 7);
    return parts.join(QLatin1Char(' '));
}

} // namespace

DeepChecker::DeepChecker(const BpatFile &file, const ValidationOptions &options, DiagnosticSink &sink)
    : m_file(file)
    , m_options(options)
    , m_sink(sink)
{
    m_clipsSorted = true;
    quint64 end = 0;
    for (const BpatClipInfo &c : m_file.clips()) {
        if (c.frameOffset < end) {
            m_clipsSorted = false;
            break;
        }
        end = quint64(c.frameOffset) + c.frameCount;
    }
}

void DeepChecker::run()
{
    // Streams only what is proven inside the file: paletteInBounds() is false when the
    // palette's size overflows 64 bits (a size that wrapped to 0 once let 2^27 frames of 2^31
    // bones through, and the loops below read far past the mapping). Each pass checks again.
    // With bone_count 0 the palette is empty whatever frame_total says (BONE_COUNT_OUT_OF_RANGE
    // is reported): nothing to stream, and looping over up to 2^32 empty frames would be wasted.
    if (!m_file.paletteInBounds() || m_file.header().boneCount == 0)
        return;
    m_totalBytes = m_file.paletteBytesSize() + m_file.socketDataBytesSize();
    m_nextProgress = 0;
    if (!tick(0) || !checkPalette() || !checkSocketData()) {
        m_sink.setCancelled();
        return;
    }
    if (m_options.progress)
        m_options.progress(m_totalBytes, m_totalBytes);
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

QString DeepChecker::frameLocation(quint32 global) const
{
    const QList<BpatClipInfo> &clips = m_file.clips();
    if (m_clipsSorted) {
        // The last clip starting at or before `global`; every earlier one ends before it starts.
        const auto after = std::upper_bound(clips.cbegin(), clips.cend(), global,
                                            [](quint32 frame, const BpatClipInfo &c) { return frame < c.frameOffset; });
        if (after != clips.cbegin()) {
            const BpatClipInfo &c = *(after - 1);
            if (quint64(global) < quint64(c.frameOffset) + c.frameCount) {
                const QString name = c.nameValid() ? c.name : QStringLiteral("#%1").arg(c.index);
                return QStringLiteral("clip=%1,frame=%2").arg(name).arg(global - c.frameOffset);
            }
        }
        return QStringLiteral("frame=%1").arg(global);
    }
    for (const BpatClipInfo &c : clips) {
        if (global >= c.frameOffset && quint64(global) < quint64(c.frameOffset) + c.frameCount) {
            const QString name = c.nameValid() ? c.name : QStringLiteral("#%1").arg(c.index);
            return QStringLiteral("clip=%1,frame=%2").arg(name).arg(global - c.frameOffset);
        }
    }
    return QStringLiteral("frame=%1").arg(global);
}

QString DeepChecker::boneLabel(quint32 bone)
{
    // Every finding names its bone in the message too ("bone 12 'Hand_L'"), which is all a
    // command-line report shows: the rig's name when the game had a rig of this size.
    if (!m_rigLooked) {
        m_rigLooked = true;
        m_rig = Rig::forSpecies(m_file.header().speciesId, int(m_file.header().boneCount));
    }
    return m_rig && int(bone) < m_rig->boneCount() ? QStringLiteral("bone %1 '%2'").arg(bone).arg(m_rig->bone(int(bone)).name)
                                                   : QStringLiteral("bone %1").arg(bone);
}

void DeepChecker::checkMatrixSlow(const float *m, quint32 frame, quint32 bone)
{
    const BpatHeader &h = m_file.header();
    const quint64 paletteOffset = m_file.paletteDataOffset();
    const double minDet = m_options.degenerateDeterminant;
    auto report = [&](const QString &code, const QString &what) {
        if (m_sink.full()) {
            m_sink.countOnly(code);
            return;
        }
        const QString where = frameLocation(frame);
        QString inWords = where; // "clip walk, frame 7"
        inWords.replace(QLatin1Char(','), QStringLiteral(", ")).replace(QLatin1Char('='), QLatin1Char(' '));
        m_sink.report(code, paletteOffset + (quint64(frame) * h.boneCount + bone) * fmt::MatrixSize,
                      QStringLiteral("palette[%1,bone=%2]").arg(where).arg(bone),
                      QStringLiteral("%1 in %2: %3").arg(boneLabel(bone), inWords, what));
    };
    if (!allFinite(m, 16)) {
        report(NON_FINITE, QStringLiteral("matrix holds NaN or infinity: %1").arg(floats(m, 16)));
        return;
    }
    if (!(m[12] == 0.0f && m[13] == 0.0f && m[14] == 0.0f && m[15] == 1.0f)) {
        const bool looksColumnMajor = m[3] == 0.0f && m[7] == 0.0f && m[11] == 0.0f && m[15] == 1.0f;
        if (looksColumnMajor) {
            if (!m_firstColumnMajor) {
                m_firstColumnMajor = paletteOffset + (quint64(frame) * h.boneCount + bone) * fmt::MatrixSize;
                m_firstColumnMajorAt = QStringLiteral("palette[%1,bone=%2]").arg(frameLocation(frame)).arg(bone);
            }
            ++m_columnMajor;
        } else {
            report(NON_AFFINE, QStringLiteral("row 3 (floats 12..15) is %1, expected 0 0 0 1").arg(floats(m + 12, 4)));
        }
    }
    const double det = double(m[0]) * (double(m[5]) * m[10] - double(m[6]) * m[9])
        - double(m[1]) * (double(m[4]) * m[10] - double(m[6]) * m[8])
        + double(m[2]) * (double(m[4]) * m[9] - double(m[5]) * m[8]);
    if (std::abs(det) < minDet) {
        report(DEGENERATE_MATRIX, QStringLiteral("determinant of the upper 3x3 is %1, expected |det| >= %2")
                                      .arg(det, 0, 'g', 6).arg(minDet, 0, 'g', 3));
    }
}

void DeepChecker::checkPaletteFrames(const uchar *frames, quint32 first, quint32 count)
{
    const quint32 bones = m_file.header().boneCount;
    // Fast-path bound in float, with margin for float rounding; borderline cases are decided
    // by the exact checks in checkMatrixSlow() in double precision.
    const float fastMinDet = float(m_options.degenerateDeterminant) * 4.0f + 1e-30f;
    const quint64 matrices = quint64(count) * bones;
    for (quint64 i = 0; i < matrices; ++i) {
        float m[16];
        std::memcpy(m, frames + i * fmt::MatrixSize, sizeof m);
        if (Q_LIKELY(looksFine(m, fastMinDet)))
            continue; // the common case: finite, affine, clearly non-degenerate
        checkMatrixSlow(m, first + quint32(i / bones), quint32(i % bones));
    }
}

void DeepChecker::finishPalette()
{
    if (m_columnMajor == 0)
        return;
    const BpatHeader &h = m_file.header();
    const quint64 total = quint64(h.frameTotal) * h.boneCount;
    m_sink.report(COLUMN_MAJOR_SUSPECTED, m_firstColumnMajor, m_firstColumnMajorAt,
                  QStringLiteral("%1 of %2 matrices hold their translation in floats 12..14 with floats 3, 7, 11 zero "
                                 "(column-major); v1 palettes are row-major (translation in floats 3, 7, 11, row 3 = 0 0 0 1)")
                      .arg(m_columnMajor).arg(total));
}

bool DeepChecker::checkPalette()
{
    const BpatHeader &h = m_file.header();
    // Non-null only when frame_total * bone_count * 64 bytes (overflow-checked) lie inside the
    // file: the loop below reads exactly that many.
    const uchar *base = m_file.paletteBytes();
    if (!base)
        return true;
    const quint64 frameBytes = quint64(h.boneCount) * fmt::MatrixSize;
    // Runs of frames between progress ticks (at least one frame).
    const quint32 step = quint32(std::max<quint64>(1, (1ull << 20) / std::max<quint64>(1, frameBytes)));
    for (quint32 frame = 0; frame < h.frameTotal;) {
        if (!tick(quint64(frame) * frameBytes))
            return false;
        const quint32 n = std::min(step, h.frameTotal - frame);
        checkPaletteFrames(base + quint64(frame) * frameBytes, frame, n);
        frame += n;
    }
    finishPalette();
    return true;
}

void DeepChecker::checkSocketFrames(const uchar *rows, const uchar *palette, quint32 first, quint32 count)
{
    const BpatHeader &h = m_file.header();
    const QList<BpatSocketInfo> &sockets = m_file.sockets();
    if (h.socketCount == 0 || sockets.size() != qsizetype(h.socketCount))
        return; // no sockets, or the socket table is not decoded: anchors and offsets unknown
    if (m_mismatches.size() != sockets.size())
        m_mismatches.resize(sockets.size());
    const quint64 socketBase = *m_file.socketDataOffset();
    const float tolerance = m_options.socketTolerance;
    for (quint32 i = 0; i < count; ++i) {
        const quint32 frame = first + i;
        for (quint32 s = 0; s < h.socketCount; ++s) {
            const quint64 rowOffset = (quint64(i) * h.socketCount + s) * fmt::SocketRowSize;
            float stored[12];
            std::memcpy(stored, rows + rowOffset, sizeof stored);
            if (!allFinite(stored, 12)) {
                if (m_sink.full()) {
                    m_sink.countOnly(NON_FINITE);
                } else {
                    m_sink.report(NON_FINITE, socketBase + (quint64(frame) * h.socketCount + s) * fmt::SocketRowSize,
                                  QStringLiteral("socket_data[%1,socket=%2]").arg(frameLocation(frame), sockets.at(s).name),
                                  QStringLiteral("socket rows hold NaN or infinity: %1").arg(floats(stored, 12)));
                }
                continue;
            }
            const BpatSocketInfo &socket = sockets.at(s);
            if (socket.anchorBone >= h.boneCount)
                continue; // SOCKET_ANCHOR_OUT_OF_RANGE already reported
            float anchor[16];
            std::memcpy(anchor, palette + (quint64(i) * h.boneCount + socket.anchorBone) * fmt::MatrixSize, sizeof anchor);
            const auto expected = BpatDocument::computeSocketRow(anchor, socket.localOffset);
            float worst = 0.0f;
            bool differs = false;
            for (int k = 0; k < 12; ++k) {
                const float diff = std::abs(stored[k] - expected[k]);
                worst = std::max(worst, diff);
                differs |= !(diff <= tolerance * std::max(1.0f, std::abs(expected[k])));
            }
            if (differs) {
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
    for (quint32 s = 0; s < h.socketCount; ++s) {
        const Mismatch &mm = m_mismatches.at(s);
        if (mm.frames == 0)
            continue;
        const BpatSocketInfo &socket = sockets.at(s);
        m_sink.report(SOCKET_DATA_MISMATCH, socketBase + (quint64(mm.firstFrame) * h.socketCount + s) * fmt::SocketRowSize,
                      QStringLiteral("socket_data[%1,socket=%2]").arg(frameLocation(mm.firstFrame), socket.name),
                      QStringLiteral("socket '%1': stored rows differ from palette[%2] * translate(local_offset) in %3 of %4 frames "
                                     "(largest difference %5, tolerance %6 * max(1, |expected|))")
                          .arg(socket.name).arg(socket.anchorBone).arg(mm.frames).arg(h.frameTotal)
                          .arg(double(mm.worst), 0, 'g', 6).arg(double(tolerance), 0, 'g', 3));
    }
}

bool DeepChecker::checkSocketData()
{
    const BpatHeader &h = m_file.header();
    // Both blocks must be proven inside the file (overflow-checked sizes): the loop reads every
    // socket row and, for each, its anchor's matrix.
    const uchar *rows = m_file.socketDataBytes();
    const uchar *palette = m_file.paletteBytes();
    if (!rows || !palette || h.socketCount == 0)
        return true;
    if (m_file.sockets().size() != qsizetype(h.socketCount))
        return true; // socket table not decoded: anchors and offsets unknown
    const quint64 paletteBytes = m_file.paletteBytesSize();
    const quint64 frameBytes = quint64(h.socketCount) * fmt::SocketRowSize;
    const quint64 paletteFrameBytes = quint64(h.boneCount) * fmt::MatrixSize;
    const quint32 step = quint32(std::max<quint64>(1, (1ull << 20) / std::max<quint64>(1, frameBytes + paletteFrameBytes)));
    for (quint32 frame = 0; frame < h.frameTotal;) {
        if (!tick(paletteBytes + quint64(frame) * frameBytes))
            return false;
        const quint32 n = std::min(step, h.frameTotal - frame);
        checkSocketFrames(rows + quint64(frame) * frameBytes, palette + quint64(frame) * paletteFrameBytes, frame, n);
        frame += n;
    }
    finishSockets();
    return true;
}

} // namespace bpat

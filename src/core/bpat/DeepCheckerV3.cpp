#include "bpat/DeepCheckerV3.h"

#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"

#include <cmath>
#include <cstring>

namespace bpat {

namespace fmt = bpat::format;
using namespace codes;

namespace {

constexpr quint64 ProgressStep = 8ull << 20;

bool allFinite(const float *v, int n)
{
    for (int i = 0; i < n; ++i) {
        if (!std::isfinite(v[i]))
            return false;
    }
    return true;
}

QString floats(const float *v, int n)
{
    QStringList parts;
    for (int i = 0; i < n; ++i)
        parts << QString::number(double(v[i]), 'g', 7);
    return parts.join(QLatin1Char(' '));
}

double det3RowMajor(const float *m)
{
    return double(m[0]) * (double(m[5]) * m[10] - double(m[6]) * m[9])
        - double(m[1]) * (double(m[4]) * m[10] - double(m[6]) * m[8])
        + double(m[2]) * (double(m[4]) * m[9] - double(m[5]) * m[8]);
}

} // namespace

DeepCheckerV3::DeepCheckerV3(const BpatFile &file, const ValidationOptions &options, DiagnosticSink &sink)
    : m_file(file)
    , m_options(options)
    , m_sink(sink)
{
}

bool DeepCheckerV3::tick(quint64 done, quint64 total)
{
    if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed))
        return false;
    if (m_options.progress && done >= m_nextProgress) {
        m_options.progress(done, total);
        m_nextProgress = done + ProgressStep;
    }
    return true;
}

// The frame's clip and the frame in it, or the frame of the file when no clip holds it.
DiagnosticLocation DeepCheckerV3::paletteLocation(quint32 global, quint32 bone) const
{
    for (const BpatClipInfo &c : m_file.clips()) {
        if (global >= c.frameOffset && quint64(global) < quint64(c.frameOffset) + c.frameCount) {
            const QString name = c.nameValid() ? c.name : QStringLiteral("#%1").arg(c.index);
            return DiagnosticLocation::palette(c.index, name, int(global - c.frameOffset), int(bone));
        }
    }
    return DiagnosticLocation::palette(-1, QString(), int(global), int(bone));
}

DiagnosticLocation DeepCheckerV3::socketLocation(quint32 global, quint32 socket, const QString &name) const
{
    const DiagnosticLocation at = paletteLocation(global, 0);
    return DiagnosticLocation::socketData(at.clip, at.clipName, at.frame, int(socket), name);
}

bool DeepCheckerV3::checkSkinningPalette(quint64 progressBase, quint64 total)
{
    const BpatHeader &h = m_file.header();
    const uchar *base = m_file.paletteBytes(); // non-null only when the whole palette is inside
    if (!base || h.boneCount == 0 || h.boneCount > fmt::MaxBones)
        return true;
    const quint64 frameBytes = quint64(h.boneCount) * fmt::MatrixSize;
    QList<float> bind;
    if (m_file.bindPaletteInBounds()) {
        bind.reserve(qsizetype(h.boneCount) * 16);
        for (quint32 b = 0; b < h.boneCount; ++b) {
            const auto m = *m_file.bindFloats(b);
            bind.append(QList<float>(m.begin(), m.end()));
        }
    }
    for (quint32 frame = 0; frame < h.frameTotal; ++frame) {
        if (!tick(progressBase + quint64(frame) * frameBytes, total))
            return false;
        checkSkinningFrames(base + quint64(frame) * frameBytes, frame, 1, bind.isEmpty() ? nullptr : bind.constData());
    }
    finishSkinning();
    return true;
}

void DeepCheckerV3::checkSkinningFrames(const uchar *frames, quint32 first, quint32 count, const float *bindPalette)
{
    const BpatHeader &h = m_file.header();
    if (h.boneCount == 0 || h.boneCount > fmt::MaxBones)
        return;
    const quint64 paletteOffset = m_file.paletteDataOffset();
    const quint64 frameBytes = quint64(h.boneCount) * fmt::MatrixSize;
    const double minDet = m_options.degenerateDeterminant;
    static const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    auto report = [&](const QString &code, quint32 frame, quint32 bone, const QString &what) {
        if (m_sink.full()) {
            m_sink.countOnly(code);
            return;
        }
        m_sink.report(code, paletteOffset + (quint64(frame) * h.boneCount + bone) * fmt::MatrixSize, paletteLocation(frame, bone), what);
    };
    for (quint32 i = 0; i < count; ++i) {
        const quint32 frame = first + i;
        const uchar *frameData = frames + quint64(i) * frameBytes;
        for (quint32 bone = 0; bone < h.boneCount; ++bone) {
            float s[16];
            std::memcpy(s, frameData + quint64(bone) * fmt::MatrixSize, sizeof s);
            if (!allFinite(s, 16)) {
                report(NON_FINITE, frame, bone, QStringLiteral("skinning matrix holds NaN or infinity: %1").arg(floats(s, 16)));
                continue;
            }
            if (!(s[3] == 0.0f && s[7] == 0.0f && s[11] == 0.0f && s[15] == 1.0f)) {
                if (s[12] == 0.0f && s[13] == 0.0f && s[14] == 0.0f && s[15] == 1.0f) {
                    if (!m_firstRowMajor) {
                        m_firstRowMajor = paletteOffset + (quint64(frame) * h.boneCount + bone) * fmt::MatrixSize;
                        m_firstRowMajorAt = paletteLocation(frame, bone);
                    }
                    ++m_rowMajor;
                } else {
                    report(NON_AFFINE, frame, bone,
                           QStringLiteral("skinning matrix floats 3, 7, 11, 15 are %1 %2 %3 %4, expected 0 0 0 1 (column-major affine)")
                               .arg(double(s[3])).arg(double(s[7])).arg(double(s[11])).arg(double(s[15])));
                }
                continue;
            }
            const auto g = skinTimesBind(s, bindPalette ? bindPalette + qsizetype(bone) * 16 : identity);
            if (!allFinite(g.data(), 16)) {
                report(NON_FINITE, frame, bone, QStringLiteral("global matrix skin x bind holds NaN or infinity: %1").arg(floats(g.data(), 16)));
                continue;
            }
            if (!(g[12] == 0.0f && g[13] == 0.0f && g[14] == 0.0f && g[15] == 1.0f)) {
                report(NON_AFFINE, frame, bone,
                       QStringLiteral("global matrix skin x bind has row 3 %1, expected 0 0 0 1").arg(floats(g.data() + 12, 4)));
                continue;
            }
            const double det = det3RowMajor(g.data());
            if (std::abs(det) < minDet) {
                report(DEGENERATE_MATRIX, frame, bone,
                       QStringLiteral("determinant of the global matrix's upper 3x3 (skin x bind) is %1, expected |det| >= %2")
                           .arg(det, 0, 'g', 6).arg(minDet, 0, 'g', 3));
            }
        }
    }
}

void DeepCheckerV3::finishSkinning()
{
    const BpatHeader &h = m_file.header();
    if (m_rowMajor > 0) {
        m_sink.report(ROW_MAJOR_SUSPECTED, m_firstRowMajor, m_firstRowMajorAt,
                      QStringLiteral("%1 of %2 skinning matrices hold their translation in floats 3, 7, 11 with floats 12..14 zero "
                                     "(row-major); late v3 stores columns (translation in floats 12..14)")
                          .arg(m_rowMajor).arg(quint64(h.frameTotal) * h.boneCount));
    }
    m_rowMajor = 0;
    m_firstRowMajor.reset();
}

bool DeepCheckerV3::checkSocketData(quint64 progressBase, quint64 total)
{
    const BpatHeader &h = m_file.header();
    const uchar *rows = m_file.socketDataBytes();
    const uchar *palette = m_file.paletteBytes();
    if (!rows || !palette || h.socketCount == 0)
        return true;
    if (m_file.sockets().size() != qsizetype(h.socketCount))
        return true;
    QList<float> bind;
    if (m_file.bindPaletteInBounds()) {
        for (quint32 b = 0; b < h.boneCount; ++b) {
            const auto m = *m_file.bindFloats(b);
            bind.append(QList<float>(m.begin(), m.end()));
        }
    }
    const quint64 frameBytes = quint64(h.socketCount) * fmt::SocketRowSize;
    const quint64 matrixFrameBytes = quint64(h.boneCount) * fmt::MatrixSize;
    for (quint32 frame = 0; frame < h.frameTotal; ++frame) {
        if (!tick(progressBase + quint64(frame) * frameBytes, total))
            return false;
        checkSocketFrames(rows + quint64(frame) * frameBytes, palette + quint64(frame) * matrixFrameBytes, frame, 1,
                          bind.isEmpty() ? nullptr : bind.constData());
    }
    finishSocketData();
    return true;
}

void DeepCheckerV3::checkSocketFrames(const uchar *rows, const uchar *skinFrames, quint32 first, quint32 count,
                                      const float *bindPalette)
{
    const BpatHeader &h = m_file.header();
    const QList<BpatSocketInfo> &sockets = m_file.sockets();
    if (h.socketCount == 0 || sockets.size() != qsizetype(h.socketCount))
        return;
    if (m_mismatches.size() != sockets.size())
        m_mismatches.resize(sockets.size());
    const quint64 socketBase = *m_file.socketDataOffset();
    const float tolerance = m_options.socketTolerance;
    const quint64 matrixFrameBytes = quint64(h.boneCount) * fmt::MatrixSize;
    for (quint32 i = 0; i < count; ++i) {
        const quint32 frame = first + i;
        for (quint32 s = 0; s < h.socketCount; ++s) {
            const quint64 rowOffset = (quint64(frame) * h.socketCount + s) * fmt::SocketRowSize;
            float stored[12];
            std::memcpy(stored, rows + (quint64(i) * h.socketCount + s) * fmt::SocketRowSize, sizeof stored);
            if (!allFinite(stored, 12)) {
                if (m_sink.full())
                    m_sink.countOnly(NON_FINITE);
                else
                    m_sink.report(NON_FINITE, socketBase + rowOffset, socketLocation(frame, s, sockets.at(s).name),
                                  QStringLiteral("socket rows hold NaN or infinity: %1").arg(floats(stored, 12)));
                continue;
            }
            const BpatSocketInfo &socket = sockets.at(s);
            if (socket.anchorBone >= h.boneCount)
                continue; // anchor out of range: reported by the structural checks
            // The anchor's global matrix as BpatFile::globalMatrixFloats() gives it.
            float skin[16];
            std::memcpy(skin, skinFrames + quint64(i) * matrixFrameBytes + quint64(socket.anchorBone) * fmt::MatrixSize, sizeof skin);
            std::array<float, 16> anchor;
            if (bindPalette) {
                anchor = skinTimesBind(skin, bindPalette + qsizetype(socket.anchorBone) * 16);
            } else {
                for (int r = 0; r < 4; ++r)
                    for (int c = 0; c < 4; ++c)
                        anchor[r * 4 + c] = skin[c * 4 + r];
            }
            const auto expected = BpatDocument::computeSocketRow(anchor.data(), socket.localOffset);
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

void DeepCheckerV3::finishSocketData()
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
                      socketLocation(mm.firstFrame, s, socket.name),
                      QStringLiteral("socket '%1': stored rows differ from global[%2] * translate(local_offset) (global = skin x bind) "
                                     "in %3 of %4 frames (largest difference %5, tolerance %6 * max(1, |expected|))")
                          .arg(socket.name).arg(socket.anchorBone).arg(mm.frames).arg(h.frameTotal)
                          .arg(double(mm.worst), 0, 'g', 6).arg(double(tolerance), 0, 'g', 3));
    }
    m_mismatches.clear();
}

bool DeepCheckerV3::checkContacts()
{
    if (!m_file.contactTableInBounds())
        return true;
    const quint32 count = m_file.v3Extension().contactEntryCount;
    for (quint32 frame = 0; frame < count; ++frame) {
        if ((frame & 0xffff) == 0 && m_options.cancel && m_options.cancel->load(std::memory_order_relaxed))
            return false;
        const auto c = *m_file.contact(frame);
        checkContact(frame, c.first, c.second);
    }
    return true;
}

void DeepCheckerV3::checkContactRecords(const uchar *records, quint32 first, quint32 count)
{
    for (quint32 i = 0; i < count; ++i)
        checkContact(first + i, fmt::readF32(records + quint64(i) * fmt::ContactRecordSize),
                     fmt::readF32(records + quint64(i) * fmt::ContactRecordSize + 4));
}

void DeepCheckerV3::checkContact(quint32 frame, float sole, float foot)
{
    if (std::isfinite(sole) && std::isfinite(foot))
        return;
    if (m_sink.full()) {
        m_sink.countOnly(NON_FINITE);
        return;
    }
    const quint64 base = m_file.v3Extension().contactDataOffset;
    const DiagnosticLocation at = paletteLocation(frame, 0);
    m_sink.report(NON_FINITE, base + quint64(frame) * fmt::ContactRecordSize, DiagnosticLocation::contact(at.clip, at.clipName, at.frame),
                  QStringLiteral("contact record (sole_y, foot_y) is (%1, %2), expected finite numbers")
                      .arg(double(sole)).arg(double(foot)));
}

} // namespace bpat

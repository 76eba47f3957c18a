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
    const quint64 paletteOffset = m_file.paletteDataOffset();
    const quint64 frameBytes = quint64(h.boneCount) * fmt::MatrixSize;
    const double minDet = m_options.degenerateDeterminant;
    static const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    QList<const float *> binds(qsizetype(h.boneCount), identity);
    QList<std::array<float, 16>> bindCopies;
    if (m_file.bindPaletteInBounds()) {
        bindCopies.reserve(h.boneCount);
        for (quint32 b = 0; b < h.boneCount; ++b)
            bindCopies.append(*m_file.bindFloats(b));
        for (quint32 b = 0; b < h.boneCount; ++b)
            binds[b] = bindCopies.at(b).data();
    }
    quint64 rowMajor = 0;
    std::optional<quint64> firstRowMajor;
    DiagnosticLocation firstRowMajorAt;
    auto report = [&](const QString &code, quint32 frame, quint32 bone, const QString &what) {
        if (m_sink.full()) {
            m_sink.countOnly(code);
            return;
        }
        m_sink.report(code, paletteOffset + (quint64(frame) * h.boneCount + bone) * fmt::MatrixSize, paletteLocation(frame, bone), what);
    };
    for (quint32 frame = 0; frame < h.frameTotal; ++frame) {
        if (!tick(progressBase + quint64(frame) * frameBytes, total))
            return false;
        const uchar *frameData = base + quint64(frame) * frameBytes;
        for (quint32 bone = 0; bone < h.boneCount; ++bone) {
            float s[16];
            std::memcpy(s, frameData + quint64(bone) * fmt::MatrixSize, sizeof s);
            if (!allFinite(s, 16)) {
                report(NON_FINITE, frame, bone, QStringLiteral("skinning matrix holds NaN or infinity: %1").arg(floats(s, 16)));
                continue;
            }
            if (!(s[3] == 0.0f && s[7] == 0.0f && s[11] == 0.0f && s[15] == 1.0f)) {
                if (s[12] == 0.0f && s[13] == 0.0f && s[14] == 0.0f && s[15] == 1.0f) {
                    if (!firstRowMajor) {
                        firstRowMajor = paletteOffset + (quint64(frame) * h.boneCount + bone) * fmt::MatrixSize;
                        firstRowMajorAt = paletteLocation(frame, bone);
                    }
                    ++rowMajor;
                } else {
                    report(NON_AFFINE, frame, bone,
                           QStringLiteral("skinning matrix floats 3, 7, 11, 15 are %1 %2 %3 %4, expected 0 0 0 1 (column-major affine)")
                               .arg(double(s[3])).arg(double(s[7])).arg(double(s[11])).arg(double(s[15])));
                }
                continue;
            }
            const auto g = skinTimesBind(s, binds.at(bone));
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
    if (rowMajor > 0) {
        m_sink.report(ROW_MAJOR_SUSPECTED, firstRowMajor, firstRowMajorAt,
                      QStringLiteral("%1 of %2 skinning matrices hold their translation in floats 3, 7, 11 with floats 12..14 zero "
                                     "(row-major); late v3 stores columns (translation in floats 12..14)")
                          .arg(rowMajor).arg(quint64(h.frameTotal) * h.boneCount));
    }
    return true;
}

bool DeepCheckerV3::checkSocketData(quint64 progressBase, quint64 total)
{
    const BpatHeader &h = m_file.header();
    const uchar *rows = m_file.socketDataBytes();
    if (!rows || !m_file.paletteBytes() || h.socketCount == 0)
        return true;
    const QList<BpatSocketInfo> &sockets = m_file.sockets();
    if (sockets.size() != qsizetype(h.socketCount))
        return true;
    const quint64 socketBase = *m_file.socketDataOffset();
    const float tolerance = m_options.socketTolerance;
    const quint64 frameBytes = quint64(h.socketCount) * fmt::SocketRowSize;
    struct Mismatch { quint64 frames = 0; quint32 firstFrame = 0; float worst = 0.0f; };
    QList<Mismatch> mismatches(sockets.size());
    for (quint32 frame = 0; frame < h.frameTotal; ++frame) {
        if (!tick(progressBase + quint64(frame) * frameBytes, total))
            return false;
        for (quint32 s = 0; s < h.socketCount; ++s) {
            const quint64 rowOffset = (quint64(frame) * h.socketCount + s) * fmt::SocketRowSize;
            float stored[12];
            std::memcpy(stored, rows + rowOffset, sizeof stored);
            if (!allFinite(stored, 12)) {
                if (m_sink.full())
                    m_sink.countOnly(NON_FINITE);
                else
                    m_sink.report(NON_FINITE, socketBase + rowOffset, socketLocation(frame, s, sockets.at(s).name),
                                  QStringLiteral("socket rows hold NaN or infinity: %1").arg(floats(stored, 12)));
                continue;
            }
            const BpatSocketInfo &socket = sockets.at(s);
            const auto anchor = m_file.globalMatrixFloats(frame, socket.anchorBone);
            if (!anchor)
                continue; // anchor out of range: reported by the structural checks
            const auto expected = BpatDocument::computeSocketRow(anchor->data(), socket.localOffset);
            float worst = 0.0f;
            bool differs = false;
            for (int k = 0; k < 12; ++k) {
                const float diff = std::abs(stored[k] - expected[k]);
                worst = std::max(worst, diff);
                differs |= !(diff <= tolerance * std::max(1.0f, std::abs(expected[k])));
            }
            if (differs) {
                Mismatch &mm = mismatches[s];
                if (mm.frames++ == 0)
                    mm.firstFrame = frame;
                mm.worst = std::max(mm.worst, worst);
            }
        }
    }
    for (quint32 s = 0; s < h.socketCount; ++s) {
        const Mismatch &mm = mismatches.at(s);
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
    return true;
}

bool DeepCheckerV3::checkContacts()
{
    if (!m_file.contactTableInBounds())
        return true;
    const quint32 count = m_file.v3Extension().contactEntryCount;
    const quint64 base = m_file.v3Extension().contactDataOffset;
    for (quint32 frame = 0; frame < count; ++frame) {
        if ((frame & 0xffff) == 0 && m_options.cancel && m_options.cancel->load(std::memory_order_relaxed))
            return false;
        const auto c = *m_file.contact(frame);
        if (std::isfinite(c.first) && std::isfinite(c.second))
            continue;
        if (m_sink.full()) {
            m_sink.countOnly(NON_FINITE);
            continue;
        }
        const DiagnosticLocation at = paletteLocation(frame, 0);
        m_sink.report(NON_FINITE, base + quint64(frame) * fmt::ContactRecordSize,
                      DiagnosticLocation::contact(at.clip, at.clipName, at.frame),
                      QStringLiteral("contact record (sole_y, foot_y) is (%1, %2), expected finite numbers")
                          .arg(double(c.first)).arg(double(c.second)));
    }
    return true;
}

} // namespace bpat

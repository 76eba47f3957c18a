#include "bpat/BpatStreamWriter.h"

#include "bpat/BpatFormat.h"
#include "bpat/DeepChecker.h"
#include "io/AtomicFile.h"

#include <QIODevice>

namespace bpat {

namespace fmt = bpat::format;

BpatStreamWriter::BpatStreamWriter(const BpatDocument &plan)
    : m_plan(plan)
{
    const BpatWriter writer(plan);
    m_layout = writer.layout();
    m_head = writer.headerAndTables(m_layout);
    m_headFile = BpatFile::fromData(m_head);
}

BpatStreamWriter::~BpatStreamWriter() = default;

void BpatStreamWriter::setDeepChecks(const ValidationOptions &options)
{
    m_checkOptions = options;
    m_checkOptions.progress = nullptr;
    m_checkOptions.cancel = nullptr;
    m_checkOptions.maxIssues = 0;
    m_paletteSink = std::make_unique<DiagnosticSink>(ValidationProfile::Spec, 0);
    m_socketSink = std::make_unique<DiagnosticSink>(ValidationProfile::Spec, 0);
    m_paletteChecker = std::make_unique<DeepChecker>(m_headFile, m_checkOptions, *m_paletteSink);
    m_socketChecker = std::make_unique<DeepChecker>(m_headFile, m_checkOptions, *m_socketSink);
}

bool BpatStreamWriter::writeAt(quint64 offset, const char *data, qint64 size, QString *error)
{
    if (offset != m_position && !m_device->seek(qint64(offset))) {
        if (error)
            *error = QStringLiteral("cannot seek to byte %1: %2").arg(offset).arg(m_device->errorString());
        return false;
    }
    if (!AtomicFile::writeAll(m_device, data, size)) {
        if (error)
            *error = m_device->errorString();
        return false;
    }
    m_position = offset + quint64(size);
    return true;
}

bool BpatStreamWriter::begin(QIODevice *device, QString *error)
{
    m_device = device;
    m_position = quint64(device->pos());
    m_clip = -1;
    m_clipDone = 0;
    m_globalFrame = 0;
    m_finished = false;
    if (m_plan.dialect() != format::Dialect::V1) {
        // v2 and v3 tables and trailing blocks (and late v3's skinning matrices) are written by
        // BpatWriter from a whole document.
        if (error)
            *error = QStringLiteral("streamed writing is for BPAT v1; %1 is written whole").arg(format::dialectName(m_plan.dialect()));
        return false;
    }
    if (!writeAt(0, m_head.constData(), m_head.size(), error))
        return false;
    return advance(error);
}

bool BpatStreamWriter::emitFrames(const float *palette, const float *socketRows, quint32 count, QString *error)
{
    const quint32 bones = m_plan.boneCount();
    const int sockets = m_plan.socketCount();
    const quint64 frameFloats = quint64(bones) * fmt::MatrixFloats;
    const quint64 socketFloats = quint64(sockets) * fmt::SocketRowFloats;

    // Socket rows of streamed frames: computed here, as BpatDocument computes them.
    if (!socketRows && sockets > 0) {
        m_socketScratch.resize(qsizetype(count * socketFloats));
        float *out = m_socketScratch.data();
        for (quint32 f = 0; f < count; ++f) {
            const float *frame = palette + f * frameFloats;
            for (int s = 0; s < sockets; ++s) {
                const BpatSocket &socket = m_plan.sockets().at(s);
                const auto row = BpatDocument::computeSocketRow(frame + quint64(socket.anchorBone) * fmt::MatrixFloats,
                                                                socket.localOffset);
                std::copy(row.begin(), row.end(), out + (f * socketFloats + quint64(s) * fmt::SocketRowFloats));
            }
        }
        socketRows = m_socketScratch.constData();
    }

    if (m_paletteChecker) {
        m_paletteChecker->checkPaletteFrames(reinterpret_cast<const uchar *>(palette), m_globalFrame, count);
        if (sockets > 0)
            m_socketChecker->checkSocketFrames(reinterpret_cast<const uchar *>(socketRows),
                                               reinterpret_cast<const uchar *>(palette), m_globalFrame, count);
    }

    auto write = [&](quint64 offset, const float *floats, quint64 n) {
        if constexpr (Q_BYTE_ORDER == Q_LITTLE_ENDIAN) {
            return writeAt(offset, reinterpret_cast<const char *>(floats), qint64(n * 4), error);
        } else {
            m_orderScratch.resize(qsizetype(n));
            for (quint64 i = 0; i < n; ++i)
                fmt::writeF32(reinterpret_cast<uchar *>(m_orderScratch.data() + i), floats[i]);
            return writeAt(offset, reinterpret_cast<const char *>(m_orderScratch.constData()), qint64(n * 4), error);
        }
    };
    if (!write(m_layout.paletteDataOffset + quint64(m_globalFrame) * bones * fmt::MatrixSize, palette, count * frameFloats))
        return false;
    if (sockets > 0
        && !write(m_layout.socketDataOffset + quint64(m_globalFrame) * quint64(sockets) * fmt::SocketRowSize, socketRows,
                  count * socketFloats))
        return false;
    m_globalFrame += count;
    return true;
}

bool BpatStreamWriter::advance(QString *error)
{
    for (;;) {
        if (m_clip >= 0 && m_clipDone < m_plan.clip(m_clip).frameCount)
            return true; // a streamed clip waits for its frames
        ++m_clip;
        m_clipDone = 0;
        if (m_clip >= m_plan.clipCount()) {
            m_clip = -1;
            m_clipDone = 0;
            return true;
        }
        const BpatClip &c = m_plan.clip(m_clip);
        if (isStreamed(c))
            return true;
        // A stored clip: written from memory in runs of about 4 MiB, checked like any other.
        const quint64 frameFloats = quint64(m_plan.boneCount()) * fmt::MatrixFloats;
        const quint64 socketFloats = quint64(m_plan.socketCount()) * fmt::SocketRowFloats;
        const quint32 step = quint32(std::max<quint64>(1, (4ull << 20) / std::max<quint64>(1, frameFloats * 4)));
        while (m_clipDone < c.frameCount) {
            const quint32 n = std::min(step, c.frameCount - m_clipDone);
            const float *rows = socketFloats > 0 ? c.socketRows.constData() + m_clipDone * socketFloats : nullptr;
            if (!emitFrames(c.palette.constData() + m_clipDone * frameFloats, rows, n, error))
                return false;
            m_clipDone += n;
        }
    }
}

bool BpatStreamWriter::appendFrames(const float *palette, quint32 count, QString *error)
{
    if (m_clip < 0 || count > m_plan.clip(m_clip).frameCount - m_clipDone) {
        if (error)
            *error = QStringLiteral("%1 frames more than the planned clips hold").arg(count);
        return false;
    }
    if (!emitFrames(palette, nullptr, count, error))
        return false;
    m_clipDone += count;
    return advance(error);
}

bool BpatStreamWriter::finish(QString *error)
{
    if (m_clip >= 0 || m_globalFrame != m_plan.frameTotal()) {
        if (error)
            *error = QStringLiteral("%1 of %2 frames written").arg(m_globalFrame).arg(m_plan.frameTotal());
        return false;
    }
    if (m_position != m_layout.fileSize && !m_device->seek(qint64(m_layout.fileSize))) {
        if (error)
            *error = m_device->errorString();
        return false;
    }
    if (m_paletteChecker && !m_finished) {
        m_paletteChecker->finishPalette();
        m_socketChecker->finishSockets();
    }
    m_finished = true;
    return true;
}

Diagnostics BpatStreamWriter::deepFindings() const
{
    if (!m_paletteSink)
        return {};
    Diagnostics all = m_paletteSink->result().issues;
    all += m_socketSink->result().issues;
    return all;
}

} // namespace bpat

#include "bpsm/BpsmWriter.h"

#include "io/AtomicFile.h"
#include "bpat/BpatFormat.h"
#include "bpsm/BpsmFormat.h"

#include <cstring>

namespace bpat {

namespace fmt = bpat::format;

BpsmWriter::BpsmWriter(const BpsmSnapshot &snapshot)
    : m_snapshot(snapshot)
{
}

QByteArray BpsmWriter::stringTable() const
{
    QByteArray table;
    for (const BpsmClip &c : m_snapshot.clips) {
        table.append(c.name.toUtf8());
        table.append('\0');
    }
    return table;
}

BpsmLayout BpsmWriter::layout() const
{
    BpsmLayout l;
    BpsmHeader &h = l;
    std::memcpy(h.magic.data(), bpsm::Magic, 4);
    h.version = bpsm::CurrentVersion;
    h.speciesId = m_snapshot.speciesId;
    h.lod = m_snapshot.lod;
    h.vertexCount = m_snapshot.vertexCount;
    h.indexCount = quint32(m_snapshot.indices.size());
    h.clipCount = quint32(m_snapshot.clips.size());
    h.frameTotal = m_snapshot.frameTotal();
    h.clipTableOffset = bpsm::HeaderSize;
    h.stringTableOffset = h.clipTableOffset + quint64(m_snapshot.clips.size()) * bpsm::ClipEntrySize;
    h.stringTableSize = quint32(stringTable().size());
    h.indexDataOffset = fmt::alignUp(h.stringTableOffset + h.stringTableSize, bpsm::StringTableAlignment);
    h.vertexDataOffset = h.indexDataOffset + quint64(m_snapshot.indices.size()) * bpsm::IndexSize;
    l.fileSize = h.vertexDataOffset + quint64(m_snapshot.vertices.size()) * bpsm::VertexSize;
    return l;
}

BpsmLayout BpsmWriter::streamLayout() const
{
    BpsmLayout l = layout();
    l.fileSize = l.vertexDataOffset + quint64(m_snapshot.frameTotal()) * m_snapshot.vertexCount * bpsm::VertexSize;
    return l;
}

QByteArray BpsmWriter::head(const BpsmLayout &l) const
{
    const BpsmHeader &h = l;
    QByteArray out(qsizetype(h.vertexDataOffset), '\0');
    auto *p = reinterpret_cast<uchar *>(out.data());
    std::memcpy(p, h.magic.data(), 4);
    fmt::writeFields(h, p);

    quint32 nameOffset = 0;
    for (int i = 0; i < m_snapshot.clips.size(); ++i) {
        const BpsmClip &c = m_snapshot.clips.at(i);
        uchar *e = p + h.clipTableOffset + quint64(i) * bpsm::ClipEntrySize;
        const quint32 length = quint32(c.name.toUtf8().size());
        fmt::writeU32(e + bpsm::clip::NameOffset, nameOffset);
        fmt::writeU32(e + bpsm::clip::NameLength, length);
        fmt::writeU32(e + bpsm::clip::FrameCount, c.frameCount);
        fmt::writeU32(e + bpsm::clip::FrameOffset, m_snapshot.frameOffset(i));
        nameOffset += length + 1;
    }
    const QByteArray strings = stringTable();
    std::memcpy(p + h.stringTableOffset, strings.constData(), size_t(strings.size()));
    for (qsizetype i = 0; i < m_snapshot.indices.size(); ++i)
        fmt::writeU32(p + h.indexDataOffset + quint64(i) * bpsm::IndexSize, m_snapshot.indices.at(i));
    return out;
}

void BpsmWriter::encodeVertex(const CreatureVertex &v, uchar *out)
{
    std::memset(out, 0, bpsm::VertexSize);
    for (int k = 0; k < 3; ++k) {
        fmt::writeF32(out + bpsm::vertex::Position + 4 * k, v.position[k]);
        fmt::writeF32(out + bpsm::vertex::Normal + 4 * k, v.normal[k]);
    }
    for (int k = 0; k < 2; ++k)
        fmt::writeF32(out + bpsm::vertex::Uv + 4 * k, v.uv[k]);
    for (int k = 0; k < 4; ++k) {
        out[bpsm::vertex::Bones + k] = v.bones[k];
        fmt::writeF32(out + bpsm::vertex::Weights + 4 * k, v.weights[k]);
    }
    out[bpsm::vertex::ColorRole] = v.colorRole; // pad bytes stay zero
}

QByteArray BpsmWriter::toBytes(QString *error) const
{
    const QString problem = m_snapshot.problem();
    if (!problem.isEmpty()) {
        if (error)
            *error = QStringLiteral("cannot write BPSM: ") + problem;
        return {};
    }
    const BpsmLayout l = layout();
    QByteArray out = head(l);
    out.append(QByteArray(qsizetype(l.fileSize - l.vertexDataOffset), '\0'));
    auto *p = reinterpret_cast<uchar *>(out.data());
    for (qsizetype i = 0; i < m_snapshot.vertices.size(); ++i)
        encodeVertex(m_snapshot.vertices.at(i), p + l.vertexDataOffset + quint64(i) * bpsm::VertexSize);
    return out;
}

bool BpsmWriter::save(const QString &path, QString *error) const
{
    QString why;
    const QByteArray bytes = toBytes(&why);
    if (bytes.isEmpty()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, why);
        return false;
    }
    return AtomicFile::write(path, bytes, error);
}

} // namespace bpat

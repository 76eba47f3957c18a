#include "bpsm/BpsmFile.h"

#include "bpat/BpatFormat.h"
#include "bpsm/BpsmFormat.h"


namespace bpat {

namespace fmt = bpat::format;

struct BpsmFile::Data : SectionedData
{
    BpsmHeader header;
    SectionBounds clipTable;
    SectionBounds stringTable;
    SectionBounds indexData;
    SectionBounds vertexData;
    QList<BpsmClipInfo> clips;

    void decode();
};

namespace {
const BpsmHeader &emptyHeader()
{
    static const BpsmHeader h;
    return h;
}
const QList<BpsmClipInfo> &emptyClips()
{
    static const QList<BpsmClipInfo> list;
    return list;
}
} // namespace

void BpsmFile::Data::decode()
{
    if (!readHeaderStart(bpsm::Magic, bpsm::HeaderSize, header.magic))
        return;
    fmt::readFields(header, bytes);

    clipTable = section(header.clipTableOffset, fmt::checkedEnd(header.clipTableOffset, header.clipCount, bpsm::ClipEntrySize));
    stringTable = section(header.stringTableOffset, fmt::checkedEnd(header.stringTableOffset, header.stringTableSize, 1));
    indexData = section(header.indexDataOffset, fmt::checkedEnd(header.indexDataOffset, header.indexCount, bpsm::IndexSize));
    const auto vertices = fmt::checkedMul(header.frameTotal, header.vertexCount);
    vertexData = section(header.vertexDataOffset,
                         vertices ? fmt::checkedEnd(header.vertexDataOffset, *vertices, bpsm::VertexSize) : std::nullopt);

    if (!clipTable.inBounds)
        return; // clip_count * 32 fits in the file, so the list below is bounded by its size
    clips.resize(header.clipCount);
    for (quint32 i = 0; i < header.clipCount; ++i) {
        BpsmClipInfo &c = clips[i];
        const uchar *e = readEntry(c, header.clipTableOffset, i, bpsm::ClipEntrySize, stringTable.inBounds,
                                   header.stringTableOffset, header.stringTableSize);
        c.frameCount = fmt::readU32(e + bpsm::clip::FrameCount);
        c.frameOffset = fmt::readU32(e + bpsm::clip::FrameOffset);
        for (int k = 0; k < 4; ++k)
            c.reserved[k] = fmt::readU32(e + bpsm::clip::Reserved + 4 * k);
    }
}

BpsmFile::BpsmFile() = default;
BpsmFile::BpsmFile(std::shared_ptr<const Data> data)
    : SectionedFile(std::move(data))
{
}

std::optional<BpsmFile> BpsmFile::open(const QString &path, QString *error)
{
    auto data = MappedFile::openDecoded<Data>(path, QStringLiteral("BPSM"), int(bpsm::HeaderSize), error);
    return data ? std::optional<BpsmFile>(BpsmFile(std::move(data))) : std::nullopt;
}

const BpsmFile::Data *BpsmFile::data() const
{
    return dataAs<Data>();
}

BpsmFile BpsmFile::fromData(QByteArray bytes, const QString &path)
{
    return BpsmFile(MappedFile::adoptDecoded<Data>(std::move(bytes), path));
}

const BpsmHeader &BpsmFile::header() const
{
    return data() ? data()->header : emptyHeader();
}
bool BpsmFile::clipTableInBounds() const
{
    return data() && data()->clipTable.inBounds;
}
bool BpsmFile::stringTableInBounds() const
{
    return data() && data()->stringTable.inBounds;
}
bool BpsmFile::indexDataInBounds() const
{
    return data() && data()->indexData.inBounds;
}
bool BpsmFile::vertexDataInBounds() const
{
    return data() && data()->vertexData.inBounds;
}
std::optional<quint64> BpsmFile::indexDataEnd() const
{
    return data() ? data()->indexData.end : std::nullopt;
}
std::optional<quint64> BpsmFile::vertexDataEnd() const
{
    return data() ? data()->vertexData.end : std::nullopt;
}
const QList<BpsmClipInfo> &BpsmFile::clips() const
{
    return data() ? data()->clips : emptyClips();
}

int BpsmFile::findClip(const QString &name) const
{
    for (const BpsmClipInfo &c : clips()) {
        if (c.name == name && c.nameStatus == NameStatus::Ok)
            return c.index;
    }
    return -1;
}

std::optional<quint32> BpsmFile::index(quint32 i) const
{
    if (!indexDataInBounds() || i >= data()->header.indexCount)
        return std::nullopt;
    return fmt::readU32(data()->bytes + data()->header.indexDataOffset + quint64(i) * bpsm::IndexSize);
}

std::optional<quint64> BpsmFile::vertexOffset(quint32 globalFrame, quint32 vertex) const
{
    if (!vertexDataInBounds() || globalFrame >= data()->header.frameTotal || vertex >= data()->header.vertexCount)
        return std::nullopt;
    // In bounds as a whole, so frame * count + vertex cannot overflow the checked end.
    return data()->header.vertexDataOffset + (quint64(globalFrame) * data()->header.vertexCount + vertex) * bpsm::VertexSize;
}

std::optional<CreatureVertex> BpsmFile::vertex(quint32 globalFrame, quint32 vertex) const
{
    const auto offset = vertexOffset(globalFrame, vertex);
    if (!offset)
        return std::nullopt;
    const uchar *p = data()->bytes + *offset;
    CreatureVertex v;
    for (int k = 0; k < 3; ++k) {
        v.position[k] = fmt::readF32(p + bpsm::vertex::Position + 4 * k);
        v.normal[k] = fmt::readF32(p + bpsm::vertex::Normal + 4 * k);
    }
    for (int k = 0; k < 2; ++k)
        v.uv[k] = fmt::readF32(p + bpsm::vertex::Uv + 4 * k);
    for (int k = 0; k < 4; ++k) {
        v.bones[k] = p[bpsm::vertex::Bones + k];
        v.weights[k] = fmt::readF32(p + bpsm::vertex::Weights + 4 * k);
    }
    v.colorRole = p[bpsm::vertex::ColorRole];
    for (int k = 0; k < 3; ++k)
        v.pad[k] = p[bpsm::vertex::Pad + k];
    return v;
}

std::optional<BpsmSnapshot> BpsmFile::toSnapshot(QString *error) const
{
    auto fail = [&](const QString &why) -> std::optional<BpsmSnapshot> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!hasMagic())
        return fail(QStringLiteral("not a BPSM file"));
    if (!clipTableInBounds() || !indexDataInBounds() || !vertexDataInBounds())
        return fail(QStringLiteral("a section lies outside the file"));
    if (data()->header.vertexCount == 0)
        return fail(QStringLiteral("no vertices"));
    BpsmSnapshot s;
    s.speciesId = data()->header.speciesId;
    s.lod = data()->header.lod;
    s.vertexCount = data()->header.vertexCount;
    quint64 frames = 0;
    for (const BpsmClipInfo &c : data()->clips) {
        if (c.nameStatus != NameStatus::Ok)
            return fail(QStringLiteral("clip %1: name not readable").arg(c.index));
        if (c.frameOffset != frames)
            return fail(QStringLiteral("clip %1: frames not contiguous").arg(c.index));
        frames += c.frameCount;
        s.clips.append({c.name, c.frameCount});
    }
    if (frames != data()->header.frameTotal)
        return fail(QStringLiteral("clip frame counts do not add up to frame_total"));
    // Both sections are inside the file, so these sizes are bounded by its size.
    s.indices.reserve(data()->header.indexCount);
    for (quint32 i = 0; i < data()->header.indexCount; ++i)
        s.indices.append(*index(i));
    s.vertices.reserve(qsizetype(quint64(data()->header.frameTotal) * data()->header.vertexCount));
    for (quint32 f = 0; f < data()->header.frameTotal; ++f)
        for (quint32 v = 0; v < data()->header.vertexCount; ++v)
            s.vertices.append(*vertex(f, v));
    return s;
}

} // namespace bpat

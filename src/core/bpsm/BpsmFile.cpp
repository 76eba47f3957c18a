#include "bpsm/BpsmFile.h"

#include "bpat/BpatFormat.h"
#include "bpsm/BpsmFormat.h"
#include "io/MappedFile.h"

#include <cstring>

namespace bpat {

namespace fmt = bpat::format;

struct BpsmFile::Data : MappedFile
{
    bool hasHeader = false;
    BpsmHeader header;
    bool clipTableInBounds = false;
    bool stringTableInBounds = false;
    bool indexDataInBounds = false;
    bool vertexDataInBounds = false;
    std::optional<quint64> indexEnd;
    std::optional<quint64> vertexEnd;
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
    if (size < bpsm::HeaderSize)
        return;
    hasHeader = true;
    std::memcpy(header.magic.data(), bytes, 4);
    fmt::readFields(header, bytes);

    auto inside = [this](quint64 offset, std::optional<quint64> end) { return end && offset <= size && *end <= size; };
    clipTableInBounds =
        inside(header.clipTableOffset, fmt::checkedEnd(header.clipTableOffset, header.clipCount, bpsm::ClipEntrySize));
    stringTableInBounds = inside(header.stringTableOffset, fmt::checkedEnd(header.stringTableOffset, header.stringTableSize, 1));
    indexEnd = fmt::checkedEnd(header.indexDataOffset, header.indexCount, bpsm::IndexSize);
    indexDataInBounds = inside(header.indexDataOffset, indexEnd);
    const auto vertices = fmt::checkedMul(header.frameTotal, header.vertexCount);
    vertexEnd = vertices ? fmt::checkedEnd(header.vertexDataOffset, *vertices, bpsm::VertexSize) : std::nullopt;
    vertexDataInBounds = inside(header.vertexDataOffset, vertexEnd);

    if (!clipTableInBounds)
        return; // clip_count * 32 fits in the file, so the list below is bounded by its size
    clips.resize(header.clipCount);
    for (quint32 i = 0; i < header.clipCount; ++i) {
        BpsmClipInfo &c = clips[i];
        const uchar *e = readEntry(c, header.clipTableOffset, i, bpsm::ClipEntrySize, stringTableInBounds,
                                   header.stringTableOffset, header.stringTableSize);
        c.frameCount = fmt::readU32(e + bpsm::clip::FrameCount);
        c.frameOffset = fmt::readU32(e + bpsm::clip::FrameOffset);
        for (int k = 0; k < 4; ++k)
            c.reserved[k] = fmt::readU32(e + bpsm::clip::Reserved + 4 * k);
    }
}

BpsmFile::BpsmFile() = default;
BpsmFile::BpsmFile(std::shared_ptr<const Data> data)
    : d(std::move(data))
{
}

std::optional<BpsmFile> BpsmFile::open(const QString &path, QString *error)
{
    auto data = MappedFile::openDecoded<Data>(path, QStringLiteral("BPSM"), int(bpsm::HeaderSize), error);
    return data ? std::optional<BpsmFile>(BpsmFile(std::move(data))) : std::nullopt;
}

BpsmFile BpsmFile::fromData(QByteArray bytes, const QString &path)
{
    return BpsmFile(MappedFile::adoptDecoded<Data>(std::move(bytes), path));
}

bool BpsmFile::isNull() const
{
    return !d;
}
bool BpsmFile::isStale() const
{
    return d && d->MappedFile::isStale();
}
QString BpsmFile::path() const
{
    return d ? d->path : QString();
}
void BpsmFile::releasePages(quint64 offset, quint64 size) const
{
    if (d)
        d->release(offset, size);
}

quint64 BpsmFile::fileSize() const
{
    return d ? d->size : 0;
}
QByteArrayView BpsmFile::bytes() const
{
    return d ? d->view() : QByteArrayView();
}
bool BpsmFile::hasHeader() const
{
    return d && d->hasHeader;
}
const BpsmHeader &BpsmFile::header() const
{
    return d ? d->header : emptyHeader();
}
bool BpsmFile::hasMagic() const
{
    return hasHeader() && std::memcmp(d->header.magic.data(), bpsm::Magic, 4) == 0;
}
bool BpsmFile::clipTableInBounds() const
{
    return d && d->clipTableInBounds;
}
bool BpsmFile::stringTableInBounds() const
{
    return d && d->stringTableInBounds;
}
bool BpsmFile::indexDataInBounds() const
{
    return d && d->indexDataInBounds;
}
bool BpsmFile::vertexDataInBounds() const
{
    return d && d->vertexDataInBounds;
}
std::optional<quint64> BpsmFile::indexDataEnd() const
{
    return d ? d->indexEnd : std::nullopt;
}
std::optional<quint64> BpsmFile::vertexDataEnd() const
{
    return d ? d->vertexEnd : std::nullopt;
}
const QList<BpsmClipInfo> &BpsmFile::clips() const
{
    return d ? d->clips : emptyClips();
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
    if (!indexDataInBounds() || i >= d->header.indexCount)
        return std::nullopt;
    return fmt::readU32(d->bytes + d->header.indexDataOffset + quint64(i) * bpsm::IndexSize);
}

std::optional<quint64> BpsmFile::vertexOffset(quint32 globalFrame, quint32 vertex) const
{
    if (!vertexDataInBounds() || globalFrame >= d->header.frameTotal || vertex >= d->header.vertexCount)
        return std::nullopt;
    // In bounds as a whole, so frame * count + vertex cannot overflow the checked end.
    return d->header.vertexDataOffset + (quint64(globalFrame) * d->header.vertexCount + vertex) * bpsm::VertexSize;
}

std::optional<CreatureVertex> BpsmFile::vertex(quint32 globalFrame, quint32 vertex) const
{
    const auto offset = vertexOffset(globalFrame, vertex);
    if (!offset)
        return std::nullopt;
    const uchar *p = d->bytes + *offset;
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
    if (d->header.vertexCount == 0)
        return fail(QStringLiteral("no vertices"));
    BpsmSnapshot s;
    s.speciesId = d->header.speciesId;
    s.lod = d->header.lod;
    s.vertexCount = d->header.vertexCount;
    quint64 frames = 0;
    for (const BpsmClipInfo &c : d->clips) {
        if (c.nameStatus != NameStatus::Ok)
            return fail(QStringLiteral("clip %1: name not readable").arg(c.index));
        if (c.frameOffset != frames)
            return fail(QStringLiteral("clip %1: frames not contiguous").arg(c.index));
        frames += c.frameCount;
        s.clips.append({c.name, c.frameCount});
    }
    if (frames != d->header.frameTotal)
        return fail(QStringLiteral("clip frame counts do not add up to frame_total"));
    // Both sections are inside the file, so these sizes are bounded by its size.
    s.indices.reserve(d->header.indexCount);
    for (quint32 i = 0; i < d->header.indexCount; ++i)
        s.indices.append(*index(i));
    s.vertices.reserve(qsizetype(quint64(d->header.frameTotal) * d->header.vertexCount));
    for (quint32 f = 0; f < d->header.frameTotal; ++f)
        for (quint32 v = 0; v < d->header.vertexCount; ++v)
            s.vertices.append(*vertex(f, v));
    return s;
}

} // namespace bpat

#include "bprm/BprmFile.h"

#include "bpat/BpatFormat.h"
#include "io/MappedFile.h"

#include <cstring>

namespace bpat {

namespace fmt = bpat::format;

struct BprmFile::Data : MappedFile
{
    bool hasHeader = false;
    BprmHeader header;
    std::optional<quint64> indexEnd;
    std::optional<quint64> vertexEnd;
    bool indexDataInBounds = false;
    bool vertexDataInBounds = false;

    void decode();
};

namespace {
const BprmHeader &emptyHeader()
{
    static const BprmHeader h;
    return h;
}
} // namespace

void BprmFile::Data::decode()
{
    if (size < bprm::HeaderSize)
        return;
    hasHeader = true;
    std::memcpy(header.magic.data(), bytes, 4);
    fmt::readFields(header, bytes);
    auto inside = [this](quint64 offset, std::optional<quint64> end) { return end && offset <= size && *end <= size; };
    indexEnd = fmt::checkedEnd(header.indexDataOffset, header.indexCount, bprm::IndexSize);
    indexDataInBounds = inside(header.indexDataOffset, indexEnd);
    vertexEnd = fmt::checkedEnd(header.vertexDataOffset, header.vertexCount, bprm::VertexSize);
    vertexDataInBounds = inside(header.vertexDataOffset, vertexEnd);
}

BprmFile::BprmFile() = default;
BprmFile::BprmFile(std::shared_ptr<const Data> data)
    : d(std::move(data))
{
}

std::optional<BprmFile> BprmFile::open(const QString &path, QString *error)
{
    auto data = MappedFile::openDecoded<Data>(path, QStringLiteral("BPRM"), int(bprm::HeaderSize), error);
    return data ? std::optional<BprmFile>(BprmFile(std::move(data))) : std::nullopt;
}

BprmFile BprmFile::fromData(QByteArray bytes, const QString &path)
{
    return BprmFile(MappedFile::adoptDecoded<Data>(std::move(bytes), path));
}

bool BprmFile::isNull() const
{
    return !d;
}
bool BprmFile::isStale() const
{
    return d && d->MappedFile::isStale();
}
QString BprmFile::path() const
{
    return d ? d->path : QString();
}
quint64 BprmFile::fileSize() const
{
    return d ? d->size : 0;
}
QByteArrayView BprmFile::bytes() const
{
    return d ? d->view() : QByteArrayView();
}
bool BprmFile::hasHeader() const
{
    return d && d->hasHeader;
}
const BprmHeader &BprmFile::header() const
{
    return d ? d->header : emptyHeader();
}
bool BprmFile::hasMagic() const
{
    return hasHeader() && std::memcmp(d->header.magic.data(), bprm::Magic, 4) == 0;
}
bool BprmFile::indexDataInBounds() const
{
    return d && d->indexDataInBounds;
}
bool BprmFile::vertexDataInBounds() const
{
    return d && d->vertexDataInBounds;
}
std::optional<quint64> BprmFile::indexDataEnd() const
{
    return d ? d->indexEnd : std::nullopt;
}
std::optional<quint64> BprmFile::vertexDataEnd() const
{
    return d ? d->vertexEnd : std::nullopt;
}

QString BprmFile::lodName() const
{
    switch (header().lod) {
    case bprm::LodFull: return QStringLiteral("full");
    case bprm::LodMinimal: return QStringLiteral("minimal");
    default: return QStringLiteral("lod %1").arg(header().lod);
    }
}

const uchar *BprmFile::indexData() const
{
    return indexDataInBounds() ? d->bytes + d->header.indexDataOffset : nullptr;
}

const uchar *BprmFile::vertexData() const
{
    return vertexDataInBounds() ? d->bytes + d->header.vertexDataOffset : nullptr;
}

std::optional<quint32> BprmFile::index(quint32 i) const
{
    if (!indexDataInBounds() || i >= d->header.indexCount)
        return std::nullopt;
    return fmt::readU32(d->bytes + d->header.indexDataOffset + quint64(i) * bprm::IndexSize);
}

std::optional<quint64> BprmFile::vertexOffset(quint32 vertex) const
{
    if (!vertexDataInBounds() || vertex >= d->header.vertexCount)
        return std::nullopt;
    return d->header.vertexDataOffset + quint64(vertex) * bprm::VertexSize; // inside the checked end
}

std::optional<CreatureVertex> BprmFile::vertex(quint32 vertex) const
{
    const auto offset = vertexOffset(vertex);
    if (!offset)
        return std::nullopt;
    const uchar *p = d->bytes + *offset;
    CreatureVertex v;
    for (int k = 0; k < 3; ++k) {
        v.position[k] = fmt::readF32(p + bprm::vertex::Position + 4 * k);
        v.normal[k] = fmt::readF32(p + bprm::vertex::Normal + 4 * k);
    }
    for (int k = 0; k < 2; ++k)
        v.uv[k] = fmt::readF32(p + bprm::vertex::Uv + 4 * k);
    for (int k = 0; k < 4; ++k) {
        v.bones[k] = p[bprm::vertex::Bones + k];
        v.weights[k] = fmt::readF32(p + bprm::vertex::Weights + 4 * k);
    }
    v.colorRole = p[bprm::vertex::ColorRole];
    for (int k = 0; k < 3; ++k)
        v.pad[k] = p[bprm::vertex::Pad + k];
    return v;
}

int BprmFile::highestWeightedBone() const
{
    if (!vertexDataInBounds())
        return -1;
    int highest = -1;
    for (quint32 v = 0; v < d->header.vertexCount; ++v) {
        const uchar *p = d->bytes + d->header.vertexDataOffset + quint64(v) * bprm::VertexSize;
        for (int k = 0; k < 4; ++k) {
            if (fmt::readF32(p + bprm::vertex::Weights + 4 * k) != 0.0f)
                highest = std::max(highest, int(p[bprm::vertex::Bones + k]));
        }
    }
    return highest;
}

std::optional<CreatureMesh> BprmFile::toMesh(int boneCount, QString *error) const
{
    auto fail = [&](const QString &why) -> std::optional<CreatureMesh> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!hasMagic())
        return fail(QStringLiteral("not a BPRM file"));
    const BprmHeader &h = d->header;
    if (!indexDataInBounds() || !vertexDataInBounds())
        return fail(QStringLiteral("the index or vertex data lies outside the file"));
    if (h.vertexCount == 0 || h.indexCount == 0 || h.indexCount % 3 != 0)
        return fail(QStringLiteral("%1 vertices and %2 indices: not a triangle mesh").arg(h.vertexCount).arg(h.indexCount));
    // Both sections lie inside the file, so these sizes are bounded by its size.
    QList<quint32> indices(h.indexCount);
    for (quint32 i = 0; i < h.indexCount; ++i) {
        indices[i] = *index(i);
        if (indices[i] >= h.vertexCount)
            return fail(QStringLiteral("index %1 is %2, expected < vertex_count %3").arg(i).arg(indices[i]).arg(h.vertexCount));
    }
    QList<CreatureVertex> vertices(h.vertexCount);
    for (quint32 v = 0; v < h.vertexCount; ++v)
        vertices[v] = *vertex(v);
    const int bones = boneCount > 0 ? boneCount : std::max(1, highestWeightedBone() + 1);
    const QString name = QStringLiteral("body (%1)").arg(lodName());
    return CreatureMesh(name, bones, std::move(vertices), std::move(indices));
}

} // namespace bpat

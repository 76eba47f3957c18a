#include "bprm/BprmFile.h"

#include "bpat/BpatFormat.h"


namespace bpat {

namespace fmt = bpat::format;

struct BprmFile::Data : SectionedData
{
    BprmHeader header;
    SectionBounds indexData;
    SectionBounds vertexData;

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
    if (!readHeaderStart(bprm::Magic, bprm::HeaderSize, header.magic))
        return;
    fmt::readFields(header, bytes);
    indexData = section(header.indexDataOffset, fmt::checkedEnd(header.indexDataOffset, header.indexCount, bprm::IndexSize));
    vertexData = section(header.vertexDataOffset, fmt::checkedEnd(header.vertexDataOffset, header.vertexCount, bprm::VertexSize));
}

BprmFile::BprmFile() = default;
BprmFile::BprmFile(std::shared_ptr<const Data> data)
    : SectionedFile(std::move(data))
{
}

std::optional<BprmFile> BprmFile::open(const QString &path, QString *error)
{
    auto data = MappedFile::openDecoded<Data>(path, QStringLiteral("BPRM"), int(bprm::HeaderSize), error);
    return data ? std::optional<BprmFile>(BprmFile(std::move(data))) : std::nullopt;
}

const BprmFile::Data *BprmFile::data() const
{
    return dataAs<Data>();
}

BprmFile BprmFile::fromData(QByteArray bytes, const QString &path)
{
    return BprmFile(MappedFile::adoptDecoded<Data>(std::move(bytes), path));
}

const BprmHeader &BprmFile::header() const
{
    return data() ? data()->header : emptyHeader();
}
bool BprmFile::indexDataInBounds() const
{
    return data() && data()->indexData.inBounds;
}
bool BprmFile::vertexDataInBounds() const
{
    return data() && data()->vertexData.inBounds;
}
std::optional<quint64> BprmFile::indexDataEnd() const
{
    return data() ? data()->indexData.end : std::nullopt;
}
std::optional<quint64> BprmFile::vertexDataEnd() const
{
    return data() ? data()->vertexData.end : std::nullopt;
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
    return indexDataInBounds() ? data()->bytes + data()->header.indexDataOffset : nullptr;
}

const uchar *BprmFile::vertexData() const
{
    return vertexDataInBounds() ? data()->bytes + data()->header.vertexDataOffset : nullptr;
}

std::optional<quint32> BprmFile::index(quint32 i) const
{
    if (!indexDataInBounds() || i >= data()->header.indexCount)
        return std::nullopt;
    return fmt::readU32(data()->bytes + data()->header.indexDataOffset + quint64(i) * bprm::IndexSize);
}

std::optional<quint64> BprmFile::vertexOffset(quint32 vertex) const
{
    if (!vertexDataInBounds() || vertex >= data()->header.vertexCount)
        return std::nullopt;
    return data()->header.vertexDataOffset + quint64(vertex) * bprm::VertexSize; // inside the checked end
}

std::optional<CreatureVertex> BprmFile::vertex(quint32 vertex) const
{
    const auto offset = vertexOffset(vertex);
    if (!offset)
        return std::nullopt;
    const uchar *p = data()->bytes + *offset;
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
    for (quint32 v = 0; v < data()->header.vertexCount; ++v) {
        const uchar *p = data()->bytes + data()->header.vertexDataOffset + quint64(v) * bprm::VertexSize;
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
    const BprmHeader &h = data()->header;
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

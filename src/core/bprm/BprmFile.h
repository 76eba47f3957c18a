#pragma once
// A BPRM file (the game's rigged-mesh body) opened in place: memory-mapped (QFile::map) or
// wrapping bytes in memory. Only the 40-byte header is decoded on open; indices and vertices
// are read on demand with bounds checks, or handed out as spans of the mapping once their
// sections are known to lie inside the file (a renderer uploads them from there as they are).
// Every accessor is safe on any input; BprmValidator says what is wrong with a file. Copies
// share one mapping (SectionedFile: path, size, bytes, header and magic present).
#include "bprm/BprmFormat.h"
#include "mesh/CreatureMesh.h"
#include "sections/SectionedFile.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <array>
#include <memory>
#include <optional>

namespace bpat {

struct BprmHeader
{
    std::array<char, 4> magic{};
    quint32 version = 0;
    quint32 lod = 0;
    quint32 vertexCount = 0;
    quint32 indexCount = 0;
    quint32 reserved = 0;
    quint64 indexDataOffset = 0;
    quint64 vertexDataOffset = 0;

    // Every numeric field with its byte offset, in file order after the magic
    // (format::readFields, format::writeFields).
    template<typename Header, typename F> static void forEachField(Header &h, F &&f)
    {
        namespace o = bprm::header;
        f(h.version, o::Version);
        f(h.lod, o::Lod);
        f(h.vertexCount, o::VertexCount);
        f(h.indexCount, o::IndexCount);
        f(h.reserved, o::Reserved);
        f(h.indexDataOffset, o::IndexDataOffset);
        f(h.vertexDataOffset, o::VertexDataOffset);
    }
};

class BprmFile : public SectionedFile
{
public:
    BprmFile(); // null: no data
    static std::optional<BprmFile> open(const QString &path, QString *error = nullptr);
    static BprmFile fromData(QByteArray bytes, const QString &path = QString());
    // Which paths are bodies: FormatRegistry::detect (formats/FormatRegistry.h).

    // hasHeader(): false when shorter than the 40-byte header.
    const BprmHeader &header() const;
    QString lodName() const; // "full", "minimal", or "lod N"

    // Section bounds (overflow-safe: an end past 2^64 is nullopt).
    bool indexDataInBounds() const;
    bool vertexDataInBounds() const;
    std::optional<quint64> indexDataEnd() const;
    std::optional<quint64> vertexDataEnd() const;

    std::optional<quint32> index(quint32 i) const;
    std::optional<quint64> vertexOffset(quint32 vertex) const;
    std::optional<CreatureVertex> vertex(quint32 vertex) const;

    // The stored blocks in the mapping (nullptr unless the section lies inside the file):
    // index_count u32 and vertex_count 56-byte records, at any alignment.
    const uchar *indexData() const;
    const uchar *vertexData() const;

    // The body as a mesh (copied), when both sections lie inside the file, the index count is
    // whole triangles and every index is below vertex_count; nullopt + why otherwise (run
    // BprmValidator for the details). `boneCount` is the rig's (0: the highest bone index + 1).
    std::optional<CreatureMesh> toMesh(int boneCount = 0, QString *error = nullptr) const;
    // The highest bone index of any influence with a weight other than 0 (-1 without vertices).
    int highestWeightedBone() const;

private:
    struct Data;
    explicit BprmFile(std::shared_ptr<const Data> data);
    const Data *data() const; // defined where Data is
};

} // namespace bpat

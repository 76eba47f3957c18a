#pragma once
// A BPSM file (minimal snapshot mesh) opened in place: memory-mapped (QFile::map) or wrapping
// bytes in memory. Only the header and the clip table (with names) are decoded on open;
// indices and vertices are read on demand with bounds checks. Every accessor is safe on any
// input; BpsmValidator says what is wrong with a file. Copies share one mapping (SectionedFile:
// path, size, bytes, header and magic present).
#include "bpat/BpatFile.h"
#include "bpsm/BpsmFormat.h"
#include "bpsm/BpsmSnapshot.h"
#include "sections/SectionedFile.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>
#include <array>
#include <memory>
#include <optional>

namespace bpat {

struct BpsmHeader
{
    std::array<char, 4> magic{};
    quint32 version = 0;
    quint32 speciesId = 0;
    quint32 lod = 0;
    quint32 vertexCount = 0;
    quint32 indexCount = 0;
    quint32 clipCount = 0;
    quint32 frameTotal = 0;
    quint32 stringTableSize = 0;
    quint32 reserved = 0;
    quint64 clipTableOffset = 0;
    quint64 stringTableOffset = 0;
    quint64 indexDataOffset = 0;
    quint64 vertexDataOffset = 0;

    // Every numeric field with its byte offset, in file order after the magic: the one list
    // BpsmFile reads and BpsmWriter writes (format::readFields, format::writeFields).
    template<typename Header, typename F> static void forEachField(Header &h, F &&f)
    {
        namespace o = bpsm::header;
        f(h.version, o::Version);
        f(h.speciesId, o::SpeciesId);
        f(h.lod, o::Lod);
        f(h.vertexCount, o::VertexCount);
        f(h.indexCount, o::IndexCount);
        f(h.clipCount, o::ClipCount);
        f(h.frameTotal, o::FrameTotal);
        f(h.stringTableSize, o::StringTableSize);
        f(h.reserved, o::Reserved);
        f(h.clipTableOffset, o::ClipTableOffset);
        f(h.stringTableOffset, o::StringTableOffset);
        f(h.indexDataOffset, o::IndexDataOffset);
        f(h.vertexDataOffset, o::VertexDataOffset);
    }
};

struct BpsmClipInfo : TableEntry
{
    quint32 frameCount = 0;
    quint32 frameOffset = 0;
    std::array<quint32, 4> reserved{};
};

class BpsmFile : public SectionedFile
{
public:
    BpsmFile(); // null: no data
    static std::optional<BpsmFile> open(const QString &path, QString *error = nullptr);
    static BpsmFile fromData(QByteArray bytes, const QString &path = QString());
    // Which paths are snapshot meshes: FormatRegistry::detect (formats/FormatRegistry.h).

    // hasHeader(): false when shorter than the 72-byte header.
    const BpsmHeader &header() const;

    // Section bounds (overflow-safe); the clip list is empty when its table is not in the file.
    bool clipTableInBounds() const;
    bool stringTableInBounds() const;
    bool indexDataInBounds() const;
    bool vertexDataInBounds() const;
    std::optional<quint64> indexDataEnd() const;
    std::optional<quint64> vertexDataEnd() const;
    const QList<BpsmClipInfo> &clips() const;
    int findClip(const QString &name) const;

    std::optional<quint32> index(quint32 i) const;
    std::optional<quint64> vertexOffset(quint32 globalFrame, quint32 vertex) const;
    std::optional<CreatureVertex> vertex(quint32 globalFrame, quint32 vertex) const;

    // The whole file as a snapshot, when every section is in bounds and the clips add up
    // (nullopt + reason otherwise; run BpsmValidator for the details).
    std::optional<BpsmSnapshot> toSnapshot(QString *error = nullptr) const;

private:
    struct Data;
    explicit BpsmFile(std::shared_ptr<const Data> data);
    const Data *data() const; // defined where Data is
};

} // namespace bpat

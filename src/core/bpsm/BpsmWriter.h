#pragma once
// Serializes a BpsmSnapshot as a BPSM v1 file: header | clip entries | string table (clip names,
// NUL-terminated) | zero pad to 16 | u32 indices | pre-skinned vertices, frame after frame | EOF.
// Sections lie back to back in that order; every reserved and pad byte is zero.
#include "bpsm/BpsmFile.h" // BpsmHeader
#include "bpsm/BpsmSnapshot.h"

#include <QByteArray>
#include <QString>

namespace bpat {

// The header as written (magic, counts, section offsets) and the file's size.
struct BpsmLayout : BpsmHeader
{
    quint64 fileSize = 0;
};

class BpsmWriter
{
public:
    explicit BpsmWriter(const BpsmSnapshot &snapshot);

    BpsmLayout layout() const;
    // The layout with frameTotal() * vertexCount vertices whatever `vertices` holds, for a
    // writer that streams the vertices frame by frame (the baker).
    BpsmLayout streamLayout() const;
    // Everything before the vertex data for `layout`: header, clip table, string table, pad and
    // indices (layout.vertexDataOffset bytes).
    QByteArray head(const BpsmLayout &layout) const;
    // One vertex record (bpsm::VertexSize bytes) as the file stores it, pad bytes zero.
    static void encodeVertex(const CreatureVertex &vertex, uchar *out);
    // The whole file, or empty with *error set when the snapshot has a problem().
    QByteArray toBytes(QString *error = nullptr) const;
    // Atomic (QSaveFile): on failure the file at `path`, if any, is untouched.
    bool save(const QString &path, QString *error = nullptr) const;

private:
    QByteArray stringTable() const;

    const BpsmSnapshot &m_snapshot;
};

} // namespace bpat

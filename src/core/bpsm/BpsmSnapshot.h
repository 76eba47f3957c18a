#pragma once
// The in-memory model of a BPSM file (a minimal snapshot mesh): a triangle mesh pre-skinned for
// every frame of every clip of a species, so the game could draw distant creatures without
// skinning. Written by BpsmWriter, read back by BpsmFile::toSnapshot().
#include "mesh/CreatureMesh.h"

#include <QList>
#include <QMatrix4x4>
#include <QString>

namespace bpat {

struct BpsmClip
{
    QString name;
    quint32 frameCount = 0;
};

struct BpsmSnapshot
{
    quint32 speciesId = 0;
    quint32 lod = 0;
    quint32 vertexCount = 0;
    QList<BpsmClip> clips;          // frames laid out clip after clip
    QList<quint32> indices;         // triangles, shared by every frame
    QList<CreatureVertex> vertices; // frameTotal() * vertexCount, frame after frame

    quint32 frameTotal() const;
    quint32 frameOffset(int clip) const;
    const CreatureVertex &vertex(quint32 globalFrame, quint32 index) const
    {
        return vertices.at(qsizetype(globalFrame) * vertexCount + index);
    }
    // Sizes consistent, indices in range, names present: empty when writable.
    QString problem() const;

    // Skins `mesh` on the CPU with each palette (boneCount global matrices) into one frame:
    // positions and normals in model space, uv, bones, weights and colour roles kept.
    void appendFrame(const CreatureMesh &mesh, const QList<QMatrix4x4> &palette);
};

} // namespace bpat

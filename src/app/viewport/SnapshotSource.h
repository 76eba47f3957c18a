#pragma once
// What the viewport draws for a BPSM file (minimal snapshot mesh): the triangles, shared by every
// frame, and for each global frame a view of its stored, pre-skinned vertices right in the
// file's mapping (nothing is decoded up front; SnapshotRenderer uploads one frame's span at a
// time). fromFile() checks everything drawing relies on, so a hostile file gives an invalid
// source with the reason instead of an out-of-range index reaching the GPU.
#include "bpsm/BpsmFile.h"
#include "PaletteSource.h" // PaletteClip

#include <QByteArrayView>
#include <QList>
#include <QVector3D>

namespace bpat::studio {

class SnapshotSource
{
public:
    SnapshotSource() = default; // invalid
    // Needs: magic, the index and vertex sections inside the file, at least one triangle,
    // every index < vertex_count, and one clip whose frames lie inside frame_total (clips that
    // do not are left out). Clips play at 24 fps, looping (BPSM stores neither).
    static SnapshotSource fromFile(const bpat::BpsmFile &file, QString *why = nullptr);

    bool isValid() const { return !m_file.isNull() && m_vertexCount > 0 && !m_clips.isEmpty(); }
    const bpat::BpsmFile &file() const { return m_file; }
    quint32 speciesId() const { return m_file.header().speciesId; }
    quint32 vertexCount() const { return m_vertexCount; }
    quint32 frameTotal() const { return m_frameTotal; }
    const QList<quint32> &indices() const { return m_indices; }
    const QList<PaletteClip> &clips() const { return m_clips; }
    QString label() const { return m_label; }
    // Colours of the species' rig materials (by the vertices' colour roles).
    const QList<QVector3D> &roleColors() const { return m_roleColors; }

    // vertex_count * 56 bytes of one global frame inside the file; empty when out of range.
    QByteArrayView frameBytes(quint32 globalFrame) const;
    // Global frame of a clip's frame, clamped into the clip; 0 when the clip does not exist.
    quint32 globalFrame(int clip, quint32 frame) const;
    // Bounds of the finite positions of one frame (lo > hi when there are none).
    void bounds(quint32 globalFrame, QVector3D *lo, QVector3D *hi) const;
    QVector3D referenceLo() const { return m_referenceLo; } // of the first clip's first frame
    QVector3D referenceHi() const { return m_referenceHi; }

private:
    bpat::BpsmFile m_file;
    quint32 m_vertexCount = 0;
    quint32 m_frameTotal = 0;
    QList<quint32> m_indices;
    QList<PaletteClip> m_clips;
    QList<QVector3D> m_roleColors;
    QString m_label;
    QVector3D m_referenceLo, m_referenceHi;
};

} // namespace bpat::studio

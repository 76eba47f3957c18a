#include "SnapshotSource.h"

#include "bpsm/BpsmFormat.h"
#include "mesh/RigDescription.h"
#include "species/Species.h"
#include "species/SpeciesRig.h"

#include <QFileInfo>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

SnapshotSource SnapshotSource::fromFile(const bpat::BpsmFile &file, QString *why)
{
    auto fail = [why](const QString &reason) {
        if (why)
            *why = reason;
        return SnapshotSource();
    };
    if (!file.hasMagic())
        return fail(QStringLiteral("not a BPSM file"));
    const bpat::BpsmHeader &h = file.header();
    if (!file.indexDataInBounds())
        return fail(QStringLiteral("the index data is not inside the file"));
    if (!file.vertexDataInBounds())
        return fail(QStringLiteral("the vertex data is not inside the file"));
    if (h.vertexCount == 0 || h.frameTotal == 0)
        return fail(QStringLiteral("no vertices"));
    if (h.indexCount < 3)
        return fail(QStringLiteral("no triangles"));

    SnapshotSource s;
    // The index section lies inside the file, so this list is bounded by the file's size.
    const quint32 indexCount = h.indexCount - h.indexCount % 3;
    s.m_indices.reserve(indexCount);
    for (quint32 i = 0; i < indexCount; ++i) {
        const quint32 index = *file.index(i);
        if (index >= h.vertexCount)
            return fail(QStringLiteral("index %1 is %2, past vertex_count %3").arg(i).arg(index).arg(h.vertexCount));
        s.m_indices.append(index);
    }
    for (const bpat::BpsmClipInfo &c : file.clips()) {
        if (c.frameCount == 0 || quint64(c.frameOffset) + c.frameCount > h.frameTotal)
            continue;
        PaletteClip clip;
        clip.name = c.nameStatus == bpat::NameStatus::Ok ? c.name : QStringLiteral("(clip %1)").arg(c.index);
        clip.frameOffset = c.frameOffset;
        clip.frameCount = c.frameCount;
        clip.fps = 24.0f;
        clip.loops = true;
        s.m_clips.append(clip);
    }
    if (s.m_clips.isEmpty())
        return fail(QStringLiteral("no clip whose frames lie inside frame_total"));
    s.m_file = file;
    s.m_vertexCount = h.vertexCount;
    s.m_frameTotal = h.frameTotal;
    const QString species = bpat::Species::nameOf(h.speciesId);
    s.m_label = QStringLiteral("%1 · minimal snapshot mesh%2")
                    .arg(QFileInfo(file.path()).fileName(), species.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(species));

    const quint32 reference = s.m_clips.first().frameOffset;
    int bones = 0;
    for (quint32 v = 0; v < h.vertexCount; ++v) {
        const auto vertex = file.vertex(reference, v);
        for (int k = 0; k < 4; ++k)
            bones = std::max(bones, int(vertex->bones[k]) + 1);
    }
    // The colours of the species' rig whose bones the vertices name.
    const bpat::SpeciesRig *rig = bpat::SpeciesRig::covering(h.speciesId, bones);
    s.m_roleColors = rig ? rig->description().roleColors : bpat::RigDescription::defaultRoleColors();
    s.bounds(reference, &s.m_referenceLo, &s.m_referenceHi);
    return s;
}

QByteArrayView SnapshotSource::frameBytes(quint32 globalFrame) const
{
    const auto offset = m_file.vertexOffset(globalFrame, 0);
    if (!offset)
        return {};
    // The whole vertex section is inside the file, so the frame's span is too.
    return m_file.bytes().sliced(qsizetype(*offset), qsizetype(quint64(m_vertexCount) * bpat::bpsm::VertexSize));
}

quint32 SnapshotSource::globalFrame(int clip, quint32 frame) const
{
    if (clip < 0 || clip >= m_clips.size())
        return 0;
    const PaletteClip &c = m_clips.at(clip);
    return c.frameOffset + std::min(frame, c.frameCount - 1);
}

void SnapshotSource::bounds(quint32 globalFrame, QVector3D *lo, QVector3D *hi) const
{
    QVector3D l(INFINITY, INFINITY, INFINITY), u(-INFINITY, -INFINITY, -INFINITY);
    for (quint32 v = 0; v < m_vertexCount; ++v) {
        const auto vertex = m_file.vertex(globalFrame, v);
        if (!vertex)
            break;
        const QVector3D p(vertex->position[0], vertex->position[1], vertex->position[2]);
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || !std::isfinite(p.z()))
            continue;
        for (int k = 0; k < 3; ++k) {
            l[k] = std::min(l[k], p[k]);
            u[k] = std::max(u[k], p[k]);
        }
    }
    *lo = l;
    *hi = u;
}

} // namespace bpat::studio

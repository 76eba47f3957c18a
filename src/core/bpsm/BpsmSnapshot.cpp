#include "bpsm/BpsmSnapshot.h"

#include <QSet>

namespace bpat {

quint32 BpsmSnapshot::frameTotal() const
{
    quint64 total = 0;
    for (const BpsmClip &c : clips)
        total += c.frameCount;
    return quint32(std::min<quint64>(total, 0xffffffffu));
}

quint32 BpsmSnapshot::frameOffset(int clip) const
{
    quint32 offset = 0;
    for (int i = 0; i < clip; ++i)
        offset += clips.at(i).frameCount;
    return offset;
}

QString BpsmSnapshot::problem() const
{
    if (clips.isEmpty())
        return QStringLiteral("no clips");
    if (vertexCount == 0 || indices.isEmpty())
        return QStringLiteral("empty mesh");
    if (indices.size() % 3 != 0)
        return QStringLiteral("index count %1 is not a multiple of 3").arg(indices.size());
    QSet<QString> names;
    for (const BpsmClip &c : clips) {
        if (c.name.isEmpty() || c.frameCount == 0)
            return QStringLiteral("clip '%1' has no name or no frames").arg(c.name);
        if (names.contains(c.name))
            return QStringLiteral("duplicate clip name '%1'").arg(c.name);
        names.insert(c.name);
    }
    for (quint32 i : indices) {
        if (i >= vertexCount)
            return QStringLiteral("index %1 >= vertex count %2").arg(i).arg(vertexCount);
    }
    if (quint64(vertices.size()) != quint64(frameTotal()) * vertexCount)
        return QStringLiteral("%1 vertices, expected frame_total %2 * vertex_count %3")
            .arg(vertices.size())
            .arg(frameTotal())
            .arg(vertexCount);
    return {};
}

void BpsmSnapshot::appendFrame(const CreatureMesh &mesh, const QList<QMatrix4x4> &palette)
{
    // Row-major floats, as a v1 palette lies on disk (CreatureMesh::skin's input).
    QList<float> frame(palette.size() * 16);
    for (qsizetype b = 0; b < palette.size(); ++b) {
        const QMatrix4x4 &m = palette.at(b);
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c)
                frame[b * 16 + r * 4 + c] = m(r, c);
    }
    const SkinnedPose pose = mesh.skin(frame);
    Q_ASSERT(pose.positions.size() == mesh.vertexCount());
    for (int v = 0; v < mesh.vertexCount(); ++v) {
        CreatureVertex out = mesh.vertices().at(v);
        const QVector3D p = pose.positions.at(v), n = pose.normals.at(v);
        out.position[0] = p.x(), out.position[1] = p.y(), out.position[2] = p.z();
        out.normal[0] = n.x(), out.normal[1] = n.y(), out.normal[2] = n.z();
        vertices.append(out);
    }
}

} // namespace bpat

#include "mesh/CreatureMesh.h"

#include <cmath>

namespace bpat {

CreatureMesh::CreatureMesh(QString name, int boneCount, QList<CreatureVertex> vertices, QList<quint32> indices)
    : m_name(std::move(name))
    , m_boneCount(boneCount)
    , m_vertices(std::move(vertices))
    , m_indices(std::move(indices))
{
}

QString CreatureMesh::validate() const
{
    if (m_boneCount < 1 || m_boneCount > 256)
        return QStringLiteral("bone count %1 outside 1..256").arg(m_boneCount);
    if (m_indices.size() % 3 != 0)
        return QStringLiteral("index count %1 is not a multiple of 3").arg(m_indices.size());
    for (qsizetype i = 0; i < m_indices.size(); ++i) {
        if (m_indices.at(i) >= quint32(m_vertices.size()))
            return QStringLiteral("index %1 refers to vertex %2 of %3").arg(i).arg(m_indices.at(i)).arg(m_vertices.size());
    }
    for (qsizetype v = 0; v < m_vertices.size(); ++v) {
        const CreatureVertex &vertex = m_vertices.at(v);
        for (int k = 0; k < 4; ++k) {
            if (!std::isfinite(vertex.weights[k]) || vertex.weights[k] < 0.0f)
                return QStringLiteral("vertex %1 weight %2 is negative or not finite").arg(v).arg(k);
            if (vertex.weights[k] > 0.0f && vertex.bones[k] >= m_boneCount)
                return QStringLiteral("vertex %1 refers to bone %2 of %3").arg(v).arg(vertex.bones[k]).arg(m_boneCount);
        }
    }
    return {};
}

namespace {

// Blends the influences' row-major 3x4 matrices into out[12].
void blendedMatrix(const CreatureVertex &vertex, std::span<const float> frame, float out[12])
{
    for (int i = 0; i < 12; ++i)
        out[i] = 0.0f;
    for (int k = 0; k < 4; ++k) {
        const float w = vertex.weights[k];
        if (w == 0.0f)
            continue;
        const float *m = frame.data() + size_t(vertex.bones[k]) * 16;
        for (int i = 0; i < 12; ++i)
            out[i] += w * m[i];
    }
}

} // namespace

QVector3D CreatureMesh::skinPosition(const CreatureVertex &vertex, std::span<const float> frame)
{
    float m[12];
    blendedMatrix(vertex, frame, m);
    const float *p = vertex.position;
    return {m[0] * p[0] + m[1] * p[1] + m[2] * p[2] + m[3], m[4] * p[0] + m[5] * p[1] + m[6] * p[2] + m[7],
            m[8] * p[0] + m[9] * p[1] + m[10] * p[2] + m[11]};
}

SkinnedPose CreatureMesh::skin(std::span<const float> frame) const
{
    SkinnedPose pose;
    if (m_boneCount < 1 || frame.size() < size_t(m_boneCount) * 16)
        return pose;
    pose.positions.reserve(m_vertices.size());
    pose.normals.reserve(m_vertices.size());
    for (const CreatureVertex &vertex : m_vertices) {
        bool bonesOk = true;
        for (int k = 0; k < 4; ++k)
            bonesOk = bonesOk && (vertex.weights[k] == 0.0f || vertex.bones[k] < m_boneCount);
        if (!bonesOk) {
            pose.positions.append(QVector3D());
            pose.normals.append(QVector3D(0, 1, 0));
            continue;
        }
        float m[12];
        blendedMatrix(vertex, frame, m);
        const float *p = vertex.position;
        pose.positions.append({m[0] * p[0] + m[1] * p[1] + m[2] * p[2] + m[3], m[4] * p[0] + m[5] * p[1] + m[6] * p[2] + m[7],
                               m[8] * p[0] + m[9] * p[1] + m[10] * p[2] + m[11]});
        // Columns of the linear part; the cofactor matrix has columns c1xc2, c2xc0, c0xc1.
        const QVector3D c0(m[0], m[4], m[8]), c1(m[1], m[5], m[9]), c2(m[2], m[6], m[10]);
        const float *n = vertex.normal;
        const QVector3D normal = QVector3D::crossProduct(c1, c2) * n[0] + QVector3D::crossProduct(c2, c0) * n[1]
            + QVector3D::crossProduct(c0, c1) * n[2];
        pose.normals.append(normal.normalized());
    }
    return pose;
}

} // namespace bpat

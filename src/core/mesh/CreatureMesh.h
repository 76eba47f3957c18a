#pragma once
// A creature mesh skinned by BPAT palettes: vertices with up to four bone influences and a
// colour role, and triangle indices. The vertex layout is the 56-byte BPSM vertex (f32 pos[3],
// f32 normal[3], f32 uv[2], u8 bone_indices[4], f32 bone_weights[4], u8 color_role, u8 pad[3]),
// so the same array can be uploaded to the GPU and written into snapshot meshes.
//
// Convention: v1 palettes hold global (model-space) bone transforms, so a vertex's position and
// normal are given in the local space of its bones: skinned = sum_i weight_i * G[bone_i] * p.
// Rigid parts have one influence; blended parts (links between translation-only bones) share
// one local position among their influences, which is exact when the bones' linear parts agree.
#include <QList>
#include <QString>
#include <QVector3D>
#include <QtGlobal>
#include <array>
#include <span>

namespace bpat {

enum class ColorRole : quint8 {
    Body = 0,
    Limb = 1,
    Head = 2,
    Extremity = 3,
    Accent = 4,
    Eye = 5,
    Joint = 6
};
inline constexpr int colorRoleCount = 7;

struct CreatureVertex
{
    float position[3] = {0, 0, 0};
    float normal[3] = {0, 1, 0};
    float uv[2] = {0, 0};
    quint8 bones[4] = {0, 0, 0, 0};
    float weights[4] = {1, 0, 0, 0};
    quint8 colorRole = 0;
    quint8 pad[3] = {0, 0, 0};
};
static_assert(sizeof(CreatureVertex) == 56, "CreatureVertex must match the BPSM vertex layout");

// Positions and normals of a mesh posed by one frame of a palette.
struct SkinnedPose
{
    QList<QVector3D> positions;
    QList<QVector3D> normals;
};

class CreatureMesh
{
public:
    CreatureMesh() = default;
    CreatureMesh(QString name, int boneCount, QList<CreatureVertex> vertices, QList<quint32> indices);

    const QString &name() const { return m_name; }
    int boneCount() const { return m_boneCount; }
    const QList<CreatureVertex> &vertices() const { return m_vertices; }
    const QList<quint32> &indices() const { return m_indices; }
    int vertexCount() const { return int(m_vertices.size()); }
    int triangleCount() const { return int(m_indices.size() / 3); }
    bool isEmpty() const { return m_vertices.isEmpty() || m_indices.isEmpty(); }

    // Checks the invariants a renderer relies on: every index < vertexCount, index count a
    // multiple of 3, every referenced bone < boneCount, weights finite and non-negative.
    // Returns an empty string when the mesh is sound, else what is wrong.
    QString validate() const;

    // CPU reference skinning. `frame` holds boneCount row-major 4x4 matrices (16 floats each,
    // as they lie in a v1 palette). Normals are transformed by the cofactor of the blended
    // matrix (correct under non-uniform scale) and normalised. Returns an empty pose when
    // frame is too short for boneCount bones.
    SkinnedPose skin(std::span<const float> frame) const;
    // Skins a single position (for tests and picking).
    static QVector3D skinPosition(const CreatureVertex &vertex, std::span<const float> frame);

private:
    QString m_name;
    int m_boneCount = 0;
    QList<CreatureVertex> m_vertices;
    QList<quint32> m_indices;
};

} // namespace bpat

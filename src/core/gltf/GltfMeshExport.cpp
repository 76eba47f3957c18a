#include "gltf/GltfMeshExport.h"

#include "gltf/GltfAxes.h"
#include "gltf/GltfBufferBuilder.h"
#include "gltf/TinyGltf.h"
#include "mesh/CreatureMeshBuilder.h"
#include "mesh/RigDescription.h"

#include <cmath>

namespace bpat {

int GltfMeshExport::addCreatureMesh(tinygltf::Model &model, GltfBufferBuilder &buffers, quint32 speciesId, int boneCount,
                                    const QList<float> &bindFrame, int *vertexCount)
{
    const std::span<const float> frame(bindFrame.constData(), size_t(bindFrame.size()));
    CreatureMesh mesh;
    QList<QVector3D> colors = RigDescription::defaultRoleColors();
    if (const auto rig = RigDescription::builtin(speciesId, boneCount)) {
        mesh = CreatureMeshBuilder::build(*rig, frame, 12);
        colors = rig->roleColors;
    } else {
        mesh = CreatureMeshBuilder::joints(boneCount, frame, 10);
    }
    if (mesh.isEmpty() || !mesh.validate().isEmpty())
        return -1;
    const SkinnedPose pose = mesh.skin(frame); // the bind pose, in BPAT model space
    if (pose.positions.size() != mesh.vertexCount())
        return -1;

    std::vector<float> positions, normals, colours, weights;
    std::vector<quint8> joints;
    for (int v = 0; v < mesh.vertexCount(); ++v) {
        const QVector3D p = GltfAxes::convert(pose.positions.at(v));
        QVector3D n = GltfAxes::convert(pose.normals.at(v));
        if (!(n.lengthSquared() > 1e-12f) || !std::isfinite(n.x()) || !std::isfinite(n.y()) || !std::isfinite(n.z()))
            n = QVector3D(0, 1, 0);
        n.normalize();
        positions.insert(positions.end(), {p.x(), p.y(), p.z()});
        normals.insert(normals.end(), {n.x(), n.y(), n.z()});
        const CreatureVertex &vertex = mesh.vertices().at(v);
        const QVector3D c = colors.value(vertex.colorRole, QVector3D(0.7f, 0.7f, 0.7f));
        colours.insert(colours.end(), {std::clamp(c.x(), 0.0f, 1.0f), std::clamp(c.y(), 0.0f, 1.0f), std::clamp(c.z(), 0.0f, 1.0f)});
        // Merge repeated bones, drop zero weights, normalise: glTF wants distinct joints
        // with weights summing to 1.
        quint8 b[4] = {0, 0, 0, 0};
        float w[4] = {0, 0, 0, 0};
        int used = 0;
        for (int i = 0; i < 4; ++i) {
            if (!(vertex.weights[i] > 0))
                continue;
            int slot = 0;
            while (slot < used && b[slot] != vertex.bones[i])
                ++slot;
            if (slot == used) {
                b[used] = vertex.bones[i];
                ++used;
            }
            w[slot] += vertex.weights[i];
        }
        float sum = w[0] + w[1] + w[2] + w[3];
        if (!(sum > 0)) {
            w[0] = sum = 1;
            b[0] = vertex.bones[0];
        }
        for (int i = 0; i < 4; ++i) {
            joints.push_back(b[i]);
            weights.push_back(w[i] / sum);
        }
    }
    // glTF's front faces wind counter-clockwise. The mirror reverses every triangle, and the
    // generated parts do not all wind alike (the viewport draws both sides), so each triangle
    // is oriented to face the way its vertex normals point.
    std::vector<quint32> indices;
    const QList<quint32> &source = mesh.indices();
    const auto point = [&](quint32 v) { return QVector3D(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]); };
    const auto normal = [&](quint32 v) { return QVector3D(normals[v * 3], normals[v * 3 + 1], normals[v * 3 + 2]); };
    for (qsizetype i = 0; i + 2 < source.size(); i += 3) {
        const quint32 a = source.at(i), b = source.at(i + 1), c = source.at(i + 2);
        const QVector3D face = QVector3D::crossProduct(point(b) - point(a), point(c) - point(a));
        if (QVector3D::dotProduct(face, normal(a) + normal(b) + normal(c)) >= 0)
            indices.insert(indices.end(), {a, b, c});
        else
            indices.insert(indices.end(), {a, c, b});
    }

    tinygltf::Primitive primitive;
    primitive.mode = TINYGLTF_MODE_TRIANGLES;
    primitive.attributes["POSITION"] = buffers.addFloats(positions, TINYGLTF_TYPE_VEC3, true, TINYGLTF_TARGET_ARRAY_BUFFER);
    primitive.attributes["NORMAL"] = buffers.addFloats(normals, TINYGLTF_TYPE_VEC3, false, TINYGLTF_TARGET_ARRAY_BUFFER);
    primitive.attributes["COLOR_0"] = buffers.addFloats(colours, TINYGLTF_TYPE_VEC3, false, TINYGLTF_TARGET_ARRAY_BUFFER);
    primitive.attributes["JOINTS_0"] = buffers.addUnsignedBytes(joints, TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER);
    primitive.attributes["WEIGHTS_0"] = buffers.addFloats(weights, TINYGLTF_TYPE_VEC4, false, TINYGLTF_TARGET_ARRAY_BUFFER);
    primitive.indices = buffers.addIndices(indices);

    tinygltf::Material material;
    material.name = "creature";
    material.pbrMetallicRoughness.metallicFactor = 0.0;
    material.pbrMetallicRoughness.roughnessFactor = 0.8;
    model.materials.push_back(material);
    primitive.material = int(model.materials.size() - 1);

    tinygltf::Mesh gltfMesh;
    gltfMesh.name = mesh.name().isEmpty() ? std::string("creature") : mesh.name().toStdString();
    gltfMesh.primitives.push_back(primitive);
    model.meshes.push_back(std::move(gltfMesh));
    tinygltf::Node node;
    node.name = "creature mesh";
    node.mesh = int(model.meshes.size() - 1);
    model.nodes.push_back(std::move(node));
    if (vertexCount)
        *vertexCount = mesh.vertexCount();
    return int(model.nodes.size() - 1);
}

} // namespace bpat

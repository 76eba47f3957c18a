#include "gltf/GltfMeshExport.h"

#include "bprm/BodyColors.h"
#include "bprm/BprmFile.h"
#include "bprm/BprmValidator.h"
#include "gltf/GltfAxes.h"
#include "gltf/GltfBufferBuilder.h"
#include "gltf/TinyGltf.h"
#include "mesh/CreatureMeshBuilder.h"
#include "mesh/RigDescription.h"
#include "species/SpeciesRig.h"

#include <QMap>
#include <cmath>

namespace bpat {

namespace {

// glTF wants distinct joints with weights summing to 1: repeats merged, zero weights dropped
// (their joint 0, weight 0), the rest normalised.
void jointsAndWeights(const CreatureVertex &vertex, std::vector<quint8> &joints, std::vector<float> &weights)
{
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

// The mesh, added to the model with a node of its own named `nodeName`: that node's index.
int addMeshNode(tinygltf::Model &model, tinygltf::Mesh mesh, const char *nodeName)
{
    model.meshes.push_back(std::move(mesh));
    tinygltf::Node node;
    node.name = nodeName;
    node.mesh = int(model.meshes.size() - 1);
    model.nodes.push_back(std::move(node));
    return int(model.nodes.size() - 1);
}

} // namespace

int GltfMeshExport::addCreatureMesh(tinygltf::Model &model, GltfBufferBuilder &buffers, quint32 speciesId, int boneCount,
                                    const QList<float> &bindFrame, int *vertexCount)
{
    const std::span<const float> frame(bindFrame.constData(), size_t(bindFrame.size()));
    CreatureMesh mesh;
    QList<QVector3D> colors = RigDescription::defaultRoleColors();
    if (const SpeciesRig *rig = SpeciesRig::find(speciesId, boneCount)) {
        mesh = CreatureMeshBuilder::build(rig->description(), frame, 12);
        colors = rig->description().roleColors;
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
        colours.insert(colours.end(),
                       {std::clamp(c.x(), 0.0f, 1.0f), std::clamp(c.y(), 0.0f, 1.0f), std::clamp(c.z(), 0.0f, 1.0f)});
        jointsAndWeights(vertex, joints, weights);
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
    const int node = addMeshNode(model, std::move(gltfMesh), "creature mesh");
    if (vertexCount)
        *vertexCount = mesh.vertexCount();
    return node;
}

int GltfMeshExport::addBody(tinygltf::Model &model, GltfBufferBuilder &buffers, const BprmFile &body, int boneCount,
                            int *vertexCount, int *materialCount, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return -1;
    };
    // Nothing a validator calls an error goes into the file (NaN, weights, bones past the rig).
    for (const Diagnostic &d :
         BprmValidator(1).validate(body, BprmRig{boneCount, QStringLiteral("the file's %1 bones").arg(boneCount)})) {
        if (d.severity == Severity::Error)
            return fail(QStringLiteral("%1 %2 (run bpat validate on it)").arg(d.code, d.message));
    }
    QString why;
    const std::optional<CreatureMesh> mesh = body.toMesh(boneCount, &why);
    if (!mesh)
        return fail(why);
    std::vector<float> positions, normals, uvs, weights;
    std::vector<quint8> joints;
    bool hasUv = false;
    for (const CreatureVertex &v : mesh->vertices()) {
        const QVector3D p = GltfAxes::convert(QVector3D(v.position[0], v.position[1], v.position[2]));
        QVector3D n = GltfAxes::convert(QVector3D(v.normal[0], v.normal[1], v.normal[2]));
        n = n.lengthSquared() > 1e-12f ? n.normalized() : QVector3D(0, 1, 0);
        positions.insert(positions.end(), {p.x(), p.y(), p.z()});
        normals.insert(normals.end(), {n.x(), n.y(), n.z()});
        uvs.insert(uvs.end(), {v.uv[0], v.uv[1]});
        hasUv = hasUv || v.uv[0] != 0.0f || v.uv[1] != 0.0f;
        jointsAndWeights(v, joints, weights);
    }
    const int position = buffers.addFloats(positions, TINYGLTF_TYPE_VEC3, true, TINYGLTF_TARGET_ARRAY_BUFFER);
    const int normal = buffers.addFloats(normals, TINYGLTF_TYPE_VEC3, false, TINYGLTF_TARGET_ARRAY_BUFFER);
    const int uv = hasUv ? buffers.addFloats(uvs, TINYGLTF_TYPE_VEC2, false, TINYGLTF_TARGET_ARRAY_BUFFER) : -1;
    const int joint = buffers.addUnsignedBytes(joints, TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER);
    const int weight = buffers.addFloats(weights, TINYGLTF_TYPE_VEC4, false, TINYGLTF_TARGET_ARRAY_BUFFER);

    // The triangles by colour role (a triangle takes its first corner's role). The mirror of
    // the axes reverses every triangle: written a, c, b, the game's front faces stay front.
    QMap<int, std::vector<quint32>> byRole;
    const QList<quint32> &indices = mesh->indices();
    for (qsizetype i = 0; i + 2 < indices.size(); i += 3) {
        const quint32 a = indices.at(i), b = indices.at(i + 1), c = indices.at(i + 2);
        std::vector<quint32> &triangles = byRole[mesh->vertices().at(a).colorRole];
        triangles.insert(triangles.end(), {a, c, b});
    }
    tinygltf::Mesh gltfMesh;
    gltfMesh.name = body.lodName() == QLatin1String("minimal") ? "body (minimal)" : "body";
    for (auto it = byRole.cbegin(); it != byRole.cend(); ++it) {
        tinygltf::Material material;
        material.name = BodyColors::roleName(it.key()).toStdString();
        const QVector3D c = BodyColors::role(it.key());
        material.pbrMetallicRoughness.baseColorFactor = {c.x(), c.y(), c.z(), 1.0};
        material.pbrMetallicRoughness.metallicFactor = 0.0;
        material.pbrMetallicRoughness.roughnessFactor = 0.8;
        material.extras = tinygltf::Value(tinygltf::Value::Object{{"bpatColorRole", tinygltf::Value(it.key())}});
        model.materials.push_back(material);
        tinygltf::Primitive primitive;
        primitive.mode = TINYGLTF_MODE_TRIANGLES;
        primitive.attributes["POSITION"] = position;
        primitive.attributes["NORMAL"] = normal;
        if (uv >= 0)
            primitive.attributes["TEXCOORD_0"] = uv;
        primitive.attributes["JOINTS_0"] = joint;
        primitive.attributes["WEIGHTS_0"] = weight;
        primitive.indices = buffers.addIndices(it.value());
        primitive.material = int(model.materials.size() - 1);
        gltfMesh.primitives.push_back(primitive);
    }
    const int node = addMeshNode(model, std::move(gltfMesh), "body mesh");
    if (vertexCount)
        *vertexCount = mesh->vertexCount();
    if (materialCount)
        *materialCount = int(byRole.size());
    return node;
}

} // namespace bpat

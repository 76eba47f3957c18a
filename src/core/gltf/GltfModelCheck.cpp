#include "gltf/GltfModelCheck.h"

#include "gltf/GltfAccessorReader.h"
#include "gltf/TinyGltf.h"

#include <QHash>
#include <QSet>
#include <cmath>

namespace bpat {

namespace {

bool inRange(int index, size_t size)
{
    return index >= 0 && size_t(index) < size;
}

bool finite(const std::vector<double> &values)
{
    for (double v : values)
        if (!std::isfinite(v))
            return false;
    return true;
}

QString checkNodes(const tinygltf::Model &model)
{
    const size_t n = model.nodes.size();
    QList<int> parent(qsizetype(n), -1);
    for (size_t i = 0; i < n; ++i) {
        const tinygltf::Node &node = model.nodes[i];
        const QString at = QStringLiteral("nodes[%1]").arg(i);
        for (size_t c = 0; c < node.children.size(); ++c) {
            const int child = node.children[c];
            if (!inRange(child, n))
                return QStringLiteral("%1.children[%2]: node %3 does not exist (the file has %4 nodes)")
                    .arg(at)
                    .arg(c)
                    .arg(child)
                    .arg(n);
            if (child == int(i))
                return QStringLiteral("%1.children[%2]: the node is its own child (a recursive node tree)").arg(at).arg(c);
            if (parent[child] >= 0)
                return QStringLiteral("%1.children[%2]: node %3 already has parent %4 (nodes must form a tree)")
                    .arg(at)
                    .arg(c)
                    .arg(child)
                    .arg(parent[child]);
            parent[child] = int(i);
        }
        if (node.mesh >= 0 && !inRange(node.mesh, model.meshes.size()))
            return QStringLiteral("%1.mesh: mesh %2 does not exist").arg(at).arg(node.mesh);
        if (node.skin >= 0 && !inRange(node.skin, model.skins.size()))
            return QStringLiteral("%1.skin: skin %2 does not exist").arg(at).arg(node.skin);
        if (node.camera >= 0 && !inRange(node.camera, model.cameras.size()))
            return QStringLiteral("%1.camera: camera %2 does not exist").arg(at).arg(node.camera);
        if (!node.matrix.empty() && node.matrix.size() != 16)
            return QStringLiteral("%1.matrix: %2 numbers, expected 16").arg(at).arg(node.matrix.size());
        if ((!node.translation.empty() && node.translation.size() != 3) || (!node.rotation.empty() && node.rotation.size() != 4)
            || (!node.scale.empty() && node.scale.size() != 3))
            return QStringLiteral("%1: translation, rotation or scale has the wrong number of components").arg(at);
        if (!finite(node.matrix) || !finite(node.translation) || !finite(node.rotation) || !finite(node.scale))
            return QStringLiteral("%1: its transform is not finite").arg(at);
    }
    // With one parent each, a cycle is a chain that never reaches a root. Each node is walked
    // once (0 unseen, 1 on the current chain, 2 known to reach a root): linear time even for
    // a chain of a million nodes.
    QList<quint8> state(qsizetype(n), 0);
    QList<int> chain;
    for (size_t i = 0; i < n; ++i) {
        chain.clear();
        int p = int(i);
        while (p >= 0 && state[p] == 0) {
            state[p] = 1;
            chain.append(p);
            p = parent[p];
        }
        if (p >= 0 && state[p] == 1)
            return QStringLiteral("nodes[%1]: the node is its own ancestor (a recursive node tree)").arg(p);
        for (int c : chain)
            state[c] = 2;
    }
    return {};
}

QString checkMeshes(const tinygltf::Model &model, const GltfAccessorReader &reader)
{
    QHash<int, qint64> largestIndex; // per index accessor read (-1: empty)
    for (size_t m = 0; m < model.meshes.size(); ++m) {
        for (size_t p = 0; p < model.meshes[m].primitives.size(); ++p) {
            const tinygltf::Primitive &prim = model.meshes[m].primitives[p];
            const QString at = QStringLiteral("meshes[%1].primitives[%2]").arg(m).arg(p);
            for (const auto &[semantic, accessor] : prim.attributes)
                if (!inRange(accessor, model.accessors.size()))
                    return QStringLiteral("%1.attributes.%2: accessor %3 does not exist")
                        .arg(at, QString::fromStdString(semantic))
                        .arg(accessor);
            if (prim.material >= 0 && !inRange(prim.material, model.materials.size()))
                return QStringLiteral("%1.material: material %2 does not exist").arg(at).arg(prim.material);
            const auto position = prim.attributes.find("POSITION");
            size_t vertices = 0;
            if (position != prim.attributes.end()) {
                vertices = reader.count(position->second);
                for (const auto &[semantic, accessor] : prim.attributes)
                    if (reader.count(accessor) != vertices)
                        return QStringLiteral("%1.attributes.%2: %3 elements, but POSITION has %4")
                            .arg(at, QString::fromStdString(semantic))
                            .arg(reader.count(accessor))
                            .arg(vertices);
            }
            const size_t corners = prim.indices >= 0 ? reader.count(prim.indices) : vertices;
            const size_t per = prim.mode == TINYGLTF_MODE_TRIANGLES ? 3 : prim.mode == TINYGLTF_MODE_LINE ? 2 : 1;
            if (corners % per != 0)
                return QStringLiteral("%1: %2 %3 do not make whole %4")
                    .arg(at)
                    .arg(corners)
                    .arg(prim.indices >= 0 ? QStringLiteral("indices") : QStringLiteral("vertices"),
                         per == 3 ? QStringLiteral("triangles") : QStringLiteral("lines"));
            if (prim.indices >= 0) {
                // Each index accessor is read once however many primitives share it: its largest
                // index, then (only to word a refusal) the first one out of range.
                QString error;
                auto known = largestIndex.constFind(prim.indices);
                if (known == largestIndex.cend()) {
                    std::optional<quint32> largest;
                    if (!reader.maxUnsigned(prim.indices, &largest, &error))
                        return QStringLiteral("%1.indices: %2").arg(at, error);
                    known = largestIndex.insert(prim.indices, largest ? qint64(*largest) : -1);
                }
                if (*known >= qint64(vertices)) {
                    std::optional<std::pair<size_t, quint32>> beyond;
                    if (!reader.firstAtLeast(prim.indices, vertices, &beyond, &error))
                        return QStringLiteral("%1.indices: %2").arg(at, error);
                    if (beyond)
                        return QStringLiteral("%1.indices: index %2 is %3, beyond the %4 vertices")
                            .arg(at)
                            .arg(beyond->first)
                            .arg(beyond->second)
                            .arg(vertices);
                }
            }
        }
    }
    return {};
}

QString checkAnimations(const tinygltf::Model &model, const GltfAccessorReader &reader)
{
    QSet<int> checkedInputs;
    for (size_t a = 0; a < model.animations.size(); ++a) {
        const tinygltf::Animation &anim = model.animations[a];
        for (size_t s = 0; s < anim.samplers.size(); ++s) {
            const tinygltf::AnimationSampler &sampler = anim.samplers[s];
            const QString at = QStringLiteral("animations[%1].samplers[%2]").arg(a).arg(s);
            if (sampler.interpolation != "LINEAR" && sampler.interpolation != "STEP" && sampler.interpolation != "CUBICSPLINE")
                return QStringLiteral("%1.interpolation: '%2' is not LINEAR, STEP or CUBICSPLINE")
                    .arg(at, QString::fromStdString(sampler.interpolation));
            if (!inRange(sampler.input, model.accessors.size()))
                return QStringLiteral("%1.input: accessor %2 does not exist").arg(at).arg(sampler.input);
            if (reader.count(sampler.input) == 0 || reader.componentCount(sampler.input) != 1)
                return QStringLiteral("%1.input: expected at least one scalar key time").arg(at);
            if (!checkedInputs.contains(sampler.input)) { // samplers often share their times
                QString error, order;
                float previous = 0;
                const bool read = reader.forEachFloat(
                    sampler.input,
                    [&](size_t k, float time) {
                        if (k > 0 && !(time > previous)) {
                            order = QStringLiteral("%1.input: key time %2 (%3) does not follow %4 (times must increase)")
                                        .arg(at)
                                        .arg(k)
                                        .arg(double(time))
                                        .arg(double(previous));
                            return false;
                        }
                        previous = time;
                        return true;
                    },
                    &error);
                if (!read)
                    return QStringLiteral("%1.input: %2").arg(at, error);
                if (!order.isEmpty())
                    return order;
                checkedInputs.insert(sampler.input);
            }
            const size_t keys = reader.count(sampler.input) * (sampler.interpolation == "CUBICSPLINE" ? 3 : 1);
            if (!inRange(sampler.output, model.accessors.size()))
                return QStringLiteral("%1.output: accessor %2 does not exist").arg(at).arg(sampler.output);
            if (reader.count(sampler.output) < keys || reader.count(sampler.output) % keys != 0)
                return QStringLiteral("%1.output: %2 values for %3 keys (%4)")
                    .arg(at)
                    .arg(reader.count(sampler.output))
                    .arg(reader.count(sampler.input))
                    .arg(QString::fromStdString(sampler.interpolation));
        }
        for (size_t c = 0; c < anim.channels.size(); ++c) {
            const tinygltf::AnimationChannel &ch = anim.channels[c];
            const QString at = QStringLiteral("animations[%1].channels[%2]").arg(a).arg(c);
            if (!inRange(ch.sampler, anim.samplers.size()))
                return QStringLiteral("%1.sampler: sampler %2 does not exist").arg(at).arg(ch.sampler);
            if (ch.target_node >= 0 && !inRange(ch.target_node, model.nodes.size()))
                return QStringLiteral("%1.target.node: node %2 does not exist").arg(at).arg(ch.target_node);
            const int components = reader.componentCount(anim.samplers[size_t(ch.sampler)].output);
            const int expected = ch.target_path == "rotation"                    ? 4
                : (ch.target_path == "translation" || ch.target_path == "scale") ? 3
                                                                                 : 0;
            if (expected != 0 && components != expected)
                return QStringLiteral("%1: %2 needs %3 components per key, the output has %4")
                    .arg(at, QString::fromStdString(ch.target_path))
                    .arg(expected)
                    .arg(components);
        }
    }
    return {};
}

} // namespace

QString GltfModelCheck::check(const tinygltf::Model &model)
{
    if (model.scenes.empty())
        return QStringLiteral("scenes: the file defines no scene");
    if (model.defaultScene >= 0 && !inRange(model.defaultScene, model.scenes.size()))
        return QStringLiteral("scene: scene %1 does not exist").arg(model.defaultScene);
    for (size_t s = 0; s < model.scenes.size(); ++s)
        for (size_t i = 0; i < model.scenes[s].nodes.size(); ++i)
            if (!inRange(model.scenes[s].nodes[i], model.nodes.size()))
                return QStringLiteral("scenes[%1].nodes[%2]: node %3 does not exist").arg(s).arg(i).arg(model.scenes[s].nodes[i]);
    if (QString e = checkNodes(model); !e.isEmpty())
        return e;
    // Every accessor readable and its floats finite, read in place (the components of all
    // accessors together are bounded before: gltflimits::maxAccessorComponents).
    const GltfAccessorReader reader(model);
    for (size_t a = 0; a < model.accessors.size(); ++a) {
        QString error;
        if (!reader.checkFinite(int(a), &error))
            return error;
    }
    for (size_t s = 0; s < model.skins.size(); ++s) {
        const tinygltf::Skin &skin = model.skins[s];
        for (size_t j = 0; j < skin.joints.size(); ++j)
            if (!inRange(skin.joints[j], model.nodes.size()))
                return QStringLiteral("skins[%1].joints[%2]: node %3 does not exist").arg(s).arg(j).arg(skin.joints[j]);
        if (skin.inverseBindMatrices >= 0 && !inRange(skin.inverseBindMatrices, model.accessors.size()))
            return QStringLiteral("skins[%1].inverseBindMatrices: accessor %2 does not exist")
                .arg(s)
                .arg(skin.inverseBindMatrices);
        if (skin.skeleton >= 0 && !inRange(skin.skeleton, model.nodes.size()))
            return QStringLiteral("skins[%1].skeleton: node %2 does not exist").arg(s).arg(skin.skeleton);
    }
    if (QString e = checkMeshes(model, reader); !e.isEmpty())
        return e;
    return checkAnimations(model, reader);
}

QList<int> GltfModelCheck::parents(const tinygltf::Model &model)
{
    QList<int> parent(qsizetype(model.nodes.size()), -1);
    for (size_t i = 0; i < model.nodes.size(); ++i)
        for (int child : model.nodes[i].children)
            if (inRange(child, model.nodes.size()))
                parent[child] = int(i);
    return parent;
}

} // namespace bpat

#pragma once
// Checks a parsed glTF model (from a file no one here wrote) before anything reads it: every
// index in range, the node graph a forest (no node with two parents, no cycles), accessors
// inside their buffers, float data finite, mesh indices below their vertex counts, animation
// samplers well formed. The first problem found is returned, naming the object and the rule
// ("nodes[3].children[0]: node 1 is its own ancestor"); an empty string means sound.
#include <QList>
#include <QString>

namespace tinygltf {
class Model;
}

namespace bpat {

class GltfModelCheck
{
public:
    static QString check(const tinygltf::Model &model);
    // Parent of every node (-1 for roots); only meaningful for a model check() accepted.
    static QList<int> parents(const tinygltf::Model &model);
};

} // namespace bpat

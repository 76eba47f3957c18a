#pragma once
// The JSON types of a glTF file's properties, checked before tinygltf reads it: tinygltf skips
// an optional property of the wrong type silently (a rotation of nulls became no rotation, a
// "children" string no children), so a broken file would import as something else or be
// refused later for a reason that is not its fault. Rules by property name (glTF 2.0 schema):
// "name" is a string, "index" a non-negative integer (at most 2^31-1), "extensions" an object of
// objects, "rotation" an array of numbers, "children" an array of indices, "nodes" of the root
// an array of objects and of a scene an array of indices, ...
// Returns "nodes[0].rotation[1]: expected a number, found null", or empty.
#include <QJsonObject>
#include <QString>

namespace bpat {

class GltfJsonCheck
{
public:
    // `root` is the parsed JSON of a .gltf or of a .glb's JSON chunk (GltfLoader parses it; text
    // Qt's parser cannot read is refused there, never passed over).
    static QString check(const QJsonObject &root);
};

} // namespace bpat

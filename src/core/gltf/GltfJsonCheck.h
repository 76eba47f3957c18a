#pragma once
// The JSON types of a glTF file's properties, checked before tinygltf reads it: tinygltf skips
// an optional property of the wrong type silently, so a broken file would be refused later for
// a reason that is not its fault. Rules by property name (glTF 2.0 schema): "name" is a string,
// "index" a non-negative integer, "extensions" an object of objects, "primitives" an array, ...
// Returns "materials[0].normalTexture.scale: expected a number, found a string", or empty.
#include <QByteArray>
#include <QString>

namespace bpat {

class GltfJsonCheck
{
public:
    // `bytes` is a whole .gltf or .glb file; only its JSON is looked at. Text Qt's JSON parser
    // cannot read is left to tinygltf (which says why), so this returns empty then.
    static QString check(const QByteArray &bytes);
};

} // namespace bpat

#pragma once
// The creature mesh in an exported glTF: the mesh the viewport draws (CreatureMeshBuilder from
// the species' rig description, or joint spheres for an unknown rig), posed at the bind frame,
// mapped to glTF axes (winding swapped back), coloured per part (COLOR_0) and skinned with the
// mesh's own bone influences.
#include <QList>
#include <QtGlobal>

namespace tinygltf {
class Model;
}

namespace bpat {

class GltfBufferBuilder;

class GltfMeshExport
{
public:
    // Adds mesh, material and a node holding the mesh (skin left to the caller); returns the
    // node index, or -1 when no mesh could be built. `bindFrame` is boneCount row-major matrices.
    static int addCreatureMesh(tinygltf::Model &model, GltfBufferBuilder &buffers, quint32 speciesId, int boneCount,
                               const QList<float> &bindFrame, int *vertexCount);
};

} // namespace bpat

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

class BprmFile;
class GltfBufferBuilder;

class GltfMeshExport
{
public:
    // Adds mesh, material and a node holding the mesh (skin left to the caller); returns the
    // node index, or -1 when no mesh could be built. `bindFrame` is boneCount row-major matrices.
    static int addCreatureMesh(tinygltf::Model &model, GltfBufferBuilder &buffers, quint32 speciesId, int boneCount,
                               const QList<float> &bindFrame, int *vertexCount);
    // The game's body (BPRM) as it is stored: its vertices are the bind pose in model space, so
    // with the file's bind palette as inverse bind matrices glTF skins them as the game does
    // (joint x inverse bind = the skinning matrix). Positions and normals mapped to glTF axes,
    // triangles wound back after the mirror, TEXCOORD_0 as stored (when any uv is set), joints
    // and weights with repeats merged and zero weights dropped, one primitive per colour role
    // used with a material of its own ("role N", bpat::BodyColors). Adds mesh, materials and a
    // node (skin left to the caller); returns the node index, or -1 with *error.
    static int addBody(tinygltf::Model &model, GltfBufferBuilder &buffers, const BprmFile &body, int boneCount, int *vertexCount,
                       int *materialCount, QString *error);
};

} // namespace bpat

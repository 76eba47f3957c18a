#pragma once
// BPAT -> glTF 2.0 (docs/gltf.md), for every version the project reads (v1, v2, v3 early and
// late). The skeleton's parents come from the file's parent table (late v3), else the rig
// description of its species, else every bone is a root; names from the rig, else bone_N. Each
// bone is a node whose TRS is its local transform (parent^-1 * global, through the axis mapping
// of GltfAxes); inverse bind matrices come from the file's bind palette (late v3), else the
// first frame of the first clip; each clip becomes one animation with TRS channels per bone
// (LINEAR, keys at the clip's stored frames; "loops", "fps", "frameCount" and, from v2 on,
// "markers", from v3 on "flags", "variantFamily" and "variantOrdinal" in its extras); sockets
// are child nodes of their anchor bones; the creature mesh the viewport draws can be skinned
// to the skeleton.
//
// glTF nodes cannot hold shear. A bone whose local matrix under its rig parent is not a TRS at
// some frame (a child of a non-uniformly scaled parent that rotates against the scale) is
// exported as a child of the skeleton's root node instead, where its global matrix is its
// local one, so every stored global matrix is still reproduced within 1e-5; the result lists
// such bones. A global matrix with shear itself cannot be reproduced: the nearest TRS is
// written and the error reported.
#include "bpat/BpatDocument.h"
#include "gltf/Affine.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <functional>

namespace bpat {

struct GltfExportOptions
{
    QStringList clips;         // names to export (empty: every clip), in the order given
    bool creatureMesh = false; // add the skinned creature mesh (the viewport's)
    // Add the game's body (a BPRM file) instead: skinned, with UVs and its colour roles as
    // materials. Needs the file's bind palette (late v3), the pose the body is stored in.
    QString bodyPath;
    // Called after each clip with (done, total); returning false cancels the export.
    std::function<bool(int done, int total)> progress;
};

struct GltfExportResult
{
    bool ok = false;
    QString error;          // why nothing was written
    QStringList notes;      // what the user should know (reparented bones, shear, ...)
    QString skeletonSource; // "rig humanoid" or "no rig: every bone a root"
    int animationCount = 0;
    int nodeCount = 0;
    int vertexCount = 0;
    int materialCount = 0;     // of the body, one per colour role
    double maxGlobalError = 0; // largest |glTF global - mapped palette| over exported frames
    qint64 bytes = 0;
};

struct GltfSkeleton
{
    QString source;
    QString rigName; // empty without a rig
    QStringList names;
    QList<int> parents;
    // The rig description for the species and bone count, else roots named bone_N.
    static GltfSkeleton forSpecies(quint32 speciesId, int boneCount);
    // The skeleton of a document: its own parent table when it has a valid one (late v3; names
    // still from the rig, else bone_N), else forSpecies().
    static GltfSkeleton forDocument(const BpatDocument &document);
};

class GltfExporter
{
public:
    // Writes OUT atomically: .glb is binary glTF, anything else .gltf JSON with the buffer
    // embedded as a data URI (one self-contained file).
    static GltfExportResult exportFile(const QString &bpatPath, const QString &outPath, const GltfExportOptions &options);
    static GltfExportResult exportDocument(const BpatDocument &document, const QString &outPath,
                                           const GltfExportOptions &options);
    // The serialized glTF (empty on failure, with result->error).
    static QByteArray toBytes(const BpatDocument &document, bool binary, const GltfExportOptions &options,
                              GltfExportResult *result);

    // The one function through which the exporter reads palettes: a bone's global (model-space)
    // matrix at a frame of a clip. BpatDocument holds row-major globals for every version (a
    // late-v3 file's skinning matrices are turned into skin x bind when it is read).
    static Matrix4d globalMatrix(const BpatDocument &document, const BpatClip &clip, quint32 frame, quint32 bone);
    // The bind pose the inverse bind matrices and the mesh come from (BPAT space): the file's
    // bind palette (late v3) when it has one per bone, else the first frame of the first clip.
    static QList<Matrix4d> bindPose(const BpatDocument &document);
};

} // namespace bpat

#pragma once
// Generates creature meshes from rig descriptions: every shape part becomes triangles whose
// vertices sit in their bone's local space (see CreatureMesh). A reference frame of the file
// (boneCount row-major global matrices) gives bone tails and the rest direction of links; without
// one, tails are (0, length, 0). Also builds the joints-only mesh and inferred links used for files
// whose bone count matches no known rig.
#include "mesh/CreatureMesh.h"
#include "mesh/RigDescription.h"

#include <QList>
#include <QVector3D>
#include <span>

namespace bpat {

class CreatureMeshBuilder
{
public:
    // segments: subdivisions around each round part (>= 4; 12 for close-ups, 6 for crowds).
    // A rig without shape parts (known by names and parents only) becomes a stick figure: a
    // sphere at each joint and a link from each bone to its parent, controls (RigBone::control:
    // IK targets, poles) and their links left out.
    static CreatureMesh build(const RigDescription &rig, std::span<const float> referenceFrame = {}, int segments = 12);
    // A sphere at each joint, radius scaled to the spread of the joints in the reference frame.
    static CreatureMesh joints(int boneCount, std::span<const float> referenceFrame, int segments = 8);
    // For unknown rigs: each bone's parent guessed from the reference frame's translations
    // (the nearest earlier bone; ties go to the later one). Bone 0 gets -1.
    static QList<int> inferParents(int boneCount, std::span<const float> referenceFrame);
    // Whether any bone of the rig has shape parts.
    static bool hasShapes(const RigDescription &rig);
    // Each bone's tail in its own local space (see RigPoint).
    static QList<QVector3D> tails(const RigDescription &rig, std::span<const float> referenceFrame);
};

} // namespace bpat

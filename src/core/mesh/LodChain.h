#pragma once
// The levels of detail of a creature's body for crowds: level 0 is the body as drawn close up
// (the game's full or minimal BPRM, or the studio's stand-in), each further level lighter, made at
// load time with MeshSimplifier (a quarter of the vertices, then a sixteenth) or taken from an
// authored lighter body (the game's minimal BPRM) where that is lighter still. Every level
// carries its deviation from level 0: the largest distance between the two surfaces over sample
// poses of the creature's clips (SurfaceDeviation, both meshes skinned on the CPU), which is
// what decides how small on screen the creature must be before the level may stand in for it
// (crowd/LodPolicy).
#include "mesh/CreatureMesh.h"

#include <QList>
#include <QString>
#include <utility>

namespace bpat {

struct LodLevel
{
    CreatureMesh mesh;
    QString label;       // "horse_full.bprm", "simplified: 1,100 of 4,400 vertices"
    float deviation = 0; // metres from level 0 over the sample poses
};

class LodChain
{
public:
    struct Options
    {
        int maxLevels = 3;
        double ratio = 0.25;  // each simplified level keeps at most this share of the vertices before it
        int minVertices = 24; // no simplified level lighter than this
        // A level that deviates by more than this share of the creature's size (its posed
        // extent) has lost its silhouette: the chain ends before it.
        double maxRelativeDeviation = 0.1;
        // No level counts as closer to level 0 than this share of the creature's size: welding
        // averages split normals (the shading of hard edges), which a silhouette measure does
        // not see, so a level whose silhouette is exact still waits until the creature is a few
        // hundred pixels tall.
        double minRelativeDeviation = 0.002;
    };

    // `poses`: row-major matrices, one frame each, as CreatureMesh::skin takes them for these
    // meshes (globals for bone-local stand-ins, skinning matrices for bind-pose bodies); the
    // first is the pose the simplifier measures. `coarser` (may be null): an authored lighter
    // mesh of the same rig (the game's minimal body), used instead of the simplified level whose
    // vertex budget it fits (at most ratio x the level before, more than ratio x that); level 0
    // is always `base`; a level the simplifier cannot make ends the chain.
    static QList<LodLevel> build(const CreatureMesh &base, const QString &baseLabel, const QList<QList<float>> &poses,
                                 const CreatureMesh *coarser, const QString &coarserLabel, const Options &options);
    static QList<LodLevel> build(const CreatureMesh &base, const QString &baseLabel, const QList<QList<float>> &poses)
    {
        return build(base, baseLabel, poses, nullptr, QString(), Options());
    }

    // Global frames to pose the creature in for build(): at most maxFrames, evenly spaced over
    // all the clips' frames taken one after another (the first clip's first frame first).
    // `clips`: (first global frame, frame count) of each clip.
    static QList<quint32> sampleFrames(const QList<std::pair<quint32, quint32>> &clips, int maxFrames);

    // The largest deviation of b (lighter) from a (SurfaceDeviation::ofSimplified), both skinned
    // by every pose.
    static float deviation(const CreatureMesh &a, const CreatureMesh &b, const QList<QList<float>> &poses);
};

} // namespace bpat

#pragma once
// Where each instance of a crowd species stands, which of its clips it plays and at what phase
// (CrowdSpec's formation, clips and phase): a grid (slight heading jitter, as the single-file
// crowd always had), ranks facing one way, or uniformly random positions and headings in a box.
// Everything random comes from a hash of the species' seed and the instance's index, so a
// specification always gives the same crowd. Creatures face +Z; yaw turns about +Y the way
// skinned.vert applies it (a yaw of f faces (sin f, 0, cos f)).
#include "crowd/CrowdSpec.h"

#include <QList>

namespace bpat {

struct CrowdMember
{
    float x = 0, z = 0;
    float yaw = 0;   // radians
    int clip = 0;    // index into the clip weights given to place()
    float phase = 0; // in [0, 1)
};

class FormationLayout
{
public:
    // `clipWeights`: the weight of each clip the species may play (at least one, each > 0);
    // `footprint`: the creature's larger horizontal extent in metres (the default spacing is
    // 1.4 times it).
    static QList<CrowdMember> place(const CrowdSpeciesSpec &species, const QList<double> &clipWeights, float footprint);
    static float defaultSpacing(float footprint);
    // A reproducible number in [0, 1) from a seed, an index and a salt.
    static float unit(quint32 seed, quint32 index, quint32 salt);
};

} // namespace bpat

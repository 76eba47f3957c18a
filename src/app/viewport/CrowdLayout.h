#pragma once
// Places N creatures on a square grid with varied clips and phases, for crowd mode and the
// crowd benchmark. Looping clips are preferred (a crowd of one-shot clips freezes); the phase
// and a small yaw jitter come from a hash of the index, so a layout is reproducible.
#include "CreatureRenderer.h"
#include "PaletteSource.h"

#include <QList>

namespace bpat::studio {

class CrowdLayout
{
public:
    // spacing: distance between neighbours in model units (about the creature's footprint).
    static QList<CreatureInstance> grid(const PaletteSource &source, int count, float spacing);

    // Level of detail, as the game picks it by distance: instances whose placement lies
    // farther than lodDistance() from the camera draw the lighter (minimal) body.
    // 12 creature sizes (the largest extent of its reference bounds), at least 4 m.
    static float lodDistance(const QVector3D &lo, const QVector3D &hi);
    static void splitByDistance(const QList<CreatureInstance> &instances, const QVector3D &eye, float distance,
                                QList<CreatureInstance> *nearInstances, QList<CreatureInstance> *farInstances);
};

} // namespace bpat::studio

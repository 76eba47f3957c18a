#pragma once
// Places N creatures of the shown file on a square grid with varied clips and phases, for crowd
// mode and the crowd benchmark (crowd specifications: crowd/FormationLayout). Looping clips are preferred (a crowd of one-shot clips freezes); the phase
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
};

} // namespace bpat::studio

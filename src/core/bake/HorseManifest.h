#pragma once
// The horse species (id 1) for the baker: the game's 16-bone horse rig with idle, walk (four-beat
// lateral sequence), trot (two-beat diagonal), canter (three-beat, right lead) and gallop
// (four-beat transverse, right lead), plus the minimal snapshot mesh horse_minimal.bpsm.
#include "bake/SpeciesManifest.h"

namespace bpat {

class HorseManifest
{
public:
    static SpeciesManifest create();
};

} // namespace bpat

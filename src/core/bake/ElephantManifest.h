#pragma once
// The elephant species (id 2) for the baker: the game's 16-bone elephant rig with idle, walk
// (four-beat lateral sequence) and run (an amble: the same order, faster, never airborne), plus
// the minimal snapshot mesh elephant_minimal.bpsm.
#include "bake/SpeciesManifest.h"

namespace bpat {

class ElephantManifest
{
public:
    static SpeciesManifest create();
};

} // namespace bpat

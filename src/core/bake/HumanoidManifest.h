#pragma once
// The humanoid species (id 0) for the baker: the game's 20-bone humanoid rig and ten sockets,
// with HumanoidMotion's clips.
#include "bake/SpeciesManifest.h"

namespace bpat {

class HumanoidManifest
{
public:
    static SpeciesManifest create();
};

} // namespace bpat

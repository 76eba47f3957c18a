#pragma once
// The humanoid_sword species (id 3) for the baker: the game's 20-bone humanoid rig and ten sockets,
// with HumanoidMotion's clips in the sword-ready arm pose.
#include "bake/SpeciesManifest.h"

namespace bpat {

class HumanoidSwordManifest
{
public:
    static SpeciesManifest create();
};

} // namespace bpat

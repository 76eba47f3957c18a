#include "bake/HumanoidSwordManifest.h"

#include "bake/HumanoidManifest.h"
#include "bake/HumanoidMotion.h"

namespace bpat {

// The unarmed humanoid's manifest (rig, rest pose, clips, sockets) with the sword-ready arm.
SpeciesManifest HumanoidSwordManifest::create()
{
    SpeciesManifest m = HumanoidManifest::create();
    m.identify(Species::HumanoidSword, QStringLiteral("The humanoid with the right arm in the sword-ready pose"));
    m.clipPalette = HumanoidMotion(true).clipPalette(m.clips);
    return m;
}

} // namespace bpat

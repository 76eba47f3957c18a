#include "bake/HumanoidManifest.h"

#include "bake/HumanoidMotion.h"

namespace bpat {

SpeciesManifest HumanoidManifest::create()
{
    SpeciesManifest m;
    m.rig = SpeciesManifest::v1Rig(Species::Humanoid);
    m.identify(
        Species::Humanoid,
        QStringLiteral("The game's 20-bone humanoid, unarmed: idle, walk, run, hold, sword, spear and bow attacks, riding"));
    m.soleHeight = HumanoidPose::SoleHeight;
    m.bindPalette = HumanoidMotion(false).restPose().palette();
    m.clips = HumanoidMotion::clips();
    m.sockets = HumanoidMotion::sockets();
    m.clipPalette = HumanoidMotion(false).clipPalette(m.clips);
    return m;
}

} // namespace bpat

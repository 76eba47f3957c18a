#include "bake/HumanoidSwordManifest.h"

#include "bake/HumanoidManifest.h"
#include "bake/HumanoidMotion.h"

namespace bpat {

// The unarmed humanoid's manifest (rig, rest pose, clips, sockets) with the sword-ready arm.
SpeciesManifest HumanoidSwordManifest::create()
{
    SpeciesManifest m = HumanoidManifest::create();
    m.speciesId = 3;
    m.speciesName = QStringLiteral("humanoid_sword");
    m.bpatFileName = QStringLiteral("humanoid_sword.bpat");
    m.summary = QStringLiteral("The humanoid with the right arm in the sword-ready pose");
    m.creature = RigDescription::builtin(m.speciesId, m.rig.boneCount());
    const HumanoidMotion motion(true);
    const QList<ClipSpec> clips = m.clips;
    m.clipPalette = [motion, clips](int clip, float phase) {
        return motion.pose(clips.at(clip).name, phase).palette();
    };
    return m;
}

} // namespace bpat

#include "HumanoidSwordManifest.h"

#include "HumanoidMotion.h"

namespace bpat {

SpeciesManifest HumanoidSwordManifest::create()
{
    SpeciesManifest m;
    m.speciesId = 3;
    m.speciesName = QStringLiteral("humanoid_sword");
    m.bpatFileName = QStringLiteral("humanoid_sword.bpat");
    m.summary = QStringLiteral("The humanoid with the right arm in the sword-ready pose");
    m.rig = Rig::humanoid();
    m.creature = RigDescription::builtin(m.speciesId, m.rig.boneCount());
    m.soleHeight = HumanoidPose::SoleHeight;
    m.bindPalette = HumanoidMotion(false).restPose().palette();
    m.clips = HumanoidMotion::clips();
    m.sockets = HumanoidMotion::sockets();
    const HumanoidMotion motion(true);
    const QList<ClipSpec> clips = m.clips;
    m.clipPalette = [motion, clips](int clip, float phase) {
        return motion.pose(clips.at(clip).name, phase).palette();
    };
    return m;
}

} // namespace bpat

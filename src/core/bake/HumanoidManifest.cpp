#include "bake/HumanoidManifest.h"

#include "bake/HumanoidMotion.h"

namespace bpat {

SpeciesManifest HumanoidManifest::create()
{
    SpeciesManifest m;
    m.speciesId = 0;
    m.speciesName = QStringLiteral("humanoid");
    m.bpatFileName = QStringLiteral("humanoid.bpat");
    m.summary = QStringLiteral("The game's 20-bone humanoid, unarmed: idle, walk, run, hold, sword, spear and bow attacks, riding");
    m.rig = Rig::humanoid();
    m.creature = RigDescription::builtin(m.speciesId, m.rig.boneCount());
    m.soleHeight = HumanoidPose::SoleHeight;
    m.bindPalette = HumanoidMotion(false).restPose().palette();
    m.clips = HumanoidMotion::clips();
    m.sockets = HumanoidMotion::sockets();
    const HumanoidMotion motion(false);
    const QList<ClipSpec> clips = m.clips;
    m.clipPalette = [motion, clips](int clip, float phase) {
        return motion.pose(clips.at(clip).name, phase).palette();
    };
    return m;
}

} // namespace bpat

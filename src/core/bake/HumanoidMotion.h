#pragma once
// The humanoid's procedural clips, the game's fifteen in its order, each a function of the clip
// phase: idle, walk, run, hold and attack_sword_a here; the other attacks in HumanoidAttacks and
// the mounted clips in HumanoidRiding. Walk and run are in-place gait cycles (GaitCycle) with alternating feet, a
// bobbing, swaying and twisting pelvis and counter-swinging arms; planted feet stay on the
// ground and move back at exactly the ground speed. `swordReady` keeps the right arm in the
// sword-ready pose (the humanoid_sword species) instead of swinging it freely.
#include "bake/HumanoidPose.h"
#include "bake/SpeciesManifest.h"

namespace bpat {

class HumanoidMotion
{
public:
    explicit HumanoidMotion(bool swordReady);

    static QList<ClipSpec> clips();     // the game's names, frame counts and loop flags
    static QList<SocketSpec> sockets(); // the game's ten humanoid sockets
    // Ground distance covered by one cycle of the walk and run clips (in-place speed * duration).
    static float walkStride();
    static float runStride();

    HumanoidPose restPose() const;
    HumanoidPose pose(const QString &clip, float phase) const;
    // Poses a manifest's clips (looked up by name) with this motion.
    std::function<QList<QMatrix4x4>(int clip, float phase)> clipPalette(const QList<ClipSpec> &clips) const;

private:
    HumanoidPose idle(float phase) const;
    HumanoidPose locomotion(float phase, bool running) const;
    HumanoidPose hold(float phase) const;
    HumanoidPose attackSword(float phase) const;
    HumanoidArm restingArm() const;
    HumanoidArm swordArm() const;

    bool m_swordReady;
};

} // namespace bpat

#pragma once
// Procedural clips for the game's 16-bone quadrupeds (horse, elephant): an idle, in-place gaits
// given as footfall tables, and a fight (rearing and striking out with the front feet). Each leg (Shoulder -> Knee -> Foot) is placed by two-bone IK
// on a GaitCycle foot path; the body (Root) heaves and pitches with the gait, Body carries the
// barrel's extents as a scale (as in the game's files), and the two head bones (NeckTop/Head for
// the horse, Head/TrunkTip for the elephant) nod and sway.
//
// Conventions (those of the game's quadruped files): Y up, the creature faces +Z, the "L" legs
// are at +X. Leg bones have their origin at the joint and Y along the bone; feet and head bones
// keep the body's upright frame (Y up, Z forward) as in the game's files, so the viewer's shapes
// fit; a planted foot's origin is soleHeight above the ground (the hoof or pad below it).
#include "bake/SpeciesManifest.h"

#include <QList>
#include <QMatrix4x4>
#include <QVector3D>
#include <array>

namespace bpat {

// Legs in rig order: FL, FR, BL, BR.
enum QuadrupedLeg {
    LegFL = 0,
    LegFR = 1,
    LegBL = 2,
    LegBR = 3
};

struct QuadrupedBody
{
    Rig rig;
    float height = 1.2f;         // standing Root (barrel centre) height
    QVector3D barrelExtents;     // Body's scale: full width, height, length of the barrel
    QVector3D frontHip, backHip; // Root-local upper joints of the L legs (R mirrored in X)
    float frontUpper = 0.5f, frontLower = 0.5f, backUpper = 0.5f, backLower = 0.5f;
    float frontBend = 1.0f, backBend = 1.0f; // +1: the middle joint points forward, -1 back
    float soleHeight = 0.03f;                // foot origin above the ground when planted
    QVector3D headBase;                      // Root-local origin of bone 14 (NeckTop / Head)
    QVector3D headTip;                       // bone-14-local origin of bone 15 (Head / TrunkTip)
};

struct QuadrupedGait
{
    float stride = 1.0f;           // ground covered per cycle
    float duty = 0.6f;             // fraction of the cycle a foot is planted
    float lift = 0.1f;             // swing height
    std::array<float, 4> strike{}; // phase at which each leg touches down (FL, FR, BL, BR)
    float heave = 0.0f;            // body bob amplitude
    float heaveCycles = 2;         // bobs per cycle
    float heavePhase = 0.0f;
    float pitch = 0.0f; // body rocking amplitude, radians (nose down positive)
    float pitchPhase = 0.0f;
    float nod = 0.0f;   // head nod amplitude, radians
    float lower = 0.0f; // how much lower than standing the body runs
    // A fight clip instead of a gait (stride, duty, strike unused): the forehand rises by up to
    // `rear` radians (nose up) once per cycle while the hind feet stay planted, the front feet
    // leave the ground and strike out in turn (`paw`: how far), the head tosses (`nod`) and
    // swings (`swing`: the horse bites, the elephant sweeps its trunk).
    bool fight = false;
    float rear = 0.0f;
    float paw = 0.0f;
    float swing = 0.0f;
};

class QuadrupedMotion
{
public:
    // gaits: one per clip, in clip order; a clip whose gait has duty 1 is an idle (no stepping).
    QuadrupedMotion(QuadrupedBody body, QList<ClipSpec> clips, QList<QuadrupedGait> gaits);

    // A species posed by this motion: the body's rig, rest pose and sole height, and the clips,
    // each played with its gait (name it with SpeciesManifest::identify).
    static SpeciesManifest manifest(const QuadrupedBody &body, const QList<ClipSpec> &clips, const QList<QuadrupedGait> &gaits);

    QList<QMatrix4x4> restPalette() const;
    QList<QMatrix4x4> palette(int clip, float phase) const;
    const QuadrupedBody &body() const { return m_body; }

private:
    struct Pose
    {
        QVector3D root;
        float pitch = 0.0f, roll = 0.0f, breath = 0.0f;
        float neckNod = 0.0f, headNod = 0.0f, neckYaw = 0.0f, tipSwing = 0.0f;
        std::array<QVector3D, 4> feet;
        std::array<float, 4> footPitch{};
    };
    Pose idlePose(float phase) const;
    Pose gaitPose(const QuadrupedGait &gait, float phase) const;
    Pose fightPose(const QuadrupedGait &gait, float phase) const;
    float reachHeight(const Pose &pose, int leg, float height) const; // highest root keeping a foot
    QList<QMatrix4x4> toPalette(const Pose &pose) const;
    QVector3D hipLocal(int leg) const;
    QVector3D neutralFoot(int leg) const;

    QuadrupedBody m_body;
    QList<ClipSpec> m_clips;
    QList<QuadrupedGait> m_gaits;
};

} // namespace bpat

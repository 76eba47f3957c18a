#include "bake/HorseManifest.h"

#include "bake/QuadrupedMotion.h"

namespace bpat {

SpeciesManifest HorseManifest::create()
{
    QuadrupedBody body;
    body.rig = SpeciesManifest::v1Rig(Species::Horse);
    // Close to the game's horse, whose proportions the viewer's shapes are made for.
    body.height = 1.22f;
    body.barrelExtents = {0.6f, 0.7f, 1.3f};
    body.frontHip = {0.22f, -0.18f, 0.48f};
    body.backHip = {0.22f, -0.15f, -0.48f};
    body.frontUpper = 0.5f;
    body.frontLower = 0.6f;
    body.backUpper = 0.52f;
    body.backLower = 0.61f;
    body.frontBend = 1.0f;                // the carpus ("knee") points forward
    body.backBend = -1.0f;                // the hock points back
    body.soleHeight = 0.03f;              // the hoof box reaches 3 cm below its bone
    body.headBase = {0.0f, 1.0f, 1.15f};  // NeckTop: the poll, at the top of the neck
    body.headTip = {0.0f, -0.01f, 0.16f}; // Head

    const QList<ClipSpec> clips{{QStringLiteral("idle"), 24, 24.0f, true},   {QStringLiteral("walk"), 24, 24.0f, true},
                                {QStringLiteral("trot"), 16, 24.0f, true},   {QStringLiteral("canter"), 16, 24.0f, true},
                                {QStringLiteral("gallop"), 12, 24.0f, true}, {QStringLiteral("fight"), 24, 24.0f, true}};
    QuadrupedGait idle;
    idle.duty = 1.0f;
    QuadrupedGait walk; // LH, LF, RH, RF: strike phases listed FL, FR, BL, BR
    walk.stride = 1.15f, walk.duty = 0.65f, walk.lift = 0.12f, walk.strike = {0.25f, 0.75f, 0.0f, 0.5f};
    walk.heave = 0.015f, walk.heaveCycles = 2, walk.heavePhase = 0.2f, walk.nod = 0.08f;
    QuadrupedGait trot; // diagonal pairs together, a moment of suspension between them
    trot.stride = 2.1f, trot.duty = 0.4f, trot.lift = 0.2f, trot.strike = {0.0f, 0.5f, 0.5f, 0.0f};
    trot.heave = 0.035f, trot.heaveCycles = 2, trot.heavePhase = 0.475f, trot.nod = 0.05f, trot.lower = 0.02f;
    QuadrupedGait canter; // LH, then RH + LF together, then RF (leading), then suspension
    canter.stride = 3.0f, canter.duty = 0.35f, canter.lift = 0.25f, canter.strike = {0.2f, 0.4f, 0.0f, 0.2f};
    canter.heave = 0.05f, canter.heaveCycles = 1, canter.heavePhase = 0.875f;
    canter.pitch = 0.08f, canter.pitchPhase = 0.1f, canter.nod = 0.15f, canter.lower = 0.03f;
    QuadrupedGait gallop; // LH, RH, LF, RF, then suspension
    gallop.stride = 3.6f, gallop.duty = 0.28f, gallop.lift = 0.3f, gallop.strike = {0.35f, 0.45f, 0.0f, 0.1f};
    gallop.heave = 0.06f, gallop.heaveCycles = 1, gallop.heavePhase = 0.86f;
    gallop.pitch = 0.1f, gallop.pitchPhase = 0.15f, gallop.nod = 0.18f, gallop.lower = 0.05f;

    QuadrupedGait fight; // rearing, striking out with the front hooves, the head tossing
    fight.fight = true, fight.rear = 0.55f, fight.paw = 0.3f, fight.nod = 0.3f, fight.swing = 0.4f;

    SpeciesManifest m = QuadrupedMotion::manifest(body, clips, {idle, walk, trot, canter, gallop, fight});
    m.identify(Species::Horse, QStringLiteral("The game's 16-bone horse: idle, walk, trot, canter, gallop and fight"));
    return m;
}

} // namespace bpat

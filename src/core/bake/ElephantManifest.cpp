#include "bake/ElephantManifest.h"

#include "bake/QuadrupedMotion.h"

namespace bpat {

SpeciesManifest ElephantManifest::create()
{
    QuadrupedBody body;
    body.rig = SpeciesManifest::v1Rig(Species::Elephant);
    // Close to the game's elephant, whose proportions the viewer's shapes are made for.
    body.height = 0.98f;
    body.barrelExtents = {0.5f, 0.6f, 1.0f};
    body.frontHip = {0.15f, -0.1f, 0.3f};
    body.backHip = {0.15f, -0.1f, -0.3f};
    body.frontUpper = 0.42f;
    body.frontLower = 0.45f;
    body.backUpper = 0.42f;
    body.backLower = 0.45f;
    body.frontBend = 1.0f; // columnar legs, both joints flex forward
    body.backBend = 1.0f;
    body.soleHeight = 0.06f;              // the pad reaches 6 cm below its bone
    body.headBase = {0.0f, 0.15f, 0.58f}; // Head: the skull, at the front of the body
    body.headTip = {0.0f, -0.5f, 0.3f};   // TrunkTip, hanging in front

    const QList<ClipSpec> clips{{QStringLiteral("idle"), 24, 24.0f, true},
                                {QStringLiteral("walk"), 24, 24.0f, true},
                                {QStringLiteral("run"), 16, 24.0f, true},
                                {QStringLiteral("fight"), 24, 24.0f, true}};
    QuadrupedGait idle;
    idle.duty = 1.0f;
    QuadrupedGait walk; // LH, LF, RH, RF; strike phases listed FL, FR, BL, BR
    walk.stride = 0.6f, walk.duty = 0.7f, walk.lift = 0.08f, walk.strike = {0.25f, 0.75f, 0.0f, 0.5f};
    walk.heave = 0.015f, walk.heaveCycles = 2, walk.heavePhase = 0.2f, walk.nod = 0.06f;
    QuadrupedGait run; // an amble: lateral order, always a foot on the ground
    run.stride = 0.95f, run.duty = 0.5f, run.lift = 0.11f, run.strike = {0.2f, 0.7f, 0.0f, 0.5f};
    run.heave = 0.03f, run.heaveCycles = 2, run.heavePhase = 0.1f, run.nod = 0.1f, run.lower = 0.03f;

    QuadrupedGait fight; // a threat: the forehand rises a little, the front feet stamp, the trunk sweeps
    fight.fight = true, fight.rear = 0.14f, fight.paw = 0.12f, fight.nod = 0.25f, fight.swing = 0.9f;

    SpeciesManifest m = QuadrupedMotion::manifest(body, clips, {idle, walk, run, fight});
    m.identify(Species::Elephant, QStringLiteral("The game's 16-bone elephant: idle, walk, run (amble) and fight"));
    return m;
}

} // namespace bpat

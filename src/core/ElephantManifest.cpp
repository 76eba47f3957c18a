#include "ElephantManifest.h"

#include "QuadrupedMotion.h"

namespace bpat {

SpeciesManifest ElephantManifest::create()
{
    QuadrupedBody body;
    body.rig = Rig::elephant();
    body.height = 1.6f;
    body.barrelRadii = {0.7f, 0.75f, 1.05f};
    body.frontHip = {0.42f, -0.35f, 0.6f};
    body.backHip = {0.42f, -0.35f, -0.6f};
    body.frontUpper = 0.64f;
    body.frontLower = 0.67f;
    body.backUpper = 0.64f;
    body.backLower = 0.67f;
    body.frontBend = 1.0f; // columnar legs, both joints flex forward
    body.backBend = 1.0f;
    body.neckBase = {0.0f, 0.35f, 1.0f};                 // Head: the skull, at the front
    body.neckDirection = QVector3D(0.0f, -0.9f, 0.43f).normalized(); // along the trunk
    body.neckLength = 1.45f;                              // to the trunk's tip
    body.headDirection = QVector3D(0.0f, -0.5f, 0.87f).normalized(); // the tip curls forward
    body.headLength = 0.25f;

    const QList<ClipSpec> clips{{QStringLiteral("idle"), 24, 24.0f, true},
                                {QStringLiteral("walk"), 24, 24.0f, true},
                                {QStringLiteral("run"), 16, 24.0f, true}};
    QuadrupedGait idle;
    idle.duty = 1.0f;
    QuadrupedGait walk; // LH, LF, RH, RF; strike phases listed FL, FR, BL, BR
    walk.stride = 0.9f, walk.duty = 0.7f, walk.lift = 0.12f, walk.strike = {0.25f, 0.75f, 0.0f, 0.5f};
    walk.heave = 0.015f, walk.heaveCycles = 2, walk.heavePhase = 0.2f, walk.nod = 0.06f;
    QuadrupedGait run; // an amble: lateral order, always a foot on the ground
    run.stride = 1.3f, run.duty = 0.5f, run.lift = 0.16f, run.strike = {0.2f, 0.7f, 0.0f, 0.5f};
    run.heave = 0.03f, run.heaveCycles = 2, run.heavePhase = 0.1f, run.nod = 0.1f, run.lower = 0.03f;

    SpeciesManifest m;
    m.speciesId = 2;
    m.speciesName = QStringLiteral("elephant");
    m.bpatFileName = QStringLiteral("elephant.bpat");
    m.snapshotFileName = QStringLiteral("elephant_minimal.bpsm");
    m.description = QStringLiteral("The game's 16-bone elephant: idle, walk and run (amble)");
    m.rig = body.rig;
    m.clips = clips;
    const QuadrupedMotion motion(body, clips, {idle, walk, run});
    m.bindPalette = motion.restPalette();
    m.clipPalette = [motion](int clip, float phase) { return motion.palette(clip, phase); };
    return m;
}

} // namespace bpat

#pragma once
// The CPU side of a crowd, no OpenGL: for each species (a BPAT file) its palette, the body it is
// drawn with and that body's levels of detail (mesh/LodChain: the body, a simplified quarter, the
// game's minimal body or a simplified sixteenth, each with its measured deviation and the
// crowd/LodPolicy that picks it by screen size), and its instances placed in formation. Made
// from a crowd specification (View > Crowd..., --crowd SPEC.json, the benchmark) or from the
// shown file as a grid of N (View > Viewport > Crowd). CrowdRenderer draws it.
//
// Bad input never stops the crowd: a species whose file cannot be drawn is left out, one without
// a body is drawn with the stand-in, unknown clips are skipped; each with a finding naming the
// specification's JSON path, which the viewport shows beside the crowd.
#include "BodySource.h"
#include "CreatureRenderer.h"
#include "PaletteSource.h"
#include "crowd/CrowdSpec.h"
#include "crowd/LodPolicy.h"
#include "diagnostics/Diagnostic.h"
#include "mesh/LodChain.h"

#include <QList>
#include <QString>
#include <QVector3D>
#include <functional>
#include <memory>

namespace bpat::studio {
class ViewportScene;

struct CrowdSpecies
{
    QString label;    // the file's name
    QString jsonPath; // "species[1]"; empty for the shown file's crowd
    PaletteSource source;
    QString body;           // "horse_full.bprm (full, 4400 vertices)" or "stand-in"
    bool bindSpace = false; // the levels are a body's bind-pose vertices (else bone-local stand-ins)
    QList<bpat::LodLevel> levels;
    bpat::LodPolicy policy;
    QList<QVector3D> roleColors;
    QList<CreatureInstance> instances;
    QVector3D centre;    // of the creature's reference bounds, relative to its placement
    float size = 1;      // the creature's largest extent, metres
    float footprint = 1; // its larger horizontal extent, metres
    QString levelsKey;   // what the levels were made from (file, body): made once per crowd
};

class CrowdScene
{
public:
    // Sample poses per species for the levels' deviation (LodChain::sampleFrames).
    static constexpr int kSamplePoses = 32;

    // Every species of a specification: its file opened, its body found (or the one named), the
    // body's levels of detail, its instances in formation. Findings about what was left out or
    // changed go to `diagnostics` (CROWD_UNREADABLE_FILE, CROWD_NO_BODY, CROWD_UNKNOWN_CLIP).
    // `progress(done, total)` (may be empty) is called before each species; false stops
    // (nullptr is returned).
    using Progress = std::function<bool(int done, int total)>;
    static std::shared_ptr<CrowdScene> fromSpec(const bpat::CrowdSpec &spec, bpat::Diagnostics *diagnostics,
                                                const Progress &progress = {});
    // A specification file read and loaded: never null; a specification that cannot be read or
    // parsed gives an empty crowd whose messages say why (the viewport shows them).
    static std::shared_ptr<CrowdScene> fromSpecFile(const QString &path, const Progress &progress = {});
    // The drawn creature of `scene` (its body, or the crowd stand-in) with its levels; `minimal`
    // (may be null or invalid): the game's minimal body, a candidate level. No instances.
    static CrowdSpecies speciesOf(const ViewportScene &scene, const BodySource *minimal, const QString &label);

    QList<CrowdSpecies> species;
    QStringList messages; // what the viewport shows beside the crowd: the findings, worded

    bool isEmpty() const;
    int instanceCount() const;
    // The ground the crowd covers, creatures included (lo > hi when empty).
    void bounds(QVector3D *lo, QVector3D *hi) const;
    // The worded findings ("species[1].count: ... (warning)").
    static QStringList wordings(const bpat::Diagnostics &diagnostics);
};

} // namespace bpat::studio

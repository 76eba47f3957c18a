#pragma once
// A crowd specification: several species (BPAT files) drawn together, each with its count, body,
// clips and formation, as `bpat-studio --crowd SPEC.json`, View > Crowd... and the crowd benchmark
// read it (docs/viewport.md, "Mixed crowds"):
//
//   { "species": [
//       { "file": "humanoid.bpat", "count": 2000, "body": "full",
//         "clips": ["walk", {"name": "attack_sword_a", "weight": 0.5}],
//         "formation": {"type": "ranks", "center": [0, 0], "facing": 0, "columns": 50,
//                       "spacing": [1.2, 1.6]},
//         "phase": "random", "seed": 1 },
//       { "file": "horse.bpat", "count": 300, "formation": {"type": "random", "size": [60, 20],
//                                                            "center": [0, -30]} } ] }
//
// Parsed with diagnostics/JsonReader: every finding names its JSON path
// ("species[1].formation.type: expected grid, ranks or random"). Relative paths are relative to
// the specification's folder. A species whose file does not exist, or whose entry is wrong, is
// left out with an error (CROWD_MISSING_FILE, CROWD_BAD_VALUE); the others stay. Counts beyond
// what the viewport draws are clamped with a warning that says so (CROWD_CLAMPED). No GL here:
// the viewport (src/app/viewport/CrowdScene) opens the files and places the instances
// (crowd/CrowdFormation).
#include "diagnostics/Diagnostic.h"

#include <QByteArray>
#include <QList>
#include <QPointF>
#include <QSizeF>
#include <QString>
#include <optional>

namespace bpat {

struct CrowdClipChoice
{
    QString name;
    double weight = 1.0; // relative share of the species' instances
};

struct CrowdFormation
{
    enum class Type {
        Grid,   // a square-ish grid, slight yaw jitter
        Ranks,  // ranks facing one way, files `spacing.width` apart, ranks `spacing.height` apart
        Random, // uniformly within a box, any heading
    };
    Type type = Type::Grid;
    QPointF center;                // x, z in metres
    double facingDegrees = 0;      // 0: facing +Z (the creatures' front)
    std::optional<double> across;  // metres between neighbours; default: from the creature's footprint
    std::optional<double> between; // ranks: metres between ranks; default 1.3 x across
    std::optional<int> columns;    // grid and ranks: instances per row
    std::optional<QSizeF> size;    // random: the box (width along x, depth along z before facing)

    static QString typeName(Type type); // "grid", "ranks", "random"
};

struct CrowdSpeciesSpec
{
    QString file;     // absolute path
    QString jsonPath; // "species[2]", for findings about it found later (its body, its clips)
    int count = 1;
    int requestedCount = 1;                // before clamping
    QString body = QStringLiteral("full"); // "full", "minimal", "stand-in", or a .bprm path (absolute)
    QList<CrowdClipChoice> clips;          // empty: every looping clip (every clip if none loops)
    CrowdFormation formation;
    enum class Phase {
        Random, // each instance its own phase offset
        InStep, // every instance at the same phase
        Fixed,  // every instance at phaseOffset
    };
    Phase phase = Phase::Random;
    double phaseOffset = 0; // Fixed: the offset in [0, 1)
    quint32 seed = 0;       // default: the species' index
};

struct CrowdSpec
{
    QList<CrowdSpeciesSpec> species;

    int totalCount() const;
    // Instances the viewport draws at most, over all species (counts beyond are clamped).
    static constexpr int kMaxInstances = 250000;
    static constexpr qint64 kMaxFileBytes = 4 << 20;

    // nullopt when the text is not a JSON object with a "species" array; otherwise the species
    // that are usable, with findings about the others in `diagnostics`.
    static std::optional<CrowdSpec> parse(const QByteArray &json, const QString &baseDir, Diagnostics *diagnostics);
    // A regular file of at most kMaxFileBytes (CROWD_UNREADABLE otherwise), then parse().
    static std::optional<CrowdSpec> readFile(const QString &path, Diagnostics *diagnostics);
    // The specification as JSON (paths relative to baseDir where they lie under it); parse()
    // of it gives the same species back.
    QByteArray toJson(const QString &baseDir) const;
};

} // namespace bpat

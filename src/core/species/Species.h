#pragma once
// The species catalogue: every species the game wrote BPAT files for, in every era of the
// format, in one table (Species.cpp), from ../shared/specs/bpat-v1.md ("Species ids") and
// bpat-versions.md (sections 1, 5.4 and 6). What a species is: its id (the header's species_id)
// and name, the builds that knew it, the rig it had in each format version (by name: a rig
// description of resources/rigs/, whose bones, feet, leg chains and left/right pairs
// SpeciesRig reads), where its bodies and snapshot mesh are found, which gait report it gets
// and, for the humanoid's variants, the species they vary. Every other file asks here (or
// SpeciesRig); none switches on species ids or compares species names.
//
// Adding a species is one row in Species.cpp (its rigs by name; a new rig is one more
// resources/rigs/*.json) and its line in tests/core/species/tst_Species.cpp; adding an era (a
// rig a species gained, a format version) is one EraRig in its row.
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace bpat {

// Which report the gait analysis gives a rig (specs/motion-analysis.md, motion/GaitAnalyzer).
enum class GaitKind {
    Humanoid,  // the game's report of the humanoid: its feet, stretch pairs, arm swing
    Quadruped, // per-foot report of the four feet: horse, elephant, sheep, wolf
    None,      // no feet known (a rig that is no game rig, e.g. the rebake recipes' hands)
};
// "humanoid", "quadruped", "other": the report's kind as `bpat analyze` and GaitJson name it.
QString gaitKindName(GaitKind kind);

struct Species
{
    // The ids the game gave its species (the header's species_id), for code that means one.
    enum Id : quint32 {
        Humanoid = 0,
        Horse = 1,
        Elephant = 2,
        HumanoidSword = 3,
        HumanoidSpear = 4,
        HumanoidSkeleton = 5,
        HumanoidCaster = 6,
        HumanoidStaveCaster = 7,
        Sheep = 8,
        Wolf = 9,
    };

    // Which of the game's builds knew the species.
    enum class Since {
        V1Reader, // the first v1 reader (66dede4b, the April draft): ids 0..3
        V1Later,  // added while the format was still v1, after that reader (f5140bae, e711d98a)
        V2,       // added in v2 builds (fc25624e, 7ea61077)
    };

    // A rig the species had while the game wrote files of versions firstVersion..lastVersion.
    struct EraRig
    {
        quint32 firstVersion = 1;
        quint32 lastVersion = 3;
        int boneCount = 0;
        QString rigName; // its rig description: resources/rigs/<rigName>.json (SpeciesRig::byName)
        QString from;    // the game's commit that brought it, for people ("18c572f2")
    };

    quint32 id = 0;
    QString name;     // "humanoid_sword": the header's species, the game's file <name>.bpat
    quint32 base = 0; // the species this one is a variant of (the humanoid's: 0), else its own id
    QString variant;  // "sword", "spear", "skeleton"...: the name after the base's; empty for a base
    Since since = Since::V1Reader;
    QList<EraRig> rigs;       // in era order
    QStringList bodyNames;    // stems of its bodies, in the order tried: <stem>_full.bprm, _minimal.bprm
    QString snapshotFileName; // the minimal snapshot mesh the game's v1 baker wrote, or empty
    GaitKind gait = GaitKind::None;

    // --- The table ---
    static const QList<Species> &all();                // in id order
    static const Species *byId(quint32 id);            // nullptr for an unknown id
    static const Species *byName(const QString &name); // nullptr when no species has it
    static QString nameOf(quint32 id);                 // empty for an unknown id
    // A species given as users write it (--species, the Python module): its name or its id in
    // decimal; nullopt for anything else.
    static std::optional<quint32> idOf(const QString &nameOrId);
    static bool isKnown(quint32 id) { return byId(id) != nullptr; }
    static quint32 lastId(); // the ids are 0..lastId()
    // The ids a reader of that build accepts: "0..3" (the first v1 reader), "4..9" (later).
    static QString idRange(bool firstV1Reader);
    static bool inFirstV1Reader(quint32 id); // false for an unknown id too

    QString bpatFileName() const { return name + QStringLiteral(".bpat"); }
    bool isVariant() const { return base != id; }

    // --- Rigs over time ---
    // Bone counts the game's rigs for a species had while it wrote files of `version` (1, 2, 3);
    // empty when the species did not exist then or the version is unknown.
    static QList<quint32> boneCounts(quint32 id, quint32 version);
    // Whether the game had a rig of `boneCount` bones for the species in any era (v1 to today).
    static bool isGameRig(quint32 id, quint32 boneCount);
    // "20" or "16 or 50", for messages.
    static QString describeCounts(const QList<quint32> &counts);
    // The species' rig of that bone count, of any era; nullptr when it never had one.
    const EraRig *rigWithBones(int boneCount) const;
    // The newest rig the species had in files of `version` (the v1 baker's: the 16-bone horse);
    // nullptr when the species did not exist then.
    const EraRig *rigOfVersion(quint32 version) const;

    // --- Bodies (the game's rigged-mesh registry: bprm/BodyFiles) ---
    // The species a body's stem names: the one whose own body it is ("horse", "skeleton_humanoid"
    // -> 5), else the species of that name ("humanoid_skeleton" -> 5); nullopt for any other.
    static std::optional<quint32> ofBodyStem(const QString &stem);
    // The species whose BPATs draw the bodies of this one's naming, this one first: the
    // humanoid's variants share the humanoid's bodies ({3, 0, 4, 6, 7} for humanoid_sword), the
    // skeleton has its own.
    QList<quint32> bodyUsers() const;
};

} // namespace bpat

#pragma once
// The rigs of the species catalogue: every rig description shipped in resources/rigs/ (the game's
// rigs of every era, and built-in rigs that are no game rig, such as the rebake recipes' 53-bone
// "hands"), read once, with what the rest of the studio asks of a rig:
//
//   rig()          bone names and parents, palette order (mesh/Rig)
//   description()  the shapes and colours the viewport and the snapshot meshes are built from
//   feet()         the bones the game's baker reads ground contacts from (bpat-versions.md 5.4),
//                  humanoid: FootL, FootR; quadrupeds: front left, front right, back left, back
//                  right; footLabels() names them as the gait report does
//   legs()         one leg chain per foot for two-bone IK (foot locking, issue 40): hip, knee and
//                  the bone at the ankle (the 50-bone horse's IK target there), the knee's pole
//   pairs()        left/right bone pairs by the rig's own naming (sides(): mesh/SideNaming), and
//                  mirrorOf(bone) (mirroring, issue 41)
//   gait()         the gait report the rig's files get
//
// Which bones deform and which are controls (IK targets, pole targets, a root that carries no
// body) is the rig description's to say, bone by bone: it reaches rig()'s bones, and a file's rig
// through forFile(), with the rest of the rig data.
//
// Which rig a species had in which era is the catalogue's (species/Species); the bones, feet,
// legs and side naming are the rig description's (the JSON is the one source of rig data).
#include "mesh/Rig.h"
#include "mesh/RigDescription.h"
#include "mesh/SideNaming.h"
#include "species/Species.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace bpat {

// One leg of a rig, as two-bone IK sees it: hip -> knee -> end. A leg whose foot hangs from the
// rig's root (the first 8-bone horse and elephant) has no chain: only `foot` is set.
struct LegChain
{
    QString label; // the gait report's name of its foot: "foot_l", "front_l", "back_r"...
    int hip = -1;  // the upper bone (thigh, upper leg); its origin is the hip
    int knee = -1; // the lower bone; its origin is the knee
    int end = -1;  // the bone whose origin is the ankle: the foot, or the rig's IK target there
    int foot = -1; // the bone the game reads ground contact from (feet()); `end` or a child of it
    int pole = -1; // the rig's pole target for the knee; -1 when it has none

    bool isChain() const { return hip >= 0 && knee >= 0 && end >= 0; }
};

class SpeciesRig
{
public:
    const QString &name() const { return m_rig.name(); } // "humanoid", "horse_50bone", "hands"
    const Rig &rig() const { return m_rig; }
    const RigDescription &description() const { return m_description; }
    int boneCount() const { return m_rig.boneCount(); }
    QStringList boneNames() const;
    // A rig of the game's (Rig::Source::Game), else a built-in description (Source::Description).
    bool isGameRig() const { return m_rig.source() == Rig::Source::Game; }
    // The species that had it (a game rig: the catalogue's; a description: its JSON "species").
    const QList<quint32> &speciesIds() const { return m_description.speciesIds; }
    GaitKind gait() const { return m_gait; }

    const QList<int> &feet() const { return m_description.footBones; }
    const QStringList &footLabels() const { return m_footLabels; }
    RigDescription::SoleRule soleRule() const { return m_description.soleRule; }
    const QList<LegChain> &legs() const { return m_legs; }
    // The chain whose foot is `bone`; nullptr when `bone` is no foot.
    const LegChain *legOfFoot(int bone) const;

    const std::optional<SideNaming> &sides() const { return m_description.sides; }
    const QList<SideNaming::Pair> &pairs() const { return m_pairs; }
    int mirrorOf(int bone) const; // the other bone of its pair, else itself; -1 out of range
    // Left/right pairs the game's code knows that the bone names do not tell (the rig's
    // "unnamed_pairs": the 32-bone elephant's ears, Bone.004 and Bone.005, are its EarL and EarR:
    // bpat-versions.md 6), as (left, right) names; the mirror (motionedit/BonePairs) adds them to
    // the named pairs.
    const QList<std::pair<QString, QString>> &unnamedPairs() const { return m_description.unnamedPairs; }

    // --- The rigs ---
    static const QList<SpeciesRig> &all(); // every shipped description, by resource name
    static const SpeciesRig *byName(const QString &rigName);
    // The game's rig for a species and bone count, of any era (Species::rigs); nullptr if none.
    static const SpeciesRig *game(quint32 speciesId, int boneCount);
    // The game's rig, else a built-in description of that species and bone count (the rebake
    // recipes' rigs, such as the 53-bone hands): the rig whose bone names a viewer shows.
    static const SpeciesRig *find(quint32 speciesId, int boneCount);
    // The newest rig the species had in files of `version` (the v1 baker's 16-bone horse for 1).
    static const SpeciesRig *ofVersion(quint32 speciesId, quint32 version);
    // The species' smallest game rig with at least `bones` bones: the rig whose colours paint a
    // snapshot mesh whose vertices name bones below `bones`.
    static const SpeciesRig *covering(quint32 speciesId, int bones);
    // The rig of a file: a late-v3 file's own parent table (`parents`, 0xFF or a later bone for
    // a root) with find()'s names when the bone count matches, else "bone N"
    // (Rig::Source::FileParents); without a parent table, find()'s rig. nullopt when none.
    static std::optional<Rig> forFile(quint32 speciesId, int boneCount, const QList<quint8> &parents);
    // The gait report's names of a rig's feet: "foot_l", "foot_r" (humanoid); "front_l",
    // "front_r", "back_l", "back_r" (quadrupeds); empty when `feet` is not what the kind has.
    static QStringList footLabels(GaitKind kind, int feet);

private:
    SpeciesRig(RigDescription description, bool gameRig);

    RigDescription m_description;
    Rig m_rig;
    GaitKind m_gait = GaitKind::None;
    QStringList m_footLabels;
    QList<LegChain> m_legs;
    QList<SideNaming::Pair> m_pairs;
    QList<int> m_mirror;
};

} // namespace bpat

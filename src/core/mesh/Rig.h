#pragma once
// A creature rig: bone names and parents in palette order. Every rig the game ever had is
// available by species id and bone count (../shared/specs/bpat-versions.md, section 6): the
// 20-bone humanoid of every era, the 8-, 16- and 50-bone horse, the 8-, 16- and 32-bone
// elephant, the 20- and 21-bone wildlife rig of sheep and wolf. The bone count tells a species'
// rigs apart, so viewers, the analysis and the baker agree with the game's files of every era.
// A rig the studio does not know falls back to the file's own parents with index names.
#include <QList>
#include <QString>
#include <optional>

namespace bpat {

class BpatFile;

struct RigBone
{
    QString name;
    int parent = -1; // index of the parent bone, -1 for a root
    // A control the rig places (an IK target, a pole, a root that carries no body): not a limb.
    // Its kind for people ("IK target", "pole target", "root"); empty for a deforming bone.
    QString control;
    int tail = -1; // the child that continues this bone (its length is the distance to it); -1: its only child
    bool isControl() const { return !control.isEmpty(); }
};

class Rig
{
public:
    // Where the names and parents came from.
    enum class Source {
        Game,        // one of the game's rigs (resources/rigs), names and parents
        Description, // a built-in description that is no game rig (a rebake recipe's, e.g. "hands")
        FileParents, // an unknown rig: the file's own parent table, bones named by index
    };

    Rig() = default;
    Rig(QString name, QList<RigBone> bones, Source source = Source::Game);

    const QString &name() const { return m_name; }
    int boneCount() const { return int(m_bones.size()); }
    const QList<RigBone> &bones() const { return m_bones; }
    const RigBone &bone(int index) const { return m_bones.at(index); }
    int indexOf(const QString &boneName) const; // -1 when absent
    bool isValid() const { return !m_bones.isEmpty(); }
    Source source() const { return m_source; }
    bool knownNames() const { return m_source != Source::FileParents; }
    // For people: "the game's horse_50bone rig", "built-in rig hands (no game rig)",
    // "unknown rig: the file's parents, bones named by index".
    QString describeSource() const;
    // Children of a bone, in palette order.
    QList<int> children(int index) const;

    // The v1-era rigs of the built-in baker (../shared/specs/bpat-v1.md, "The game's built-in rigs").
    static Rig humanoid();          // 20 bones
    static Rig horse();             // 16 bones
    static Rig elephant();          // 16 bones
    static Rig horseV1Initial();    // 8 bones, translation-only (Body carries a scale)
    static Rig elephantV1Initial(); // 8 bones
    // The game's rig for a species and bone count, of any era (GameRigs), if it had one.
    static std::optional<Rig> forSpecies(quint32 speciesId, int boneCount);
    // The game's rig, else a built-in rig description of that species and bone count (the
    // rebake recipes' rigs, such as the 53-bone "hands"): the rig whose bone names a viewer shows.
    static std::optional<Rig> forSpeciesOrDescription(quint32 speciesId, int boneCount);
    // The rig of an opened file: a late-v3 file's own parent table (names from
    // forSpeciesOrDescription() when the bone count matches, else "bone N"), otherwise
    // forSpeciesOrDescription().
    static std::optional<Rig> forFile(const BpatFile &file);

private:
    QString m_name;
    QList<RigBone> m_bones;
    Source m_source = Source::Game;
};

} // namespace bpat

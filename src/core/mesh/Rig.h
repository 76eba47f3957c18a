#pragma once
// A creature rig: bone names and parents in palette order. The game's built-in v1 rigs
// (humanoid 20 bones, horse and elephant 16, the earlier 8-bone horse and elephant) are
// available by species id and bone count, so viewers and the baker agree with the game's files.
#include <QList>
#include <QString>
#include <optional>

namespace bpat {

class BpatFile;

struct RigBone
{
    QString name;
    int parent = -1; // index of the parent bone, -1 for a root
};

class Rig
{
public:
    Rig() = default;
    Rig(QString name, QList<RigBone> bones);

    const QString &name() const { return m_name; }
    int boneCount() const { return int(m_bones.size()); }
    const QList<RigBone> &bones() const { return m_bones; }
    const RigBone &bone(int index) const { return m_bones.at(index); }
    int indexOf(const QString &boneName) const; // -1 when absent
    bool isValid() const { return !m_bones.isEmpty(); }
    // Children of a bone, in palette order.
    QList<int> children(int index) const;

    // The game's rigs (see ../shared/specs/bpat-v1.md, "The game's built-in rigs").
    static Rig humanoid();      // 20 bones
    static Rig horse();         // 16 bones
    static Rig elephant();      // 16 bones
    static Rig horseV1Initial();    // 8 bones, translation-only (Body carries a scale)
    static Rig elephantV1Initial(); // 8 bones
    // The built-in rig for a file's species and bone count, if the game had one.
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
};

} // namespace bpat

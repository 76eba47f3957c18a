#pragma once
// A creature rig: bone names and parents in palette order. Every rig the game ever had (the
// 20-bone humanoid of every era, the 8-, 16- and 50-bone horse, the 8-, 16- and 32-bone
// elephant, the 20- and 21-bone wildlife rig of sheep and wolf) is the species catalogue's, by
// species id and bone count (species/SpeciesRig::game); the rig of an opened file is
// BpatFile::rig(): its own parent table when it has one, named by the catalogue's rig.
#include <QList>
#include <QString>

namespace bpat {

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

private:
    QString m_name;
    QList<RigBone> m_bones;
    Source m_source = Source::Game;
};

} // namespace bpat

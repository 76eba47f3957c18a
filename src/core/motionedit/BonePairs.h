#pragma once
// Left/right pairs among a rig's bone names (or a file's socket names), as the game's rigs of
// every era and the usual DCC conventions name them:
//   HipL / HipR, FootBL / FootBR, EarL / EarR          a last capital L or R
//   BackLeg.L / BackLeg.R, hand_l / hand_r, Arm-L      a separator ('.', '_', '-', ' ') then L/R, l/r
//   L_Wrist / R_Wrist, l_hand / r_hand                 a first L or R then a separator
//   LeftArm / RightArm, hand_left / hand_right         Left/Right, left/right, LEFT/RIGHT anywhere
//   UpperLegFront.L / UpperLegFront.L.001              Blender's copy of a .L bone with no .R
//                                                      partner (the game's 32-bone elephant: its
//                                                      .001 legs are the right side)
// A name pairs only with a partner that exists and pairs back; every other bone maps to itself.
// Where the game's code knows sides that the names do not tell (the 32-bone elephant's ears,
// Bone.004 and Bone.005, are its EarL and EarR), knownPairs() lists them.
// What the mirror of a clip uses (ClipMirror), and what the window shows before applying it.
//
// The rule belongs to the species catalogue (issue 39, src/core/species/) once it lands: this
// class is the one place the mirror asks, so the catalogue can take it over whole.
#include <QList>
#include <QString>
#include <QStringList>
#include <utility>

namespace bpat {

class BonePairs
{
public:
    BonePairs() = default;
    // `known`: (left, right) names paired whatever they look like (knownPairs()).
    static BonePairs fromNames(const QStringList &names, const QList<std::pair<QString, QString>> &known = {});
    // The pairs the game's code names for a rig of a species and bone count beyond its bones'
    // names (bpat-versions.md, section 6).
    static QList<std::pair<QString, QString>> knownPairs(quint32 speciesId, int boneCount);

    int count() const { return int(m_mirror.size()); }
    bool hasPairs() const { return !m_pairs.isEmpty(); }
    // The bone's partner, or the bone itself when it has none (or is outside).
    int mirrorOf(int index) const { return index >= 0 && index < m_mirror.size() ? m_mirror.at(index) : index; }
    // The pairs as (left, right), in the order of their left bones.
    const QList<std::pair<int, int>> &pairs() const { return m_pairs; }
    // Bones that map to themselves, ascending.
    QList<int> unpaired() const;
    const QStringList &names() const { return m_names; }
    // "HipL <-> HipR, KneeL <-> KneeR, ..." for people.
    QString describePairs() const;
    // Why nothing can be mirrored: "no left/right pairs among the 5 bones: Root, Body, ...".
    QString noPairsReason() const;

    // The partner name `name` would have under each convention, with whether `name` is the
    // left side; empty when it follows none. For tests and the window's explanation.
    static QList<std::pair<QString, bool>> partnerCandidates(const QString &name);

private:
    QStringList m_names;
    QList<int> m_mirror;
    QList<std::pair<int, int>> m_pairs;
};

} // namespace bpat

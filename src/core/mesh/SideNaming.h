#pragma once
// How a rig names the left and right bone of a pair, and the pairs that naming gives: what
// mirroring a clip needs (issue 41). The game's rigs of every era use one convention each (the
// rig description's "sides", resources/rigs/*.json, read by species/SpeciesRig): a suffix `L` /
// `R` (the humanoid's `HipL` / `HipR`, the quadrupeds' `FootFL` / `FootFR`, `EarL` / `EarR`), a
// suffix `.L` / `.R` (the 50-bone horse), `.L` / `.L.001` (the 32-bone elephant, whose right
// side is Blender's copy of the left), a prefix `L_` / `R_` (the hands). Rigs from elsewhere (a
// glTF import) name them `_l` / `_r`, `_L` / `_R`, `Left` / `Right` (Mixamo's
// `mixamorig:LeftUpLeg`) ...: detect() picks the known convention that pairs the most bones.
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace bpat {

struct SideNaming
{
    enum class Mark {
        Suffix, // the name ends with it: "HipL", "Ear1.L", "FootFront.L.001"
        Prefix, // the name starts with it: "L_Wrist"
        Word,   // the first place the name holds it: "mixamorig:LeftUpLeg"
    };
    QString left;  // "L", ".L", "L_", "Left"
    QString right; // "R", ".R", "R_", "Right", ".L.001"
    Mark mark = Mark::Suffix;

    struct Pair
    {
        int left = -1;
        int right = -1;
    };

    bool isValid() const { return !left.isEmpty() && !right.isEmpty() && left != right; }
    // "suffix L / R", "prefix L_ / R_", for people.
    QString describe() const;
    // The other side's name of a left or right bone ("HipL" -> "HipR", "FootFront.L.001" ->
    // "FootFront.L"); empty when the name carries neither mark.
    QString mirrored(const QString &boneName) const;
    // The left/right pairs of a rig's bones (indices into `boneNames`), in the order of the left
    // bones: a bone whose mirrored name is another bone of the rig. A bone in no pair is its own
    // mirror (the spine, the head, a tail).
    QList<Pair> pairs(const QStringList &boneNames) const;
    // Each bone's mirror: the other bone of its pair, or itself.
    QList<int> mirrorMap(const QStringList &boneNames) const;

    // The conventions detect() tries, most specific first.
    static QList<SideNaming> conventions();
    // The convention that pairs the most of these bones (the first of conventions() on a tie),
    // if any pairs one.
    static std::optional<SideNaming> detect(const QStringList &boneNames);

private:
    // Where `side` sits in `name` (-1: it does not carry it).
    qsizetype markAt(const QString &name, const QString &side) const;
};

} // namespace bpat

#pragma once
// How a creature looks: its bones (names, parents in palette order) and, per bone, shape parts
// (ellipsoids, boxes, capsules, and links that blend between two bones) in bone-local space.
// Descriptions are JSON; the game's rigs ship as resources (:/rigs/*.json, see
// docs/viewport.md for the format), which the species catalogue reads (species/SpeciesRig: which
// species had which rig when is the catalogue's).
#include "mesh/CreatureMesh.h"
#include "mesh/Rig.h"
#include "mesh/SideNaming.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVector3D>
#include <optional>

namespace bpat {

// A point in a bone's local space: tailFraction * tail + offset, where tail is the bone's
// tail (its first child's origin, found from a reference frame) or (0, length, 0).
struct RigPoint
{
    float tailFraction = 0.0f;
    QVector3D offset;
};

struct RigShapePart
{
    enum class Shape {
        Ellipsoid,
        Box,
        Capsule,
        Link
    };
    Shape shape = Shape::Ellipsoid;
    ColorRole role = ColorRole::Body;
    RigPoint center;                   // ellipsoid, box
    QVector3D radii{0.1f, 0.1f, 0.1f}; // ellipsoid radii; box half extents
    QVector3D rotationDegrees;         // ellipsoid, box: Euler angles (X, then Y, then Z)
    RigPoint from;                     // capsule, link: start in this bone's space
    RigPoint to;                       // capsule: end in this bone's space; link: end in targetBone's space
    float radiusFrom = 0.05f;          // capsule, link
    float radiusTo = 0.05f;
    int targetBone = -1; // link: the bone the far end follows
};

// One leg, for two-bone IK: "legs" in the JSON, one per foot ("feet"), in the same order:
// {"chain": [hip, knee, end], "pole": name}. `end` is the bone at the ankle (the foot, or an IK
// target there); pole is optional (-1).
struct RigLegDescription
{
    int hip = -1;
    int knee = -1;
    int end = -1;
    int pole = -1;
};

struct RigBoneDescription
{
    QString name;
    int parent = -1;
    float length = 0.25f; // tail length when no reference frame gives one
    int tailBone = -1;    // child whose origin is the tail; -1: first child
    // "control": what kind of control the rig places here ("IK target", "pole target", "root"):
    // no limb, left out of the motion checks and the stand-in body; empty for a deforming bone.
    QString control;
    QList<RigShapePart> parts;
};

class RigDescription
{
public:
    QString name;
    QList<quint32> speciesIds;
    QList<RigBoneDescription> bones;
    // The feet the game's baker reads ground contacts from ("feet": bone names), and how it
    // measures the sole ("sole": "humanoid" = two sole points per foot against the bind pose,
    // "skin" = the skinning matrix's translation). Empty / Skin when the JSON gives none.
    enum class SoleRule {
        Skin,
        Humanoid
    };
    QList<int> footBones;
    // What an animator calls each foot ("foot_names", one per foot: "front left hoof"); empty
    // when the JSON gives none.
    QStringList footNames;
    SoleRule soleRule = SoleRule::Skin;
    // Sockets the game bakes from frames of their own rather than from their anchor's matrix
    // and local offset ("baked_sockets": the humanoid's grip axes, blade and shaft ends), so
    // their rows are not global[anchor] x translate(offset) by design.
    QStringList bakedSockets;
    // Each foot's leg chain ("legs"), in footBones order; empty when the JSON gives none (a rig
    // whose feet hang from its root has no chain).
    QList<RigLegDescription> legs;
    // How the rig names its left and right bones ("sides": {"left": "L", "right": "R", "mark":
    // "suffix" | "prefix" | "word"}); nullopt when the JSON gives none.
    std::optional<SideNaming> sides;
    // Left/right pairs the bone names do not tell ("unnamed_pairs": [["Bone.004", "Bone.005"]],
    // left first): the 32-bone elephant's ears.
    QList<std::pair<QString, QString>> unnamedPairs;
    // Material colour per ColorRole (linear 0..1 RGB); defaults() when the JSON gives none.
    QList<QVector3D> roleColors = defaultRoleColors();

    static QList<QVector3D> defaultRoleColors();

    int boneCount() const { return int(bones.size()); }
    int indexOf(const QString &boneName) const;
    Rig rig() const;

    // Parses and validates a description; on failure returns nullopt and sets *error to the
    // JSON path and rule, e.g. "bones[3].parts[1].radius: expected a number > 0".
    static std::optional<RigDescription> fromJson(const QByteArray &json, QString *error);
    // A description file given as an input (--rig): read through RegularFile (a regular file of
    // at most 16 MiB; a FIFO or a device is refused before a byte is read), then fromJson.
    // *error says why without the path ("not a regular file (a FIFO)", "bones: ...");
    // *unreadable (when given) tells a file that could not be read from one that is no rig.
    static std::optional<RigDescription> fromFile(const QString &path, QString *error, bool *unreadable = nullptr);
    // Resource paths of every shipped description (read once by species/SpeciesRig, which finds
    // them by species and bone count).
    static QStringList builtinResources();
};

} // namespace bpat

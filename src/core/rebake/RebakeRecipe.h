#pragma once
// A rebake recipe: which bones an output rig has, what drives each bone from an input animation
// recording, the species and sockets of the BPAT file written, and whether poses are converted
// from Unity's left-handed frame to right-handed Y-up. Built-in recipes come from
// BuiltinRecipes; JSON recipes are read by RecipeJson (format in docs/rebake.md).
#include "anim/HandJoint.h"

#include <QList>
#include <QMatrix4x4>
#include <QQuaternion>
#include <QString>
#include <QStringList>
#include <QVector3D>
#include <optional>

namespace bpat {

// A pose curve group of a recording: the camera or one hand joint ("Camera", "LeftHand/Wrist").
struct CurveGroup
{
    bool camera = true;
    Hand hand = Hand::Left;
    HandJoint joint = HandJoint::None;

    static CurveGroup cameraGroup() { return CurveGroup{}; }
    static CurveGroup handJoint(Hand h, HandJoint j) { return CurveGroup{false, h, j}; }
    // "Camera" or "LeftHand/<Joint>" / "RightHand/<Joint>" (joint None is not a recorded pose).
    static std::optional<CurveGroup> fromName(const QString &name);
    QString name() const;
    // Dense index: 0 camera, 1 + hand * 27 + joint for hand joints.
    int index() const { return camera ? 0 : 1 + int(hand) * HandJointCount + int(joint); }
    static constexpr int Count = 1 + HandCount * HandJointCount;

    friend bool operator==(const CurveGroup &, const CurveGroup &) = default;
};

// Translation * rotation.
struct RigidTransform
{
    QVector3D translation;
    QQuaternion rotation; // unit

    QMatrix4x4 matrix() const;
    bool isIdentity() const { return translation.isNull() && rotation.isIdentity(); }
    // Rotation and translation of a rigid matrix (scale and shear ignored).
    static RigidTransform fromMatrix(const QMatrix4x4 &m);
    friend bool operator==(const RigidTransform &, const RigidTransform &) = default;
};

enum class DriveKind {
    Rest,   // parent global * rest (a root: rest alone)
    Pose,   // global = pose(curve) * offset
    Ground, // global = translate(pose position) * (rotation about Y only) * offset: a body root
};

// Two-bone IK attached to the chain's upper bone: upper and middle take their lengths from the
// rest translations of middle and end; the end bone must be Pose-driven and is its target.
struct RecipeIk
{
    int middle = -1;
    int end = -1;
    int poleBone = -1; // the pole direction is given in this bone's frame (-1: model space)
    QVector3D poleDirection{0, 0, 1};
};

struct RecipeBone
{
    QString name;
    int parent = -1;
    DriveKind drive = DriveKind::Rest;
    CurveGroup curve;      // Pose / Ground
    RigidTransform offset; // Pose / Ground: applied after the curve pose
    RigidTransform rest;   // local transform relative to the parent (standing pose)
    std::optional<RecipeIk> ik;
};

struct RecipeSocket
{
    QString name;
    int anchor = 0;
    QVector3D offset;
};

// What happens to the bones of a hand while its Tracked curve is false.
enum class UntrackedHands {
    Collapse, // scaled to zero about that hand's wrist position
    Rest,     // the hand's bones (and an IK chain reaching for them) take their rest pose
};

class RebakeRecipe
{
public:
    static constexpr int MaxBones = 64;

    QString name;
    quint32 speciesId = 0;
    bool convertCoordinates = true; // Unity left-handed -> right-handed Y-up
    UntrackedHands untracked = UntrackedHands::Collapse;
    QList<RecipeBone> bones;
    QList<RecipeSocket> sockets;

    int boneCount() const { return int(bones.size()); }
    int indexOf(const QString &boneName) const;
    // A problem that makes the recipe unusable, at the place a recipe JSON file has it
    // ("bones[3].ik.end", "sockets[1].bone"; "bones" for the bone count).
    struct Problem
    {
        QString location;
        QString message;
    };
    // Bone count, names, parents in range and acyclic, IK chains well-formed, socket anchors.
    // Empty when valid.
    QList<Problem> rigProblems() const;
    // The same as "location: message" lines.
    QStringList problems() const;
    // Bones ordered parents first (valid recipes only).
    QList<int> evaluationOrder() const;
    // The rest (standing) pose as global matrices, one per bone (valid recipes only): the bind
    // palette of a late-v3 file made from this recipe.
    QList<QMatrix4x4> restGlobals() const;
    // The hand a bone belongs to for tracking (driven by that hand's curves, or a Rest bone
    // under such a bone); nullopt for the others.
    std::optional<Hand> handOf(int bone) const;
    // Whether `ancestor` is on the parent chain of `bone` (not the bone itself).
    bool isAncestor(int ancestor, int bone) const;
    // Every curve group some bone reads.
    QList<CurveGroup> curveGroups() const;
};

} // namespace bpat

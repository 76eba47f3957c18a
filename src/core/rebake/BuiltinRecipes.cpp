#include "rebake/BuiltinRecipes.h"

#include "bpat/BpatFormat.h"
#include "mesh/Rig.h"
#include "rebake/TwoBoneIk.h"
#include "species/SpeciesRig.h"

#include <QHash>
#include <algorithm>

namespace bpat {

namespace {

RecipeBone poseBone(const QString &name, int parent, CurveGroup curve)
{
    RecipeBone b;
    b.name = name;
    b.parent = parent;
    b.drive = DriveKind::Pose;
    b.curve = curve;
    return b;
}

// Standing pose of the humanoid, model space, metres: front +Z, the character's left at -X
// (the game's convention). Each bone's head, and the tail of bones without a child in the chain.
struct StandingJoint
{
    const char *bone;
    QVector3D head;
    QVector3D tail;
    QVector3D xHint;
};

QList<StandingJoint> standingPose()
{
    const QVector3D x(1, 0, 0);
    const QVector3D z(0, 0, 1);
    QList<StandingJoint> joints = {
        {"Root", {0, 0, 0}, {0, 0.95f, 0}, x},          {"Pelvis", {0, 0.95f, 0}, {0, 1.05f, 0}, x},
        {"Spine", {0, 1.05f, 0}, {0, 1.20f, 0.01f}, x}, {"Chest", {0, 1.20f, 0.01f}, {0, 1.45f, 0}, x},
        {"Neck", {0, 1.45f, 0}, {0, 1.55f, 0.01f}, x},  {"Head", {0, 1.55f, 0.01f}, {0, 1.75f, 0.01f}, x},
    };
    // Arms hang with the elbows slightly back; legs straight with soft knees.
    for (const float side : {-1.0f, 1.0f}) {
        const bool left = side < 0;
        auto n = [left](const char *l, const char *r) { return left ? l : r; };
        joints.append({n("ShoulderL", "ShoulderR"), {side * 0.03f, 1.42f, 0}, {side * 0.18f, 1.42f, 0}, z});
        joints.append({n("UpperArmL", "UpperArmR"), {side * 0.18f, 1.42f, 0}, {side * 0.20f, 1.14f, -0.03f}, x});
        joints.append({n("ForearmL", "ForearmR"), {side * 0.20f, 1.14f, -0.03f}, {side * 0.21f, 0.88f, 0.02f}, x});
        joints.append({n("HandL", "HandR"), {side * 0.21f, 0.88f, 0.02f}, {side * 0.21f, 0.70f, 0.03f}, x});
        joints.append({n("HipL", "HipR"), {side * 0.09f, 0.95f, 0}, {side * 0.10f, 0.50f, 0.02f}, x});
        joints.append({n("KneeL", "KneeR"), {side * 0.10f, 0.50f, 0.02f}, {side * 0.10f, 0.08f, 0}, x});
        joints.append({n("FootL", "FootR"), {side * 0.10f, 0.08f, 0}, {side * 0.10f, 0, 0.15f}, x});
    }
    return joints;
}

} // namespace

RebakeRecipe BuiltinRecipes::hands()
{
    RebakeRecipe r;
    r.name = QStringLiteral("hands");
    r.speciesId = Species::Humanoid;
    r.convertCoordinates = true;
    r.untracked = UntrackedHands::Collapse;
    r.bones.append(poseBone(QStringLiteral("Head"), -1, CurveGroup::cameraGroup()));
    for (const Hand hand : {Hand::Left, Hand::Right}) {
        const QString prefix = hand == Hand::Left ? QStringLiteral("L_") : QStringLiteral("R_");
        const int wrist = r.boneCount();
        for (int j = int(HandJoint::Wrist); j < HandJointCount; ++j) {
            const HandJoint joint = HandJoint(j);
            const QString name = handJointName(joint);
            // Wrist is a root; Palm and each finger's first joint hang from it; later joints
            // from the joint before them.
            const bool firstOfChain =
                joint == HandJoint::Palm || name.endsWith(u"Metacarpal") || name.endsWith(u"MetacarpalJoint");
            const int parent = joint == HandJoint::Wrist ? -1 : firstOfChain ? wrist : r.boneCount() - 1;
            r.bones.append(poseBone(prefix + name, parent, CurveGroup::handJoint(hand, joint)));
        }
    }
    r.sockets = {
        {QStringLiteral("head"), 0, {}},
        {QStringLiteral("palm_l"), r.indexOf(QStringLiteral("L_Palm")), {}},
        {QStringLiteral("palm_r"), r.indexOf(QStringLiteral("R_Palm")), {}},
        {QStringLiteral("pinch_l"), r.indexOf(QStringLiteral("L_IndexTip")), {}},
        {QStringLiteral("pinch_r"), r.indexOf(QStringLiteral("R_IndexTip")), {}},
    };
    return r;
}

RebakeRecipe BuiltinRecipes::humanoidUpperBody()
{
    // The game's humanoid of today (20 bones in every era).
    const Rig rig = SpeciesRig::ofVersion(Species::Humanoid, format::LatestVersion)->rig();
    RebakeRecipe r;
    r.name = QStringLiteral("humanoid-upper-body");
    r.speciesId = Species::Humanoid;
    r.convertCoordinates = false; // the recording's frame already is the game's (left at -X, front +Z)
    r.untracked = UntrackedHands::Rest;
    QHash<QString, QMatrix4x4> globals;
    for (const StandingJoint &j : standingPose())
        globals.insert(QString::fromLatin1(j.bone), TwoBoneIk::boneFrame(j.head, j.tail, j.xHint));
    for (const RigBone &rb : rig.bones()) {
        RecipeBone b;
        b.name = rb.name;
        b.parent = rb.parent;
        const QMatrix4x4 parent = rb.parent >= 0 ? globals.value(rig.bone(rb.parent).name) : QMatrix4x4();
        b.rest = RigidTransform::fromMatrix(parent.inverted() * globals.value(rb.name));
        r.bones.append(b);
    }
    const int head = r.indexOf(QStringLiteral("Head"));
    // The camera sits between the eyes: 12 cm above and 8 cm in front of the head bone's origin.
    const QVector3D eyeInHead(0, 0.12f, 0.08f);
    const QVector3D eyeInModel = globals.value(QStringLiteral("Head")).map(eyeInHead);
    RecipeBone &root = r.bones[0];
    root.drive = DriveKind::Ground;
    root.curve = CurveGroup::cameraGroup();
    root.offset.translation = -eyeInModel; // feet on the floor below the eyes
    RecipeBone &headBone = r.bones[head];
    headBone.drive = DriveKind::Pose;
    headBone.curve = CurveGroup::cameraGroup();
    headBone.offset.translation = -eyeInHead;
    const int chest = r.indexOf(QStringLiteral("Chest"));
    for (const Hand hand : {Hand::Left, Hand::Right}) {
        const bool left = hand == Hand::Left;
        const int upper = r.indexOf(left ? QStringLiteral("UpperArmL") : QStringLiteral("UpperArmR"));
        const int middle = r.indexOf(left ? QStringLiteral("ForearmL") : QStringLiteral("ForearmR"));
        const int end = r.indexOf(left ? QStringLiteral("HandL") : QStringLiteral("HandR"));
        RecipeBone &handBone = r.bones[end];
        handBone.drive = DriveKind::Pose;
        handBone.curve = CurveGroup::handJoint(hand, HandJoint::Wrist);
        // Toolkit joints point +Z along the fingers; the rig's bones point +Y along the bone.
        handBone.offset.rotation = QQuaternion::fromAxisAndAngle(1, 0, 0, 90);
        // Elbows bend down, back and out.
        r.bones[upper].ik = RecipeIk{middle, end, chest, QVector3D(left ? -0.4f : 0.4f, -1.0f, -0.5f)};
    }
    const auto bone = [&r](const char *name) { return r.indexOf(QString::fromLatin1(name)); };
    r.sockets = {
        {QStringLiteral("head"), bone("Head"), {}},
        {QStringLiteral("hand_r"), bone("HandR"), {}},
        {QStringLiteral("hand_l"), bone("HandL"), {}},
        {QStringLiteral("back"), bone("Chest"), {0, 0.10f, -0.12f}},
        {QStringLiteral("hip_l"), bone("HipL"), {0, -0.02f, 0}},
        {QStringLiteral("hip_r"), bone("HipR"), {0, -0.02f, 0}},
        {QStringLiteral("chest_front"), bone("Chest"), {0, 0.05f, 0.15f}},
        {QStringLiteral("chest_back"), bone("Chest"), {0, 0.05f, -0.15f}},
        {QStringLiteral("foot_l"), bone("FootL"), {}},
        {QStringLiteral("foot_r"), bone("FootR"), {}},
    };
    return r;
}

QStringList BuiltinRecipes::names()
{
    return {QStringLiteral("hands"), QStringLiteral("humanoid-upper-body")};
}

QStringList BuiltinRecipes::fitting(quint32 speciesId, const QList<quint32> &boneCounts)
{
    QStringList out;
    for (const QString &name : names()) {
        const std::optional<RebakeRecipe> recipe = byName(name);
        if (recipe && recipe->speciesId == speciesId && boneCounts.contains(quint32(recipe->boneCount())))
            out << name;
    }
    return out;
}

bool BuiltinRecipes::keepsRecordingFrame(quint32 speciesId, int boneCount)
{
    struct Target
    {
        quint32 speciesId;
        int boneCount;
    };
    // The recipes are built once for this: the viewport asks at every file it shows.
    static const QList<Target> targets = [] {
        QList<Target> list;
        for (const QString &name : names()) {
            const std::optional<RebakeRecipe> recipe = byName(name);
            if (recipe && !recipe->convertCoordinates)
                list.append(Target{recipe->speciesId, recipe->boneCount()});
        }
        return list;
    }();
    return std::any_of(targets.cbegin(), targets.cend(),
                       [&](const Target &t) { return t.speciesId == speciesId && t.boneCount == boneCount; });
}

std::optional<RebakeRecipe> BuiltinRecipes::byName(const QString &name)
{
    if (name == u"hands")
        return hands();
    if (name == u"humanoid-upper-body")
        return humanoidUpperBody();
    return std::nullopt;
}

} // namespace bpat

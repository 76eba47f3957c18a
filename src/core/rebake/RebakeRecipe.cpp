#include "rebake/RebakeRecipe.h"

#include <QSet>

namespace bpat {

std::optional<CurveGroup> CurveGroup::fromName(const QString &name)
{
    if (name == u"Camera")
        return cameraGroup();
    const qsizetype slash = name.indexOf(QLatin1Char('/'));
    if (slash < 0)
        return std::nullopt;
    const auto hand = handFromName(QStringView(name).left(slash));
    const auto joint = handJointFromName(QStringView(name).mid(slash + 1));
    if (!hand || !joint || *joint == HandJoint::None)
        return std::nullopt;
    return handJoint(*hand, *joint);
}

QString CurveGroup::name() const
{
    if (camera)
        return QStringLiteral("Camera");
    return handName(hand) + QLatin1Char('/') + handJointName(joint);
}

QMatrix4x4 RigidTransform::matrix() const
{
    QMatrix4x4 m;
    m.translate(translation);
    m.rotate(rotation);
    return m;
}

RigidTransform RigidTransform::fromMatrix(const QMatrix4x4 &m)
{
    RigidTransform t;
    t.translation = m.column(3).toVector3D();
    t.rotation = QQuaternion::fromRotationMatrix(m.toGenericMatrix<3, 3>()).normalized();
    return t;
}

int RebakeRecipe::indexOf(const QString &boneName) const
{
    for (int i = 0; i < bones.size(); ++i) {
        if (bones.at(i).name == boneName)
            return i;
    }
    return -1;
}

bool RebakeRecipe::isAncestor(int ancestor, int bone) const
{
    int p = bones.at(bone).parent;
    for (int steps = 0; p >= 0 && steps <= boneCount(); ++steps) {
        if (p == ancestor)
            return true;
        p = bones.at(p).parent;
    }
    return false;
}

QList<RebakeRecipe::Problem> RebakeRecipe::rigProblems() const
{
    QList<Problem> out;
    const auto at = [](const char *what, int i, const QString &key = QString()) {
        return QStringLiteral("%1[%2]").arg(QLatin1String(what)).arg(i) + (key.isEmpty() ? QString() : QLatin1Char('.') + key);
    };
    const int n = boneCount();
    if (n < 1 || n > MaxBones)
        out.append({QStringLiteral("bones"), QStringLiteral("bone count %1: expected 1..%2").arg(n).arg(MaxBones)});
    QSet<QString> names;
    for (int i = 0; i < n; ++i) {
        const RecipeBone &b = bones.at(i);
        if (b.name.isEmpty())
            out.append({at("bones", i, QStringLiteral("name")), QStringLiteral("empty name")});
        else if (names.contains(b.name))
            out.append({at("bones", i, QStringLiteral("name")), QStringLiteral("duplicate name '%1'").arg(b.name)});
        names.insert(b.name);
        if (b.parent < -1 || b.parent >= n || b.parent == i)
            out.append({at("bones", i, QStringLiteral("parent")), QStringLiteral("parent %1 out of range").arg(b.parent)});
    }
    if (!out.isEmpty())
        return out;
    // Cycles: walking parents from any bone must end at a root within n steps.
    for (int i = 0; i < n; ++i) {
        int p = bones.at(i).parent;
        int steps = 0;
        while (p >= 0 && steps <= n) {
            p = bones.at(p).parent;
            ++steps;
        }
        if (p >= 0) {
            out.append({at("bones", i, QStringLiteral("parent")),
                        QStringLiteral("'%1': parent chain forms a cycle").arg(bones.at(i).name)});
            return out;
        }
    }
    for (int i = 0; i < n; ++i) {
        const RecipeBone &b = bones.at(i);
        if (!b.ik)
            continue;
        const RecipeIk &ik = *b.ik;
        const QString where = QStringLiteral("'%1' ik: ").arg(b.name);
        if (ik.middle < 0 || ik.middle >= n || bones.at(ik.middle).parent != i)
            out.append({at("bones", i, QStringLiteral("ik.middle")),
                        where + QStringLiteral("middle must be a child of the upper bone")});
        else if (ik.end < 0 || ik.end >= n || bones.at(ik.end).parent != ik.middle)
            out.append(
                {at("bones", i, QStringLiteral("ik.end")), where + QStringLiteral("end must be a child of the middle bone")});
        else if (bones.at(ik.end).drive != DriveKind::Pose)
            out.append({at("bones", i, QStringLiteral("ik.end")),
                        where + QStringLiteral("end bone must be driven by a pose curve (its target)")});
        else if (bones.at(ik.middle).drive != DriveKind::Rest || bones.at(ik.middle).ik)
            out.append({at("bones", i, QStringLiteral("ik.middle")),
                        where + QStringLiteral("middle bone must have no drive of its own")});
        if (ik.poleBone < -1 || ik.poleBone >= n || (ik.poleBone >= 0 && !isAncestor(ik.poleBone, i)))
            out.append({at("bones", i, QStringLiteral("ik.pole.bone")),
                        where + QStringLiteral("pole bone must be an ancestor of the upper bone")});
        if (b.drive != DriveKind::Rest)
            out.append(
                {at("bones", i, QStringLiteral("drive")), where + QStringLiteral("upper bone must have no drive of its own")});
    }
    for (int s = 0; s < sockets.size(); ++s) {
        if (sockets.at(s).anchor < 0 || sockets.at(s).anchor >= n)
            out.append(
                {at("sockets", s, QStringLiteral("bone")), QStringLiteral("anchor %1 out of range").arg(sockets.at(s).anchor)});
        if (sockets.at(s).name.isEmpty())
            out.append({at("sockets", s, QStringLiteral("name")), QStringLiteral("empty name")});
    }
    return out;
}

QStringList RebakeRecipe::problems() const
{
    QStringList lines;
    for (const Problem &p : rigProblems())
        lines << p.location + QStringLiteral(": ") + p.message;
    return lines;
}

QList<int> RebakeRecipe::evaluationOrder() const
{
    const int n = boneCount();
    QList<int> order;
    QList<bool> placed(n, false);
    order.reserve(n);
    // Repeated passes keep palette order among bones whose parents are ready (n <= 64).
    for (int pass = 0; pass < n && order.size() < n; ++pass) {
        for (int i = 0; i < n; ++i) {
            const int p = bones.at(i).parent;
            if (!placed.at(i) && (p < 0 || placed.at(p))) {
                placed[i] = true;
                order.append(i);
            }
        }
    }
    return order;
}

QList<QMatrix4x4> RebakeRecipe::restGlobals() const
{
    QList<QMatrix4x4> globals(boneCount());
    for (int b : evaluationOrder()) {
        const int p = bones.at(b).parent;
        globals[b] = p >= 0 ? globals.at(p) * bones.at(b).rest.matrix() : bones.at(b).rest.matrix();
    }
    return globals;
}

std::optional<Hand> RebakeRecipe::handOf(int bone) const
{
    int b = bone;
    for (int steps = 0; b >= 0 && steps <= boneCount(); ++steps) {
        const RecipeBone &rb = bones.at(b);
        if (rb.drive != DriveKind::Rest)
            return rb.curve.camera ? std::nullopt : std::optional<Hand>(rb.curve.hand);
        if (rb.ik)
            return std::nullopt;
        b = rb.parent;
    }
    return std::nullopt;
}

QList<CurveGroup> RebakeRecipe::curveGroups() const
{
    QList<CurveGroup> out;
    for (const RecipeBone &b : bones) {
        if (b.drive != DriveKind::Rest && !out.contains(b.curve))
            out.append(b.curve);
    }
    return out;
}

} // namespace bpat

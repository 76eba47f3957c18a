#include "motionedit/MotionSkeleton.h"

#include "species/SpeciesRig.h"

#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "mesh/Rig.h"

#include <optional>

namespace bpat {

namespace {

constexpr int MaxBones = 64;

MotionSkeleton fromRig(const std::optional<Rig> &rig, int bones)
{
    QList<int> parents;
    QStringList names;
    for (int b = 0; b < bones; ++b) {
        const bool known = rig && b < rig->boneCount();
        parents.append(known ? rig->bone(b).parent : -1);
        names.append(known ? rig->bone(b).name : QString());
    }
    return MotionSkeleton::fromParents(parents, names);
}

} // namespace

MotionSkeleton MotionSkeleton::fromParents(QList<int> parents, QStringList names)
{
    MotionSkeleton s;
    const int count = int(std::min<qsizetype>(parents.size(), MaxBones));
    parents.resize(count);
    for (int b = 0; b < count; ++b) {
        if (parents[b] < 0 || parents[b] >= count || parents[b] == b)
            parents[b] = -1;
    }
    // Break cycles: walking up from a bone must reach a root within `count` steps.
    for (int b = 0; b < count; ++b) {
        int at = b;
        for (int steps = 0; at >= 0; ++steps) {
            if (steps > count) {
                parents[b] = -1;
                break;
            }
            at = parents[at];
        }
    }
    // Parents before children: depth-first from the roots, children in index order.
    QList<QList<int>> children(count);
    for (int b = 0; b < count; ++b) {
        if (parents[b] >= 0)
            children[parents[b]].append(b);
    }
    QList<int> stack;
    for (int b = count - 1; b >= 0; --b) {
        if (parents[b] < 0)
            stack.append(b);
    }
    while (!stack.isEmpty()) {
        const int b = stack.takeLast();
        s.m_order.append(b);
        for (qsizetype i = children[b].size() - 1; i >= 0; --i)
            stack.append(children[b][i]);
    }
    names.resize(count);
    for (int b = 0; b < count; ++b) {
        if (names[b].isEmpty())
            names[b] = QStringLiteral("bone %1").arg(b);
    }
    s.m_parents = std::move(parents);
    s.m_names = std::move(names);
    return s;
}

MotionSkeleton MotionSkeleton::forFile(const BpatFile &file)
{
    if (!file.hasHeader())
        return {};
    return fromRig(file.rig(), int(std::min<quint32>(file.header().boneCount, MaxBones)));
}

MotionSkeleton MotionSkeleton::forDocument(const BpatDocument &document)
{
    const int bones = int(std::min<quint32>(document.boneCount(), MaxBones));
    const SpeciesRig *known = SpeciesRig::find(document.speciesId(), bones);
    std::optional<Rig> rig = known ? std::optional<Rig>(known->rig()) : std::nullopt;
    const QList<quint8> &table = document.boneParents();
    if (document.dialect() != format::Dialect::V3Late || table.size() != bones)
        return fromRig(rig, bones);
    // A late-v3 document's own table, read as SpeciesRig::forFile reads the file's.
    const bool named = rig && rig->boneCount() == bones;
    QList<int> parents;
    QStringList names;
    for (int b = 0; b < bones; ++b) {
        const quint8 p = table.at(b);
        parents.append(p == format::NoParentBone || p >= b ? -1 : int(p));
        names.append(named ? rig->bone(b).name : QString());
    }
    return fromParents(parents, names);
}

QString MotionSkeleton::name(int bone) const
{
    return bone >= 0 && bone < m_names.size() ? m_names.at(bone) : QStringLiteral("bone %1").arg(bone);
}

int MotionSkeleton::indexOf(const QString &name) const
{
    return int(m_names.indexOf(name));
}

bool MotionSkeleton::isAncestorOrSelf(int ancestor, int bone) const
{
    for (int at = bone; at >= 0; at = parentOf(at)) {
        if (at == ancestor)
            return true;
    }
    return false;
}

QList<int> MotionSkeleton::chainToRoot(int bone) const
{
    QList<int> out;
    for (int at = bone; at >= 0 && at < boneCount(); at = parentOf(at))
        out.append(at);
    return out;
}

QList<int> MotionSkeleton::descendants(int bone) const
{
    QList<int> out;
    for (int b : m_order) {
        if (b != bone && isAncestorOrSelf(bone, b))
            out.append(b);
    }
    return out;
}

int MotionSkeleton::rootOf(int bone) const
{
    int at = bone;
    while (parentOf(at) >= 0)
        at = parentOf(at);
    return at;
}

} // namespace bpat

#include "motion/MotionRig.h"

#include "bpat/BpatFile.h"
#include "mesh/Rig.h"
#include "motion/BoneRoles.h"
#include "species/SpeciesRig.h"

#include <QFileInfo>
#include <algorithm>

namespace bpat {

namespace {

// The game's humanoid proportions (motion-analysis.md): upper arm 0.32, forearm 0.27, upper leg
// 0.50, lower leg 0.47 metres, in the order the game's report walks them.
std::optional<MotionRig::Humanoid> humanoidBones(const Rig &rig)
{
    auto at = [&](const char *name) { return rig.indexOf(QLatin1String(name)); };
    MotionRig::Humanoid h;
    h.pelvis = at("Pelvis");
    h.shoulderL = at("ShoulderL");
    h.handL = at("HandL");
    h.footL = at("FootL");
    h.footR = at("FootR");
    struct Row
    {
        const char *from, *to;
        float length;
        const char *label;
    };
    static constexpr Row rows[8] = {
        {"UpperArmL", "ForearmL", 0.32f, "upper_arm_l"},
        {"ForearmL", "HandL", 0.27f, "forearm_l"},
        {"UpperArmR", "ForearmR", 0.32f, "upper_arm_r"},
        {"ForearmR", "HandR", 0.27f, "forearm_r"},
        {"HipL", "KneeL", 0.50f, "thigh_l"},
        {"KneeL", "FootL", 0.47f, "shin_l"},
        {"HipR", "KneeR", 0.50f, "thigh_r"},
        {"KneeR", "FootR", 0.47f, "shin_r"},
    };
    for (size_t i = 0; i < 8; ++i) {
        h.pairs[i] = {at(rows[i].from), at(rows[i].to), rows[i].length, QLatin1String(rows[i].label)};
        if (h.pairs[i].from < 0 || h.pairs[i].to < 0)
            return std::nullopt;
    }
    if (h.pelvis < 0 || h.shoulderL < 0 || h.handL < 0 || h.footL < 0 || h.footR < 0)
        return std::nullopt;
    return h;
}

} // namespace

QString MotionRig::kindName(Kind kind)
{
    return gaitKindName(kind == Kind::Humanoid        ? GaitKind::Humanoid
                            : kind == Kind::Quadruped ? GaitKind::Quadruped
                                                      : GaitKind::None);
}

QString MotionRig::boneName(int bone) const
{
    return bone >= 0 && bone < boneNames.size() ? boneNames.at(bone) : QStringLiteral("bone %1").arg(bone);
}

int MotionRig::deformingCount() const
{
    int n = 0;
    for (int b = 0; b < boneCount; ++b)
        n += isControl(b) ? 0 : 1;
    return n;
}

QList<int> MotionRig::lengthBones() const
{
    QList<int> out;
    for (int b = 0; b < boneCount && b < parents.size(); ++b) {
        const int parent = parents.at(b);
        if (parent < 0 || isRoot(parent) || isControl(parent) || isControl(b))
            continue;
        if (tails.value(parent, -1) == b)
            out.append(b);
    }
    return out;
}

QString MotionRig::controlsSummary() const
{
    // Bones grouped by their reason, in the order the reasons first appear.
    QStringList reasons;
    QList<QStringList> names;
    int count = 0;
    for (int b = 0; b < boneCount; ++b) {
        if (!isControl(b))
            continue;
        ++count;
        qsizetype i = reasons.indexOf(controls.at(b));
        if (i < 0) {
            reasons.append(controls.at(b));
            names.append(QStringList());
            i = reasons.size() - 1;
        }
        names[i].append(boneName(b));
    }
    if (count == 0)
        return QString();
    QStringList groups;
    for (qsizetype i = 0; i < reasons.size(); ++i)
        groups.append(QStringLiteral("%1 (%2)").arg(names.at(i).join(QStringLiteral(", ")), reasons.at(i)));
    return QStringLiteral("%1 %2 not judged for pops, seams or stretch: %3")
        .arg(count)
        .arg(count == 1 ? QStringLiteral("control bone is") : QStringLiteral("control bones are"),
             groups.join(QStringLiteral("; ")));
}

MotionRig MotionRig::forFile(const BpatFile &file, bool withBody)
{
    MotionRig m;
    if (!file.hasHeader() || file.header().boneCount < 1 || file.header().boneCount > 64)
        return m;
    m.boneCount = int(file.header().boneCount);
    const std::optional<Rig> rig = file.rig();
    for (int b = 0; b < m.boneCount; ++b) {
        const bool named = rig && b < rig->boneCount();
        m.boneNames.append(named ? rig->bone(b).name : QStringLiteral("bone %1").arg(b));
        m.parents.append(named ? rig->bone(b).parent : -1);
    }
    if (!rig || rig->boneCount() != m.boneCount) {
        m.rigSource = QStringLiteral("unknown rig: bones named by index, parents unknown");
        return m;
    }
    const BoneRoles roles = withBody ? BoneRoles::forFile(file) : BoneRoles::of(rig, m.boneCount, nullptr);
    m.controls = roles.control;
    const bool rigControls =
        std::any_of(rig->bones().cbegin(), rig->bones().cend(), [](const RigBone &b) { return b.isControl(); });
    QStringList sources;
    if (rigControls && rig->knownNames())
        sources.append(QStringLiteral("the %1 rig").arg(rig->name()));
    if (!roles.bodyPath.isEmpty())
        sources.append(QFileInfo(roles.bodyPath).fileName());
    m.controlSource = sources.join(QStringLiteral(" and "));
    // Each bone's tail: the rig's where it names one (and the file agrees it is a child), else
    // the only deforming child.
    for (int b = 0; b < m.boneCount; ++b) {
        int tail = rig->bone(b).tail;
        if (tail < 0 || tail >= m.boneCount || m.parents.at(tail) != b) {
            tail = -1;
            int children = 0;
            for (int c = b + 1; c < m.boneCount; ++c) {
                if (m.parents.at(c) == b && !m.isControl(c)) {
                    ++children;
                    tail = c;
                }
            }
            if (children != 1)
                tail = -1;
        }
        m.tails.append(tail);
    }
    m.rigSource = rig->describeSource();
    if (!rig->knownNames())
        return m; // the file's parents: no feet known
    m.rigName = rig->name();
    // The feet and the report are the catalogue's: the rig's gait kind and its feet in the
    // game's order, named as the report names them.
    const SpeciesRig *known = SpeciesRig::find(file.header().speciesId, m.boneCount);
    if (!known || known->footLabels().isEmpty())
        return m;
    if (known->gait() == GaitKind::Humanoid && (m.humanoid = humanoidBones(*rig))) {
        m.kind = Kind::Humanoid;
        m.feet = {m.humanoid->footL, m.humanoid->footR};
    } else if (known->gait() == GaitKind::Quadruped) {
        m.kind = Kind::Quadruped;
        m.feet = known->feet();
    } else {
        return m;
    }
    m.footLabels = known->footLabels();
    const QStringList &footNames = known->description().footNames;
    for (int i = 0; i < m.feet.size(); ++i)
        m.footNames.append(i < footNames.size() ? footNames.at(i) : m.boneName(m.feet.at(i)));
    return m;
}

} // namespace bpat

#include "gltf/GltfRigMatch.h"

#include "species/SpeciesRig.h"

#include <QSet>

namespace bpat {

namespace {

// The shipped rigs, with the species the catalogue gives each.
QList<RigDescription> builtinRigs()
{
    QList<RigDescription> rigs;
    for (const SpeciesRig &rig : SpeciesRig::all())
        rigs.append(rig.description());
    return rigs;
}

QStringList names(const RigDescription &rig)
{
    QStringList list;
    for (const RigBoneDescription &bone : rig.bones)
        list.append(bone.name);
    return list;
}

// "missing Pelvis, Spine; extra Tail" (empty when the names are the same set, used once each).
QString difference(const QStringList &joints, const RigDescription &rig)
{
    const QStringList bones = names(rig);
    QStringList missing, extra;
    for (const QString &b : bones)
        if (!joints.contains(b))
            missing.append(b);
    for (const QString &j : joints)
        if (!bones.contains(j))
            extra.append(j);
    if (missing.isEmpty() && extra.isEmpty() && QSet<QString>(joints.begin(), joints.end()).size() != joints.size())
        return QStringLiteral("a joint name is used twice");
    if (missing.isEmpty() && extra.isEmpty())
        return {};
    QStringList parts;
    if (!missing.isEmpty())
        parts.append(QStringLiteral("missing %1").arg(missing.join(QStringLiteral(", "))));
    if (!extra.isEmpty())
        parts.append(QStringLiteral("extra %1").arg(extra.join(QStringLiteral(", "))));
    return parts.join(QStringLiteral("; "));
}

int overlap(const QStringList &joints, const RigDescription &rig)
{
    int n = 0;
    for (const RigBoneDescription &b : rig.bones)
        n += joints.contains(b.name) ? 1 : 0;
    return n;
}

GltfRigMatch matched(const QStringList &joints, const RigDescription &rig, quint32 species)
{
    GltfRigMatch m;
    m.rigName = rig.name;
    m.speciesId = species;
    for (const QString &j : joints)
        m.boneOfJoint.append(rig.indexOf(j));
    for (const RigBoneDescription &b : rig.bones) {
        m.boneNames.append(b.name);
        m.boneParents.append(b.parent);
    }
    return m;
}

} // namespace

GltfRigMatch GltfRigMatch::match(const QStringList &joints, const std::optional<RigDescription> &rig,
                                 std::optional<quint32> species, std::optional<quint32> fileSpecies, QString *error)
{
    error->clear();
    if (rig) {
        const quint32 id = species ? *species : rig->speciesIds.isEmpty() ? 0 : rig->speciesIds.first();
        if (const QString d = difference(joints, *rig); !d.isEmpty()) {
            *error = QStringLiteral("the joints do not match rig '%1': %2").arg(rig->name, d);
            return {};
        }
        return matched(joints, *rig, id);
    }
    const QList<RigDescription> rigs = builtinRigs();
    if (species) {
        const RigDescription *best = nullptr;
        for (const RigDescription &r : rigs) {
            if (!r.speciesIds.contains(*species))
                continue;
            if (difference(joints, r).isEmpty())
                return matched(joints, r, *species);
            if (!best || overlap(joints, r) > overlap(joints, *best))
                best = &r;
        }
        if (best) {
            *error = QStringLiteral("the joints do not match the rig of species %1 ('%2'): %3")
                         .arg(*species)
                         .arg(best->name, difference(joints, *best));
            return {};
        }
        GltfRigMatch own; // a species without a rig: its own joints
        own.speciesId = *species;
        return own;
    }
    for (const RigDescription &r : rigs) {
        if (!difference(joints, r).isEmpty())
            continue;
        const quint32 id = fileSpecies && r.speciesIds.contains(*fileSpecies) ? *fileSpecies
            : r.speciesIds.isEmpty()                                          ? 0
                                                                              : r.speciesIds.first();
        return matched(joints, r, id);
    }
    GltfRigMatch own;
    own.speciesId = fileSpecies ? *fileSpecies : 0;
    return own;
}

} // namespace bpat

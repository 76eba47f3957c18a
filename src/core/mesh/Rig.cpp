#include "mesh/Rig.h"

#include "bpat/BpatFile.h"
#include "mesh/RigDescription.h"

#include <QFile>

namespace bpat {

Rig::Rig(QString name, QList<RigBone> bones)
    : m_name(std::move(name))
    , m_bones(std::move(bones))
{
}

int Rig::indexOf(const QString &boneName) const
{
    for (int i = 0; i < m_bones.size(); ++i) {
        if (m_bones.at(i).name == boneName)
            return i;
    }
    return -1;
}

QList<int> Rig::children(int index) const
{
    QList<int> result;
    for (int i = 0; i < m_bones.size(); ++i) {
        if (m_bones.at(i).parent == index)
            result.append(i);
    }
    return result;
}

namespace {

struct BuiltinRig
{
    QList<quint32> speciesIds;
    Rig rig;
};

// The game's rigs, read once from the rig descriptions (resources/rigs/*.json): the one list
// of their bone names and parents.
const QList<BuiltinRig> &builtinRigs()
{
    static const QList<BuiltinRig> rigs = [] {
        QList<BuiltinRig> list;
        for (const QString &path : RigDescription::builtinResources()) {
            QFile file(path);
            QString error;
            const auto description = file.open(QIODevice::ReadOnly) ? RigDescription::fromJson(file.readAll(), &error)
                                                                    : std::nullopt;
            if (description)
                list.append({description->speciesIds, description->rig()});
            else
                qWarning("rig description %s is invalid: %s", qPrintable(path), qPrintable(error));
        }
        return list;
    }();
    return rigs;
}

Rig builtin(quint32 speciesId, int boneCount)
{
    for (const BuiltinRig &b : builtinRigs()) {
        if (b.rig.boneCount() == boneCount && b.speciesIds.contains(speciesId))
            return b.rig;
    }
    Q_ASSERT_X(false, "Rig", "a built-in rig description is missing from resources/rigs");
    return Rig(QString(), {});
}

} // namespace

Rig Rig::humanoid() { return builtin(0, 20); }
Rig Rig::horse() { return builtin(1, 16); }
Rig Rig::elephant() { return builtin(2, 16); }
Rig Rig::horseV1Initial() { return builtin(1, 8); }
Rig Rig::elephantV1Initial() { return builtin(2, 8); }

std::optional<Rig> Rig::forSpecies(quint32 speciesId, int boneCount)
{
    switch (speciesId) {
    case 0: // humanoid
    case 3: // humanoid_sword
    case 4: // humanoid_spear
    case 5: // humanoid_skeleton
        if (boneCount == 20)
            return humanoid();
        break;
    case 1:
        if (boneCount == 16)
            return horse();
        if (boneCount == 8)
            return horseV1Initial();
        break;
    case 2:
        if (boneCount == 16)
            return elephant();
        if (boneCount == 8)
            return elephantV1Initial();
        break;
    default:
        break;
    }
    return std::nullopt;
}

std::optional<Rig> Rig::forSpeciesOrDescription(quint32 speciesId, int boneCount)
{
    if (std::optional<Rig> rig = forSpecies(speciesId, boneCount))
        return rig;
    if (const std::optional<RigDescription> description = RigDescription::builtin(speciesId, boneCount))
        return description->rig();
    return std::nullopt;
}

std::optional<Rig> Rig::forFile(const BpatFile &file)
{
    if (!file.hasHeader())
        return std::nullopt;
    std::optional<Rig> rig = forSpeciesOrDescription(file.header().speciesId, int(file.header().boneCount));
    const QList<quint8> &parents = file.boneParents();
    if (parents.isEmpty())
        return rig;
    QList<RigBone> bones;
    for (qsizetype b = 0; b < parents.size(); ++b) {
        const int parent = parents.at(b) == format::NoParentBone || parents.at(b) >= b ? -1 : int(parents.at(b));
        bones.append(RigBone{rig && b < rig->boneCount() ? rig->bone(int(b)).name : QStringLiteral("bone %1").arg(b), parent});
    }
    return Rig(rig ? rig->name() : QStringLiteral("file parents"), bones);
}

} // namespace bpat

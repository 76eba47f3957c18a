#include "mesh/Rig.h"

#include "bpat/BpatFile.h"
#include "bpat/GameRigs.h"
#include "mesh/RigDescription.h"

#include <QFile>

namespace bpat {

Rig::Rig(QString name, QList<RigBone> bones, Source source)
    : m_name(std::move(name))
    , m_bones(std::move(bones))
    , m_source(source)
{
}

QString Rig::describeSource() const
{
    switch (m_source) {
    case Source::Game: return QStringLiteral("the game's %1 rig").arg(m_name);
    case Source::Description: return QStringLiteral("built-in rig %1 (no game rig)").arg(m_name);
    case Source::FileParents: break;
    }
    return QStringLiteral("unknown rig: the file's parents, bones named by index");
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
            const auto description =
                file.open(QIODevice::ReadOnly) ? RigDescription::fromJson(file.readAll(), &error) : std::nullopt;
            if (description)
                list.append({description->speciesIds, description->rig()});
            else
                qWarning("rig description %s is invalid: %s", qPrintable(path), qPrintable(error));
        }
        return list;
    }();
    return rigs;
}

std::optional<Rig> findBuiltin(quint32 speciesId, int boneCount)
{
    for (const BuiltinRig &b : builtinRigs()) {
        if (b.rig.boneCount() == boneCount && b.speciesIds.contains(speciesId))
            return b.rig;
    }
    return std::nullopt;
}

Rig builtin(quint32 speciesId, int boneCount)
{
    std::optional<Rig> rig = findBuiltin(speciesId, boneCount);
    Q_ASSERT_X(rig, "Rig", "a built-in rig description is missing from resources/rigs");
    return rig.value_or(Rig(QString(), {}));
}

} // namespace

Rig Rig::humanoid()
{
    return builtin(0, 20);
}
Rig Rig::horse()
{
    return builtin(1, 16);
}
Rig Rig::elephant()
{
    return builtin(2, 16);
}
Rig Rig::horseV1Initial()
{
    return builtin(1, 8);
}
Rig Rig::elephantV1Initial()
{
    return builtin(2, 8);
}

std::optional<Rig> Rig::forSpecies(quint32 speciesId, int boneCount)
{
    if (boneCount <= 0 || !GameRigs::isGameRig(speciesId, quint32(boneCount)))
        return std::nullopt;
    return findBuiltin(speciesId, boneCount);
}

std::optional<Rig> Rig::forSpeciesOrDescription(quint32 speciesId, int boneCount)
{
    if (std::optional<Rig> rig = forSpecies(speciesId, boneCount))
        return rig;
    if (const std::optional<RigDescription> description = RigDescription::builtin(speciesId, boneCount))
        return Rig(description->name, description->rig().bones(), Source::Description);
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
    const bool named = rig && rig->boneCount() == parents.size();
    QList<RigBone> bones;
    for (qsizetype b = 0; b < parents.size(); ++b) {
        const int parent = parents.at(b) == format::NoParentBone || parents.at(b) >= b ? -1 : int(parents.at(b));
        RigBone bone;
        bone.name = named ? rig->bone(int(b)).name : QStringLiteral("bone %1").arg(b);
        bone.parent = parent;
        if (named && rig->bone(int(b)).parent == parent) { // the rig's own facts hold where the file agrees
            bone.control = rig->bone(int(b)).control;
            bone.tail = rig->bone(int(b)).tail;
        }
        bones.append(bone);
    }
    if (!named)
        return Rig(QStringLiteral("file parents"), bones, Source::FileParents);
    return Rig(rig->name(), bones, rig->source());
}

} // namespace bpat

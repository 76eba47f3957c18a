#include "mesh/Rig.h"

#include "bpat/BpatFile.h"

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

static QList<RigBone> makeBones(std::initializer_list<std::pair<const char *, int>> list)
{
    QList<RigBone> bones;
    for (const auto &[name, parent] : list)
        bones.append(RigBone{QString::fromLatin1(name), parent});
    return bones;
}

Rig Rig::humanoid()
{
    return Rig(QStringLiteral("humanoid"),
               makeBones({{"Root", -1}, {"Pelvis", 0}, {"Spine", 1}, {"Chest", 2}, {"Neck", 3},
                          {"Head", 4}, {"ShoulderL", 3}, {"UpperArmL", 6}, {"ForearmL", 7},
                          {"HandL", 8}, {"ShoulderR", 3}, {"UpperArmR", 10}, {"ForearmR", 11},
                          {"HandR", 12}, {"HipL", 1}, {"KneeL", 14}, {"FootL", 15}, {"HipR", 1},
                          {"KneeR", 17}, {"FootR", 18}}));
}

static QList<RigBone> quadrupedLegs()
{
    return makeBones({{"Root", -1}, {"Body", 0}, {"ShoulderFL", 0}, {"KneeFL", 2}, {"FootFL", 3},
                      {"ShoulderFR", 0}, {"KneeFR", 5}, {"FootFR", 6}, {"ShoulderBL", 0},
                      {"KneeBL", 8}, {"FootBL", 9}, {"ShoulderBR", 0}, {"KneeBR", 11},
                      {"FootBR", 12}});
}

Rig Rig::horse()
{
    QList<RigBone> bones = quadrupedLegs();
    bones.append(makeBones({{"NeckTop", 0}, {"Head", 14}}));
    return Rig(QStringLiteral("horse"), bones);
}

Rig Rig::elephant()
{
    QList<RigBone> bones = quadrupedLegs();
    bones.append(makeBones({{"Head", 0}, {"TrunkTip", 14}}));
    return Rig(QStringLiteral("elephant"), bones);
}

Rig Rig::horseV1Initial()
{
    return Rig(QStringLiteral("horse (8-bone)"),
               makeBones({{"Root", -1}, {"Body", 0}, {"FootFL", 0}, {"FootFR", 0}, {"FootBL", 0},
                          {"FootBR", 0}, {"NeckTop", 0}, {"Head", 0}}));
}

Rig Rig::elephantV1Initial()
{
    return Rig(QStringLiteral("elephant (8-bone)"),
               makeBones({{"Root", -1}, {"Body", 0}, {"FootFL", 0}, {"FootFR", 0}, {"FootBL", 0},
                          {"FootBR", 0}, {"Head", 0}, {"TrunkTip", 0}}));
}

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

std::optional<Rig> Rig::forFile(const BpatFile &file)
{
    if (!file.hasHeader())
        return std::nullopt;
    std::optional<Rig> rig = forSpecies(file.header().speciesId, int(file.header().boneCount));
    const QList<quint8> &parents = file.boneParents();
    if (parents.isEmpty())
        return rig;
    QList<RigBone> bones;
    for (qsizetype b = 0; b < parents.size(); ++b) {
        const int parent = parents.at(b) == format::NoParentBone || parents.at(b) >= b ? -1 : int(parents.at(b));
        bones.append(RigBone{rig ? rig->bone(int(b)).name : QStringLiteral("bone %1").arg(b), parent});
    }
    return Rig(rig ? rig->name() : QStringLiteral("file parents"), bones);
}

} // namespace bpat

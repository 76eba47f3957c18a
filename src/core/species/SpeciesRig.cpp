#include "species/SpeciesRig.h"

#include <QFile>

namespace bpat {

namespace {

constexpr quint8 NoParent = 0xFF; // the late-v3 parent table's root mark (bpat-versions.md 2.6)

// The species whose rows name the rig, in id order.
QList<quint32> speciesWithRig(const QString &rigName)
{
    QList<quint32> ids;
    for (const Species &s : Species::all()) {
        for (const Species::EraRig &r : s.rigs) {
            if (r.rigName == rigName && !ids.contains(s.id))
                ids.append(s.id);
        }
    }
    return ids;
}

} // namespace

SpeciesRig::SpeciesRig(RigDescription description, bool gameRig)
    : m_description(std::move(description))
{
    const Rig bones = m_description.rig();
    m_rig = Rig(bones.name(), bones.bones(), gameRig ? Rig::Source::Game : Rig::Source::Description);
    if (gameRig) {
        m_description.speciesIds = speciesWithRig(m_description.name);
        const Species *first = Species::byId(m_description.speciesIds.value(0, ~quint32(0)));
        m_gait = first ? first->gait : GaitKind::None;
    }
    m_footLabels = footLabels(m_gait, int(m_description.footBones.size()));
    for (qsizetype f = 0; f < m_description.footBones.size(); ++f) {
        LegChain leg;
        leg.label = m_footLabels.value(f);
        leg.foot = m_description.footBones.at(f);
        if (f < m_description.legs.size()) {
            const RigLegDescription &d = m_description.legs.at(f);
            leg.hip = d.hip;
            leg.knee = d.knee;
            leg.end = d.end;
            leg.pole = d.pole;
        }
        m_legs.append(leg);
    }
    if (m_description.sides) {
        const QStringList names = boneNames();
        m_pairs = m_description.sides->pairs(names);
        m_mirror = m_description.sides->mirrorMap(names);
    }
}

QStringList SpeciesRig::boneNames() const
{
    QStringList names;
    for (const RigBone &b : m_rig.bones())
        names.append(b.name);
    return names;
}

const LegChain *SpeciesRig::legOfFoot(int bone) const
{
    for (const LegChain &leg : m_legs) {
        if (leg.foot == bone)
            return &leg;
    }
    return nullptr;
}

int SpeciesRig::mirrorOf(int bone) const
{
    if (bone < 0 || bone >= boneCount())
        return -1;
    return bone < m_mirror.size() ? m_mirror.at(bone) : bone;
}

const QList<SpeciesRig> &SpeciesRig::all()
{
    // Read once: every lookup after the first is a walk over about ten entries.
    static const QList<SpeciesRig> rigs = [] {
        QList<SpeciesRig> list;
        for (const QString &path : RigDescription::builtinResources()) {
            QFile file(path);
            QString error;
            std::optional<RigDescription> description =
                file.open(QIODevice::ReadOnly) ? RigDescription::fromJson(file.readAll(), &error) : std::nullopt;
            if (!description) {
                qWarning("rig description %s is invalid: %s", qPrintable(path), qPrintable(error));
                continue;
            }
            const bool gameRig = !speciesWithRig(description->name).isEmpty();
            list.append(SpeciesRig(std::move(*description), gameRig));
        }
        return list;
    }();
    return rigs;
}

const SpeciesRig *SpeciesRig::byName(const QString &rigName)
{
    for (const SpeciesRig &r : all()) {
        if (r.name() == rigName)
            return &r;
    }
    return nullptr;
}

const SpeciesRig *SpeciesRig::game(quint32 speciesId, int boneCount)
{
    const Species *species = Species::byId(speciesId);
    const Species::EraRig *era = species ? species->rigWithBones(boneCount) : nullptr;
    const SpeciesRig *rig = era ? byName(era->rigName) : nullptr;
    Q_ASSERT_X(!era || rig, "SpeciesRig", "a rig the species table names is missing from resources/rigs");
    return rig && rig->boneCount() == boneCount ? rig : nullptr;
}

const SpeciesRig *SpeciesRig::find(quint32 speciesId, int boneCount)
{
    if (const SpeciesRig *rig = game(speciesId, boneCount))
        return rig;
    for (const SpeciesRig &r : all()) {
        if (!r.isGameRig() && r.boneCount() == boneCount && r.speciesIds().contains(speciesId))
            return &r;
    }
    return nullptr;
}

const SpeciesRig *SpeciesRig::ofVersion(quint32 speciesId, quint32 version)
{
    const Species *species = Species::byId(speciesId);
    const Species::EraRig *era = species ? species->rigOfVersion(version) : nullptr;
    return era ? game(speciesId, era->boneCount) : nullptr;
}

const SpeciesRig *SpeciesRig::covering(quint32 speciesId, int bones)
{
    const Species *species = Species::byId(speciesId);
    const SpeciesRig *best = nullptr;
    for (const Species::EraRig &era : species ? species->rigs : QList<Species::EraRig>()) {
        const SpeciesRig *rig = era.boneCount >= bones ? byName(era.rigName) : nullptr;
        if (rig && (!best || rig->boneCount() < best->boneCount()))
            best = rig;
    }
    return best;
}

std::optional<Rig> SpeciesRig::forFile(quint32 speciesId, int boneCount, const QList<quint8> &parents)
{
    const SpeciesRig *known = find(speciesId, boneCount);
    if (parents.isEmpty())
        return known ? std::optional<Rig>(known->rig()) : std::nullopt;
    const bool named = known && known->boneCount() == parents.size();
    QList<RigBone> bones;
    bones.reserve(parents.size());
    for (qsizetype b = 0; b < parents.size(); ++b) {
        const int parent = parents.at(b) == NoParent || parents.at(b) >= b ? -1 : int(parents.at(b));
        RigBone bone;
        bone.name = named ? known->rig().bone(int(b)).name : QStringLiteral("bone %1").arg(b);
        bone.parent = parent;
        if (named && known->rig().bone(int(b)).parent == parent) { // the rig's own facts hold where the file agrees
            bone.control = known->rig().bone(int(b)).control;
            bone.tail = known->rig().bone(int(b)).tail;
        }
        bones.append(bone);
    }
    if (!named)
        return Rig(QStringLiteral("file parents"), bones, Rig::Source::FileParents);
    return Rig(known->name(), bones, known->rig().source());
}

QStringList SpeciesRig::footLabels(GaitKind kind, int feet)
{
    if (kind == GaitKind::Humanoid && feet == 2)
        return {QStringLiteral("foot_l"), QStringLiteral("foot_r")};
    if (kind == GaitKind::Quadruped && feet == 4)
        return {QStringLiteral("front_l"), QStringLiteral("front_r"), QStringLiteral("back_l"), QStringLiteral("back_r")};
    return {};
}

} // namespace bpat

#include "species/Species.h"

namespace bpat {

namespace {

using Rigs = QList<Species::EraRig>;

// The game's species, in id order (bpat-v1.md "Species ids", bpat-versions.md sections 1 and
// 6). Rigs over time: the humanoid's 20 bones in every version; horse and elephant 8 bones in
// the first v1 files, 16 by 87c4b9aa and until 18c572f2 (during v2), then 50 / 32; sheep and
// wolf 20 bones at 7ea61077, 21 from dd02abed (during v2).
QList<Species> table()
{
    const Rigs humanoid{{1, 3, 20, QStringLiteral("humanoid"), QStringLiteral("66dede4b")}};
    const Rigs humanoidFromV2{{2, 3, 20, QStringLiteral("humanoid"), QStringLiteral("fc25624e")}};
    const Rigs wildlife{{2, 2, 20, QStringLiteral("wildlife_20bone"), QStringLiteral("7ea61077")},
                        {2, 3, 21, QStringLiteral("wildlife"), QStringLiteral("dd02abed")}};
    // A variant of the humanoid: its name is the humanoid's and the variant's ("humanoid_sword");
    // it tries its own bodies, then the humanoid's.
    const auto humanoidVariant = [&](quint32 id, const QString &name, Species::Since since, const Rigs &rigs) {
        return Species{id,
                       name,
                       Species::Humanoid,
                       QString(),
                       since,
                       rigs,
                       {name, QStringLiteral("humanoid")},
                       QString(),
                       GaitKind::Humanoid};
    };
    return {
        {Species::Humanoid,
         QStringLiteral("humanoid"),
         Species::Humanoid,
         QString(),
         Species::Since::V1Reader,
         humanoid,
         {QStringLiteral("humanoid")},
         QString(),
         GaitKind::Humanoid},
        {Species::Horse,
         QStringLiteral("horse"),
         Species::Horse,
         QString(),
         Species::Since::V1Reader,
         {{1, 1, 8, QStringLiteral("horse_8bone"), QStringLiteral("66dede4b")},
          {1, 2, 16, QStringLiteral("horse"), QStringLiteral("87c4b9aa")},
          {2, 3, 50, QStringLiteral("horse_50bone"), QStringLiteral("18c572f2")}},
         {QStringLiteral("horse")},
         QStringLiteral("horse_minimal.bpsm"),
         GaitKind::Quadruped},
        {Species::Elephant,
         QStringLiteral("elephant"),
         Species::Elephant,
         QString(),
         Species::Since::V1Reader,
         {{1, 1, 8, QStringLiteral("elephant_8bone"), QStringLiteral("66dede4b")},
          {1, 2, 16, QStringLiteral("elephant"), QStringLiteral("87c4b9aa")},
          {2, 3, 32, QStringLiteral("elephant_32bone"), QStringLiteral("18c572f2")}},
         {QStringLiteral("elephant")},
         QStringLiteral("elephant_minimal.bpsm"),
         GaitKind::Quadruped},
        humanoidVariant(Species::HumanoidSword, QStringLiteral("humanoid_sword"), Species::Since::V1Reader, humanoid),
        humanoidVariant(Species::HumanoidSpear, QStringLiteral("humanoid_spear"), Species::Since::V1Later, humanoid),
        // The skeleton has bodies of its own, named the other way round.
        {Species::HumanoidSkeleton,
         QStringLiteral("humanoid_skeleton"),
         Species::Humanoid,
         QString(),
         Species::Since::V1Later,
         humanoid,
         {QStringLiteral("skeleton_humanoid")},
         QString(),
         GaitKind::Humanoid},
        humanoidVariant(Species::HumanoidCaster, QStringLiteral("humanoid_caster"), Species::Since::V2, humanoidFromV2),
        humanoidVariant(Species::HumanoidStaveCaster, QStringLiteral("humanoid_stave_caster"), Species::Since::V2,
                        humanoidFromV2),
        {Species::Sheep,
         QStringLiteral("sheep"),
         Species::Sheep,
         QString(),
         Species::Since::V2,
         wildlife,
         {QStringLiteral("sheep")},
         QString(),
         GaitKind::Quadruped},
        {Species::Wolf,
         QStringLiteral("wolf"),
         Species::Wolf,
         QString(),
         Species::Since::V2,
         wildlife,
         {QStringLiteral("wolf")},
         QString(),
         GaitKind::Quadruped},
    };
}

} // namespace

QString gaitKindName(GaitKind kind)
{
    switch (kind) {
    case GaitKind::Humanoid: return QStringLiteral("humanoid");
    case GaitKind::Quadruped: return QStringLiteral("quadruped");
    case GaitKind::None: break;
    }
    return QStringLiteral("other");
}

const QList<Species> &Species::all()
{
    static const QList<Species> species = [] {
        QList<Species> list = table();
        // A variant is named after its base: "humanoid_sword" is the humanoid's "sword".
        for (Species &s : list) {
            if (s.base != s.id)
                s.variant = s.name.mid(list.at(qsizetype(s.base)).name.size() + 1);
        }
        return list;
    }();
    return species;
}

const Species *Species::byId(quint32 id)
{
    const QList<Species> &list = all();
    // The table is in id order with no gaps (tst_Species checks it).
    return id < quint32(list.size()) ? &list.at(qsizetype(id)) : nullptr;
}

const Species *Species::byName(const QString &name)
{
    for (const Species &s : all()) {
        if (s.name == name)
            return &s;
    }
    return nullptr;
}

QString Species::nameOf(quint32 id)
{
    const Species *s = byId(id);
    return s ? s->name : QString();
}

quint32 Species::lastId()
{
    return quint32(all().size() - 1);
}

std::optional<quint32> Species::idOf(const QString &nameOrId)
{
    bool number = false;
    const uint id = nameOrId.toUInt(&number);
    if (number)
        return isKnown(id) ? std::optional<quint32>(id) : std::nullopt;
    const Species *s = byName(nameOrId);
    return s ? std::optional<quint32>(s->id) : std::nullopt;
}

bool Species::inFirstV1Reader(quint32 id)
{
    const Species *s = byId(id);
    return s && s->since == Since::V1Reader;
}

QString Species::idRange(bool firstV1Reader)
{
    quint32 lo = ~quint32(0), hi = 0;
    for (const Species &s : all()) {
        if ((s.since == Since::V1Reader) == firstV1Reader) {
            lo = std::min(lo, s.id);
            hi = std::max(hi, s.id);
        }
    }
    return lo > hi ? QString() : QStringLiteral("%1..%2").arg(lo).arg(hi);
}

QList<quint32> Species::boneCounts(quint32 id, quint32 version)
{
    QList<quint32> counts;
    const Species *s = byId(id);
    if (!s)
        return counts;
    for (const EraRig &r : s->rigs) {
        if (version >= r.firstVersion && version <= r.lastVersion)
            counts.append(quint32(r.boneCount));
    }
    return counts;
}

bool Species::isGameRig(quint32 id, quint32 boneCount)
{
    const Species *s = byId(id);
    return s && boneCount <= 64 && s->rigWithBones(int(boneCount)) != nullptr;
}

QString Species::describeCounts(const QList<quint32> &counts)
{
    QStringList parts;
    for (quint32 c : counts)
        parts << QString::number(c);
    return parts.join(QStringLiteral(" or "));
}

const Species::EraRig *Species::rigWithBones(int boneCount) const
{
    for (const EraRig &r : rigs) {
        if (r.boneCount == boneCount)
            return &r;
    }
    return nullptr;
}

const Species::EraRig *Species::rigOfVersion(quint32 version) const
{
    const EraRig *newest = nullptr;
    for (const EraRig &r : rigs) {
        if (version >= r.firstVersion && version <= r.lastVersion)
            newest = &r;
    }
    return newest;
}

std::optional<quint32> Species::ofBodyStem(const QString &stem)
{
    if (stem.isEmpty())
        return std::nullopt;
    for (const Species &s : all()) {
        if (!s.bodyNames.isEmpty() && s.bodyNames.first() == stem)
            return s.id;
    }
    if (const Species *s = byName(stem))
        return s->id;
    return std::nullopt;
}

QList<quint32> Species::bodyUsers() const
{
    QList<quint32> users{id};
    if (bodyNames.isEmpty())
        return users;
    const QString &shared = bodyNames.last(); // the family's bodies, the last name tried
    for (const Species &s : all()) {
        if (s.id != id && s.bodyNames.contains(shared))
            users.append(s.id);
    }
    return users;
}

} // namespace bpat

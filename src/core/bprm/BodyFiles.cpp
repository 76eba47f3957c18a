#include "bprm/BodyFiles.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "bpat/GameRigs.h"

#include <QDir>
#include <QFileInfo>

namespace bpat::BodyFiles {

namespace {

constexpr quint32 Humanoid = 0, Skeleton = 5;
const QString FullSuffix = QStringLiteral("_full.bprm");
const QString MinimalSuffix = QStringLiteral("_minimal.bprm");

bool isHumanoid(quint32 id)
{
    return id == 0 || id == 3 || id == 4 || id == 6 || id == 7;
}

QString existing(const QString &path)
{
    return QFileInfo(path).isFile() ? path : QString();
}

// "horse" of ".../horse_full.bprm", with which level of detail the name says (-1: neither).
QString bodyStem(const QString &bodyPath, int *lod)
{
    const QString name = QFileInfo(bodyPath).fileName();
    for (const auto &[suffix, l] : {std::pair{FullSuffix, 0}, std::pair{MinimalSuffix, 1}}) {
        if (name.endsWith(suffix, Qt::CaseInsensitive) && name.size() > suffix.size()) {
            if (lod)
                *lod = l;
            return name.left(name.size() - suffix.size());
        }
    }
    if (lod)
        *lod = -1;
    return {};
}

} // namespace

QStringList bodyNames(quint32 speciesId)
{
    const QString own = format::speciesName(speciesId);
    if (own.isEmpty())
        return {};
    if (speciesId == Skeleton)
        return {QStringLiteral("skeleton_humanoid")};
    if (isHumanoid(speciesId) && speciesId != Humanoid)
        return {own, format::speciesName(Humanoid)};
    return {own};
}

Bodies besideBpat(const QString &bpatPath, quint32 speciesId)
{
    const QDir dir = QFileInfo(bpatPath).absoluteDir();
    for (const QString &name : bodyNames(speciesId)) {
        Bodies b{existing(dir.filePath(name + FullSuffix)), existing(dir.filePath(name + MinimalSuffix))};
        if (!b.isEmpty())
            return b;
    }
    return {};
}

QString exportBodyFor(const QString &bpatPath)
{
    const std::optional<BpatFile> file = BpatFile::open(bpatPath);
    if (!file || !file->hasMagic())
        return QString();
    const Bodies found = besideBpat(bpatPath, file->header().speciesId);
    return found.full.isEmpty() ? found.minimal : found.full;
}

Bodies withSibling(const QString &bodyPath, quint32 lod)
{
    int named = -1;
    const QString stem = bodyStem(bodyPath, &named);
    const QDir dir = QFileInfo(bodyPath).absoluteDir();
    if (named == 0)
        return {bodyPath, existing(dir.filePath(stem + MinimalSuffix))};
    if (named == 1)
        return {existing(dir.filePath(stem + FullSuffix)), bodyPath};
    return lod == 1 ? Bodies{QString(), bodyPath} : Bodies{bodyPath, QString()};
}

std::optional<quint32> speciesOfBody(const QString &bodyPath)
{
    const QString stem = bodyStem(bodyPath, nullptr);
    if (stem.isEmpty())
        return std::nullopt;
    if (stem == QLatin1String("skeleton_humanoid"))
        return Skeleton;
    return format::speciesIdFromName(stem);
}

QString speciesMismatch(const QString &bodyPath, quint32 speciesId)
{
    const std::optional<quint32> body = speciesOfBody(bodyPath);
    if (!body)
        return QString();
    const QStringList names = bodyNames(speciesId);
    for (const QString &name : names) {
        if (speciesOfBody(name + FullSuffix) == body)
            return QString();
    }
    return QStringLiteral("%1 is a body of the %2 (by its name), not of the %3 (whose bodies are %4)")
        .arg(QFileInfo(bodyPath).fileName(), format::speciesName(*body),
             format::speciesName(speciesId).isEmpty() ? QStringLiteral("species %1").arg(speciesId)
                                                      : format::speciesName(speciesId),
             names.isEmpty() ? QStringLiteral("unknown") : names.join(QStringLiteral("_*, ")) + QStringLiteral("_*"));
}

PairedRig pairedRig(const QString &bodyPath)
{
    const std::optional<quint32> species = speciesOfBody(bodyPath);
    if (!species)
        return {};
    // The BPATs that draw this body, by the same naming the game uses to find it.
    QList<quint32> users;
    if (*species == Skeleton)
        users = {Skeleton};
    else if (isHumanoid(*species))
        users = {*species, Humanoid, 3, 4, 6, 7};
    else
        users = {*species};
    const QDir dir = QFileInfo(bodyPath).absoluteDir();
    for (quint32 id : users) {
        const QString candidate = dir.filePath(format::speciesName(id) + QStringLiteral(".bpat"));
        if (!QFileInfo(candidate).isFile())
            continue;
        const std::optional<BpatFile> bpat = BpatFile::open(candidate);
        if (!bpat || !bpat->hasMagic())
            continue;
        const quint32 bones = bpat->header().boneCount;
        if (bones >= 1 && bones <= 64)
            return {int(bones), QStringLiteral("%1 beside it (%2 bones)").arg(QFileInfo(candidate).fileName()).arg(bones),
                    candidate};
    }
    const QList<quint32> counts = GameRigs::boneCounts(*species, 3);
    if (counts.size() == 1)
        return {int(counts.first()),
                QStringLiteral("the game's current %1 rig (%2 bones)").arg(format::speciesName(*species)).arg(counts.first()),
                QString()};
    return {};
}

std::optional<Rig> rigOf(const QString &bodyPath)
{
    const PairedRig paired = pairedRig(bodyPath);
    if (!paired.bpatPath.isEmpty()) {
        if (const std::optional<BpatFile> bpat = BpatFile::open(paired.bpatPath))
            return Rig::forFile(*bpat);
    }
    const std::optional<quint32> species = speciesOfBody(bodyPath);
    if (species && paired.boneCount > 0)
        return Rig::forSpeciesOrDescription(*species, paired.boneCount);
    return std::nullopt;
}

} // namespace bpat::BodyFiles

#include "bprm/BodyFiles.h"

#include "bpat/BpatFile.h"
#include "species/Species.h"
#include "species/SpeciesRig.h"

#include <QDir>
#include <QFileInfo>

namespace bpat::BodyFiles {

namespace {

const QString FullSuffix = QStringLiteral("_full.bprm");
const QString MinimalSuffix = QStringLiteral("_minimal.bprm");

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
    const Species *species = Species::byId(speciesId);
    return species ? species->bodyNames : QStringList();
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
    return Species::ofBodyStem(bodyStem(bodyPath, nullptr));
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
        .arg(QFileInfo(bodyPath).fileName(), Species::nameOf(*body),
             Species::nameOf(speciesId).isEmpty() ? QStringLiteral("species %1").arg(speciesId) : Species::nameOf(speciesId),
             names.isEmpty() ? QStringLiteral("unknown") : names.join(QStringLiteral("_*, ")) + QStringLiteral("_*"));
}

PairedRig pairedRig(const QString &bodyPath)
{
    const std::optional<quint32> species = speciesOfBody(bodyPath);
    if (!species)
        return {};
    // The BPATs that draw this body, by the same naming the game uses to find it.
    const QDir dir = QFileInfo(bodyPath).absoluteDir();
    for (quint32 id : Species::byId(*species)->bodyUsers()) {
        const QString candidate = dir.filePath(Species::byId(id)->bpatFileName());
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
    const QList<quint32> counts = Species::boneCounts(*species, 3);
    if (counts.size() == 1)
        return {int(counts.first()),
                QStringLiteral("the game's current %1 rig (%2 bones)").arg(Species::nameOf(*species)).arg(counts.first()),
                QString()};
    return {};
}

std::optional<Rig> rigOf(const QString &bodyPath)
{
    const PairedRig paired = pairedRig(bodyPath);
    if (!paired.bpatPath.isEmpty()) {
        if (const std::optional<BpatFile> bpat = BpatFile::open(paired.bpatPath))
            return bpat->rig();
    }
    const std::optional<quint32> species = speciesOfBody(bodyPath);
    const SpeciesRig *rig = species && paired.boneCount > 0 ? SpeciesRig::find(*species, paired.boneCount) : nullptr;
    return rig ? std::optional<Rig>(rig->rig()) : std::nullopt;
}

} // namespace bpat::BodyFiles

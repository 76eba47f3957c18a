#include "CrowdScene.h"

#include "bpat/BpatFile.h"
#include "bprm/BodyFiles.h"
#include "crowd/FormationLayout.h"
#include "ViewportScene.h"

#include <QFileInfo>
#include <QLocale>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {

void report(bpat::Diagnostics *out, const QString &code, bpat::Severity severity, const QString &path, const QString &message)
{
    if (out)
        out->append(bpat::Diagnostic{code, severity, path + QStringLiteral(": ") + message, std::nullopt, path});
}

QString fileName(const QString &path)
{
    return QFileInfo(path).fileName();
}

// The bodies a species of a specification asks for, checked against its palette; the one
// drawn set on `scene`. Returns the minimal body (a candidate level when the full one is drawn).
BodySource chooseBody(const bpat::CrowdSpeciesSpec &spec, ViewportScene &scene, bpat::Diagnostics *diagnostics)
{
    if (spec.body == u"stand-in")
        return BodySource();
    const PaletteSource &source = scene.source();
    const bool named = spec.body != u"full" && spec.body != u"minimal";
    const QString at = spec.jsonPath + (named ? QStringLiteral(".body") : QString());
    const QString standIn = QStringLiteral(": drawn with the stand-in");
    if (const QString problem = scene.bodyProblem(); !problem.isEmpty()) {
        report(diagnostics, QStringLiteral("CROWD_NO_BODY"), bpat::Severity::Warning, at,
               QStringLiteral("%1 cannot be drawn with a body (%2)%3").arg(source.label, problem, standIn));
        return BodySource();
    }
    bpat::BodyFiles::Bodies paths;
    if (named) {
        QString why;
        const std::optional<bpat::BprmFile> body = bpat::BprmFile::open(spec.body, &why);
        if (!body) {
            report(diagnostics, QStringLiteral("CROWD_NO_BODY"), bpat::Severity::Warning, at, why + standIn);
            return BodySource();
        }
        paths = bpat::BodyFiles::withSibling(spec.body, body->header().lod);
    } else {
        paths = bpat::BodyFiles::besideBpat(spec.file, source.speciesId);
    }
    if (paths.isEmpty()) {
        const QStringList names = bpat::BodyFiles::bodyNames(source.speciesId);
        report(diagnostics, QStringLiteral("CROWD_NO_BODY"), bpat::Severity::Warning, at,
               QStringLiteral("no body beside %1 (%2)%3")
                   .arg(source.label,
                        names.isEmpty() ? QStringLiteral("its species has no body names")
                                        : names.first() + QStringLiteral("_full.bprm or _minimal.bprm"),
                        standIn));
        return BodySource();
    }
    BodySource full, minimal;
    for (auto [path, body] : {std::pair{paths.full, &full}, std::pair{paths.minimal, &minimal}}) {
        if (path.isEmpty())
            continue;
        QString why;
        *body = BodySource::open(path, source.boneCount, &why);
        if (!body->isValid())
            report(diagnostics, QStringLiteral("CROWD_NO_BODY"), bpat::Severity::Warning, at,
                   QStringLiteral("%1: %2").arg(fileName(path), why));
    }
    // The body named, or the level of detail asked for (the other one where it is missing).
    const BodySource *chosen = nullptr;
    if (named)
        chosen = QFileInfo(paths.full) == QFileInfo(spec.body) ? &full : &minimal;
    else if (spec.body == u"minimal")
        chosen = minimal.isValid() ? &minimal : &full;
    else
        chosen = full.isValid() ? &full : &minimal;
    if (!chosen->isValid()) {
        report(diagnostics, QStringLiteral("CROWD_NO_BODY"), bpat::Severity::Warning, at,
               QStringLiteral("no usable body") + standIn);
        return BodySource();
    }
    scene.setBody(*chosen);
    return chosen == &full ? minimal : BodySource();
}

} // namespace

CrowdSpecies CrowdScene::speciesOf(const ViewportScene &scene, const BodySource *minimal, const QString &label)
{
    CrowdSpecies s;
    s.label = label;
    s.source = scene.source();
    const bool body = scene.showsBody();
    s.bindSpace = body;
    s.body = body ? scene.body().label() : QStringLiteral("stand-in");
    s.roleColors = body ? BodySource::roleColors() : scene.roleColors();
    QList<std::pair<quint32, quint32>> clips;
    for (const PaletteClip &clip : s.source.clips)
        clips.append({clip.frameOffset, clip.frameCount});
    QList<QList<float>> poses;
    for (quint32 frame : bpat::LodChain::sampleFrames(clips, kSamplePoses)) {
        QList<float> rows = scene.meshRows(frame);
        if (rows.size() == qsizetype(s.source.boneCount) * 16)
            poses.append(std::move(rows));
    }
    const bpat::CreatureMesh &base = body ? scene.body().mesh() : scene.crowdMesh();
    const bool lighter = body && minimal && minimal->isValid() && minimal->path() != scene.body().path();
    s.levels = bpat::LodChain::build(base, body ? fileName(scene.body().path()) : QStringLiteral("stand-in"), poses,
                                     lighter ? &minimal->mesh() : nullptr, lighter ? fileName(minimal->path()) : QString(),
                                     bpat::LodChain::Options());
    QList<float> deviations;
    for (const bpat::LodLevel &level : std::as_const(s.levels))
        deviations.append(level.deviation);
    s.policy = bpat::LodPolicy(deviations);
    const QVector3D lo = scene.referenceLo(), hi = scene.referenceHi();
    const QVector3D extent = hi - lo;
    s.size = std::max({extent.x(), extent.y(), extent.z(), 0.05f});
    s.footprint = std::max({extent.x(), extent.z(), 0.05f});
    s.centre = (lo + hi) / 2;
    return s;
}

std::shared_ptr<CrowdScene> CrowdScene::fromSpecFile(const QString &path, const Progress &progress)
{
    bpat::Diagnostics diagnostics;
    const std::optional<bpat::CrowdSpec> spec = bpat::CrowdSpec::readFile(path, &diagnostics);
    std::shared_ptr<CrowdScene> crowd = spec ? fromSpec(*spec, &diagnostics, progress) : nullptr;
    if (!crowd && spec) // stopped
        return nullptr;
    if (!crowd)
        crowd = std::make_shared<CrowdScene>();
    crowd->messages = wordings(diagnostics);
    return crowd;
}

std::shared_ptr<CrowdScene> CrowdScene::fromSpec(const bpat::CrowdSpec &spec, bpat::Diagnostics *diagnostics,
                                                 const Progress &progress)
{
    auto crowd = std::make_shared<CrowdScene>();
    int done = 0;
    for (const bpat::CrowdSpeciesSpec &entry : spec.species) {
        if (progress && !progress(done++, int(spec.species.size())))
            return nullptr;
        const QString filePath = entry.jsonPath + QStringLiteral(".file");
        QString why;
        const std::optional<bpat::BpatFile> file = bpat::BpatFile::open(entry.file, &why);
        const PaletteSource source = file ? PaletteSource::fromFile(*file, &why) : PaletteSource();
        if (!source.isValid()) {
            report(diagnostics, QStringLiteral("CROWD_UNREADABLE_FILE"), bpat::Severity::Error, filePath,
                   QStringLiteral("%1 cannot be drawn: %2; the species is left out").arg(entry.file, why));
            continue;
        }
        ViewportScene scene;
        scene.setSource(source);
        const BodySource minimal = chooseBody(entry, scene, diagnostics);
        // The same file with the same body twice (infantry and archers): its levels of detail
        // are made once.
        const QString key = QStringLiteral("%1|%2|%3")
                                .arg(QFileInfo(entry.file).canonicalFilePath(),
                                     scene.showsBody() ? scene.body().path() : QString(), minimal.path());
        const auto made = std::find_if(crowd->species.cbegin(), crowd->species.cend(),
                                       [&](const CrowdSpecies &other) { return other.levelsKey == key; });
        CrowdSpecies species = made != crowd->species.cend() ? *made : speciesOf(scene, &minimal, fileName(entry.file));
        species.instances.clear();
        species.source = source;
        species.levelsKey = key;
        species.jsonPath = entry.jsonPath;

        // The clips it plays, by name; unknown names are skipped.
        QList<int> clips;
        QList<double> weights;
        for (qsizetype k = 0; k < entry.clips.size(); ++k) {
            const bpat::CrowdClipChoice &choice = entry.clips.at(k);
            int found = -1;
            for (int c = 0; c < source.clips.size() && found < 0; ++c)
                found = source.clips.at(c).name == choice.name ? c : -1;
            if (found < 0) {
                QStringList names;
                for (const PaletteClip &clip : source.clips.mid(0, 8))
                    names << clip.name;
                report(diagnostics, QStringLiteral("CROWD_UNKNOWN_CLIP"), bpat::Severity::Warning,
                       QStringLiteral("%1.clips[%2]").arg(entry.jsonPath).arg(k),
                       QStringLiteral("%1 has no clip named '%2' (it has %3: %4%5); skipped")
                           .arg(species.label, choice.name)
                           .arg(source.clips.size())
                           .arg(names.join(QStringLiteral(", ")), source.clips.size() > 8 ? QStringLiteral(", ...") : QString()));
                continue;
            }
            clips.append(found);
            weights.append(choice.weight);
        }
        if (clips.isEmpty()) { // none asked for, or none known: every looping clip (every clip if none loops)
            for (int c = 0; c < source.clips.size(); ++c) {
                if (source.clips.at(c).loops)
                    clips.append(c);
            }
            for (int c = 0; clips.isEmpty() && c < source.clips.size(); ++c)
                clips.append(c);
            weights = QList<double>(clips.size(), 1.0);
        }
        const QList<bpat::CrowdMember> members = bpat::FormationLayout::place(entry, weights, species.footprint);
        species.instances.reserve(members.size());
        for (const bpat::CrowdMember &m : members) {
            const PaletteClip &clip = source.clips.at(clips.at(m.clip));
            CreatureInstance instance;
            instance.x = m.x;
            instance.z = m.z;
            instance.yaw = m.yaw;
            instance.frameOffset = clip.frameOffset;
            instance.frameCount = float(clip.frameCount);
            instance.fps = clip.fps;
            instance.phase = m.phase;
            instance.loops = clip.loops ? 1 : 0;
            species.instances.append(instance);
        }
        crowd->species.append(std::move(species));
    }
    if (diagnostics)
        crowd->messages = wordings(*diagnostics);
    return crowd;
}

bool CrowdScene::isEmpty() const
{
    return instanceCount() == 0;
}

int CrowdScene::instanceCount() const
{
    int n = 0;
    for (const CrowdSpecies &s : species)
        n += int(s.instances.size());
    return n;
}

void CrowdScene::bounds(QVector3D *lo, QVector3D *hi) const
{
    QVector3D l(INFINITY, INFINITY, INFINITY), h(-INFINITY, -INFINITY, -INFINITY);
    for (const CrowdSpecies &s : species) {
        const float r = s.size / 2;
        for (const CreatureInstance &i : s.instances) {
            const QVector3D c(i.x, i.y + s.centre.y(), i.z);
            for (int d = 0; d < 3; ++d) {
                l[d] = std::min(l[d], c[d] - r);
                h[d] = std::max(h[d], c[d] + r);
            }
        }
    }
    *lo = l;
    *hi = h;
}

QStringList CrowdScene::wordings(const bpat::Diagnostics &diagnostics)
{
    QStringList out;
    for (const bpat::Diagnostic &d : diagnostics)
        out << (d.severity == bpat::Severity::Error ? QStringLiteral("error: ") : QString()) + d.message;
    return out;
}

} // namespace bpat::studio

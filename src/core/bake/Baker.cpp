#include "bake/Baker.h"

#include "bpat/BpatSaver.h"
#include "bpat/BpatStreamWriter.h"
#include "bpat/BpatWriter.h"
#include "bpat/VersionConverter.h"
#include "bpsm/BpsmFormat.h"
#include "io/AtomicFile.h"
#include "bpsm/BpsmWriter.h"
#include "mesh/CreatureMeshBuilder.h"

#include <QDir>
#include <QFileInfo>
#include <QtConcurrent/QtConcurrentMap>

namespace bpat {

Baker::Baker(QList<SpeciesManifest> manifests)
    : m_manifests(std::move(manifests))
{
}

std::optional<BpatDocument> Baker::bakeDocument(const SpeciesManifest &manifest, QString *error)
{
    auto fail = [&](const QString &why) -> std::optional<BpatDocument> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!manifest.clipPalette || manifest.clips.isEmpty())
        return fail(QStringLiteral("%1: the manifest has no clips").arg(manifest.speciesName));
    const quint32 bones = quint32(manifest.boneCount());
    BpatDocument doc = manifest.emptyDocument();
    for (int c = 0; c < manifest.clips.size(); ++c) {
        const ClipSpec &spec = manifest.clips.at(c);
        BpatClip clip = spec.emptyClip();
        clip.frameCount = quint32(spec.frameCount);
        clip.palette.resize(qsizetype(spec.frameCount) * bones * 16);
        const QList<QList<QMatrix4x4>> frames = manifest.bakeClip(c);
        for (int f = 0; f < frames.size(); ++f) {
            if (frames.at(f).size() != qsizetype(bones))
                return fail(QStringLiteral("%1/%2 frame %3: %4 matrices, expected %5")
                                .arg(manifest.speciesName, spec.name)
                                .arg(f)
                                .arg(frames.at(f).size())
                                .arg(bones));
            for (quint32 b = 0; b < bones; ++b)
                clip.setMatrix(quint32(f), b, bones, frames.at(f).at(b));
        }
        QString why;
        if (!doc.addClip(std::move(clip), &why))
            return fail(QStringLiteral("%1/%2: %3").arg(manifest.speciesName, spec.name, why));
    }
    const QStringList problems = doc.problems();
    if (!problems.isEmpty())
        return fail(manifest.speciesName + QStringLiteral(": ") + problems.join(QStringLiteral("; ")));
    return doc;
}

std::optional<BpsmSnapshot> Baker::bakeSnapshot(const SpeciesManifest &manifest, const BpatDocument &document, QString *error)
{
    auto fail = [&](const QString &why) -> std::optional<BpsmSnapshot> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!manifest.creature)
        return fail(QStringLiteral("%1: no creature description for the snapshot mesh").arg(manifest.speciesName));
    QList<float> bind;
    for (const QMatrix4x4 &m : manifest.bindPalette)
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c)
                bind.append(m(r, c));
    const CreatureMesh mesh = CreatureMeshBuilder::build(*manifest.creature, bind, SnapshotSegments);
    const QString meshProblem = mesh.isEmpty() ? QStringLiteral("empty mesh") : mesh.validate();
    if (!meshProblem.isEmpty())
        return fail(QStringLiteral("%1: snapshot mesh: %2").arg(manifest.speciesName, meshProblem));

    BpsmSnapshot snapshot;
    snapshot.speciesId = manifest.speciesId;
    snapshot.lod = SnapshotLod;
    snapshot.vertexCount = quint32(mesh.vertexCount());
    snapshot.indices = mesh.indices();
    snapshot.vertices.reserve(qsizetype(document.frameTotal()) * mesh.vertexCount());
    const quint32 bones = document.boneCount();
    for (const BpatClip &clip : document.clips()) {
        snapshot.clips.append(BpsmClip{clip.name, clip.frameCount});
        for (quint32 f = 0; f < clip.frameCount; ++f) {
            QList<QMatrix4x4> palette;
            for (quint32 b = 0; b < bones; ++b)
                palette.append(clip.matrix(f, b, bones));
            snapshot.appendFrame(mesh, palette);
        }
    }
    const QString problem = snapshot.problem();
    if (!problem.isEmpty())
        return fail(QStringLiteral("%1: snapshot: %2").arg(manifest.speciesName, problem));
    return snapshot;
}

namespace {

// The species' clips as a plan: names, fps, loops, frame counts and the sockets, no palettes
// (BpatStreamWriter streams every clip). nullopt + reason as bakeDocument() would fail.
std::optional<BpatDocument> planDocument(const SpeciesManifest &manifest, QString *error)
{
    if (!manifest.clipPalette || manifest.clips.isEmpty()) {
        *error = QStringLiteral("%1: the manifest has no clips").arg(manifest.speciesName);
        return std::nullopt;
    }
    BpatDocument plan = manifest.emptyDocument();
    for (int c = 0; c < manifest.clips.size(); ++c) {
        const ClipSpec &spec = manifest.clips.at(c);
        QString why;
        if (!plan.addClip(spec.emptyClip(), &why)) {
            *error = QStringLiteral("%1/%2: %3").arg(manifest.speciesName, spec.name, why);
            return std::nullopt;
        }
        plan.clip(c).frameCount = quint32(spec.frameCount);
    }
    // What would stop the file being written, but for the plan's empty palettes.
    const QStringList layout = plan.layoutProblems();
    QStringList problems;
    for (const QString &p : plan.problems()) {
        if (!layout.contains(p))
            problems << p;
    }
    if (!problems.isEmpty()) {
        *error = manifest.speciesName + QStringLiteral(": ") + problems.join(QStringLiteral("; "));
        return std::nullopt;
    }
    return plan;
}

// One clip's frames as the manifest poses them, checked against the plan.
std::optional<QList<QList<QMatrix4x4>>> clipFrames(const SpeciesManifest &manifest, int c, quint32 bones, QString *why)
{
    const ClipSpec &spec = manifest.clips.at(c);
    QList<QList<QMatrix4x4>> frames = manifest.bakeClip(c);
    if (frames.size() != qsizetype(spec.frameCount)) {
        *why = QStringLiteral("%1/%2: %3 frames, expected %4")
                   .arg(manifest.speciesName, spec.name)
                   .arg(frames.size())
                   .arg(spec.frameCount);
        return std::nullopt;
    }
    for (int f = 0; f < frames.size(); ++f) {
        if (frames.at(f).size() != qsizetype(bones)) {
            *why = QStringLiteral("%1/%2 frame %3: %4 matrices, expected %5")
                       .arg(manifest.speciesName, spec.name)
                       .arg(f)
                       .arg(frames.at(f).size())
                       .arg(bones);
            return std::nullopt;
        }
    }
    return frames;
}

// The BPAT, streamed into QSaveFile one clip at a time (the bytes BpatWriter writes for
// bakeDocument()'s document).
bool writeBpat(const SpeciesManifest &manifest, const BpatDocument &plan, const StreamedFill &fill, const QString &path,
               QString *error)
{
    BpatStreamWriter writer(plan, fill);
    ValidationOptions deep; // every value finite, as `bpat validate --deep` checks it
    deep.deep = true;
    writer.setDeepChecks(deep);
    const quint32 bones = plan.boneCount();
    return AtomicFile::write(
        path,
        [&](QIODevice *device, QString *why) {
            if (!writer.begin(device, why))
                return false;
            for (int c = 0; c < plan.clipCount(); ++c) {
                const auto frames = clipFrames(manifest, c, bones, why);
                if (!frames)
                    return false;
                BpatClip clip;
                clip.frameCount = quint32(frames->size());
                clip.palette.resize(qsizetype(clip.frameCount) * bones * 16);
                for (int f = 0; f < frames->size(); ++f) {
                    for (quint32 b = 0; b < bones; ++b)
                        clip.setMatrix(quint32(f), b, bones, frames->at(f).at(b));
                }
                if (!writer.appendFrames(clip.palette.constData(), clip.frameCount, why))
                    return false;
            }
            if (!writer.finish(why))
                return false;
            const ValidationResult verdict = writer.withDeepFindings({}, ValidationProfile::Spec);
            if (!verdict.valid()) {
                *why = BpatSaver::invalidReason(verdict);
                return false;
            }
            return true;
        },
        error);
}

// The snapshot mesh, streamed frame by frame (the bytes BpsmWriter writes for bakeSnapshot()).
bool writeBpsm(const SpeciesManifest &manifest, const BpatDocument &plan, const QString &path, QString *contents, QString *error)
{
    if (!manifest.creature) {
        *error = QStringLiteral("%1: no creature description for the snapshot mesh").arg(manifest.speciesName);
        return false;
    }
    QList<float> bind;
    for (const QMatrix4x4 &m : manifest.bindPalette)
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c)
                bind.append(m(r, c));
    const CreatureMesh mesh = CreatureMeshBuilder::build(*manifest.creature, bind, Baker::SnapshotSegments);
    const QString meshProblem = mesh.isEmpty() ? QStringLiteral("empty mesh") : mesh.validate();
    if (!meshProblem.isEmpty()) {
        *error = QStringLiteral("%1: snapshot mesh: %2").arg(manifest.speciesName, meshProblem);
        return false;
    }
    BpsmSnapshot shape; // everything but the vertices
    shape.speciesId = manifest.speciesId;
    shape.lod = Baker::SnapshotLod;
    shape.vertexCount = quint32(mesh.vertexCount());
    shape.indices = mesh.indices();
    for (const BpatClip &clip : plan.clips())
        shape.clips.append(BpsmClip{clip.name, clip.frameCount});
    *contents = QStringLiteral("species %1, %2 vertices, %3 triangles, %4 clips, %5 frames")
                    .arg(shape.speciesId)
                    .arg(shape.vertexCount)
                    .arg(shape.indices.size() / 3)
                    .arg(shape.clips.size())
                    .arg(shape.frameTotal());
    const BpsmWriter writer(shape);
    const BpsmLayout layout = writer.streamLayout();
    return AtomicFile::write(
        path,
        [&](QIODevice *device, QString *why) {
            if (!AtomicFile::writeAll(device, writer.head(layout)))
                return false;
            QByteArray frameBytes(qsizetype(shape.vertexCount * bpsm::VertexSize), '\0');
            BpsmSnapshot frame; // one frame's vertices at a time
            for (int c = 0; c < plan.clipCount(); ++c) {
                const auto frames = clipFrames(manifest, c, plan.boneCount(), why);
                if (!frames)
                    return false;
                for (const QList<QMatrix4x4> &palette : *frames) {
                    frame.vertices.clear();
                    frame.appendFrame(mesh, palette);
                    for (qsizetype v = 0; v < frame.vertices.size(); ++v)
                        BpsmWriter::encodeVertex(frame.vertices.at(v),
                                                 reinterpret_cast<uchar *>(frameBytes.data()) + v * qsizetype(bpsm::VertexSize));
                    if (!AtomicFile::writeAll(device, frameBytes))
                        return false;
                }
            }
            return true;
        },
        error);
}

QList<BakeOutput> bakeOne(const SpeciesManifest &manifest, const QString &outDir, format::Dialect dialect)
{
    // Both files stream (the BPAT in any version, and the BPSM): each clip is posed when its turn comes, and
    // only that clip's frames (and one frame's skinned vertices) are in memory.
    QList<BakeOutput> outputs;
    BakeOutput bpat{manifest.speciesName, manifest.bpatFileName, QDir(outDir).filePath(manifest.bpatFileName), {}, 0, false, {}};
    QString error;
    std::optional<BpatDocument> plan = planDocument(manifest, &error);
    if (plan) {
        // Every version streams: the plan is converted as far as it can be without its frames
        // (VersionConverter), and the writer computes the rest (late v3's bind palette from the
        // first frame, skinning matrices, contacts) as the clips are posed.
        std::optional<BpatDocument> converted = plan;
        StreamedFill fill;
        QStringList warnings;
        if (dialect != format::Dialect::V1) {
            const ConvertResult result = VersionConverter::convert(*converted, ConvertOptions{dialect, {}, {}});
            if (!result.ok)
                error = result.error;
            else
                fill = result.streamed;
            warnings = result.warnings;
            if (!result.ok)
                converted.reset();
        }
        if (converted) {
            const BpatDocument &d = *converted;
            bpat.contents = QStringLiteral("species %1, %2 bones, %3 clips, %4 frames, %5 sockets")
                                .arg(d.speciesId())
                                .arg(d.boneCount())
                                .arg(d.clipCount())
                                .arg(d.frameTotal())
                                .arg(d.socketCount());
            if (dialect != format::Dialect::V1) {
                bpat.contents += QStringLiteral(", %1").arg(format::dialectName(d.dialect()));
                if (!warnings.isEmpty())
                    bpat.contents += QStringLiteral(" (%1)").arg(warnings.join(QStringLiteral("; ")));
            }
            bpat.ok = writeBpat(manifest, d, fill, bpat.path, &error);
        }
    }
    if (bpat.ok)
        bpat.bytes = quint64(QFileInfo(bpat.path).size());
    else
        bpat.error = error;
    outputs.append(bpat);
    if (manifest.snapshotFileName.isEmpty())
        return outputs;

    BakeOutput bpsm{
        manifest.speciesName, manifest.snapshotFileName, QDir(outDir).filePath(manifest.snapshotFileName), {}, 0, false, {}};
    if (!bpat.ok)
        error = QStringLiteral("not baked: the species' BPAT failed");
    else
        bpsm.ok = writeBpsm(manifest, *plan, bpsm.path, &bpsm.contents, &error);
    if (bpsm.ok)
        bpsm.bytes = quint64(QFileInfo(bpsm.path).size());
    else
        bpsm.error = error;
    outputs.append(bpsm);
    return outputs;
}

} // namespace

QList<BakeOutput> Baker::bake(const QString &outDir) const
{
    if (!QDir().mkpath(outDir)) {
        QList<BakeOutput> failed;
        for (const SpeciesManifest &m : m_manifests) {
            for (const QString &name : {m.bpatFileName, m.snapshotFileName}) {
                if (!name.isEmpty())
                    failed.append(BakeOutput{m.speciesName,
                                             name,
                                             QDir(outDir).filePath(name),
                                             {},
                                             0,
                                             false,
                                             QStringLiteral("%1: cannot create the directory").arg(outDir)});
            }
        }
        return failed;
    }
    const QList<QList<BakeOutput>> perSpecies = QtConcurrent::blockingMapped(
        m_manifests, [outDir, dialect = m_dialect](const SpeciesManifest &m) { return bakeOne(m, outDir, dialect); });
    QList<BakeOutput> outputs;
    for (const QList<BakeOutput> &list : perSpecies)
        outputs.append(list);
    return outputs;
}

bool Baker::allOk(const QList<BakeOutput> &outputs)
{
    return !outputs.isEmpty() && std::all_of(outputs.begin(), outputs.end(), [](const BakeOutput &o) { return o.ok; });
}

} // namespace bpat

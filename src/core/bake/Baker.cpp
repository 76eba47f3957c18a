#include "bake/Baker.h"

#include "bpat/BpatWriter.h"
#include "bpat/VersionConverter.h"
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
    BpatDocument doc(manifest.speciesId, bones);
    QList<BpatSocket> sockets;
    for (const SocketSpec &s : manifest.sockets)
        sockets.append(BpatSocket{s.name, quint32(s.anchorBone), s.localOffset});
    doc.setSockets(sockets); // before the clips, so adding a clip computes its socket rows
    for (int c = 0; c < manifest.clips.size(); ++c) {
        const ClipSpec &spec = manifest.clips.at(c);
        BpatClip clip;
        clip.name = spec.name;
        clip.fps = spec.fps;
        clip.loops = spec.loops;
        clip.frameCount = quint32(spec.frameCount);
        clip.palette.resize(qsizetype(spec.frameCount) * bones * 16);
        const QList<QList<QMatrix4x4>> frames = manifest.bakeClip(c);
        for (int f = 0; f < frames.size(); ++f) {
            if (frames.at(f).size() != qsizetype(bones))
                return fail(QStringLiteral("%1/%2 frame %3: %4 matrices, expected %5")
                                .arg(manifest.speciesName, spec.name).arg(f).arg(frames.at(f).size()).arg(bones));
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

std::optional<BpsmSnapshot> Baker::bakeSnapshot(const SpeciesManifest &manifest,
                                                const BpatDocument &document, QString *error)
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

QList<BakeOutput> bakeOne(const SpeciesManifest &manifest, const QString &outDir, format::Dialect dialect)
{
    QList<BakeOutput> outputs;
    BakeOutput bpat{manifest.speciesName, manifest.bpatFileName,
                    QDir(outDir).filePath(manifest.bpatFileName), {}, 0, false, {}};
    QString error;
    std::optional<BpatDocument> doc = Baker::bakeDocument(manifest, &error);
    QStringList warnings;
    if (doc && dialect != format::Dialect::V1) {
        const ConvertResult converted = VersionConverter::convert(*doc, ConvertOptions{dialect, {}, {}});
        warnings = converted.warnings;
        if (!converted.ok) {
            error = converted.error;
            doc.reset();
        }
    }
    if (doc) {
        bpat.contents = QStringLiteral("species %1, %2 bones, %3 clips, %4 frames, %5 sockets")
                            .arg(doc->speciesId()).arg(doc->boneCount()).arg(doc->clipCount())
                            .arg(doc->frameTotal()).arg(doc->socketCount());
        if (dialect != format::Dialect::V1)
            bpat.contents += QStringLiteral(", %1").arg(format::dialectName(doc->dialect()));
        if (!warnings.isEmpty())
            bpat.contents += QStringLiteral(" (%1)").arg(warnings.join(QStringLiteral("; ")));
        bpat.ok = BpatWriter(*doc).save(bpat.path, &error);
    }
    if (bpat.ok)
        bpat.bytes = quint64(QFileInfo(bpat.path).size());
    else
        bpat.error = error;
    outputs.append(bpat);
    if (manifest.snapshotFileName.isEmpty())
        return outputs;

    BakeOutput bpsm{manifest.speciesName, manifest.snapshotFileName,
                    QDir(outDir).filePath(manifest.snapshotFileName), {}, 0, false, {}};
    std::optional<BpsmSnapshot> snapshot;
    if (!doc)
        error = QStringLiteral("not baked: the species' BPAT failed");
    else
        snapshot = Baker::bakeSnapshot(manifest, *doc, &error);
    if (snapshot) {
        bpsm.contents = QStringLiteral("species %1, %2 vertices, %3 triangles, %4 clips, %5 frames")
                            .arg(snapshot->speciesId).arg(snapshot->vertexCount)
                            .arg(snapshot->indices.size() / 3).arg(snapshot->clips.size())
                            .arg(snapshot->frameTotal());
        bpsm.ok = BpsmWriter(*snapshot).save(bpsm.path, &error);
    }
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
                    failed.append(BakeOutput{m.speciesName, name, QDir(outDir).filePath(name), {}, 0, false,
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
    return !outputs.isEmpty()
        && std::all_of(outputs.begin(), outputs.end(), [](const BakeOutput &o) { return o.ok; });
}

} // namespace bpat

#include "CrowdBenchmark.h"

#include "bpat/BpatFile.h"
#include "BodySource.h"
#include "bprm/BodyFiles.h"
#include "CreatureRenderer.h"
#include "CrowdLayout.h"
#include "OffscreenBenchmark.h"
#include "SyntheticCreature.h"
#include "ViewportCanvas.h"
#include "ViewportScene.h"

#include <QElapsedTimer>
#include <QOpenGLExtraFunctions>
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bpat::studio {

std::optional<QJsonObject> CrowdBenchmark::run(const Options &options, QString *error)
{
    auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    bpat::BpatFile file;
    if (options.file.isEmpty()) {
        file = bpat::BpatFile::fromData(SyntheticCreature::humanoidFileBytes(), QStringLiteral("synthetic-humanoid.bpat"));
    } else {
        QString why;
        std::optional<bpat::BpatFile> opened = bpat::BpatFile::open(options.file, &why);
        if (!opened)
            return fail(why);
        file = *opened;
    }
    QString why;
    const PaletteSource source = PaletteSource::fromFile(file, &why);
    if (!source.isValid())
        return fail(QStringLiteral("%1: %2").arg(file.path(), why));
    ViewportScene scene;
    scene.setSource(source);
    // The game's bodies, as the viewport picks them.
    BodySource full, minimal;
    if (options.bodyView != QLatin1String("stand-in")) {
        bpat::BodyFiles::Bodies paths = bpat::BodyFiles::besideBpat(file.path(), source.speciesId);
        if (!options.body.isEmpty()) {
            const std::optional<bpat::BprmFile> body = bpat::BprmFile::open(options.body, &why);
            if (!body)
                return fail(why);
            paths = bpat::BodyFiles::withSibling(options.body, body->header().lod);
        }
        if (!paths.isEmpty() && !scene.bodyProblem().isEmpty())
            return fail(QStringLiteral("%1: cannot draw a body: %2").arg(source.label, scene.bodyProblem()));
        for (auto [path, body] : {std::pair{paths.full, &full}, std::pair{paths.minimal, &minimal}}) {
            if (path.isEmpty())
                continue;
            *body = BodySource::open(path, source.boneCount, &why);
            if (!body->isValid())
                return fail(QStringLiteral("%1: %2").arg(path, why));
        }
    }
    const bool minimalOnly = options.bodyView == QLatin1String("minimal");
    const BodySource *nearBody = minimalOnly ? (minimal.isValid()    ? &minimal
                                                    : full.isValid() ? &full
                                                                     : nullptr)
                                             : (full.isValid()          ? &full
                                                    : minimal.isValid() ? &minimal
                                                                        : nullptr);
    const BodySource *farBody = !minimalOnly && nearBody == &full && minimal.isValid() ? &minimal : nullptr;
    if (nearBody)
        scene.setBody(*nearBody); // bounds and spacing of the body

    OffscreenBenchmark bench;
    if (!bench.begin(options.width, options.height, &why))
        return fail(why);
    QOpenGLExtraFunctions *gl = bench.gl();

    QJsonObject result;
    {
        CreatureRenderer renderer;
        if (!renderer.initialize() || !renderer.setSource(source))
            return fail(renderer.error());
        if (nearBody) {
            renderer.setBindSpace(true);
            renderer.setMeshBytes(CreatureRenderer::Slot::Near, nearBody->vertexBytes(), nearBody->vertexCount(),
                                  nearBody->indexBytes(), nearBody->indexCount());
            if (farBody)
                renderer.setMeshBytes(CreatureRenderer::Slot::Far, farBody->vertexBytes(), farBody->vertexCount(),
                                      farBody->indexBytes(), farBody->indexCount());
            renderer.setRoleColors(BodySource::roleColors());
        } else {
            renderer.setMesh(scene.crowdMesh());
            renderer.setRoleColors(scene.roleColors());
        }
        const QVector3D lo = scene.referenceLo(), hi = scene.referenceHi();
        const float spacing = std::max(0.1f, std::max(hi.x() - lo.x(), hi.z() - lo.z()) * 1.4f);
        QList<CreatureInstance> instances = CrowdLayout::grid(source, options.instances, spacing);
        if (options.onion > 0) { // the viewport's onion skins, for every creature of the crowd
            QList<CreatureInstance> withGhosts;
            for (const CreatureInstance &creature : std::as_const(instances)) {
                withGhosts.append(creature);
                PaletteClip clip;
                clip.frameOffset = creature.frameOffset;
                clip.frameCount = quint32(creature.frameCount);
                clip.loops = (creature.loops & 1u) != 0;
                const quint32 frame = quint32(creature.phase * creature.frameCount) % std::max(1u, clip.frameCount);
                for (CreatureInstance ghost : ViewportCanvas::onionInstances(clip, frame, options.onion, 1)) {
                    ghost.x = creature.x;
                    ghost.y = creature.y;
                    ghost.z = creature.z;
                    ghost.yaw = creature.yaw;
                    ghost.fps = creature.fps;
                    withGhosts.append(ghost);
                }
            }
            instances = withGhosts;
        }
        const float half = std::ceil(std::sqrt(float(options.instances))) * spacing / 2;
        QMatrix4x4 projection, view;
        projection.perspective(45, float(options.width) / float(options.height), 0.1f, half * 8 + 50);
        const QVector3D eye(0, half * 1.2f + 3, half * 1.6f + 4);
        if (farBody) {
            QList<CreatureInstance> nearInstances, farInstances;
            CrowdLayout::splitByDistance(instances, eye, CrowdLayout::lodDistance(lo, hi), &nearInstances, &farInstances);
            renderer.setInstances(nearInstances, farInstances);
        } else {
            renderer.setInstances(instances);
        }
        view.lookAt(eye, QVector3D(0, 0, 0), QVector3D(0, 1, 0));
        CreatureRenderer::DrawParameters parameters;
        parameters.viewProjection = projection * view;
        parameters.cameraPosition = eye;
        parameters.interpolate = true;

        if (options.onion > 0) { // as the viewport draws onion skins: faded
            gl->glEnable(GL_BLEND);
            gl->glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
        }
        QList<double> cpuMs, frameMs;
        int drawCalls = 0;
        const int warmup = 2;
        for (int i = 0; i < options.frames + warmup; ++i) {
            QElapsedTimer timer;
            timer.start();
            parameters.time = float(i) / 60.0f;
            bench.clear();
            drawCalls = renderer.draw(parameters);
            const auto [issued, finished] = bench.finish(timer);
            if (i >= warmup) {
                cpuMs.append(issued);
                frameMs.append(finished);
            }
        }
        renderer.destroy();
        result.insert(QStringLiteral("instances"), options.instances);
        result.insert(QStringLiteral("onion"), options.onion);
        result.insert(QStringLiteral("drawn_instances"), renderer.instanceCount());
        result.insert(QStringLiteral("frames"), options.frames);
        result.insert(QStringLiteral("draw_calls_per_frame"), drawCalls);
        result.insert(QStringLiteral("cpu_ms_per_frame"), OffscreenBenchmark::median(cpuMs));
        result.insert(QStringLiteral("frame_ms"), OffscreenBenchmark::median(frameMs));
        result.insert(QStringLiteral("gl_renderer"), bench.rendererName());
        result.insert(QStringLiteral("mesh_vertices"), nearBody ? nearBody->vertexCount() : scene.crowdMesh().vertexCount());
        result.insert(QStringLiteral("mesh_triangles"), nearBody ? nearBody->triangleCount() : scene.crowdMesh().triangleCount());
        result.insert(QStringLiteral("body"), nearBody ? QJsonValue(nearBody->label()) : QJsonValue(QStringLiteral("stand-in")));
        if (farBody) {
            result.insert(QStringLiteral("far_body"), farBody->label());
            result.insert(QStringLiteral("far_instances"), renderer.instanceCount(CreatureRenderer::Slot::Far));
            result.insert(QStringLiteral("far_mesh_vertices"), farBody->vertexCount());
            result.insert(QStringLiteral("lod_distance"), double(CrowdLayout::lodDistance(lo, hi)));
        }
        result.insert(QStringLiteral("bones"), source.boneCount);
        result.insert(QStringLiteral("resolution"), QStringLiteral("%1x%2").arg(options.width).arg(options.height));
        result.insert(QStringLiteral("file"), source.label);
    }
    return result;
}

std::optional<int> CrowdBenchmark::runFromArguments(const QStringList &arguments)
{
    const qsizetype at = arguments.indexOf(QStringLiteral("--benchmark-crowd"));
    if (at < 0)
        return std::nullopt;
    Options options;
    bool ok = false;
    options.instances = arguments.value(at + 1).toInt(&ok);
    auto usage = [](const QString &message) {
        std::fprintf(stderr,
                     "%s\nusage: bpat-studio --benchmark-crowd N [--frames F] [--onion K] [--body FILE.bprm] "
                     "[--body-view full|minimal|stand-in] [FILE]\n",
                     qPrintable(message));
        return 2;
    };
    if (!ok || options.instances < 1 || options.instances > 10000000)
        return usage(QStringLiteral("--benchmark-crowd needs an instance count between 1 and 10000000"));
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (i == at || i == at + 1)
            continue;
        const QString &argument = arguments.at(i);
        if (argument == u"--frames") {
            options.frames = arguments.value(++i).toInt(&ok);
            if (!ok || options.frames < 1 || options.frames > 100000)
                return usage(QStringLiteral("--frames needs a count between 1 and 100000"));
        } else if (argument == u"--onion") {
            options.onion = arguments.value(++i).toInt(&ok);
            if (!ok || options.onion < 0 || options.onion > 16)
                return usage(QStringLiteral("--onion needs a count between 0 and 16"));
        } else if (argument == u"--body") {
            options.body = arguments.value(++i);
            if (options.body.isEmpty())
                return usage(QStringLiteral("--body needs a .bprm file"));
        } else if (argument == u"--body-view") {
            options.bodyView = arguments.value(++i);
            if (!QStringList{u"full"_qs, u"minimal"_qs, u"stand-in"_qs}.contains(options.bodyView))
                return usage(QStringLiteral("--body-view needs full, minimal or stand-in"));
        } else if (argument.startsWith(u'-') || !options.file.isEmpty()) {
            return usage(QStringLiteral("unexpected argument: ") + argument);
        } else {
            options.file = argument;
        }
    }
    QString error;
    const std::optional<QJsonObject> result = run(options, &error);
    return OffscreenBenchmark::print("benchmark-crowd", result, error);
}

} // namespace bpat::studio

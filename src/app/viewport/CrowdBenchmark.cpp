#include "CrowdBenchmark.h"

#include "bpat/BpatFile.h"
#include "BodySource.h"
#include "bprm/BodyFiles.h"
#include "CreatureRenderer.h"
#include "CrowdLayout.h"
#include "CrowdRenderer.h"
#include "CrowdScene.h"
#include "crowd/FormationLayout.h"
#include "OffscreenBenchmark.h"
#include "SyntheticCreature.h"
#include "ViewportCanvas.h"
#include "ViewportScene.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QOpenGLExtraFunctions>
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bpat::studio {

namespace {

constexpr float kFovY = 45;

struct Crowd
{
    std::shared_ptr<CrowdScene> scene;
    QString body = QStringLiteral("stand-in");
    QString file;
    QJsonArray findings;
};

// N of one file (or the synthetic humanoid) in a grid, drawn with the body the viewport would
// draw, with onion skins when asked.
std::optional<Crowd> fileCrowd(const CrowdBenchmark::Options &options, QString *error)
{
    auto fail = [&](const QString &message) {
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
    if (nearBody)
        scene.setBody(*nearBody);
    Crowd crowd;
    crowd.file = source.label;
    crowd.body = nearBody ? nearBody->label() : QStringLiteral("stand-in");
    CrowdSpecies species = CrowdScene::speciesOf(scene, !minimalOnly ? &minimal : nullptr, source.label);
    QList<CreatureInstance> instances =
        CrowdLayout::grid(source, options.instances, bpat::FormationLayout::defaultSpacing(species.footprint));
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
    species.instances = instances;
    crowd.scene = std::make_shared<CrowdScene>();
    crowd.scene->species.append(species);
    return crowd;
}

std::optional<Crowd> specCrowd(const CrowdBenchmark::Options &options, QString *error)
{
    bpat::Diagnostics diagnostics;
    const std::optional<bpat::CrowdSpec> spec = bpat::CrowdSpec::readFile(options.crowdSpec, &diagnostics);
    Crowd crowd;
    if (spec)
        crowd.scene = CrowdScene::fromSpec(*spec, &diagnostics);
    for (const QString &finding : CrowdScene::wordings(diagnostics))
        crowd.findings.append(finding);
    if (!crowd.scene || crowd.scene->isEmpty()) {
        *error = QStringLiteral("%1: nothing to draw: %2")
                     .arg(options.crowdSpec, CrowdScene::wordings(diagnostics).join(QStringLiteral("; ")));
        return std::nullopt;
    }
    crowd.file = options.crowdSpec;
    crowd.body = QStringLiteral("per species");
    return crowd;
}

struct Measured
{
    double cpu = 0, appCpu = 0, frame = 0;
    std::optional<double> gpu;
    CrowdRenderer::Stats stats;
};

// F frames after two warm-up frames of the crowd as the renderer is set up now.
// `vertexOnly`: the rasterizer discarded (GL_RASTERIZER_DISCARD), so the frame is the pre-pass
// and the vertex shading alone: where the two skinning paths differ, without the pixels they
// share.
Measured measure(OffscreenBenchmark &bench, CrowdRenderer &renderer, const CrowdBenchmark::Options &options, const QVector3D &lo,
                 const QVector3D &hi, bool vertexOnly = false)
{
    const QVector3D centre = (lo + hi) / 2;
    const float half = std::max({hi.x() - lo.x(), hi.z() - lo.z(), 1.0f}) / 2;
    QMatrix4x4 projection;
    projection.perspective(kFovY, float(options.width) / float(options.height), 0.1f, half * 8 + 50);
    QList<double> cpuMs, appMs, frameMs, gpuMs;
    const int warmup = 2;
    for (int i = 0; i < options.frames + warmup; ++i) {
        // Standing back to see the whole crowd; --fly crosses it from one side to the other.
        QVector3D target(centre.x(), 0, centre.z());
        if (options.fly)
            target += QVector3D((float(i) / float(std::max(1, options.frames + warmup - 1)) - 0.5f) * half, 0, 0);
        const QVector3D eye = target + QVector3D(0, half * 1.2f + 3, half * 1.6f + 4);
        QMatrix4x4 view;
        view.lookAt(eye, target, QVector3D(0, 1, 0));
        CreatureRenderer::DrawParameters parameters;
        parameters.viewProjection = projection * view;
        parameters.cameraPosition = eye;
        parameters.interpolate = true;
        parameters.time = float(i) / 60.0f;
        CrowdRenderer::View crowdView;
        crowdView.viewProjection = parameters.viewProjection;
        crowdView.eye = eye;
        crowdView.forward = (target - eye).normalized();
        crowdView.viewportHeight = float(options.height);
        crowdView.fovY = kFovY;

        const qint64 driverBefore = GlRenderer::driverNanoseconds();
        QElapsedTimer timer;
        timer.start();
        bench.beginGpuTimer();
        bench.clear();
        if (vertexOnly)
            bench.gl()->glEnable(GL_RASTERIZER_DISCARD);
        renderer.draw(parameters, crowdView);
        if (vertexOnly)
            bench.gl()->glDisable(GL_RASTERIZER_DISCARD);
        bench.endGpuTimer();
        const double driverMs = double(GlRenderer::driverNanoseconds() - driverBefore) / 1.0e6;
        const auto [issued, finished] = bench.finish(timer);
        const std::optional<double> gpu = bench.gpuMilliseconds();
        if (i >= warmup) {
            cpuMs.append(issued);
            appMs.append(std::max(0.0, issued - driverMs));
            frameMs.append(finished);
            if (gpu)
                gpuMs.append(*gpu);
        }
    }
    Measured m;
    m.cpu = OffscreenBenchmark::median(cpuMs);
    m.appCpu = OffscreenBenchmark::median(appMs);
    m.frame = OffscreenBenchmark::median(frameMs);
    if (!gpuMs.isEmpty())
        m.gpu = OffscreenBenchmark::median(gpuMs);
    m.stats = renderer.lastStats();
    return m;
}

QJsonObject figures(const Measured &m)
{
    QJsonObject o{{QStringLiteral("cpu_ms_per_frame"), m.cpu},
                  {QStringLiteral("app_cpu_ms_per_frame"), m.appCpu},
                  {QStringLiteral("frame_ms"), m.frame},
                  {QStringLiteral("gpu_ms_per_frame"), m.gpu ? QJsonValue(*m.gpu) : QJsonValue()},
                  {QStringLiteral("draw_calls_per_frame"), m.stats.drawCalls},
                  {QStringLiteral("vertices_shaded_per_frame"), double(m.stats.verticesShaded)},
                  {QStringLiteral("instances_in_view"), m.stats.instancesDrawn},
                  {QStringLiteral("skinning"), skinningPathName(m.stats.skinning)}};
    QJsonArray perLevel;
    for (int n : m.stats.perLevel)
        perLevel.append(n);
    o.insert(QStringLiteral("instances_per_level"), perLevel);
    return o;
}

QJsonArray speciesJson(const CrowdScene &scene, int height)
{
    QJsonArray list;
    for (const CrowdSpecies &s : scene.species) {
        QJsonArray levels;
        for (int l = 0; l < s.levels.size(); ++l) {
            const bpat::LodLevel &level = s.levels.at(l);
            const float in = bpat::LodPolicy::depthFor(s.policy.limit(l) * (1 - s.policy.hysteresis()), float(height), kFovY);
            levels.append(QJsonObject{{QStringLiteral("label"), level.label},
                                      {QStringLiteral("vertices"), level.mesh.vertexCount()},
                                      {QStringLiteral("triangles"), level.mesh.triangleCount()},
                                      {QStringLiteral("deviation_m"), double(level.deviation)},
                                      {QStringLiteral("switch_in_m"), l == 0 ? QJsonValue(0) : QJsonValue(double(in))}});
        }
        list.append(QJsonObject{{QStringLiteral("file"), s.label},
                                {QStringLiteral("body"), s.body},
                                {QStringLiteral("instances"), int(s.instances.size())},
                                {QStringLiteral("bones"), s.source.boneCount},
                                {QStringLiteral("levels"), levels}});
    }
    return list;
}

} // namespace

std::optional<QJsonObject> CrowdBenchmark::run(const Options &options, QString *error)
{
    QString why;
    QElapsedTimer loading; // the files, their bodies and levels of detail, the placements
    loading.start();
    const std::optional<Crowd> crowd = options.crowdSpec.isEmpty() ? fileCrowd(options, &why) : specCrowd(options, &why);
    const double loadMs = loading.nsecsElapsed() / 1.0e6;
    if (!crowd) {
        if (error)
            *error = why;
        return std::nullopt;
    }
    OffscreenBenchmark bench;
    if (!bench.begin(options.width, options.height, &why)) {
        if (error)
            *error = why;
        return std::nullopt;
    }
    QOpenGLExtraFunctions *gl = bench.gl();
    if (options.onion > 0) { // as the viewport draws onion skins: faded
        gl->glEnable(GL_BLEND);
        gl->glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    }
    QJsonObject result;
    {
        CrowdRenderer renderer;
        if (!renderer.initialize() || !renderer.setScene(crowd->scene)) {
            if (error)
                *error = renderer.error();
            return std::nullopt;
        }
        renderer.setLevelsOfDetail(options.levelsOfDetail);
        QVector3D lo, hi;
        crowd->scene->bounds(&lo, &hi);
        std::optional<Measured> direct, directVertices;
        if (options.compareSkinning) { // today's path first, on the same crowd and levels
            renderer.setSkinningPath(SkinningPath::Direct);
            direct = measure(bench, renderer, options, lo, hi);
            directVertices = measure(bench, renderer, options, lo, hi, true);
            renderer.setSkinningPath(options.skinning == SkinningPath::Direct ? std::nullopt : options.skinning);
        } else {
            renderer.setSkinningPath(options.skinning);
        }
        const Measured m = measure(bench, renderer, options, lo, hi);
        result = figures(m);
        if (direct) {
            const Measured vertices = measure(bench, renderer, options, lo, hi, true);
            QJsonObject d = figures(*direct);
            d.insert(QStringLiteral("vertex_stage"), figures(*directVertices));
            result.insert(QStringLiteral("direct"), d);
            result.insert(QStringLiteral("vertex_stage"), figures(vertices));
            // Whole frames (the pixels included, the same for both paths), and the vertex stage
            // alone (the pre-pass and the vertex shader: what the pre-pass changes).
            result.insert(QStringLiteral("prepass_speedup"), m.frame > 0 ? direct->frame / m.frame : 0.0);
            result.insert(QStringLiteral("prepass_vertex_speedup"),
                          vertices.frame > 0 ? directVertices->frame / vertices.frame : 0.0);
            if (m.gpu && direct->gpu && *m.gpu > 0)
                result.insert(QStringLiteral("prepass_gpu_speedup"), *direct->gpu / *m.gpu);
        }
        QString note;
        for (int s = 0; s < renderer.speciesCount() && note.isEmpty(); ++s)
            note = renderer.renderer(s).skinningNote();
        if (!note.isEmpty())
            result.insert(QStringLiteral("skinning_note"), note);
        renderer.destroy();
    }
    const CrowdSpecies &first = crowd->scene->species.first();
    result.insert(QStringLiteral("instances"), crowd->scene->instanceCount());
    result.insert(QStringLiteral("onion"), options.onion);
    result.insert(QStringLiteral("frames"), options.frames);
    result.insert(QStringLiteral("load_ms"), loadMs);
    result.insert(QStringLiteral("levels_of_detail"), options.levelsOfDetail);
    result.insert(QStringLiteral("fly"), options.fly);
    result.insert(QStringLiteral("gl_renderer"), bench.rendererName());
    result.insert(QStringLiteral("gpu_timer"), bench.gpuTimerSupported());
    result.insert(QStringLiteral("mesh_vertices"), first.levels.first().mesh.vertexCount());
    result.insert(QStringLiteral("mesh_triangles"), first.levels.first().mesh.triangleCount());
    result.insert(QStringLiteral("body"), crowd->body);
    result.insert(QStringLiteral("bones"), first.source.boneCount);
    result.insert(QStringLiteral("species"), speciesJson(*crowd->scene, options.height));
    result.insert(QStringLiteral("resolution"), QStringLiteral("%1x%2").arg(options.width).arg(options.height));
    result.insert(QStringLiteral("file"), crowd->file);
    if (!crowd->findings.isEmpty())
        result.insert(QStringLiteral("findings"), crowd->findings);
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
                     "[--body-view full|minimal|stand-in] [--skinning auto|direct|feedback|compute] [--compare-skinning] "
                     "[--no-lod] [--fly] [FILE | --crowd-spec SPEC.json]\n",
                     qPrintable(message));
        return 2;
    };
    if (!ok || options.instances < 1 || options.instances > bpat::CrowdSpec::kMaxInstances)
        return usage(
            QStringLiteral("--benchmark-crowd needs an instance count between 1 and %1").arg(bpat::CrowdSpec::kMaxInstances));
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
        } else if (argument == u"--skinning") {
            const QString key = arguments.value(++i);
            options.skinning = skinningPathFromKey(key);
            if (!options.skinning && key != u"auto")
                return usage(QStringLiteral("--skinning needs auto, direct, feedback or compute"));
        } else if (argument == u"--compare-skinning") {
            options.compareSkinning = true;
        } else if (argument == u"--no-lod") {
            options.levelsOfDetail = false;
        } else if (argument == u"--fly") {
            options.fly = true;
        } else if (argument == u"--crowd-spec") {
            options.crowdSpec = arguments.value(++i);
            if (options.crowdSpec.isEmpty())
                return usage(QStringLiteral("--crowd-spec needs a crowd specification (JSON)"));
        } else if (argument.startsWith(u'-') || !options.file.isEmpty()) {
            return usage(QStringLiteral("unexpected argument: ") + argument);
        } else {
            options.file = argument;
        }
    }
    if (!options.file.isEmpty() && !options.crowdSpec.isEmpty())
        return usage(QStringLiteral("give a FILE or --crowd-spec, not both"));
    QString error;
    const std::optional<QJsonObject> result = run(options, &error);
    return OffscreenBenchmark::print("benchmark-crowd", result, error);
}

} // namespace bpat::studio

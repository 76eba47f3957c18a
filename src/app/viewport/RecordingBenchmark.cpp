#include "RecordingBenchmark.h"

#include "anim/InputAnimationReader.h"
#include "CreatureRenderer.h"
#include "LineRenderer.h"
#include "MotionPaths.h"
#include "OffscreenBenchmark.h"
#include "RecordingScene.h"

#include <QElapsedTimer>
#include <algorithm>
#include <cstdio>

namespace bpat::studio {

std::optional<QJsonObject> RecordingBenchmark::run(const Options &options, QString *error)
{
    auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    bpat::InputAnimationReader reader;
    std::optional<bpat::InputAnimation> read = reader.readFile(options.file);
    if (!read)
        return fail(QStringLiteral("%1: %2").arg(options.file, reader.errorString()));
    const auto animation = std::make_shared<const bpat::InputAnimation>(std::move(*read));
    QElapsedTimer setup;
    setup.start();
    RecordingScene scene;
    scene.setAnimation(animation);
    const double setupMs = setup.nsecsElapsed() / 1.0e6;
    const double start = scene.startTime(), end = scene.endTime();
    const int frames = options.frames > 0 ? options.frames : int((end - start) * 60.0) + 1;

    OffscreenBenchmark bench;
    QString why;
    if (!bench.begin(options.width, options.height, &why))
        return fail(why);

    QJsonObject result;
    {
        CreatureRenderer renderer;
        LineRenderer lines;
        if (!renderer.initialize() || !lines.initialize(&why))
            return fail(renderer.error().isEmpty() ? why : renderer.error());
        renderer.setMesh(scene.rigScene().mesh());
        renderer.setRoleColors(scene.rigScene().roleColors());
        renderer.setInstances({CreatureInstance::atFrame(0, 1, 0, false)});
        const QVector3D lo = scene.extentLo(), hi = scene.extentHi();
        const QVector3D centre = (lo + hi) / 2;
        const float radius = std::max(0.5f, (hi - lo).length() / 2);
        QMatrix4x4 projection, view;
        projection.perspective(40, float(options.width) / float(options.height), 0.05f, radius * 10);
        const QVector3D eye = centre + QVector3D(0.6f, 0.5f, 1.0f).normalized() * radius * 2.5f;
        view.lookAt(eye, centre, QVector3D(0, 1, 0));
        CreatureRenderer::DrawParameters parameters;
        parameters.viewProjection = projection * view;
        parameters.cameraPosition = eye;
        const QStringList pathNames{QStringLiteral("LeftHand/IndexTip"), QStringLiteral("RightHand/IndexTip")};

        QList<double> playUs, scrubUs, pathUs, cpuMs, frameMs;
        quint32 seed = 12345;
        for (int pass = 0; pass < 2; ++pass) { // 0: play forward at 60 Hz, 1: scrub to random instants
            for (int i = 0; i < frames; ++i) {
                double t = start + double(i) / 60.0;
                if (pass == 1) {
                    seed = seed * 1664525u + 1013904223u;
                    t = start + (end - start) * double(seed >> 8) / double(1u << 24);
                }
                QElapsedTimer timer;
                timer.start();
                scene.setTime(t);
                const double sampled = timer.nsecsElapsed() / 1.0e3;
                renderer.setSource(scene.source());
                QList<LineVertex> overlay;
                scene.appendLines(overlay);
                QElapsedTimer paths;
                paths.start();
                MotionPaths::appendLines(overlay, MotionPaths::forRecording(scene, pathNames), 0.004f);
                const double pathsBuilt = paths.nsecsElapsed() / 1.0e3;
                bench.clear();
                renderer.draw(parameters);
                lines.draw(overlay, parameters.viewProjection, true);
                const auto [issued, finished] = bench.finish(timer);
                (pass == 0 ? playUs : scrubUs).append(sampled);
                pathUs.append(pathsBuilt);
                cpuMs.append(issued);
                frameMs.append(finished);
            }
        }
        renderer.destroy();
        lines.destroy();
        result.insert(QStringLiteral("file"), options.file);
        result.insert(QStringLiteral("duration_s"), end - start);
        result.insert(QStringLiteral("curves"), animation->curveCount());
        result.insert(QStringLiteral("keys"), double(animation->keyCount()));
        result.insert(QStringLiteral("frames_per_pass"), frames);
        result.insert(QStringLiteral("setup_ms"), setupMs);
        result.insert(QStringLiteral("play_sample_us"), OffscreenBenchmark::median(playUs));
        result.insert(QStringLiteral("scrub_sample_us"), OffscreenBenchmark::median(scrubUs));
        result.insert(QStringLiteral("motion_paths_us"), OffscreenBenchmark::median(pathUs));
        result.insert(QStringLiteral("cpu_ms_per_frame"), OffscreenBenchmark::median(cpuMs));
        result.insert(QStringLiteral("frame_ms"), OffscreenBenchmark::median(frameMs));
        result.insert(QStringLiteral("gl_renderer"), bench.rendererName());
        result.insert(QStringLiteral("mesh_vertices"), scene.rigScene().mesh().vertexCount());
        result.insert(QStringLiteral("resolution"), QStringLiteral("%1x%2").arg(options.width).arg(options.height));
    }
    return result;
}

std::optional<int> RecordingBenchmark::runFromArguments(const QStringList &arguments)
{
    const qsizetype at = arguments.indexOf(QStringLiteral("--benchmark-recording"));
    if (at < 0)
        return std::nullopt;
    auto usage = [](const QString &message) {
        std::fprintf(stderr, "%s\nusage: bpat-studio --benchmark-recording FILE.bin [--frames F]\n", qPrintable(message));
        return 2;
    };
    Options options;
    options.file = arguments.value(at + 1);
    if (options.file.isEmpty() || options.file.startsWith(u'-'))
        return usage(QStringLiteral("--benchmark-recording needs a recording (.bin)"));
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (i == at || i == at + 1)
            continue;
        bool ok = false;
        if (arguments.at(i) == u"--frames") {
            options.frames = arguments.value(++i).toInt(&ok);
            if (!ok || options.frames < 1 || options.frames > 100000)
                return usage(QStringLiteral("--frames needs a count between 1 and 100000"));
        } else {
            return usage(QStringLiteral("unexpected argument: ") + arguments.at(i));
        }
    }
    QString error;
    const std::optional<QJsonObject> result = run(options, &error);
    return OffscreenBenchmark::print("benchmark-recording", result, error);
}

} // namespace bpat::studio

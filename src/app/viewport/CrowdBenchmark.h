#pragma once
// `bpat-studio --benchmark-crowd N [--frames F] [--onion K] [--body FILE.bprm]
//  [--body-view full|minimal|stand-in] [--skinning auto|direct|feedback|compute] [--compare-skinning]
//  [--no-lod] [--fly] [FILE | --crowd-spec SPEC.json]`:
// draws a crowd off-screen (QOffscreenSurface + framebuffer object, the viewport's CrowdRenderer and
// shaders, interpolation on) for F frames after two warm-up frames and prints JSON per frame
// (medians): cpu_ms_per_frame (the time to issue a frame), app_cpu_ms_per_frame (the same less the
// time inside draw and dispatch calls, where a software rasteriser shades: the application's own
// work), frame_ms (until glFinish), gpu_ms_per_frame (a GL_TIME_ELAPSED query; null where the
// context has none), instances, instances in view and per level of detail, vertices shaded, draw
// calls, the skinning path, each species' levels of detail (vertices, deviation, where they
// switch in) and load_ms (opening the files, making the levels of detail, placing the crowd). Without FILE: N of the synthetic walking humanoid; with FILE: N of it with the body
// the viewport would draw (found beside a late-v3 file, or --body); with --crowd-spec: the mixed
// crowd of the specification (N ignored). --compare-skinning runs today's per-vertex path and the
// bone pre-pass on the same crowd in the same run and reports their ratios: of whole frames, and
// of the vertex stage alone ("vertex_stage": the same frames with the rasterizer discarded, so
// the pixels both paths share do not dilute what the pre-pass changes). --no-lod draws every
// instance with its full body; --fly moves the camera every frame (levels chosen again each frame).
#include "BonePrepass.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>

namespace bpat::studio {

class CrowdBenchmark
{
public:
    struct Options
    {
        int instances = 1000;
        int frames = 60;
        QString file;      // empty: the synthetic humanoid
        QString crowdSpec; // a crowd specification instead of FILE
        int onion = 0;     // onion skins before and after each creature
        QString body;      // a BPRM body (with its other level of detail beside it); empty: found beside FILE
        QString bodyView = QStringLiteral("full"); // full (with lighter levels), minimal, stand-in
        std::optional<SkinningPath> skinning;      // nullopt: the best the context has
        bool compareSkinning = false;
        bool levelsOfDetail = true;
        bool fly = false;
        int width = 1280;
        int height = 720;
    };

    // Runs the benchmark; nullopt and *error when it cannot (no GL, unreadable file).
    static std::optional<QJsonObject> run(const Options &options, QString *error);

    // For main(): when `arguments` contain --benchmark-crowd, runs it, prints the JSON (or the
    // error on stderr) and returns the exit code (0 ok, 1 failure, 2 usage); otherwise nullopt.
    static std::optional<int> runFromArguments(const QStringList &arguments);
};

} // namespace bpat::studio

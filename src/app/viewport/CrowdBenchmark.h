#pragma once
// `bpat-studio --benchmark-crowd N [--frames F] [--onion K] [--body FILE.bprm] [--body-view full|minimal|stand-in] [FILE]`:
// draws a crowd of N creatures off-screen
// (QOffscreenSurface + framebuffer object, the viewport's renderer and shaders) for F frames and
// prints JSON: instances, frames, draw_calls_per_frame, cpu_ms_per_frame (median time spent
// issuing a frame), frame_ms (median wall time per frame, bounded by glFinish), gl_renderer, plus
// the mesh size. Without FILE it uses the synthetic walking humanoid. --onion K gives every
// creature K onion skins before and after (2K + 1 instances each, still one draw call). A late-v3
// FILE is drawn with the game's body found beside it (or --body), as the viewport draws it:
// the full body near the camera and the minimal one beyond the level-of-detail distance (a
// second instanced draw); "body", "mesh_vertices" and "far_*" say which and how many.
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
        QString file;  // empty: the synthetic humanoid
        int onion = 0; // onion skins before and after each creature
        QString body;  // a BPRM body (with its other level of detail beside it); empty: found beside FILE
        QString bodyView = QStringLiteral("full"); // full (near full, far minimal), minimal, stand-in
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

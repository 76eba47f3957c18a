#pragma once
// `bpat-studio --benchmark-recording FILE.bin [--frames F]`: plays a recording the way the
// viewport does, off-screen (QOffscreenSurface + 1280x720 framebuffer object, the viewport's
// renderers and shaders): each frame samples every pose with the core's cursors (RecordingScene),
// uploads the hands rig's one-frame palette, draws the hands and the overlay lines, and builds two
// joints' motion paths. Prints JSON: median microseconds per sample while playing forward at 60 Hz
// and while scrubbing to random instants, per motion-path build, cpu_ms_per_frame (sample, upload,
// issue) and frame_ms (until glFinish), plus the recording's length and the GL renderer.
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>

namespace bpat::studio {

class RecordingBenchmark
{
public:
    struct Options
    {
        QString file;
        int frames = 0; // 0: the whole recording at 60 Hz
        int width = 1280;
        int height = 720;
    };

    static std::optional<QJsonObject> run(const Options &options, QString *error);
    // For main(): handles --benchmark-recording like CrowdBenchmark::runFromArguments.
    static std::optional<int> runFromArguments(const QStringList &arguments);
};

} // namespace bpat::studio

#pragma once
// Rebakes input animation curves into one BPAT clip: frame f samples t = from + f / fps, the
// clip has floor((to - from) * fps) + 1 frames, and each bone's palette matrix is what the
// recipe's RecipePoser makes of the curve core's evaluation at t (PoseCursor / CurveCursor),
// stored row-major. Work is split over frames into chunks run on a thread pool (QtConcurrent);
// each chunk sweeps forward with cursors that earlier chunks left behind it (one set per thread,
// kept for the whole bake), and a pose-driven bone goes straight into its rows
// (RecipePoser::poseRows). Progress and cancel are thread-safe.
#include "bpat/BpatDocument.h"
#include "anim/InputAnimation.h"
#include "rebake/RecipePoser.h"

#include <QString>
#include <atomic>
#include <functional>
#include <optional>

namespace bpat {

struct RebakeRange
{
    std::optional<double> from; // default 0
    std::optional<double> to;   // default: the recording's duration
    double fps = 60.0;
};

struct RebakeOptions
{
    // Threads that compute frames (0: QThread::idealThreadCount(); more than maxThreads() is
    // capped). Past one run of frames (about 4 MiB) they work on a pool while the calling thread
    // hands finished runs to the sink, so even with one the sink's writing overlaps computing.
    int threads = 0;
    // The most worker threads a rebake uses: the processor threads of the machine. More never
    // speed up this CPU-bound work, and each costs a stack and descriptors (300 threads with
    // 256 file descriptors once aborted inside GLib).
    static int maxThreads();
    int chunkFrames = 64;
    // Called with frames done and the total, from worker threads (must be thread-safe).
    std::function<void(qint64 done, qint64 total)> progress;
    const std::atomic<bool> *cancel = nullptr;
};

class Rebaker
{
public:
    // At most this many frames per clip (the file format counts frames in u32; this keeps
    // palettes of big rigs within memory).
    static constexpr qint64 MaxFrames = 4'000'000;
    static constexpr qint64 MaxPaletteBytes = qint64(4) << 30;

    // floor((to - from) * fps) + 1, or nullopt with a reason (non-finite or non-positive fps,
    // to < from, too many frames).
    static std::optional<quint32> frameCount(double from, double to, double fps, QString *error = nullptr);
    // Resolves the defaults of a range against a recording.
    static double rangeFrom(const RebakeRange &range) { return range.from.value_or(0.0); }
    static double rangeTo(const RebakeRange &range, const InputAnimation &animation)
    {
        return range.to.value_or(animation.duration());
    }

    // One clip: palette filled, socket rows left empty (BpatDocument computes them from the
    // document's sockets). nullopt with a reason on a bad range or when cancelled.
    static std::optional<BpatClip> bakeClip(const InputAnimation &animation, const RecipePoser &poser, const RebakeRange &range,
                                            const QString &name, bool loops, const RebakeOptions &options = {},
                                            QString *error = nullptr);

    // Streams one clip's frames: `sink` receives runs of frames (bone_count x 16 row-major
    // floats each) in order, on the calling thread, while the pool computes the next run; at most
    // two runs of about 4 MiB are held, whatever the clip's length. The frames are exactly
    // bakeClip()'s. A sink returning false stops the bake (its *error is passed on); so does a
    // cancel ("cancelled").
    using FrameSink = std::function<bool(const float *palette, quint32 firstFrame, quint32 count, QString *error)>;
    static bool bakeFrames(const InputAnimation &animation, const RecipePoser &poser, const RebakeRange &range,
                           const FrameSink &sink, const RebakeOptions &options = {}, QString *error = nullptr);

    // Poses one instant with fresh random-access evaluation (for previews and tests).
    static void poseAt(const InputAnimation &animation, const RecipePoser &poser, double time, QMatrix4x4 *globals);
    // Where the clip's floor is: a recipe with a ground bone (DriveKind::Ground, a body root that
    // follows the camera on the floor) is moved up or down so that bone's median height over the
    // range's frames is y = 0, where the game stands a unit (its bodies' soles at y = 0 in the rest
    // pose; a recording's origin is where the headset started, about eye height above the floor).
    // Zero for recipes without a ground bone (hands: the recording's own frame).
    static QVector3D floorShift(const InputAnimation &animation, const RecipePoser &poser, const RebakeRange &range);
};

} // namespace bpat

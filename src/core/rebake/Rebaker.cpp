#include "rebake/Rebaker.h"

#include "anim/CurveCursor.h"
#include "anim/CurveEvaluator.h"
#include "anim/PoseCursor.h"

#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>
#include <algorithm>
#include <cmath>

namespace bpat {

int RebakeOptions::maxThreads()
{
    return std::max(1, QThread::idealThreadCount());
}

namespace {

HandBoolCurve trackedCurve(Hand hand)
{
    return hand == Hand::Left ? HandBoolCurve::LeftTracked : HandBoolCurve::RightTracked;
}

const PoseCurves &groupCurves(const InputAnimation &animation, const CurveGroup &group)
{
    return group.camera ? animation.camera() : animation.joint(group.hand, group.joint);
}

struct Chunk
{
    quint32 first = 0;
    quint32 count = 0;
};

} // namespace

std::optional<quint32> Rebaker::frameCount(double from, double to, double fps, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!std::isfinite(fps) || fps <= 0.0)
        return fail(QStringLiteral("fps %1: expected a finite number > 0").arg(fps));
    if (!std::isfinite(from) || !std::isfinite(to))
        return fail(QStringLiteral("time range %1..%2: expected finite times").arg(from).arg(to));
    if (to < from)
        return fail(QStringLiteral("time range %1..%2: expected to >= from").arg(from).arg(to));
    const double frames = std::floor((to - from) * fps) + 1.0;
    if (!(frames <= double(MaxFrames)))
        return fail(QStringLiteral("%1 frames: expected at most %2").arg(frames, 0, 'f', 0).arg(MaxFrames));
    return quint32(frames);
}

std::optional<BpatClip> Rebaker::bakeClip(const InputAnimation &animation, const RecipePoser &poser,
                                          const RebakeRange &range, const QString &name, bool loops,
                                          const RebakeOptions &options, QString *error)
{
    const double from = rangeFrom(range);
    const double to = rangeTo(range, animation);
    const std::optional<quint32> frames = frameCount(from, to, range.fps, error);
    if (!frames)
        return std::nullopt;
    const int bones = poser.boneCount();
    const qint64 floats = qint64(*frames) * bones * 16;
    if (floats * qint64(sizeof(float)) > MaxPaletteBytes) {
        if (error)
            *error = QStringLiteral("%1 frames x %2 bones: palette of %3 bytes, expected at most %4")
                         .arg(*frames).arg(bones).arg(floats * 4).arg(MaxPaletteBytes);
        return std::nullopt;
    }
    BpatClip clip;
    clip.name = name;
    clip.fps = float(range.fps);
    clip.loops = loops;
    clip.frameCount = *frames;
    clip.palette.resize(floats);

    const quint32 chunkFrames = quint32(std::max(1, options.chunkFrames));
    QList<Chunk> chunks;
    for (quint32 f = 0; f < *frames; f += chunkFrames)
        chunks.append(Chunk{f, std::min(chunkFrames, *frames - f)});
    std::atomic<qint64> done{0};
    float *palette = clip.palette.data();
    const QList<CurveGroup> &groups = poser.requiredGroups();

    auto bakeChunk = [&](const Chunk &chunk) {
        if (options.cancel && options.cancel->load())
            return;
        // Each chunk sweeps forward in time with its own cursors.
        QList<PoseCursor> cursors;
        cursors.reserve(groups.size());
        for (const CurveGroup &g : groups)
            cursors.append(PoseCursor(groupCurves(animation, g)));
        std::array<CurveCursor, HandCount> tracked;
        for (int h = 0; h < HandCount; ++h)
            tracked[size_t(h)] = CurveCursor(animation.handBool(trackedCurve(Hand(h))));
        RecipePoser::Input input;
        std::array<QMatrix4x4, RebakeRecipe::MaxBones> globals;
        for (quint32 i = 0; i < chunk.count; ++i) {
            const quint32 f = chunk.first + i;
            const double t = from + double(f) / range.fps;
            for (qsizetype g = 0; g < groups.size(); ++g)
                input.poses[size_t(groups.at(g).index())] = cursors[g].sample(t);
            for (int h = 0; h < HandCount; ++h)
                input.tracked[size_t(h)] = poser.usesHand(Hand(h)) ? tracked[size_t(h)].boolValue(t) : true;
            poser.pose(input, globals.data());
            float *out = palette + qsizetype(f) * bones * 16;
            for (int b = 0; b < bones; ++b)
                RecipePoser::storeRowMajor(globals[size_t(b)], out + b * 16);
        }
        const qint64 now = done.fetch_add(chunk.count) + chunk.count;
        if (options.progress)
            options.progress(now, *frames);
    };

    QThreadPool pool;
    pool.setMaxThreadCount(options.threads > 0 ? std::min(options.threads, RebakeOptions::maxThreads())
                                               : RebakeOptions::maxThreads());
    if (pool.maxThreadCount() == 1 || chunks.size() == 1) {
        for (const Chunk &c : std::as_const(chunks))
            bakeChunk(c);
    } else {
        QtConcurrent::blockingMap(&pool, chunks, bakeChunk);
    }
    if (options.cancel && options.cancel->load()) {
        if (error)
            *error = QStringLiteral("cancelled");
        return std::nullopt;
    }
    return clip;
}

void Rebaker::poseAt(const InputAnimation &animation, const RecipePoser &poser, double time, QMatrix4x4 *globals)
{
    RecipePoser::Input input;
    for (const CurveGroup &g : poser.requiredGroups())
        input.poses[size_t(g.index())] = groupCurves(animation, g).evaluate(time);
    for (int h = 0; h < HandCount; ++h)
        input.tracked[size_t(h)] = CurveEvaluator::evaluate(animation.handBool(trackedCurve(Hand(h))), time);
    poser.pose(input, globals);
}

} // namespace bpat

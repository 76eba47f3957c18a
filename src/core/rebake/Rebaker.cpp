#include "rebake/Rebaker.h"

#include "anim/CurveCursor.h"
#include "anim/CurveEvaluator.h"
#include "anim/PoseCursor.h"

#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <type_traits>
#include <vector>

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

std::optional<BpatClip> Rebaker::bakeClip(const InputAnimation &animation, const RecipePoser &poser, const RebakeRange &range,
                                          const QString &name, bool loops, const RebakeOptions &options, QString *error)
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
                         .arg(*frames)
                         .arg(bones)
                         .arg(floats * 4)
                         .arg(MaxPaletteBytes);
        return std::nullopt;
    }
    BpatClip clip;
    clip.name = name;
    clip.fps = float(range.fps);
    clip.loops = loops;
    clip.frameCount = *frames;
    clip.palette.resize(floats);
    float *palette = clip.palette.data();
    const auto store = [palette, bones](const float *run, quint32 first, quint32 count, QString *) {
        std::memcpy(palette + qsizetype(first) * bones * 16, run, size_t(count) * size_t(bones) * 16 * sizeof(float));
        return true;
    };
    if (!bakeFrames(animation, poser, range, store, options, error))
        return std::nullopt;
    return clip;
}

QVector3D Rebaker::floorShift(const InputAnimation &animation, const RecipePoser &poser, const RebakeRange &range)
{
    const RebakeRecipe &recipe = poser.recipe();
    int ground = -1;
    for (int b = 0; b < recipe.boneCount() && ground < 0; ++b) {
        if (recipe.bones.at(b).drive == DriveKind::Ground)
            ground = b;
    }
    const double from = rangeFrom(range), to = rangeTo(range, animation);
    const std::optional<quint32> frames = frameCount(from, to, range.fps);
    if (ground < 0 || !frames || *frames == 0)
        return {};
    RecipePoser unshifted = poser;
    unshifted.setShift({});
    const quint32 samples = std::min<quint32>(*frames, 257);
    std::vector<QMatrix4x4> globals(size_t(recipe.boneCount()));
    QList<float> heights;
    for (quint32 i = 0; i < samples; ++i) {
        const quint32 f = samples == 1 ? 0 : quint32(quint64(*frames - 1) * i / (samples - 1));
        poseAt(animation, unshifted, from + double(f) / range.fps, globals.data());
        const float y = globals[size_t(ground)](1, 3);
        if (std::isfinite(y))
            heights.append(y);
    }
    if (heights.isEmpty())
        return {};
    std::sort(heights.begin(), heights.end());
    return QVector3D(0.0f, -heights.at(heights.size() / 2), 0.0f);
}

bool Rebaker::bakeFrames(const InputAnimation &animation, const RecipePoser &recipePoser, const RebakeRange &range,
                         const FrameSink &sink, const RebakeOptions &options, QString *error)
{
    const double from = rangeFrom(range);
    const double to = rangeTo(range, animation);
    const std::optional<quint32> frames = frameCount(from, to, range.fps, error);
    if (!frames)
        return false;
    // The clip stands on the floor (y = 0) where its recipe has a ground bone.
    RecipePoser shifted = recipePoser;
    if (shifted.shift().isNull())
        shifted.setShift(floorShift(animation, recipePoser, range));
    const RecipePoser &poser = shifted;
    const int bones = poser.boneCount();
    const quint64 frameFloats = quint64(bones) * 16;
    const quint32 chunkFrames = quint32(std::max(1, options.chunkFrames));
    const int threads =
        options.threads > 0 ? std::min(options.threads, RebakeOptions::maxThreads()) : RebakeOptions::maxThreads();
    // A run (what the sink gets at once) is a whole number of chunks, so chunks start where they
    // always did (multiples of chunkFrames from frame 0), and about 4 MiB, at least a chunk per
    // thread.
    const quint64 runTarget = std::max<quint64>(1, (4ull << 20) / (frameFloats * sizeof(float)) / chunkFrames);
    const quint32 runFrames =
        quint32(std::min<quint64>(std::max<quint64>(runTarget, quint64(threads)) * chunkFrames, std::max<quint64>(*frames, 1)));
    const QList<CurveGroup> &groups = poser.requiredGroups();
    std::atomic<qint64> done{0};

    struct Job
    {
        quint32 first = 0; // global frame
        quint32 count = 0;
        float *out = nullptr;
    };
    // What a chunk sweeps with: cursors over the curves, and the poser's input and scratch.
    // Kept between chunks (a worker takes the one given back last: its cursors stand just
    // before the next chunks, so they step forward instead of searching again); made at most
    // once per thread, nothing allocated per chunk or per frame.
    struct Sweep
    {
        QList<PoseCursor> cursors;
        std::array<CurveCursor, HandCount> tracked;
        RecipePoser::Input input;
        std::array<std::array<double, PoseComponentCount>, CurveGroup::Count> components;
        std::array<QMatrix4x4, RebakeRecipe::MaxBones> globals;
    };
    std::mutex sweepsLock;
    std::vector<std::unique_ptr<Sweep>> idleSweeps;
    idleSweeps.reserve(size_t(threads) + 1);
    auto takeSweep = [&]() {
        {
            const std::lock_guard<std::mutex> lock(sweepsLock);
            if (!idleSweeps.empty()) {
                std::unique_ptr<Sweep> sweep = std::move(idleSweeps.back());
                idleSweeps.pop_back();
                return sweep;
            }
        }
        auto sweep = std::make_unique<Sweep>();
        sweep->cursors.reserve(groups.size());
        for (const CurveGroup &g : groups)
            sweep->cursors.append(PoseCursor(groupCurves(animation, g)));
        for (int h = 0; h < HandCount; ++h)
            sweep->tracked[size_t(h)] = CurveCursor(animation.handBool(trackedCurve(Hand(h))));
        return sweep;
    };
    // Where each group's pose goes, worked out once (no lookups per frame).
    std::array<int, CurveGroup::Count> groupSlot{};
    for (qsizetype g = 0; g < groups.size(); ++g)
        groupSlot[size_t(g)] = groups.at(g).index();
    std::array<bool, HandCount> usesHand{};
    for (int h = 0; h < HandCount; ++h)
        usesHand[size_t(h)] = poser.usesHand(Hand(h));
    static_assert(std::is_trivially_destructible_v<PoseSample>); // constructed over in place below
    auto bakeChunk = [&](const Job &chunk) {
        if (options.cancel && options.cancel->load())
            return;
        std::unique_ptr<Sweep> sweep = takeSweep();
        PoseCursor *cursor = sweep->cursors.data();
        RecipePoser::Input &input = sweep->input;
        std::array<std::array<double, PoseComponentCount>, CurveGroup::Count> &components = sweep->components;
        const qsizetype groupCount = groups.size();
        for (quint32 i = 0; i < chunk.count; ++i) {
            const quint32 f = chunk.first + i;
            const double t = from + double(f) / range.fps;
            // Each pose is returned straight into the input (a prvalue initialising the
            // element; PoseSample is trivial): assigned from a temporary, its separately
            // written floats were read back at once as wider loads, a failed store forwarding
            // per group.
            // All the groups' components first, then their conversions (a square root and a
            // division each): in two short loops the conversions of different poses overlap.
            for (qsizetype g = 0; g < groupCount; ++g)
                components[size_t(g)] = cursor[g].components(t);
            // Two at a time: one square root and one division for both.
            qsizetype g = 0;
            for (; g + 1 < groupCount; g += 2)
                PoseSample::fromComponentsPair(components[size_t(g)], components[size_t(g + 1)],
                                               &input.poses[size_t(groupSlot[size_t(g)])],
                                               &input.poses[size_t(groupSlot[size_t(g + 1)])]);
            if (g < groupCount)
                ::new (&input.poses[size_t(groupSlot[size_t(g)])]) PoseSample(PoseSample::fromComponents(components[size_t(g)]));
            for (int h = 0; h < HandCount; ++h)
                input.tracked[size_t(h)] = usesHand[size_t(h)] ? sweep->tracked[size_t(h)].boolValue(t) : true;
            poser.poseRows(input, sweep->globals.data(), chunk.out + qsizetype(i) * bones * 16);
        }
        {
            const std::lock_guard<std::mutex> lock(sweepsLock);
            idleSweeps.push_back(std::move(sweep));
        }
        const qint64 now = done.fetch_add(chunk.count) + chunk.count;
        if (options.progress)
            options.progress(now, *frames);
    };

    // Six run buffers: while the sink takes one, the pool works on the next five, queued one
    // after the other, so a worker that finishes the last chunk of a run goes on with the next
    // run's chunks instead of idling until this thread has handed the run over (with one run
    // queued at a time, two threads computed at 1.35-1.6x one). Five runs are about 4 ms of
    // work for two threads: when every core is busy computing, this thread can wait that long
    // for the scheduler to run it; with two runs queued (1.6 ms) the workers ran dry in some
    // rebakes (two threads at 1.42-2.03x one at 9600 fps, against 1.76-2.12x with five).
    constexpr int Slots = 6;
    // Allocated once, at their full size, and not zeroed: their pages are first touched by the
    // workers that fill them (zeroing 4 MiB at each start kept the workers waiting for the run
    // after the first one, 1-7 ms when the pages were new).
    std::array<std::unique_ptr<float[]>, Slots> buffers;
    std::array<QList<Job>, Slots> jobs;
    std::array<QFuture<void>, Slots> running;
    auto plan = [&](int slot, quint32 first, quint32 size) {
        std::unique_ptr<float[]> &buffer = buffers[size_t(slot)];
        if (!buffer)
            buffer.reset(new float[size_t(runFrames) * frameFloats]);
        const quint32 count = std::min(size, *frames - first);
        QList<Job> &list = jobs[size_t(slot)];
        list.clear();
        for (quint32 f = 0; f < count; f += chunkFrames)
            list.append(Job{first + f, std::min(chunkFrames, count - f), buffer.get() + size_t(f) * frameFloats});
        return count;
    };
    auto cancelled = [&]() { return options.cancel && options.cancel->load(); };
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (*frames <= runFrames) { // nothing to overlap: this thread computes (with the pool past one chunk)
        const quint32 count = plan(0, 0, runFrames);
        if (threads > 1 && *frames > chunkFrames) {
            QThreadPool pool;
            pool.setMaxThreadCount(threads);
            QtConcurrent::blockingMap(&pool, jobs[0], bakeChunk);
        } else {
            std::for_each(jobs[0].cbegin(), jobs[0].cend(), bakeChunk);
        }
        if (cancelled())
            return fail(QStringLiteral("cancelled"));
        QString why;
        return (*frames == 0 || sink(buffers[0].get(), 0, count, &why)) || fail(why);
    }
    // The pool computes while this thread hands finished runs to the sink (which writes them),
    // with one worker too: a streamed rebake then takes about the longer of computing and
    // writing, not their sum. The first runs are short (a chunk per thread, then twice as many
    // each run up to runFrames; whole chunks, so chunks start where they always do) so the sink
    // starts writing soon after the start instead of after a whole run.
    QThreadPool pool;
    pool.setMaxThreadCount(threads);
    std::array<quint32, Slots> firsts{}, counts{};
    quint32 nextFirst = 0;
    quint32 nextSize = quint32(std::min<quint64>(quint64(chunkFrames) * quint64(threads), runFrames));
    quint32 started = 0;
    auto start = [&]() {
        const size_t slot = started % Slots;
        firsts[slot] = nextFirst;
        counts[slot] = plan(int(slot), nextFirst, nextSize);
        nextFirst += counts[slot];
        nextSize = quint32(std::min<quint64>(quint64(nextSize) * 2, runFrames));
        running[slot] = QtConcurrent::map(&pool, jobs[slot], bakeChunk);
        ++started;
    };
    auto stopAll = [&]() {
        for (QFuture<void> &f : running)
            f.cancel();
        for (QFuture<void> &f : running)
            f.waitForFinished();
    };
    while (started < Slots - 1 && nextFirst < *frames)
        start();
    for (quint32 run = 0; run < started; ++run) {
        const size_t slot = run % Slots;
        running[slot].waitForFinished();
        if (cancelled()) {
            stopAll();
            return fail(QStringLiteral("cancelled"));
        }
        if (nextFirst < *frames) // into the buffer handed over last time round
            start();
        QString why;
        if (!sink(buffers[slot].get(), firsts[slot], counts[slot], &why)) {
            stopAll();
            return fail(why);
        }
    }
    return true;
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

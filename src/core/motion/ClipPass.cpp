#include "motion/ClipPass.h"

#include "bpat/BpatFile.h"
#include "motion/ClipFrames.h"

#include <algorithm>
#include <cmath>

namespace bpat {

namespace {

constexpr quint32 TickFrames = 1024;

float distance2(const QVector3D &a, const QVector3D &b)
{
    return (a - b).lengthSquared();
}

bool finite(const QVector3D &p)
{
    return (p.x() - p.x()) + (p.y() - p.y()) + (p.z() - p.z()) == 0.0f; // NaN for NaN and infinity
}

// The frames around transition t (frame t -> t + 1): p0 = t - 1 when there is a transition
// before, p3 = t + 2 and p4 = t + 3 when there are transitions after.
struct Window
{
    const QVector3D *p0 = nullptr, *p1 = nullptr, *p2 = nullptr, *p3 = nullptr, *p4 = nullptr;
};

Window window(ClipFrames &frames, qint64 t, qint64 transitions, bool loops)
{
    Window w;
    w.p1 = frames.at(t);
    w.p2 = frames.at(t + 1);
    if (loops || t > 0)
        w.p0 = frames.at(t - 1);
    if (loops || t + 1 < transitions)
        w.p3 = frames.at(t + 2);
    if (w.p3 && (loops || t + 2 < transitions))
        w.p4 = frames.at(t + 3);
    return w;
}

enum class StepKind {
    None,
    OutOfPlace,
    Jump
};

// Transition t of one bone, on its own (what came before does not matter): a jump that stays,
// a frame t + 1 away from both its neighbours (which lie close together), or nothing.
StepKind classify(const Window &w, int b, double usual, const MotionThresholds &t, Jump *jump)
{
    const double minimum = t.popMinimum;
    const float s2 = distance2(w.p2[b], w.p1[b]);
    if (!(double(s2) > minimum * minimum))
        return StepKind::None;
    const double s = std::sqrt(double(s2));
    const double before = w.p0 ? double(w.p1[b].distanceToPoint(w.p0[b])) : 0.0;
    const double after = w.p3 ? double(w.p3[b].distanceToPoint(w.p2[b])) : 0.0;
    if (w.p3 && after > minimum && double(w.p3[b].distanceToPoint(w.p1[b])) <= 0.5 * std::min(s, after)) {
        const double afterThat = w.p4 ? double(w.p4[b].distanceToPoint(w.p3[b])) : 0.0;
        const double around = std::max({usual, before, afterThat});
        *jump = {b, std::min(s, after), around};
        return std::min(s, after) > t.popFactor * around ? StepKind::OutOfPlace : StepKind::None;
    }
    const double around = std::max({usual, before, after});
    *jump = {b, s, around};
    return s > t.popFactor * around ? StepKind::Jump : StepKind::None;
}

} // namespace

GatherPart::GatherPart(int bones)
    : steps(size_t(std::max(0, bones)), LogHistogram(1e-12f, 1e8f, 4))
    , lengths(size_t(std::max(0, bones)), LogHistogram(1.0f / 64.0f, 64.0f, 7))
    , lowestFoot(INFINITY)
{
}

void GatherPart::merge(const GatherPart &later)
{
    for (size_t b = 0; b < steps.size(); ++b) {
        steps[b].add(later.steps[b]);
        lengths[b].add(later.lengths[b]);
    }
    lowestFoot = std::min(lowestFoot, later.lowestFoot);
    readFailed = readFailed || later.readFailed;
    stopped = stopped || later.stopped;
}

void gatherRange(const MotionPassContext &c, int clip, quint32 from, quint32 to, quint32 stride,
                 const std::vector<float> &inverseReference2, GatherPart &part, const PassTick &tick)
{
    const BpatClipInfo &info = c.reader.file().clips().at(clip);
    const int bones = c.reader.boneCount();
    std::vector<QVector3D> previous(static_cast<size_t>(bones)), current(static_cast<size_t>(bones));
    stride = std::max(1u, stride);
    quint32 f = (from + stride - 1) / stride * stride; // the first multiple of stride in the range
    qint64 havePrevious = -1;                          // the frame held in `previous`
    quint32 unticked = 0;
    for (; f < to; f += stride) {
        if (f > 0 && havePrevious != qint64(f) - 1) {
            if (!c.reader.readFast(info.frameOffset + f - 1, previous.data())) {
                part.readFailed = true;
                return;
            }
            havePrevious = qint64(f) - 1;
        }
        if (!c.reader.readFast(info.frameOffset + f, current.data())) {
            part.readFailed = true;
            return;
        }
        if (havePrevious == qint64(f) - 1) {
            for (int b = 0; b < bones; ++b)
                part.steps[size_t(b)].add(distance2(current[size_t(b)], previous[size_t(b)])); // NaN: left out
        }
        for (int b : c.judged) {
            part.lengths[size_t(b)].add(distance2(current[size_t(b)], current[size_t(c.rig.parents.at(b))])
                                        * inverseReference2[size_t(b)]);
        }
        for (int foot : c.rig.feet) {
            if (std::isfinite(current[size_t(foot)].y()))
                part.lowestFoot = std::min(part.lowestFoot, current[size_t(foot)].y());
        }
        std::swap(previous, current);
        havePrevious = f;
        unticked += stride;
        if (unticked >= TickFrames) {
            if (c.releaseBehind && f >= from + 2 * TickFrames)
                c.reader.release(info.frameOffset + f - 2 * TickFrames, TickFrames);
            if (!tick(unticked)) {
                part.stopped = true;
                return;
            }
            unticked = 0;
        }
    }
    tick(to > from ? std::min(unticked, to - from) : 0);
}

void FrameRun::add(int frame, double value, double badness)
{
    if (first < 0)
        first = frame;
    if (count++ == 0 || badness > worstBadness) {
        worst = frame;
        worstValue = value;
        worstBadness = badness;
    }
}

void FrameRun::merge(const FrameRun &later)
{
    if (later.count == 0)
        return;
    if (count == 0) {
        *this = later;
        return;
    }
    count += later.count;
    if (later.worstBadness > worstBadness) {
        worst = later.worst;
        worstValue = later.worstValue;
        worstBadness = later.worstBadness;
    }
}

void judgeRange(const MotionPassContext &c, int clip, const ClipStats &stats, qint64 from, qint64 to,
                const QList<double> &groundLines, JudgePart &part, const PassTick &tick)
{
    const BpatFile &file = c.reader.file();
    const BpatClipInfo &info = file.clips().at(clip);
    const int bones = c.reader.boneCount();
    const qint64 n = qint64(info.frameCount);
    const bool loops = info.loops();
    const qint64 transitions = loops ? n : n - 1; // loops: the last one is the seam
    const MotionThresholds &t = c.thresholds;
    part.stretch.resize(bones);
    part.below.resize(c.rig.feet.size());

    ClipFrames frames(c.reader, clip, loops);
    const bool contacts = !c.rig.feet.isEmpty() && file.contactTableInBounds();
    const double lowFactor = std::max(0.0, 1.0 - t.stretch), highFactor = 1.0 + t.stretch;
    quint32 unticked = 0;
    for (qint64 f = from; f < to; ++f) {
        const QVector3D *p = frames.at(f);
        if (!p) {
            part.readFailed = true;
            return;
        }
        for (int b = 0; b < bones; ++b) {
            if (!finite(p[b])) {
                part.nonFiniteFrame = int(f);
                part.nonFiniteBone = b;
                return; // the clip cannot be judged: nothing else of it is reported
            }
        }
        if (contacts) { // the contact record against the feet
            float lowest = INFINITY;
            for (int foot : c.rig.feet)
                lowest = std::min(lowest, p[foot].y());
            const std::optional<std::pair<float, float>> record = file.contact(info.frameOffset + quint32(f));
            const double off = record ? std::abs(double(record->second) - double(lowest)) : 0.0;
            if (record && !(off <= c.thresholds.contact))
                part.contact.add(int(f), off, std::isfinite(off) ? off : INFINITY);
        }
        for (int b : c.judged) { // stretch
            const double median = stats.medianLength.at(b);
            if (median <= 0.0)
                continue;
            const double d2 = double(distance2(p[b], p[c.rig.parents.at(b)]));
            const double low = lowFactor * median, high = highFactor * median;
            if (d2 < low * low || d2 > high * high) {
                const double ratio = std::sqrt(d2) / median;
                part.stretch[b].add(int(f), ratio, std::abs(ratio - 1.0));
            }
        }
        for (int i = 0; i < c.rig.feet.size() && i < groundLines.size(); ++i) { // under the ground
            const double line = groundLines.at(i), y = p[c.rig.feet.at(i)].y();
            if (y < line) // false for a NaN line: not judged
                part.below[i].add(int(f), y, line - y);
        }
        if (f < transitions) { // pops: transition f (frame f -> f + 1) against the steps around it
            const Window w = window(frames, f, transitions, loops);
            if (!w.p2) {
                part.readFailed = true;
                return;
            }
            PopEvent outOfPlace{f, true, {}}, jumps{f, false, {}};
            // A frame out of place is found at the step into it; the step back out is never a
            // pop of its own: it is at most 1.5 times the step in (the frames around lie within
            // half a step of each other), which is then among the steps around it, and pop_factor
            // is at least 2. So each transition is judged on its own, whatever range holds it.
            for (int b = 0; b < bones; ++b) {
                if (c.rig.isControl(b))
                    continue; // placed by the rig: its motion is no limb's
                Jump jump;
                const StepKind kind = classify(w, b, stats.usualStep.at(b), t, &jump);
                if (kind == StepKind::OutOfPlace) {
                    outOfPlace.jumps.append(jump);
                } else if (kind == StepKind::Jump) {
                    jumps.jumps.append(jump);
                }
            }
            if (!outOfPlace.jumps.isEmpty())
                part.events.append(outOfPlace);
            if (!jumps.jumps.isEmpty())
                part.events.append(jumps);
        }
        if (++unticked == TickFrames) {
            if (c.releaseBehind && f >= from + 2 * TickFrames)
                c.reader.release(info.frameOffset + quint32(f) - 2 * TickFrames, TickFrames); // the window holds f - 1 on
            if (!tick(unticked)) {
                part.stopped = true;
                return;
            }
            unticked = 0;
        }
    }
    tick(unticked);
}

} // namespace bpat

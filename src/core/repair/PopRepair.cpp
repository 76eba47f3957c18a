#include "repair/PopRepair.h"

#include "repair/ClipSamples.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace bpat {

namespace pm = posemath;
namespace cs = clipsamples;

namespace {

// A frame index of the clip, wrapped when it loops; nullopt outside a one-shot clip.
std::optional<quint32> frameAt(const ClipMotion &m, bool loops, qint64 k)
{
    const qint64 n = qint64(m.frameCount());
    if (n == 0)
        return std::nullopt;
    if (loops)
        return quint32(((k % n) + n) % n);
    if (k < 0 || k >= n)
        return std::nullopt;
    return quint32(k);
}

double stepOf(const ClipMotion &m, bool loops, int bone, qint64 t)
{
    const auto a = frameAt(m, loops, t), b = frameAt(m, loops, t + 1);
    return a && b ? pm::length(pm::sub(m.origin(*b, bone), m.origin(*a, bone))) : 0.0;
}

// The replacement of one bone's local poses over (a, b): cubic Hermite between the anchor frames
// a and b, with slopes from the frames beyond them (zero where there are none).
struct Curve
{
    LocalTransform atA, atB;
    pm::Vec3 slopeTA{}, slopeTB{}, slopeSA{}, slopeSB{}, rotB{}, slopeRA{}, slopeRB{};

    LocalTransform at(double u, double span) const
    {
        LocalTransform t;
        for (size_t i = 0; i < 3; ++i) {
            t.translation[i] = pm::hermite(atA.translation[i], slopeTA[i] * span, atB.translation[i], slopeTB[i] * span, u);
            t.scale[i] = pm::hermite(atA.scale[i], slopeSA[i] * span, atB.scale[i], slopeSB[i] * span, u);
        }
        pm::Vec3 r;
        for (size_t i = 0; i < 3; ++i)
            r[i] = pm::hermite(0.0, slopeRA[i] * span, rotB[i], slopeRB[i] * span, u);
        t.rotation = pm::normalized(pm::multiply(atA.rotation, pm::fromRotationVector(r)));
        return t;
    }
};

Curve curveFor(const ClipMotion &m, bool loops, int bone, qint64 a, qint64 b)
{
    Curve c;
    c.atA = m.pose(*frameAt(m, loops, a), bone);
    c.atB = m.pose(*frameAt(m, loops, b), bone);
    const pm::Quaternion inverseA = pm::conjugate(c.atA.rotation);
    c.rotB = pm::toRotationVector(pm::multiply(inverseA, c.atB.rotation));
    if (const auto before = frameAt(m, loops, a - 1)) {
        const LocalTransform p = m.pose(*before, bone);
        c.slopeTA = pm::sub(c.atA.translation, p.translation);
        c.slopeSA = pm::sub(c.atA.scale, p.scale);
        c.slopeRA = pm::scale(pm::toRotationVector(pm::multiply(inverseA, p.rotation)), -1.0);
    }
    if (const auto after = frameAt(m, loops, b + 1)) {
        const LocalTransform p = m.pose(*after, bone);
        c.slopeTB = pm::sub(p.translation, c.atB.translation);
        c.slopeSB = pm::sub(p.scale, c.atB.scale);
        c.slopeRB = pm::sub(pm::toRotationVector(pm::multiply(inverseA, p.rotation)), c.rotB);
    }
    return c;
}

// How far a candidate's own local poses over (a, b) depart from its smooth curve, in metres at
// the jumping bone: the translation's departure moves the candidate and everything below it, the
// rotation's moves them by the angle times their distance from the candidate (its lever).
double departure(const ClipMotion &m, bool loops, int candidate, int jumping, qint64 a, qint64 b, const Curve &curve)
{
    QList<int> moved{jumping};
    moved += m.skeleton().descendants(jumping);
    double worst = 0.0;
    const double span = double(b - a);
    for (qint64 k = a + 1; k < b; ++k) {
        const quint32 f = *frameAt(m, loops, k);
        const LocalTransform now = m.pose(f, candidate), smooth = curve.at(double(k - a) / span, span);
        double lever = 0.0;
        for (int d : moved) {
            if (d != candidate)
                lever = std::max(lever, pm::length(pm::sub(m.origin(f, d), m.origin(f, candidate))));
        }
        const double turn = pm::angle(pm::multiply(pm::conjugate(smooth.rotation), now.rotation));
        worst = std::max(worst, pm::length(pm::sub(now.translation, smooth.translation)) + turn * lever);
    }
    return worst;
}

} // namespace

bool PopRepair::popsBetween(const ClipMotion &m, const RepairContext &context, int bone, qint64 from, qint64 to)
{
    // The lint's rule (ClipPass's classify): a step longer than pop_min and pop_factor times the
    // steps around it and the bone's median step; a frame away from its neighbours and back is
    // judged against the steps beyond the pair.
    const double usual = cs::medianStep(m, bone);
    const MotionThresholds &t = context.thresholds;
    const bool loops = context.loops;
    const qint64 transitions = loops ? qint64(m.frameCount()) : qint64(m.frameCount()) - 1;
    const auto at = [&](qint64 k) { return frameAt(m, loops, k); };
    for (qint64 k = from; k <= to; ++k) {
        if (!loops && (k < 0 || k >= transitions))
            continue;
        const auto p1 = at(k), p2 = at(k + 1);
        if (!p1 || !p2)
            continue;
        const pm::Vec3 o1 = m.origin(*p1, bone), o2 = m.origin(*p2, bone);
        const double s = pm::length(pm::sub(o2, o1));
        if (!(s > t.popMinimum))
            continue;
        const auto p0 = loops || k > 0 ? at(k - 1) : std::nullopt;
        const auto p3 = loops || k + 1 < transitions ? at(k + 2) : std::nullopt;
        const auto p4 = p3 && (loops || k + 2 < transitions) ? at(k + 3) : std::nullopt;
        const double before = p0 ? pm::length(pm::sub(o1, m.origin(*p0, bone))) : 0.0;
        const double after = p3 ? pm::length(pm::sub(m.origin(*p3, bone), o2)) : 0.0;
        if (p3 && after > t.popMinimum && pm::length(pm::sub(m.origin(*p3, bone), o1)) <= 0.5 * std::min(s, after)) {
            const double afterThat = p4 ? pm::length(pm::sub(m.origin(*p4, bone), m.origin(*p3, bone))) : 0.0;
            if (std::min(s, after) > t.popFactor * std::max({usual, before, afterThat}))
                return true;
            continue;
        }
        if (s > t.popFactor * std::max({usual, before, after}))
            return true;
    }
    return false;
}

RepairOutcome PopRepair::apply(ClipMotion &m, const RepairContext &context, const QList<PopTarget> &targets,
                               const PopOptions &options)
{
    RepairOutcome out;
    out.repair = QStringLiteral("pops");
    const bool loops = context.loops;
    const qint64 n = qint64(m.frameCount());
    for (const PopTarget &target : targets) {
        const int bone = target.bone;
        const qint64 f = qint64(target.frame);
        const QString where = QStringLiteral("%1 at frame %2").arg(m.skeleton().name(bone)).arg(f);
        if (bone < 0 || bone >= m.boneCount() || f >= n || n < 3) {
            out.skipped << QStringLiteral("%1: not in the clip").arg(where);
            continue;
        }
        if (!frameAt(m, loops, f - 1) || !frameAt(m, loops, f + 1)) {
            out.skipped << QStringLiteral("%1: a jump at the clip's %2 frame cannot be bridged (no frame beyond it)")
                               .arg(where, f == 0 ? QStringLiteral("first") : QStringLiteral("last"));
            continue;
        }
        const pm::Vec3 before = m.origin(*frameAt(m, loops, f - 1), bone), at = m.origin(quint32(f), bone),
                       after = m.origin(*frameAt(m, loops, f + 1), bone);
        const double in = pm::length(pm::sub(at, before)), back = pm::length(pm::sub(after, at));
        const bool outOfPlace = pm::length(pm::sub(after, before)) <= 0.5 * std::min(in, back);
        const double usual = cs::medianStep(m, bone);
        const double around = std::max({usual, stepOf(m, loops, bone, f - 2), stepOf(m, loops, bone, f), 1e-4});
        // Half the window: out of place, the frame alone first; a jump, enough frames for the
        // Hermite curve's steepest step (1.5 x the jump / the span) to stay within 2 x around.
        int half = outOfPlace ? 0 : std::max(1, int(std::ceil((0.75 * in / around - 1.0) / 2.0)));
        half = std::min(half, options.maxHalfWindow);
        bool done = false;
        for (; half <= options.maxHalfWindow && !done; ++half) {
            const qint64 a = outOfPlace ? f - 1 - half : f - half - 1; // anchors a and b, replaced a + 1 .. b - 1
            const qint64 b = outOfPlace ? f + 1 + half : f + half;
            if (!frameAt(m, loops, a) || !frameAt(m, loops, b) || (loops && b - a >= n))
                break;
            // The sources: for the target and every bone that pops across the window, the bone
            // and its ancestors whose channels leave the smooth curve.
            QList<int> popping{bone};
            for (int other = 0; other < m.boneCount(); ++other) {
                if (other != bone && popsBetween(m, context, other, a - 1, b))
                    popping.append(other);
            }
            QList<int> sources;
            for (int p : popping) {
                QList<std::pair<int, double>> departures;
                double largest = 0.0;
                for (int c : m.skeleton().chainToRoot(p)) {
                    bool readable = true;
                    for (qint64 k = a; k <= b; ++k)
                        readable = readable && m.isReadable(*frameAt(m, loops, k), c);
                    if (!readable)
                        continue;
                    const double d = departure(m, loops, c, p, a, b, curveFor(m, loops, c, a, b));
                    departures.append({c, d});
                    largest = std::max(largest, d);
                }
                for (const auto &[c, d] : departures) {
                    if (d >= std::max(options.sourceShare * largest, 0.001) && !sources.contains(c))
                        sources.append(c);
                }
            }
            if (sources.isEmpty())
                break;
            // Keep what is there, replace, judge; put it back if a wider window is tried.
            QList<std::pair<std::pair<quint32, int>, ClipMotion::PoseState>> kept;
            for (int c : sources) {
                const Curve curve = curveFor(m, loops, c, a, b);
                for (qint64 k = a + 1; k < b; ++k) {
                    const quint32 frame = *frameAt(m, loops, k);
                    kept.append({{frame, c}, m.poseState(frame, c)});
                    m.setPose(frame, c, curve.at(double(k - a) / double(b - a), double(b - a)));
                }
            }
            bool still = false;
            for (int other = 0; other < m.boneCount() && !still; ++other)
                still = popsBetween(m, context, other, a - 1, b);
            if (!still || half == options.maxHalfWindow) {
                for (const auto &[key, state] : kept)
                    out.touch(key.first, key.second);
                QStringList names;
                for (int c : sources)
                    names << m.skeleton().name(c);
                out.notes << QStringLiteral("%1: %2 frames %3..%4 replaced (%5)%6")
                                 .arg(where, outOfPlace ? QStringLiteral("out of place,") : QStringLiteral("jump,"))
                                 .arg(*frameAt(m, loops, a + 1))
                                 .arg(*frameAt(m, loops, b - 1))
                                 .arg(names.join(QStringLiteral(", ")),
                                      still ? QStringLiteral(", still a jump at the widest window") : QString());
                ++out.addressed;
                done = true;
            } else {
                // Newest first (clang 14 cannot take libstdc++'s std::views::reverse of a QList).
                for (auto it = kept.crbegin(); it != kept.crend(); ++it) // NOLINT(modernize-loop-convert)
                    m.restore(it->first.first, it->first.second, it->second);
            }
        }
        if (!done)
            out.skipped << QStringLiteral("%1: no window fits in the clip").arg(where);
    }
    out.finish();
    return out;
}

} // namespace bpat

#include "motionedit/ClipRetime.h"

#include "motionedit/ClipMotion.h"
#include "motionedit/ContactRecords.h"
#include "motionedit/PoseMath.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace bpat {

namespace {

// A moment this close to a frame is that frame (its bytes are copied).
constexpr double OnFrame = 1e-9;

// The Hermite segment of a monotone cubic from (x0, y0) to (x1, y1) with slopes m0, m1.
double segment(double x, double x0, double y0, double m0, double x1, double y1, double m1)
{
    const double h = x1 - x0;
    if (!(h > 0.0))
        return y0;
    return posemath::hermite(y0, m0 * h, y1, m1 * h, (x - x0) / h);
}

struct Warp
{
    double end = 0.0; // the last frame (one-shot) or the period (loop)
    double slope0 = 1.0, slopeMid = 1.0, slopeEnd = 1.0;
};

// The slopes of the monotone cubic through (0, 0), (to, from), (end, end).
Warp warpOf(double from, double to, quint32 frames, bool loops)
{
    Warp w;
    w.end = loops ? double(frames) : double(frames) - 1.0;
    if (!(to > 0.0) || !(to < w.end))
        return w; // identity
    const double d0 = from / to;
    const double d1 = (w.end - from) / (w.end - to);
    w.slopeMid = d0 > 0.0 && d1 > 0.0 ? 2.0 * d0 * d1 / (d0 + d1) : 0.0;
    if (loops) {
        // Across the seam: the slope where the last segment meets the next cycle's first.
        w.slope0 = w.slopeEnd = w.slopeMid > 0.0 ? 2.0 * d0 * d1 / (d0 + d1) : 0.0;
    } else {
        // The three-point end slopes, kept within what keeps each segment monotone.
        w.slope0 = std::clamp((3.0 * d0 - w.slopeMid) / 2.0, 0.0, 3.0 * d0);
        w.slopeEnd = std::clamp((3.0 * d1 - w.slopeMid) / 2.0, 0.0, 3.0 * d1);
    }
    return w;
}

Affine affineOf(const float *m) // 12 floats: rows 0..2
{
    Affine a{};
    for (size_t k = 0; k < 12; ++k)
        a[k] = double(m[k]);
    a[15] = 1.0;
    return a;
}

// A model-space pose between two (rows 0..2 of `a` and `b`, `count` floats written: 12 or 16):
// rotation slerped, origin and scale lerped; two poses without a rotation (a collapsed axis) are
// mixed as matrices, as the game's playback mixes frames.
void blendMatrix(const float *a, const float *b, double w, float *out, int count)
{
    const std::optional<LocalTransform> pa = LocalChannels::decompose(affineOf(a));
    const std::optional<LocalTransform> pb = LocalChannels::decompose(affineOf(b));
    if (pa && pb) {
        const Affine m = LocalChannels::compose(posemath::blend(*pa, *pb, w));
        for (size_t k = 0; k < 12; ++k)
            out[k] = float(m[k]);
    } else {
        for (size_t k = 0; k < 12; ++k)
            out[k] = float(double(a[k]) + (double(b[k]) - double(a[k])) * w);
    }
    if (count == 16) {
        out[12] = out[13] = out[14] = 0.0f;
        out[15] = 1.0f;
    }
}

} // namespace

quint32 ClipRetime::maxFrames(quint32 bones)
{
    return bones > 0 ? quint32(std::min<quint64>(ClipMotion::MaxPoses / bones, std::numeric_limits<quint32>::max())) : 0;
}

QList<double> ClipRetime::resampleTimes(quint32 from, quint32 to, bool loops)
{
    // New frame j shows the source's moment j from / to: the clip's frames are samples 1/fps apart,
    // so this is the same motion over the same span at a rate to / from times the old one.
    QList<double> times;
    times.reserve(to);
    const double last = from > 0 ? double(from - 1) : 0.0;
    for (quint32 j = 0; j < to; ++j) {
        const quint64 scaled = quint64(j) * from;
        const quint64 frame = scaled / to; // exact when the moment is on a frame
        const double t = scaled % to == 0 ? double(frame) : double(j) * double(from) / double(to);
        times.append(loops ? t : std::min(t, last)); // a one-shot holds its last frame past it
    }
    return times;
}

double ClipRetime::warp(double x, double from, double to, quint32 frames, bool loops)
{
    const Warp w = warpOf(from, to, frames, loops);
    if (!(to > 0.0) || !(to < w.end))
        return x;
    if (x <= to)
        return segment(x, 0.0, 0.0, w.slope0, to, from, w.slopeMid);
    return segment(x, to, from, w.slopeMid, w.end, w.end, w.slopeEnd);
}

QList<double> ClipRetime::warpTimes(quint32 frames, double from, double to, bool loops)
{
    QList<double> times;
    times.reserve(frames);
    for (quint32 j = 0; j < frames; ++j) {
        const double t = warp(double(j), from, to, frames, loops);
        times.append(std::abs(t - std::round(t)) <= OnFrame ? std::round(t) : t);
    }
    return times;
}

double ClipRetime::unwarp(double t, double from, double to, quint32 frames, bool loops)
{
    // The warp is monotone from 0 to its end: bisection.
    const double end = loops ? double(frames) : double(frames) - 1.0;
    double lo = 0.0, hi = std::max(0.0, end);
    if (t <= 0.0 || hi <= 0.0)
        return 0.0;
    if (t >= hi)
        return hi;
    for (int i = 0; i < 100 && hi - lo > 1e-12; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (warp(mid, from, to, frames, loops) < t)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

std::optional<BpatClip> ClipRetime::sample(const BpatDocument &document, const BpatClip &source, const QList<double> &times,
                                           QString *error)
{
    auto fail = [&](const QString &why) -> std::optional<BpatClip> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    const quint32 bones = document.boneCount();
    const quint32 n = source.frameCount;
    const auto m = quint32(times.size());
    const qsizetype matrixFloats = qsizetype(bones) * 16;
    if (n == 0 || m == 0 || source.palette.size() != qsizetype(n) * matrixFloats)
        return fail(QStringLiteral("clip '%1': no frames to sample").arg(source.name));
    if (m > maxFrames(bones))
        return fail(QStringLiteral("%1 frames of %2 bones are more than one clip can be edited into (at most %3 frames)")
                        .arg(m)
                        .arg(bones)
                        .arg(maxFrames(bones)));
    for (qsizetype i = 0; i < source.palette.size(); ++i) {
        if (!std::isfinite(source.palette[i]))
            return fail(QStringLiteral("clip '%1', frame %2, bone %3: the global matrix is not finite")
                            .arg(source.name)
                            .arg(i / matrixFloats)
                            .arg((i % matrixFloats) / 16));
    }
    const int sockets = document.socketCount();
    const bool rows = sockets > 0 && source.socketRows.size() == qsizetype(n) * sockets * 12;
    const bool contacts = source.contacts.size() == qsizetype(n) * 2;
    const bool stored = !source.storedSkin.isEmpty() && source.storedSkin.size() == source.palette.size();
    const ContactRecords records = contacts ? ContactRecords::forDocument(document) : ContactRecords();

    BpatClip out = source;
    out.frameCount = m;
    out.palette.resize(qsizetype(m) * matrixFloats);
    out.socketRows.resize(rows ? qsizetype(m) * sockets * 12 : 0);
    out.contacts.resize(contacts ? qsizetype(m) * 2 : 0);
    out.storedSkin.clear();
    if (stored) // frames copied keep their floats; the others get none (NaN never matches: BpatWriter recomputes them)
        out.storedSkin.fill(std::numeric_limits<float>::quiet_NaN(), out.palette.size());
    bool anyCopied = false;

    for (quint32 j = 0; j < m; ++j) {
        const double t = std::clamp(times[j], 0.0, source.loops ? double(n) : double(n - 1));
        const double rounded = std::round(t);
        float *palette = out.palette.data() + qsizetype(j) * matrixFloats;
        if (std::abs(t - rounded) <= OnFrame) {
            const auto k = quint32(rounded) % n; // t == n in a loop is frame 0
            std::memcpy(palette, source.palette.constData() + qsizetype(k) * matrixFloats, size_t(matrixFloats) * sizeof(float));
            if (rows)
                std::memcpy(out.socketRows.data() + qsizetype(j) * sockets * 12,
                            source.socketRows.constData() + qsizetype(k) * sockets * 12, size_t(sockets) * 12 * sizeof(float));
            if (contacts) {
                out.contacts[qsizetype(j) * 2] = source.contacts[qsizetype(k) * 2];
                out.contacts[qsizetype(j) * 2 + 1] = source.contacts[qsizetype(k) * 2 + 1];
            }
            if (stored)
                std::memcpy(out.storedSkin.data() + qsizetype(j) * matrixFloats,
                            source.storedSkin.constData() + qsizetype(k) * matrixFloats, size_t(matrixFloats) * sizeof(float));
            anyCopied = true;
            continue;
        }
        const auto a = quint32(std::floor(t)) % n;
        const quint32 b = source.loops ? (a + 1) % n : std::min(a + 1, n - 1);
        const double w = t - std::floor(t);
        const float *from = source.palette.constData() + qsizetype(a) * matrixFloats;
        const float *to = source.palette.constData() + qsizetype(b) * matrixFloats;
        for (quint32 bone = 0; bone < bones; ++bone)
            blendMatrix(from + bone * 16, to + bone * 16, w, palette + bone * 16, 16);
        for (int s = 0; rows && s < sockets; ++s) {
            const qsizetype at = qsizetype(s) * 12;
            blendMatrix(source.socketRows.constData() + qsizetype(a) * sockets * 12 + at,
                        source.socketRows.constData() + qsizetype(b) * sockets * 12 + at, w,
                        out.socketRows.data() + qsizetype(j) * sockets * 12 + at, 12);
        }
        if (contacts) {
            const float *ca = source.contacts.constData() + qsizetype(a) * 2;
            const float *cb = source.contacts.constData() + qsizetype(b) * 2;
            std::pair<float, float> record{float(ca[0] + (cb[0] - ca[0]) * w), float(ca[1] + (cb[1] - ca[1]) * w)};
            if (records.isUsable())
                record = records.record(palette, bones, record);
            out.contacts[qsizetype(j) * 2] = record.first;
            out.contacts[qsizetype(j) * 2 + 1] = record.second;
        }
    }
    if (!anyCopied)
        out.storedSkin.clear();
    return out;
}

} // namespace bpat

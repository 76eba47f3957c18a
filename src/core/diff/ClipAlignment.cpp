#include "diff/ClipAlignment.h"

#include "bpat/BpatFile.h"
#include "diff/MatrixDelta.h"

#include <QVector3D>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace bpat::diff {

std::optional<quint32> FrameAlignment::frameOfB(quint32 frameA) const
{
    if (!paired() || frameA < firstA || strideA == 0 || (frameA - firstA) % strideA != 0)
        return std::nullopt;
    const quint32 i = (frameA - firstA) / strideA;
    return i < frames ? std::optional<quint32>(firstB + i * strideB) : std::nullopt;
}

std::optional<quint32> FrameAlignment::frameOfA(quint32 frameB) const
{
    if (!paired() || frameB < firstB || strideB == 0 || (frameB - firstB) % strideB != 0)
        return std::nullopt;
    const quint32 i = (frameB - firstB) / strideB;
    return i < frames ? std::optional<quint32>(firstA + i * strideA) : std::nullopt;
}

QString FrameAlignment::kindKey(Kind kind)
{
    switch (kind) {
    case Kind::Identity: return QStringLiteral("identity");
    case Kind::Trimmed: return QStringLiteral("trimmed");
    case Kind::Decimated: return QStringLiteral("decimated");
    case Kind::Resampled: return QStringLiteral("resampled");
    case Kind::None: break;
    }
    return QStringLiteral("none");
}

namespace {

using Frame = std::vector<std::array<float, 16>>; // the GLOBAL matrices of one frame, row-major

// One clip's frames, read once each as they are asked for.
class Frames
{
public:
    Frames(const BpatFile &file, int clip)
        : m_file(file)
        , m_first(file.clips().at(clip).frameOffset)
        , m_bones(file.header().boneCount)
        , m_cache(file.clips().at(clip).frameCount)
    {
    }
    // Reads frame f into `out` without keeping it (the scan over every frame of a long clip).
    bool read(quint32 f, Frame &out) const
    {
        if (f >= m_cache.size())
            return false;
        out.resize(m_bones);
        for (quint32 b = 0; b < m_bones; ++b) {
            const auto m = m_file.globalMatrixFloats(m_first + f, b);
            if (!m)
                return false;
            out[b] = *m;
        }
        return true;
    }
    // Frame f, kept for the next time (the sampled frames: a few hundred at most).
    const Frame *at(quint32 f)
    {
        if (f >= m_cache.size())
            return nullptr;
        std::optional<Frame> &slot = m_cache[f];
        if (!slot) {
            Frame frame;
            if (!read(f, frame))
                return nullptr;
            slot = std::move(frame);
        }
        return &*slot;
    }

private:
    const BpatFile &m_file;
    quint32 m_first, m_bones;
    std::vector<std::optional<Frame>> m_cache;
};

// The largest difference between two frames' bones: max over bones of max(angle in radians,
// distance in metres), as FileDiff sizes a change (NaN: infinity).
double frameDifference(const Frame &x, const Frame &y)
{
    double worst = 0.0;
    for (size_t b = 0; b < x.size() && b < y.size(); ++b) {
        const MatrixDelta d = matrixDelta(x[b].data(), y[b].data());
        const double size = std::max(d.rotationDeg * M_PI / 180.0, d.translation);
        worst = std::isnan(size) ? INFINITY : std::max(worst, size);
    }
    return worst;
}

// Up to `count` frames of [0, n) spread evenly, the first and the last among them.
std::vector<quint32> spread(quint32 n, quint32 count)
{
    std::vector<quint32> out;
    if (n == 0)
        return out;
    const quint32 k = std::min(n, std::max(2u, count));
    for (quint32 i = 0; i < k; ++i) {
        const quint32 f = k == 1 ? 0 : quint32((quint64(n - 1) * i) / (k - 1));
        if (out.empty() || out.back() != f)
            out.push_back(f);
    }
    return out;
}

QString framesOf(quint32 first, quint32 stride, quint32 frames)
{
    const quint32 last = first + stride * (frames - 1);
    return frames == 1 ? QStringLiteral("frame %1").arg(first) : QStringLiteral("frames %1-%2").arg(first).arg(last);
}

QString ordinal(quint32 k)
{
    const quint32 tens = k % 100;
    const char *suffix = (tens >= 11 && tens <= 13) ? "th" : k % 10 == 1 ? "st" : k % 10 == 2 ? "nd" : k % 10 == 3 ? "rd" : "th";
    return QString::number(k) + QLatin1String(suffix);
}

} // namespace

FrameAlignment ClipAlignment::find(const BpatFile &a, int clipA, const BpatFile &b, int clipB, double tolerance)
{
    FrameAlignment out;
    const quint32 nA = a.clips().at(clipA).frameCount, nB = b.clips().at(clipB).frameCount;
    if (nA == nB) {
        out.frames = nA;
        return out;
    }
    out.kind = FrameAlignment::Kind::None;
    if (nA == 0 || nB == 0 || a.header().boneCount != b.header().boneCount) {
        out.text = QStringLiteral("no frames to pair");
        return out;
    }
    const bool bShorter = nB < nA;
    const QString longName = bShorter ? QStringLiteral("A") : QStringLiteral("B");
    const QString shortName = bShorter ? QStringLiteral("B") : QStringLiteral("A");
    Frames longer(bShorter ? a : b, bShorter ? clipA : clipB), shorter(bShorter ? b : a, bShorter ? clipB : clipA);
    const quint32 nL = std::max(nA, nB), nS = std::min(nA, nB);
    const Frame *s0 = shorter.at(0);
    if (!s0) {
        out.text = QStringLiteral("its frames cannot be read");
        return out;
    }

    // Where the shorter clip's first frame lies in the longer one: the few closest frames.
    std::vector<std::pair<double, quint32>> starts;
    Frame scanned;
    for (quint32 o = 0; o < nL; ++o) {
        if (!longer.read(o, scanned)) {
            out.text = QStringLiteral("its frames cannot be read");
            return out;
        }
        starts.emplace_back(frameDifference(scanned, *s0), o);
    }
    std::stable_sort(starts.begin(), starts.end(), [](const auto &x, const auto &y) { return x.first < y.first; });
    starts.resize(std::min<size_t>(starts.size(), 8));

    // From each: every whole stride that fits, judged at up to eight frames of the shorter clip.
    const std::vector<quint32> sampled = spread(nS, 8);
    struct Candidate
    {
        quint32 offset = 0, stride = 1;
        double worst = INFINITY;
        int within = 0; // sampled frames within the tolerance
    };
    Candidate best;
    for (const auto &[d0, o] : starts) {
        const quint32 room = nL - 1 - o;
        const quint32 maxStride = nS == 1 ? 1 : std::min(MaxStride, room / (nS - 1));
        for (quint32 k = 1; k <= maxStride; ++k) {
            Candidate c{o, k, 0.0, 0};
            for (quint32 j : sampled) {
                const Frame *l = longer.at(o + k * j), *s = shorter.at(j);
                const double d = l && s ? frameDifference(*l, *s) : INFINITY;
                c.worst = std::max(c.worst, d);
                c.within += d <= tolerance ? 1 : 0;
            }
            if (c.within > best.within || (c.within == best.within && c.worst < best.worst))
                best = c;
        }
    }
    const auto place = [&](const Candidate &c) {
        out.frames = nS;
        if (bShorter) {
            out.firstA = c.offset;
            out.strideA = c.stride;
        } else {
            out.firstB = c.offset;
            out.strideB = c.stride;
        }
    };
    // Paired when most sampled frames match: a trim that was edited after shows its edits.
    if (best.within * 2 > int(sampled.size())) {
        place(best);
        out.kind = best.stride == 1 ? FrameAlignment::Kind::Trimmed : FrameAlignment::Kind::Decimated;
        out.error = best.worst;
        out.text = best.stride == 1
            ? QStringLiteral("trimmed: %1 is %2 of %3").arg(shortName, framesOf(best.offset, 1, nS), longName)
            : QStringLiteral("resampled: %1 is every %2 frame of %3, %4")
                  .arg(shortName, ordinal(best.stride), longName, framesOf(best.offset, best.stride, nS));
        return out;
    }

    // A resample over the same span: the shorter clip's frame j at the longer one's j x r,
    // between two of its frames. The origins are compared with the longer clip's interpolated.
    if (nS > 1) {
        const double r = double(nL - 1) / double(nS - 1);
        double worst = 0.0;
        for (quint32 j : sampled) {
            const double t = double(j) * r;
            const quint32 f0 = std::min(nL - 1, quint32(std::floor(t)));
            const quint32 f1 = std::min(nL - 1, f0 + 1);
            const float w = float(t - double(f0));
            const Frame *l0 = longer.at(f0), *l1 = longer.at(f1), *s = shorter.at(j);
            if (!l0 || !l1 || !s) {
                worst = INFINITY;
                break;
            }
            for (size_t bone = 0; bone < s->size(); ++bone) {
                const auto origin = [](const std::array<float, 16> &m) { return QVector3D(m[3], m[7], m[11]); };
                const QVector3D expected = origin((*l0)[bone]) * (1.0f - w) + origin((*l1)[bone]) * w;
                const double d = double(expected.distanceToPoint(origin((*s)[bone])));
                worst = std::isnan(d) ? INFINITY : std::max(worst, d);
            }
        }
        if (worst <= ResampleMatch) {
            out.kind = FrameAlignment::Kind::Resampled;
            out.error = worst;
            out.text =
                QStringLiteral("resampled: %1 holds the same span as %2 in %3 frames instead of %4 (origins within %5 m of "
                               "%2's, interpolated); its frames fall between %2's, so no frame pairs with one")
                    .arg(shortName, longName)
                    .arg(nS)
                    .arg(nL)
                    .arg(worst, 0, 'g', 2);
            return out;
        }
    }
    out.error = best.worst;
    out.text = QStringLiteral("no trim or resample of one matches the other (the closest, %1 of %2, differs by up to %3)")
                   .arg(framesOf(best.offset, best.stride, nS), longName)
                   .arg(best.worst, 0, 'g', 3);
    return out;
}

} // namespace bpat::diff

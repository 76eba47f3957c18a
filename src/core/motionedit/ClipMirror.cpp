#include "motionedit/ClipMirror.h"

#include <cmath>

namespace bpat {

namespace {

Affine fromFloats(const float *m, size_t count)
{
    Affine a{};
    for (size_t k = 0; k < count; ++k)
        a[k] = double(m[k]);
    a[12] = a[13] = a[14] = 0.0;
    a[15] = 1.0;
    return a;
}

// The per-axis spread of the pairs' origins (|left - right| summed) and their midpoints' mean.
std::pair<std::array<double, 3>, std::array<double, 3>> spreadOf(const BonePairs &pairs, const float *globals, int bones)
{
    std::array<double, 3> spread{}, middle{};
    int count = 0;
    for (const auto &[l, r] : pairs.pairs()) {
        if (l >= bones || r >= bones)
            continue;
        for (int axis = 0; axis < 3; ++axis) {
            const double a = double(globals[l * 16 + axis * 4 + 3]);
            const double b = double(globals[r * 16 + axis * 4 + 3]);
            if (!std::isfinite(a) || !std::isfinite(b))
                continue;
            spread[size_t(axis)] += std::abs(a - b);
            middle[size_t(axis)] += (a + b) / 2.0;
        }
        ++count;
    }
    for (double &m : middle)
        m = count > 0 ? m / count : 0.0;
    return {spread, middle};
}

int widest(const std::array<double, 3> &spread)
{
    int axis = 0;
    for (int a = 1; a < 3; ++a) {
        if (spread[size_t(a)] > spread[size_t(axis)])
            axis = a;
    }
    return axis;
}

} // namespace

QString MirrorPlane::describe() const
{
    static const char *const names[] = {"x", "y", "z"};
    return QStringLiteral("%1 = %2 (%3)").arg(QLatin1String(names[std::clamp(axis, 0, 2)])).arg(offset, 0, 'g', 6).arg(from);
}

MirrorPlane ClipMirror::planeOf(const BonePairs &pairs, const float *rest, const float *frame, int bones)
{
    MirrorPlane p;
    if (rest) {
        const auto [spread, middle] = spreadOf(pairs, rest, bones);
        if (spread[0] + spread[1] + spread[2] > 0.0) {
            p.axis = widest(spread);
            p.offset = middle[size_t(p.axis)];
            p.from = QStringLiteral("across the bind pose's left/right pairs");
            return p;
        }
    }
    if (frame) {
        const auto [spread, middle] = spreadOf(pairs, frame, bones);
        Q_UNUSED(middle);
        if (spread[0] + spread[1] + spread[2] > 0.0) {
            p.axis = widest(spread);
            p.from = QStringLiteral("through the model's origin, across its left/right pairs");
            return p;
        }
    }
    p.from = QStringLiteral("through the model's origin");
    return p;
}

ClipMirror::ClipMirror(BonePairs bones, MirrorPlane plane)
    : m_pairs(std::move(bones))
    , m_plane(std::move(plane))
{
}

Affine ClipMirror::mirrored(const float *matrix) const
{
    // S m S0: row `axis` and column `axis` of the 3x3 change sign (the diagonal entry twice, so
    // it stays), the origin is reflected across the plane.
    Affine out = fromFloats(matrix, 12);
    const auto a = size_t(m_plane.axis);
    for (size_t r = 0; r < 3; ++r) {
        for (size_t c = 0; c < 4; ++c) {
            const bool flip = (r == a) != (c == a);
            if (flip)
                out[r * 4 + c] = -out[r * 4 + c];
        }
    }
    out[a * 4 + 3] += 2.0 * m_plane.offset;
    return out;
}

void ClipMirror::mirrorFrame(const float *globals, float *out) const
{
    for (int b = 0; b < m_pairs.count(); ++b) {
        const Affine g = mirrored(globals + qsizetype(m_pairs.mirrorOf(b)) * 16);
        float *to = out + qsizetype(b) * 16;
        for (size_t k = 0; k < 12; ++k)
            to[k] = float(g[k]);
        to[12] = to[13] = to[14] = 0.0f;
        to[15] = 1.0f;
    }
}

void ClipMirror::mirrorSocketRows(const float *rows, const BonePairs &sockets, float *out) const
{
    for (int s = 0; s < sockets.count(); ++s) {
        const Affine r = mirrored(rows + qsizetype(sockets.mirrorOf(s)) * 12);
        for (size_t k = 0; k < 12; ++k)
            out[qsizetype(s) * 12 + qsizetype(k)] = float(r[k]);
    }
}

} // namespace bpat

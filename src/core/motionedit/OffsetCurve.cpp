#include "motionedit/OffsetCurve.h"

#include "anim/CurveEvaluator.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bpat {

namespace {

constexpr double SameFrame = 1e-6;

double secant(const OffsetKey &a, const OffsetKey &b)
{
    const double dx = b.frame - a.frame;
    return dx > 0.0 ? (b.value - a.value) / dx : 0.0;
}

// The auto-clamped slope at key i: 0 at the ends and at a local extreme, else the Catmull-Rom
// slope limited to three times the smaller neighbouring secant (Fritsch-Carlson), so that the
// Hermite segments either side stay between their keys.
double autoSlope(const QList<OffsetKey> &keys, qsizetype i)
{
    if (i <= 0 || i + 1 >= keys.size())
        return 0.0;
    const double left = secant(keys[i - 1], keys[i]);
    const double right = secant(keys[i], keys[i + 1]);
    if (left * right <= 0.0)
        return 0.0;
    const double span = keys[i + 1].frame - keys[i - 1].frame;
    double slope = span > 0.0 ? (keys[i + 1].value - keys[i - 1].value) / span : 0.0;
    const double limit = 3.0 * std::min(std::abs(left), std::abs(right));
    slope = std::clamp(slope, -limit, limit);
    return slope;
}

} // namespace

QString interpolationName(OffsetInterpolation mode)
{
    switch (mode) {
    case OffsetInterpolation::Auto: return QStringLiteral("auto");
    case OffsetInterpolation::Flat: return QStringLiteral("flat");
    case OffsetInterpolation::Linear: return QStringLiteral("linear");
    case OffsetInterpolation::Stepped: return QStringLiteral("stepped");
    }
    return QStringLiteral("auto");
}

std::optional<OffsetInterpolation> interpolationFromName(const QString &name)
{
    for (OffsetInterpolation mode :
         {OffsetInterpolation::Auto, OffsetInterpolation::Flat, OffsetInterpolation::Linear, OffsetInterpolation::Stepped}) {
        if (interpolationName(mode).compare(name.trimmed(), Qt::CaseInsensitive) == 0)
            return mode;
    }
    return std::nullopt;
}

OffsetCurve::OffsetCurve(QList<OffsetKey> keys)
{
    for (const OffsetKey &key : std::as_const(keys))
        setKey(key);
}

int OffsetCurve::indexAt(double frame) const
{
    for (qsizetype i = 0; i < m_keys.size(); ++i) {
        if (std::abs(m_keys[i].frame - frame) <= SameFrame)
            return int(i);
    }
    return -1;
}

bool OffsetCurve::setKey(const OffsetKey &key, int *index)
{
    if (!std::isfinite(key.frame) || !std::isfinite(key.value))
        return false;
    int at = indexAt(key.frame);
    if (at >= 0) {
        m_keys[at] = key;
    } else {
        const auto it =
            std::lower_bound(m_keys.begin(), m_keys.end(), key.frame, [](const OffsetKey &k, double f) { return k.frame < f; });
        at = int(it - m_keys.begin());
        m_keys.insert(at, key);
    }
    if (index)
        *index = at;
    return true;
}

bool OffsetCurve::removeKey(int index)
{
    if (index < 0 || index >= m_keys.size())
        return false;
    m_keys.removeAt(index);
    return true;
}

bool OffsetCurve::moveKey(int index, double frame, double value, int *newIndex)
{
    if (index < 0 || index >= m_keys.size() || !std::isfinite(frame) || !std::isfinite(value))
        return false;
    OffsetKey key = m_keys.takeAt(index);
    key.frame = frame;
    key.value = value;
    return setKey(key, newIndex);
}

bool OffsetCurve::setInterpolation(int index, OffsetInterpolation mode)
{
    if (index < 0 || index >= m_keys.size())
        return false;
    m_keys[index].interpolation = mode;
    return true;
}

FloatCurve OffsetCurve::toFloatCurve() const
{
    QList<Keyframe> out;
    out.reserve(m_keys.size());
    for (qsizetype i = 0; i < m_keys.size(); ++i) {
        const OffsetKey &key = m_keys[i];
        // The key's own slope, for the sides of its segments its interpolation decides.
        double own = 0.0;
        if (key.interpolation == OffsetInterpolation::Auto || key.interpolation == OffsetInterpolation::Stepped)
            own = autoSlope(m_keys, i);
        else if (key.interpolation == OffsetInterpolation::Linear && i > 0)
            own = secant(m_keys[i - 1], key);
        Keyframe k;
        k.time = float(key.frame);
        k.value = float(key.value);
        k.weightedMode = WeightedMode::None; // cubic Hermite
        // In: the previous key's interpolation decides its segment (straight after a Linear key).
        k.inTangent =
            float(i > 0 && m_keys[i - 1].interpolation == OffsetInterpolation::Linear ? secant(m_keys[i - 1], key) : own);
        if (key.interpolation == OffsetInterpolation::Stepped)
            k.outTangent = std::numeric_limits<float>::infinity();
        else if (key.interpolation == OffsetInterpolation::Linear)
            k.outTangent = float(i + 1 < m_keys.size() ? secant(key, m_keys[i + 1]) : 0.0);
        else
            k.outTangent = float(own);
        out.append(k);
    }
    return FloatCurve(std::move(out));
}

double OffsetCurve::valueAt(double frame) const
{
    return CurveEvaluator::evaluate(toFloatCurve(), frame);
}

QList<double> OffsetCurve::sample(double first, int count) const
{
    QList<double> out;
    const FloatCurve curve = toFloatCurve();
    out.reserve(std::max(0, count));
    for (int i = 0; i < count; ++i)
        out.append(CurveEvaluator::evaluate(curve, first + i));
    return out;
}

} // namespace bpat

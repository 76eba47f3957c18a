#include "anim/CurveEvaluator.h"

#include <algorithm>
#include <cmath>

namespace bpat {

double CurveEvaluator::evaluate(const FloatCurve &curve, double time)
{
    const QList<Keyframe> &keys = curve.keys();
    if (keys.isEmpty())
        return 0.0;
    if (keys.size() == 1)
        return keys.constFirst().value;
    const WrappedTime wrapped = wrapTime(curve, time);
    if (wrapped.clampedKey >= 0)
        return keys[wrapped.clampedKey].value;
    return valueInRange(keys, upperBound(keys, wrapped.time), wrapped.time);
}

bool CurveEvaluator::evaluate(const BoolCurve &curve, double time)
{
    return boolAt(curve.keys(), upperBound(curve.keys(), time));
}

bool CurveEvaluator::boolAt(const QList<BoolKey> &keys, int rhs)
{
    if (keys.isEmpty())
        return false;
    return keys[std::max(rhs - 1, 0)].isTrue();
}

double CurveEvaluator::repeat(double t, double length)
{
    return std::clamp(t - std::floor(t / length) * length, 0.0, length);
}

double CurveEvaluator::pingPong(double t, double length)
{
    return length - std::abs(repeat(t, 2.0 * length) - length);
}

CurveEvaluator::WrappedTime CurveEvaluator::wrapTime(const FloatCurve &curve, double time)
{
    const QList<Keyframe> &keys = curve.keys();
    const int lastIndex = int(keys.size()) - 1;
    const double begin = keys.constFirst().time;
    const double end = keys.constLast().time;
    const bool before = time < begin;
    const bool after = time > end;
    if (!before && !after)
        return {time, -1};
    const WrapMode mode = before ? curve.preWrap() : curve.postWrap();
    const double length = end - begin;
    const bool repeats = mode == WrapMode::Loop || mode == WrapMode::PingPong;
    if (!repeats || !(length > 0.0) || !std::isfinite(time))
        return {time, before ? 0 : lastIndex};
    const double offset = time - begin;
    const double inRange = mode == WrapMode::Loop ? repeat(offset, length) : pingPong(offset, length);
    return {begin + inRange, -1};
}

double CurveEvaluator::valueInRange(const QList<Keyframe> &keys, int rhs, double time)
{
    if (rhs <= 0)
        return keys.constFirst().value; // only with unsorted keys
    if (rhs >= keys.size())
        return keys.constLast().value;
    return evaluateSegment(keys[rhs - 1], keys[rhs], time);
}

double CurveEvaluator::evaluateSegment(const Keyframe &lhs, const Keyframe &rhs, double time)
{
    const double v0 = lhs.value;
    const double v1 = rhs.value;
    const double dx = double(rhs.time) - double(lhs.time);
    if (dx == 0.0 || std::isinf(lhs.outTangent) || std::isinf(rhs.inTangent))
        return v0;
    const double s = (time - double(lhs.time)) / dx;
    const double m0 = double(lhs.outTangent) * dx;
    const double m1 = double(rhs.inTangent) * dx;

    const bool outWeighted = (lhs.weightedMode & WeightedMode::Out) != 0;
    const bool inWeighted = (rhs.weightedMode & WeightedMode::In) != 0;
    if (outWeighted || inWeighted) {
        const double w1 = outWeighted ? double(lhs.outWeight) : 1.0 / 3.0;
        const double w2 = inWeighted ? double(rhs.inWeight) : 1.0 / 3.0;
        if (w1 == 0.0 && w2 == 0.0) {
            // Toolkit keys (every key of a 1.1 file): x(u) = 3u^2 - 2u^3 is also the blend
            // factor of y and the tangent terms vanish, so y = v0 + (v1 - v0) s exactly.
            return v0 + (v1 - v0) * std::clamp(s, 0.0, 1.0);
        }
        const double u = solveBezierParameter(w1, w2, std::clamp(s, 0.0, 1.0));
        const double iu = 1.0 - u;
        return iu * iu * iu * v0 + 3.0 * u * iu * iu * (v0 + w1 * m0) + 3.0 * u * u * iu * (v1 - w2 * m1) + u * u * u * v1;
    }
    const double s2 = s * s;
    const double s3 = s2 * s;
    return (2.0 * s3 - 3.0 * s2 + 1.0) * v0 + (s3 - 2.0 * s2 + s) * m0 + (-2.0 * s3 + 3.0 * s2) * v1 + (s3 - s2) * m1;
}

double CurveEvaluator::solveBezierParameter(double w1, double w2, double s)
{
    if (!(s > 0.0))
        return 0.0;
    if (!(s < 1.0))
        return 1.0;
    const double a = 3.0 * w1 + 3.0 * w2 - 2.0;
    const double b = 3.0 - 6.0 * w1 - 3.0 * w2;
    const double c = 3.0 * w1;
    // x(0) - s < 0 < x(1) - s: [lo, hi] always brackets a root.
    double lo = 0.0;
    double hi = 1.0;
    double u = s; // exact when the segment is unweighted-linear in x (w1 = w2 = 1/3)
    for (int iteration = 0; iteration < 64; ++iteration) {
        const double f = ((a * u + b) * u + c) * u - s;
        if (f == 0.0)
            return u;
        if (f < 0.0)
            lo = u;
        else
            hi = u;
        if (hi - lo <= 1e-15)
            break;
        const double slope = (3.0 * a * u + 2.0 * b) * u + c;
        double next = slope != 0.0 ? u - f / slope : lo - 1.0;
        if (!(next > lo && next < hi)) // Newton left the bracket (or slope 0/NaN): bisect
            next = 0.5 * (lo + hi);
        if (std::abs(next - u) <= 1e-15)
            return next;
        u = next;
    }
    return 0.5 * (lo + hi);
}

} // namespace bpat

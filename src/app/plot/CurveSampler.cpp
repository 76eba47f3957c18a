#include "plot/CurveSampler.h"

#include "anim/CurveCursor.h"

#include <QVarLengthArray>
#include <algorithm>
#include <cmath>
#include <limits>

namespace bpat::studio {

namespace {

constexpr int MaxColumns = 16384;

// Appends a point unless it repeats the previous one.
void appendPoint(QList<QPointF> &out, double t, double v)
{
    if (!out.isEmpty() && out.constLast().x() == t && out.constLast().y() == v)
        return;
    out.append(QPointF(t, v));
}

// first / min / max / last of one column's samples, appended in time order.
struct ColumnEnvelope
{
    bool empty = true;
    QPointF first, low, high, last;

    void add(double t, double v)
    {
        const QPointF p(t, v);
        if (empty) {
            first = low = high = last = p;
            empty = false;
            return;
        }
        if (v < low.y())
            low = p;
        if (v > high.y())
            high = p;
        last = p;
    }
    void flush(QList<QPointF> &out, const ValueMapping &mapping)
    {
        if (empty)
            return;
        QPointF points[4] = {first, low, high, last};
        std::sort(points + 1, points + 3, [](const QPointF &l, const QPointF &r) { return l.x() < r.x(); });
        for (const QPointF &p : points)
            appendPoint(out, p.x(), mapping.apply(p.y()));
        empty = true;
    }
};

} // namespace

void CurveSampler::sampleFloatLine(const bpat::FloatCurve &curve, double t0, double t1, double a, double b, int columns,
                                   const ValueMapping &mapping, QList<QPointF> &out)
{
    const QList<bpat::Keyframe> &keys = curve.keys();
    bpat::CurveCursor cursor(curve);
    const double width = (t1 - t0) / columns;
    int key = bpat::CurveEvaluator::upperBound(keys, a); // first key with time > a
    int column = std::clamp(int(std::floor((a - t0) / width)), 0, columns - 1);
    QVarLengthArray<double, 64> times;
    ColumnEnvelope envelope;
    for (; column < columns; ++column) {
        const double start = std::max(a, t0 + column * width);
        const double end = std::min(b, t0 + (column + 1) * width);
        if (start > b)
            break;
        times.clear();
        times.append(start);
        for (int i = 1; i <= InteriorSamples; ++i)
            times.append(start + (end - start) * i / (InteriorSamples + 1));
        const qsizetype uniform = times.size();
        while (key < keys.size() && double(keys[key].time) < end) {
            const double kt = keys[key].time;
            if (kt > start)
                times.append(kt);
            ++key;
        }
        if (times.size() > uniform)
            std::inplace_merge(times.begin(), times.begin() + uniform, times.end());
        for (double t : times)
            envelope.add(t, cursor.value(t));
        envelope.flush(out, mapping);
        if (end >= b)
            break;
    }
    appendPoint(out, b, mapping.apply(cursor.value(b)));
}

void CurveSampler::sampleBoolLine(const bpat::BoolCurve &curve, double t0, double t1, double a, double b, int columns,
                                  const ValueMapping &mapping, QList<QPointF> &out)
{
    const QList<bpat::BoolKey> &keys = curve.keys();
    bpat::CurveCursor cursor(curve);
    const double width = (t1 - t0) / columns;
    double current = cursor.value(a);
    appendPoint(out, a, mapping.apply(current));
    int key = bpat::CurveEvaluator::upperBound(keys, a);
    while (key < keys.size() && double(keys[key].time) <= b) {
        // Every key of this pixel column: draw the column as one vertical stroke through both
        // values (the envelope) at its first change of value, and continue with the value after
        // its last change. Keys that repeat the value move nothing.
        const double columnEnd = t0 + (std::floor((double(keys[key].time) - t0) / width) + 1) * width;
        const double before = current;
        double firstChange = 0.0;
        double lastChange = 0.0;
        int changes = 0;
        do { // the first key always belongs to its column, whatever the rounding of columnEnd
            const double t = keys[key].time;
            const double v = cursor.value(t);
            if (v != current) {
                firstChange = changes++ == 0 ? t : firstChange;
                lastChange = t;
                current = v;
            }
            ++key;
        } while (key < keys.size() && double(keys[key].time) < columnEnd && double(keys[key].time) <= b);
        if (changes == 0)
            continue;
        appendPoint(out, firstChange, mapping.apply(before));
        appendPoint(out, firstChange, mapping.apply(1.0 - before));
        if (current == before) { // a pulse: back again at the last change
            appendPoint(out, lastChange, mapping.apply(1.0 - before));
            appendPoint(out, lastChange, mapping.apply(before));
        }
    }
    appendPoint(out, b, mapping.apply(current));
}

void CurveSampler::sampleExtension(const bpat::CurveRef &curve, double a, double b, int columns, bool wraps,
                                   const ValueMapping &mapping, QList<QPointF> &out)
{
    if (!(a < b))
        return;
    bpat::CurveCursor cursor = curve.boolCurve ? bpat::CurveCursor(*curve.boolCurve) : bpat::CurveCursor(*curve.floatCurve);
    if (!wraps) { // a constant: the end key's value
        const double v = mapping.apply(cursor.value(0.5 * (a + b)));
        out = {QPointF(a, v), QPointF(b, v)};
        return;
    }
    const int samples = std::max(2, 2 * columns);
    for (int i = 0; i <= samples; ++i) {
        const double t = a + (b - a) * i / samples;
        appendPoint(out, t, mapping.apply(cursor.value(t)));
    }
}

SampledCurve CurveSampler::sample(const bpat::CurveRef &curve, double t0, double t1, int columns, const ValueMapping &mapping)
{
    SampledCurve result;
    const int keyCount = curve.keyCount();
    if (keyCount == 0 || !(t0 < t1) || !std::isfinite(t0) || !std::isfinite(t1))
        return result;
    columns = std::clamp(columns, 1, MaxColumns);
    const double first = curve.firstTime();
    const double last = curve.lastTime();

    const double a = std::max(t0, first);
    const double b = std::min(t1, last);
    if (a <= b && keyCount > 1) {
        if (curve.boolCurve)
            sampleBoolLine(*curve.boolCurve, t0, t1, a, b, columns, mapping, result.line);
        else
            sampleFloatLine(*curve.floatCurve, t0, t1, a, b, columns, mapping, result.line);
    }
    const auto wraps = [&curve](bpat::WrapMode mode) {
        return !curve.boolCurve && (mode == bpat::WrapMode::Loop || mode == bpat::WrapMode::PingPong);
    };
    const double width = (t1 - t0) / columns;
    const auto columnsOver = [width](double from, double to) { return std::max(1, int((to - from) / width)); };
    if (t0 < first)
        sampleExtension(curve, t0, std::min(first, t1), columnsOver(t0, std::min(first, t1)), wraps(curve.preWrap()), mapping,
                        result.preExtension);
    if (t1 > last)
        sampleExtension(curve, std::max(last, t0), t1, columnsOver(std::max(last, t0), t1), wraps(curve.postWrap()), mapping,
                        result.postExtension);

    // Keys in [t0, t1]: index range by binary search on either key type.
    int lo = 0;
    int hi = 0;
    if (curve.boolCurve) {
        const auto &keys = curve.boolCurve->keys();
        lo = bpat::CurveEvaluator::upperBound(keys, std::nextafter(t0, -std::numeric_limits<double>::infinity()));
        hi = bpat::CurveEvaluator::upperBound(keys, t1);
    } else {
        const auto &keys = curve.floatCurve->keys();
        lo = bpat::CurveEvaluator::upperBound(keys, std::nextafter(t0, -std::numeric_limits<double>::infinity()));
        hi = bpat::CurveEvaluator::upperBound(keys, t1);
    }
    result.keysInView = std::max(0, hi - lo);
    if (result.keysInView > 0 && result.keysInView * ColumnsPerVisibleKey <= columns) {
        for (int i = lo; i < hi; ++i)
            result.visibleKeys.append(i);
    }
    return result;
}

std::pair<double, double> CurveSampler::valueRange(const bpat::CurveRef &curve, double t0, double t1, int columns)
{
    const SampledCurve sampled = sample(curve, t0, t1, columns);
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const QList<QPointF> *part : {&sampled.line, &sampled.preExtension, &sampled.postExtension}) {
        for (const QPointF &p : *part) {
            low = std::min(low, p.y());
            high = std::max(high, p.y());
        }
    }
    if (curve.keyCount() == 1) // one key: its value everywhere, even with an empty view
        low = high = keyPoint(curve, 0).y();
    if (low > high)
        return {0.0, 0.0};
    return {low, high};
}

ValueMapping CurveSampler::normalization(const bpat::CurveRef &curve)
{
    if (curve.keyCount() == 0)
        return {};
    const double first = curve.firstTime();
    const double last = curve.lastTime();
    const auto [low, high] = last > first ? valueRange(curve, first, last) : valueRange(curve, first - 1, first + 1);
    if (!(high > low))
        return ValueMapping{0.0, 0.0};
    const double scale = 2.0 / (high - low);
    return ValueMapping{scale, -1.0 - low * scale};
}

QPointF CurveSampler::keyPoint(const bpat::CurveRef &curve, int index)
{
    if (curve.boolCurve) {
        const bpat::BoolKey &key = curve.boolCurve->keys().at(index);
        return QPointF(key.time, key.isTrue() ? 1.0 : 0.0);
    }
    const bpat::Keyframe &key = curve.floatCurve->keys().at(index);
    return QPointF(key.time, key.value);
}

} // namespace bpat::studio

#pragma once
// Checks plotted series against the curve evaluator (shared by the plot tests of tests/app).
// Returns an empty string when the series are right, else what is wrong where.
//  - float curve: every point is the evaluator's value at its time;
//  - bool curve: a step of horizontal runs and vertical strokes. The first point of a stroke at
//    time t is the value just before t, its last point the value at t (right-continuous); a
//    run holds the value at its start and just before its end, and any change of value strictly
//    inside a run lies in the run's first pixel column (a column with several changes is drawn
//    as one stroke spanning both values, then the value after its last change).
#include "anim/CurveEvaluator.h"
#include "plot/ChartsCurvePlot.h"

#include <QLineSeries>
#include <QString>
#include <cmath>
#include <limits>

namespace plotcheck {

inline bool near(double a, double b, double tolerance = 1e-6)
{
    return std::abs(a - b) <= tolerance * std::max(1.0, std::abs(b));
}

inline double before(double t)
{
    return std::nextafter(t, -std::numeric_limits<double>::infinity());
}

inline QString floatMismatch(const QList<QPointF> &points, const bpat::FloatCurve &curve,
                             const bpat::studio::ValueMapping &mapping)
{
    for (const QPointF &p : points) {
        const double expected = mapping.apply(bpat::CurveEvaluator::evaluate(curve, p.x()));
        if (!near(p.y(), expected))
            return QStringLiteral("%1 at t = %2, evaluator %3").arg(p.y()).arg(p.x()).arg(expected);
    }
    return {};
}

inline QString boolMismatch(const QList<QPointF> &points, const bpat::BoolCurve &curve, const bpat::studio::ValueMapping &mapping,
                            double columnWidth)
{
    const auto at = [&](double t) { return mapping.apply(bpat::CurveEvaluator::evaluate(curve, t) ? 1.0 : 0.0); };
    const QList<bpat::BoolKey> &keys = curve.keys();
    qsizetype i = 0;
    while (i < points.size()) {
        // One group: the points at the same time (a stroke, or a single point).
        qsizetype last = i;
        while (last + 1 < points.size() && points[last + 1].x() == points[i].x())
            ++last;
        const double t = points[i].x();
        if (i > 0 && points[i].y() != at(before(t)))
            return QStringLiteral("stroke at t = %1 starts at %2, the value just before is %3")
                .arg(t)
                .arg(points[i].y())
                .arg(at(before(t)));
        if (points[last].y() != at(t))
            return QStringLiteral("point at t = %1 is %2, the value there is %3").arg(t).arg(points[last].y()).arg(at(t));
        if (last + 1 == points.size())
            break;
        // The run to the next group: horizontal, changes only in its first column.
        const QPointF &from = points[last];
        const QPointF &to = points[last + 1];
        if (!(to.x() > from.x()) || to.y() != from.y())
            return QStringLiteral("(%1, %2) -> (%3, %4) is not a horizontal run forward")
                .arg(from.x())
                .arg(from.y())
                .arg(to.x())
                .arg(to.y());
        int k = bpat::CurveEvaluator::upperBound(keys, from.x());
        bool value = bpat::CurveEvaluator::evaluate(curve, from.x());
        for (; k < keys.size() && double(keys[k].time) < to.x(); ++k) {
            const bool v = bpat::CurveEvaluator::evaluate(curve, keys[k].time);
            if (v != value && double(keys[k].time) - from.x() > columnWidth)
                return QStringLiteral("the run from t = %1 to %2 misses the change at %3")
                    .arg(from.x())
                    .arg(to.x())
                    .arg(keys[k].time);
            value = v;
        }
        i = last + 1;
    }
    return {};
}

// What `plot` draws for `curve` (re-sampled already) against the evaluator: its line series
// (bounded by the column count; a step for a bool curve) and the dashed extensions, which
// are there exactly when the view reaches beyond the first / last key.
inline QString seriesMismatch(const bpat::studio::ChartsCurvePlot &plot, const bpat::studio::PlotCurve &curve)
{
    QLineSeries *series = plot.lineSeries(curve.name());
    if (!series)
        return curve.name() + QStringLiteral(": not plotted");
    const QList<QPointF> line = series->points();
    const QList<QPointF> pre = plot.extensionSeries(curve.name(), false)->points();
    const QList<QPointF> post = plot.extensionSeries(curve.name(), true)->points();
    const auto [t0, t1] = plot.timeRange();
    const auto fail = [&curve](const QString &what) { return curve.name() + QStringLiteral(": ") + what; };
    if (curve.ref.keyCount() == 0)
        return line.isEmpty() && pre.isEmpty() && post.isEmpty() ? QString() : fail(QStringLiteral("drawn without keys"));
    if (line.size() + pre.size() + post.size() < 2)
        return fail(QStringLiteral("%1 points drawn").arg(line.size() + pre.size() + post.size()));
    if (line.size() > 4 * plot.sampleColumns() + 1)
        return fail(QStringLiteral("%1 points for %2 columns").arg(line.size()).arg(plot.sampleColumns()));
    if (pre.isEmpty() == (t0 < curve.ref.firstTime()) || post.isEmpty() == (t1 > curve.ref.lastTime()))
        return fail(
            QStringLiteral("extensions %1 / %2 points for the view %3 .. %4").arg(pre.size()).arg(post.size()).arg(t0).arg(t1));
    const bpat::studio::ValueMapping mapping = plot.valueMapping(curve.name());
    QString error = curve.ref.floatCurve ? floatMismatch(line, *curve.ref.floatCurve, mapping)
                                         : boolMismatch(line, *curve.ref.boolCurve, mapping, (t1 - t0) / plot.sampleColumns());
    if (!error.isEmpty())
        return fail(error);
    // The extensions: the wrapped curve (float), the end key's value (bool), at every point.
    for (const QList<QPointF> *extension : {&pre, &post}) {
        for (const QPointF &p : *extension) {
            const double value = curve.ref.floatCurve ? bpat::CurveEvaluator::evaluate(*curve.ref.floatCurve, p.x())
                                                      : double(bpat::CurveEvaluator::evaluate(*curve.ref.boolCurve, p.x()));
            if (!near(p.y(), mapping.apply(value)))
                return fail(
                    QStringLiteral("extension %1 at t = %2, evaluator %3").arg(p.y()).arg(p.x()).arg(mapping.apply(value)));
        }
    }
    return {};
}

} // namespace plotcheck

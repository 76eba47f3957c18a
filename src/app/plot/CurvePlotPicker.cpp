#include "plot/CurvePlotPicker.h"

#include "anim/CurveEvaluator.h"
#include "plot/CurvePlot.h"

#include <QLineF>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {

constexpr double Infinity = std::numeric_limits<double>::infinity();

QString formatNumber(double value)
{
    return QString::number(value, 'g', 6);
}

double segmentDistance(QPointF p, QPointF a, QPointF b)
{
    const QPointF ab = b - a;
    const double length2 = QPointF::dotProduct(ab, ab);
    const double u = length2 > 0.0 ? std::clamp(QPointF::dotProduct(p - a, ab) / length2, 0.0, 1.0) : 0.0;
    return QLineF(p, a + u * ab).length();
}

double evaluate(const bpat::CurveRef &curve, double time)
{
    if (curve.boolCurve)
        return bpat::CurveEvaluator::evaluate(*curve.boolCurve, time) ? 1.0 : 0.0;
    return bpat::CurveEvaluator::evaluate(*curve.floatCurve, time);
}

// Data (time, plotted value) to surface pixels, from the view the plot shows: what every
// backend maps linearly onto its plot area (see CurvePlot).
class PixelMapping
{
public:
    explicit PixelMapping(const CurvePlot &plot)
        : m_area(plot.plotArea())
        , m_time(plot.timeRange())
        , m_value(plot.valueRange())
    {
    }
    QPointF operator()(QPointF data) const
    {
        return QPointF(m_area.left() + (data.x() - m_time.first) / (m_time.second - m_time.first) * m_area.width(),
                       m_area.bottom() - (data.y() - m_value.first) / (m_value.second - m_value.first) * m_area.height());
    }
    // The time at a surface x.
    double timeAt(double x) const { return m_time.first + (x - m_area.left()) / m_area.width() * (m_time.second - m_time.first); }

private:
    QRectF m_area;
    std::pair<double, double> m_time;
    std::pair<double, double> m_value;
};

} // namespace

PlotHit CurvePlotPicker::pick(QPointF pos) const
{
    PlotHit hit;
    const QRectF area = m_plot.plotArea();
    if (!area.contains(pos) || area.width() <= 0.0 || area.height() <= 0.0)
        return hit;
    hit.inPlot = true;
    hit.time = m_plot.mapToData(pos).x();
    const QList<PlotCurve> plotted = m_plot.curves();
    const PlotCurve *nearest = nullptr;
    const PlotCurve *keyCurve = nullptr;
    for (const PlotCurve &curve : plotted) {
        if (curve.dimmed)
            continue; // a reference, not what is edited
        const double distance = distanceToDrawnLine(curve, pos, CurvePickPixels);
        if (distance < hit.curveDistance) {
            hit.curveDistance = distance;
            nearest = &curve;
        }
        const auto [key, keyDistance] = nearestKey(curve, pos, KeyPickPixels);
        if (key >= 0 && keyDistance < hit.keyDistance) {
            hit.key = key;
            hit.keyDistance = keyDistance;
            keyCurve = &curve;
        }
    }
    if (keyCurve) {
        hit.keyPoint = CurveSampler::keyPoint(keyCurve->ref, hit.key);
        if (keyCurve != nearest) {
            nearest = keyCurve;
            hit.curveDistance = distanceToDrawnLine(*keyCurve, pos, Infinity);
        }
    }
    if (nearest) {
        hit.curve = nearest->name();
        hit.value = evaluate(nearest->ref, hit.time);
        hit.keyCount = nearest->ref.keyCount();
    }
    return hit;
}

double CurvePlotPicker::distanceToDrawnLine(const PlotCurve &curve, QPointF pos, double within) const
{
    const PixelMapping toPixels(m_plot);
    // Only segments that reach into [from, to] can be within reach.
    const double from = std::isfinite(within) ? toPixels.timeAt(pos.x() - within) : -Infinity;
    const double to = std::isfinite(within) ? toPixels.timeAt(pos.x() + within) : Infinity;
    double best = Infinity;
    const QList<QList<QPointF>> polylines = m_plot.drawnPolylines(curve.name());
    for (const QList<QPointF> &points : polylines) {
        if (points.size() == 1)
            best = std::min(best, QLineF(pos, toPixels(points.constFirst())).length());
        if (points.size() < 2)
            continue;
        const auto first =
            std::lower_bound(points.cbegin(), points.cend(), from, [](const QPointF &p, double t) { return p.x() < t; });
        qsizetype i = std::max<qsizetype>(0, (first - points.cbegin()) - 1);
        QPointF a = toPixels(points[i]);
        for (; i + 1 < points.size(); ++i) {
            const QPointF b = toPixels(points[i + 1]);
            best = std::min(best, segmentDistance(pos, a, b));
            if (points[i + 1].x() > to)
                break;
            a = b;
        }
    }
    return best <= within ? best : Infinity;
}

std::pair<int, double> CurvePlotPicker::nearestKey(const PlotCurve &curve, QPointF pos, double within) const
{
    const PixelMapping toPixels(m_plot);
    const double from = toPixels.timeAt(pos.x() - within);
    const double to = toPixels.timeAt(pos.x() + within);
    const auto range = [from, to](const auto &keys) {
        const double before = std::nextafter(from, -Infinity);
        return std::pair(bpat::CurveEvaluator::upperBound(keys, before), bpat::CurveEvaluator::upperBound(keys, to));
    };
    const auto [lo, hi] = curve.ref.boolCurve ? range(curve.ref.boolCurve->keys()) : range(curve.ref.floatCurve->keys());
    const ValueMapping mapping = m_plot.valueMapping(curve.name());
    std::pair<int, double> best{-1, Infinity};
    for (int index = lo; index < hi; ++index) {
        const QPointF key = CurveSampler::keyPoint(curve.ref, index);
        const double distance = QLineF(pos, toPixels(QPointF(key.x(), mapping.apply(key.y())))).length();
        if (distance <= within && distance < best.second)
            best = {index, distance};
    }
    return best;
}

QString CurvePlotPicker::describe(const PlotHit &hit) const
{
    if (!hit.inPlot)
        return {};
    // A BPAT clip's curves count frames, one key per frame; a recording's count seconds.
    const bool frames = m_plot.timeUnit() == CurvePlot::TimeUnit::Frames;
    QString text =
        frames ? QStringLiteral("frame %1").arg(formatNumber(hit.time)) : QStringLiteral("t = %1 s").arg(formatNumber(hit.time));
    if (hit.curve.isEmpty())
        return text;
    // The curve by its whole name (bone, channel, axis) and its values with their unit.
    QString shown = hit.curve, suffix;
    const QList<PlotCurve> curves = m_plot.curves();
    for (const PlotCurve &curve : curves) {
        if (curve.name() == hit.curve) {
            shown = curve.displayName();
            suffix = curve.suffix;
            break;
        }
    }
    text += QStringLiteral("\n%1   value = %2%3").arg(shown, formatNumber(hit.value), suffix);
    if (hit.key < 0)
        return text;
    if (frames)
        return text
            + QStringLiteral("\nframe %1: value = %2%3")
                  .arg(formatNumber(hit.keyPoint.x()), formatNumber(hit.keyPoint.y()), suffix);
    text += QStringLiteral("\nkey %1 of %2: t = %3 s   value = %4")
                .arg(hit.key)
                .arg(hit.keyCount)
                .arg(formatNumber(hit.keyPoint.x()), formatNumber(hit.keyPoint.y()));
    const QList<PlotCurve> plotted = m_plot.curves();
    for (const PlotCurve &curve : plotted) {
        if (curve.name() != hit.curve || !curve.ref.floatCurve)
            continue;
        const bpat::Keyframe &k = curve.ref.floatCurve->keys().at(hit.key);
        if (!k.isSimple())
            text += QStringLiteral("\n  in %1 / out %2   weights %3 / %4   mode %5")
                        .arg(formatNumber(k.inTangent), formatNumber(k.outTangent), formatNumber(k.inWeight),
                             formatNumber(k.outWeight))
                        .arg(k.weightedMode);
        break;
    }
    return text;
}

} // namespace bpat::studio

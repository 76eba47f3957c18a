#include "plot/ChartsCurvePlot.h"

#include <QChart>
#include <QChartView>
#include <QElapsedTimer>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <cmath>

namespace bpat::studio {

namespace {
constexpr int MaxLegendCurves = 16;
constexpr double MinSpan = 1e-9;
constexpr double TickLength = 5.0; // QtCharts' axis ticks, between the plot area and the labels

void styleAxis(QValueAxis *axis, const QString &title)
{
    axis->setTitleText(title);
    axis->setTitleBrush(QColor(170, 170, 176));
    axis->setLabelsColor(QColor(170, 170, 176));
    axis->setGridLineColor(QColor(62, 62, 68));
    axis->setMinorGridLineColor(QColor(46, 46, 50));
    axis->setLinePenColor(QColor(90, 90, 96));
    axis->setMinorTickCount(4);
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0.0);
    // Never "...": QtCharts sized the labels' room for the range it had while the plot was
    // hidden (a BPAT's bone curves are set before the tab is first shown) and kept eliding.
    axis->setTruncateLabels(false);
}

// A "nice" tick step (1, 2 or 5 times a power of ten) giving about `ticks` intervals.
double niceStep(double span, int ticks)
{
    const double raw = span / ticks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double normalized = raw / magnitude;
    const double nice = normalized < 1.5 ? 1.0 : normalized < 3.5 ? 2.0 : normalized < 7.5 ? 5.0 : 10.0;
    return nice * magnitude;
}

void applyTicks(QValueAxis *axis, int ticks)
{
    const double span = axis->max() - axis->min();
    if (!(span > 0.0) || !std::isfinite(span))
        return;
    const double step = niceStep(span, ticks);
    axis->setTickInterval(step);
    const int decimals = std::clamp(int(-std::floor(std::log10(step))), 0, 9);
    axis->setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
}
} // namespace

ChartsCurvePlot::ChartsCurvePlot(QWidget *parent)
    : CurvePlot(parent)
{
    m_chart = new QChart;
    m_chart->setTheme(QChart::ChartThemeDark);
    m_chart->setBackgroundBrush(QColor(40, 40, 43));
    m_chart->setBackgroundRoundness(0.0);
    m_chart->setPlotAreaBackgroundBrush(QColor(30, 30, 33));
    m_chart->setPlotAreaBackgroundVisible(true);
    m_chart->setMargins(QMargins(6, 16, 10, 4));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->legend()->setLabelColor(QColor(200, 200, 205));
    m_chart->setAnimationOptions(QChart::NoAnimation);

    m_timeAxis = new QValueAxis;
    m_valueAxis = new QValueAxis;
    styleAxis(m_timeAxis, tr("time (s)"));
    styleAxis(m_valueAxis, tr("value"));
    m_chart->addAxis(m_timeAxis, Qt::AlignBottom);
    m_chart->addAxis(m_valueAxis, Qt::AlignLeft);
    m_timeAxis->setRange(0.0, 1.0);
    m_valueAxis->setRange(-1.0, 1.0);

    m_view = new QChartView(m_chart, this);
    m_view->setRenderHint(QPainter::Antialiasing, true);
    m_view->setRubberBand(QChartView::NoRubberBand);
    m_view->setFrameShape(QFrame::NoFrame);
    m_view->viewport()->setCursor(Qt::CrossCursor);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);

    m_overlay = new ChartOverlayItem(m_chart);
    m_view->scene()->addItem(m_overlay);

    m_resampleTimer.setSingleShot(true);
    m_resampleTimer.setInterval(0);
    connect(&m_resampleTimer, &QTimer::timeout, this, &ChartsCurvePlot::resampleNow);
    connect(m_timeAxis, &QValueAxis::rangeChanged, this, &ChartsCurvePlot::onAxisRangeChanged);
    connect(m_valueAxis, &QValueAxis::rangeChanged, this, &ChartsCurvePlot::onAxisRangeChanged);
    connect(m_chart, &QChart::plotAreaChanged, this, [this] {
        // Ticks for the new size too (they were spaced for the size the range was set at).
        applyTicks(m_timeAxis, std::max(3, int(m_chart->plotArea().width() / 70.0)));
        applyTicks(m_valueAxis, std::max(2, int(m_chart->plotArea().height() / 60.0)));
        m_overlay->refreshGeometry();
        scheduleResample();
    });
    applyTicks(m_timeAxis, 10);
    applyTicks(m_valueAxis, 6);

    installNavigation(m_view->viewport(), m_view);
}

ChartsCurvePlot::~ChartsCurvePlot() = default;

void ChartsCurvePlot::onAxisRangeChanged()
{
    applyTicks(m_timeAxis, std::max(3, int(m_chart->plotArea().width() / 70.0)));
    applyTicks(m_valueAxis, std::max(2, int(m_chart->plotArea().height() / 60.0)));
    m_overlay->update();
    scheduleResample();
    Q_EMIT viewChanged();
}

void ChartsCurvePlot::setAxisTitles(const QString &time, const QString &value)
{
    m_timeAxis->setTitleText(time);
    m_valueAxis->setTitleText(value);
}

void ChartsCurvePlot::setTimeUnit(TimeUnit unit)
{
    CurvePlot::setTimeUnit(unit);
    m_overlay->setCursorInFrames(unit == TimeUnit::Frames);
}

void ChartsCurvePlot::scheduleResample()
{
    if (!m_resampleTimer.isActive())
        m_resampleTimer.start();
}

void ChartsCurvePlot::clearSeries()
{
    for (const CurveSeries &series : std::as_const(m_series)) {
        for (QAbstractSeries *s : {static_cast<QAbstractSeries *>(series.line), static_cast<QAbstractSeries *>(series.pre),
                                   static_cast<QAbstractSeries *>(series.post), static_cast<QAbstractSeries *>(series.keys)}) {
            m_chart->removeSeries(s);
            delete s;
        }
    }
    m_series.clear();
}

void ChartsCurvePlot::setCurves(const QList<PlotCurve> &curves)
{
    clearSeries();
    m_curves = curves;
    QStringList names;
    for (const PlotCurve &curve : curves)
        names << curve.name();
    QStringList stillSelected;
    for (const QString &name : std::as_const(m_selected)) {
        if (names.contains(name))
            stillSelected << name;
    }
    m_selected = stillSelected;

    for (const PlotCurve &curve : curves) {
        CurveSeries series;
        series.line = new QLineSeries;
        series.line->setName(curve.name());
        series.pre = new QLineSeries;
        series.post = new QLineSeries;
        series.keys = new QScatterSeries;
        series.keys->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        series.keys->setMarkerSize(6.0);
        series.mapping = m_normalized ? CurveSampler::normalization(curve.ref) : ValueMapping{};
        for (QXYSeries *s : {static_cast<QXYSeries *>(series.line), static_cast<QXYSeries *>(series.pre),
                             static_cast<QXYSeries *>(series.post), static_cast<QXYSeries *>(series.keys)}) {
            m_chart->addSeries(s);
            s->attachAxis(m_timeAxis);
            s->attachAxis(m_valueAxis);
            if (s != series.line)
                m_chart->legend()->markers(s).constFirst()->setVisible(false);
        }
        m_series.append(series);
    }
    m_chart->legend()->setVisible(!curves.isEmpty() && curves.size() <= MaxLegendCurves);
    applyPens();
    scheduleResample();
}

void ChartsCurvePlot::applyPens()
{
    for (qsizetype i = 0; i < m_series.size(); ++i) {
        const QColor color = m_curves[i].color;
        const bool selected = m_selected.contains(m_curves[i].name());
        const double width = selected ? 2.6 : 1.4;
        m_series[i].line->setPen(QPen(color, width));
        QPen dashed(color.darker(125), width, Qt::DashLine);
        m_series[i].pre->setPen(dashed);
        m_series[i].post->setPen(dashed);
        m_series[i].keys->setColor(selected ? color.lighter(140) : color);
        m_series[i].keys->setBorderColor(QColor(20, 20, 22));
    }
}

void ChartsCurvePlot::setMarkers(const QList<PlotMarker> &markers)
{
    m_overlay->setMarkers(markers);
}

void ChartsCurvePlot::setTimeRange(double from, double to)
{
    if (!std::isfinite(from) || !std::isfinite(to) || to - from < MinSpan)
        return;
    m_timeAxis->setRange(from, to);
}

std::pair<double, double> ChartsCurvePlot::timeRange() const
{
    return {m_timeAxis->min(), m_timeAxis->max()};
}

void ChartsCurvePlot::setValueRange(double low, double high)
{
    if (!std::isfinite(low) || !std::isfinite(high) || high - low < MinSpan)
        return;
    m_valueAxis->setRange(low, high);
}

std::pair<double, double> ChartsCurvePlot::valueRange() const
{
    return {m_valueAxis->min(), m_valueAxis->max()};
}

void ChartsCurvePlot::setCursorTime(double time)
{
    if (!std::isfinite(time))
        return;
    m_cursorTime = time;
    m_overlay->setCursorTime(time);
}

void ChartsCurvePlot::setSelectedCurves(const QStringList &names)
{
    m_selected = names;
    applyPens();
}

void ChartsCurvePlot::setNormalized(bool on)
{
    if (on == m_normalized)
        return;
    m_normalized = on;
    for (qsizetype i = 0; i < m_series.size(); ++i)
        m_series[i].mapping = on ? CurveSampler::normalization(m_curves[i].ref) : ValueMapping{};
    m_valueAxis->setTitleText(on ? tr("normalized value") : tr("value"));
    const auto [from, to] = timeRange();
    fitValues();
    setTimeRange(from, to);
    scheduleResample();
}

ValueMapping ChartsCurvePlot::valueMapping(const QString &name) const
{
    const CurveSeries *series = seriesFor(name);
    return series ? series->mapping : ValueMapping{};
}

int ChartsCurvePlot::sampleColumns() const
{
    return std::max(16, int(std::ceil(m_chart->plotArea().width())));
}

QList<ChartOverlayItem::Handle> ChartsCurvePlot::handlesFor(const PlotCurve &curve, const QList<int> &visible,
                                                            const ValueMapping &mapping) const
{
    QList<ChartOverlayItem::Handle> handles;
    if (!curve.ref.floatCurve)
        return handles;
    const QList<bpat::Keyframe> &keys = curve.ref.floatCurve->keys();
    const auto point = [&mapping](double t, double v) { return QPointF(t, mapping.apply(v)); };
    for (int index : visible) {
        const bpat::Keyframe &key = keys[index];
        if (key.isSimple())
            continue;
        const QPointF at = point(key.time, key.value);
        // Control points of the Bezier segments either side (1/3 of the segment unless weighted).
        if (index > 0 && std::isfinite(key.inTangent)) {
            const double dx = double(key.time) - double(keys[index - 1].time);
            const double w = (key.weightedMode & bpat::WeightedMode::In) ? double(key.inWeight) : 1.0 / 3.0;
            handles.append({QLineF(at, point(key.time - w * dx, key.value - key.inTangent * w * dx)), curve.color});
        }
        if (index + 1 < keys.size() && std::isfinite(key.outTangent)) {
            const double dx = double(keys[index + 1].time) - double(key.time);
            const double w = (key.weightedMode & bpat::WeightedMode::Out) ? double(key.outWeight) : 1.0 / 3.0;
            handles.append({QLineF(at, point(key.time + w * dx, key.value + key.outTangent * w * dx)), curve.color});
        }
    }
    return handles;
}

void ChartsCurvePlot::resampleNow()
{
    m_resampleTimer.stop();
    QElapsedTimer timer;
    timer.start();
    const auto [t0, t1] = timeRange();
    const int columns = sampleColumns();
    QList<ChartOverlayItem::Handle> handles;
    for (qsizetype i = 0; i < m_curves.size(); ++i) {
        const PlotCurve &curve = m_curves[i];
        CurveSeries &series = m_series[i];
        const SampledCurve sampled = CurveSampler::sample(curve.ref, t0, t1, columns, series.mapping);
        series.line->replace(sampled.line);
        series.pre->replace(sampled.preExtension);
        series.post->replace(sampled.postExtension);
        QList<QPointF> keyPoints;
        keyPoints.reserve(sampled.visibleKeys.size());
        for (int index : sampled.visibleKeys) {
            const QPointF key = CurveSampler::keyPoint(curve.ref, index);
            keyPoints.append(QPointF(key.x(), series.mapping.apply(key.y())));
        }
        series.keys->replace(keyPoints);
        handles += handlesFor(curve, sampled.visibleKeys, series.mapping);
    }
    m_overlay->setHandles(handles);
    m_lastResampleMs = timer.nsecsElapsed() / 1e6;
}

QImage ChartsCurvePlot::renderImage()
{
    resampleNow();
    return m_view->grab().toImage();
}

QRectF ChartsCurvePlot::plotArea() const
{
    const QRectF scene = m_chart->mapRectToScene(m_chart->plotArea());
    return m_view->viewportTransform().mapRect(scene);
}

QPointF ChartsCurvePlot::mapToData(QPointF surfacePos) const
{
    const QRectF area = plotArea();
    if (area.width() <= 0.0 || area.height() <= 0.0)
        return {};
    const auto [t0, t1] = timeRange();
    const auto [v0, v1] = valueRange();
    return QPointF(t0 + (surfacePos.x() - area.left()) / area.width() * (t1 - t0),
                   v0 + (area.bottom() - surfacePos.y()) / area.height() * (v1 - v0));
}

QPointF ChartsCurvePlot::mapFromData(QPointF data) const
{
    const QRectF area = plotArea();
    const auto [t0, t1] = timeRange();
    const auto [v0, v1] = valueRange();
    return QPointF(area.left() + (data.x() - t0) / (t1 - t0) * area.width(),
                   area.bottom() - (data.y() - v0) / (v1 - v0) * area.height());
}

const ChartsCurvePlot::CurveSeries *ChartsCurvePlot::seriesFor(const QString &name) const
{
    for (qsizetype i = 0; i < m_curves.size(); ++i) {
        if (m_curves[i].name() == name)
            return &m_series[i];
    }
    return nullptr;
}

QLineSeries *ChartsCurvePlot::lineSeries(const QString &name) const
{
    const CurveSeries *series = seriesFor(name);
    return series ? series->line : nullptr;
}

QScatterSeries *ChartsCurvePlot::keySeries(const QString &name) const
{
    const CurveSeries *series = seriesFor(name);
    return series ? series->keys : nullptr;
}

QLineSeries *ChartsCurvePlot::extensionSeries(const QString &name, bool post) const
{
    const CurveSeries *series = seriesFor(name);
    return series ? (post ? series->post : series->pre) : nullptr;
}

QList<QList<QPointF>> ChartsCurvePlot::drawnPolylines(const QString &name) const
{
    const CurveSeries *series = seriesFor(name);
    if (!series)
        return {};
    return {series->pre->points(), series->line->points(), series->post->points()};
}

QRectF ChartsCurvePlot::timeAxisStrip() const
{
    // QtCharts puts the tick labels right under the axis line, after the ticks (about 5 px);
    // the axis title and the legend come below them.
    const QRectF area = plotArea();
    const double height = TickLength + QFontMetricsF(m_timeAxis->labelsFont()).height() + 2.0;
    return QRectF(area.left(), area.bottom(), area.width(), height);
}

void ChartsCurvePlot::resizeEvent(QResizeEvent *event)
{
    CurvePlot::resizeEvent(event);
    scheduleResample();
}

} // namespace bpat::studio

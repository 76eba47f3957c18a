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
#include <algorithm>
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

void applyLabelFormat(QValueAxis *axis, double step)
{
    const int decimals = std::clamp(int(-std::floor(std::log10(step))), 0, 9);
    axis->setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
}

void applyTicks(QValueAxis *axis, int ticks)
{
    const double span = axis->max() - axis->min();
    if (!(span > 0.0) || !std::isfinite(span))
        return;
    const double step = niceStep(span, ticks);
    axis->setTickInterval(step);
    applyLabelFormat(axis, step);
}
} // namespace

qint64 ChartsCurvePlot::setAxisRange(QValueAxis *axis, double low, double high, int ticks)
{
    // The tick interval of the new range is set on the side that never lays out more ticks than
    // either range needs: QtCharts lays out every tick of (range / interval) as soon as either
    // changes. Setting a wide range under the interval of a narrow one (Frame All after framing
    // a flat curve: 200 degrees under a 1e-6 spacing) built hundreds of millions of ticks.
    const double step = niceStep(high - low, ticks);
    const double before = axis->tickInterval();
    const bool widening = !(before > 0.0) || step > before;
    if (widening)
        axis->setTickInterval(step);
    // What QtCharts lays out when the range changes: the new span under the interval now set.
    const double interval = axis->tickInterval();
    const qint64 laidOut = interval > 0.0 ? qint64(std::min((high - low) / interval, 1e15)) : 0;
    axis->setRange(low, high);
    if (!widening)
        axis->setTickInterval(step);
    applyLabelFormat(axis, step);
    return laidOut;
}

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
    m_chart->legend()->setShowToolTips(true); // a name cut to fit is whole in its tooltip
    m_chart->setAnimationOptions(QChart::NoAnimation);

    m_timeAxis = new QValueAxis;
    m_valueAxis = new QValueAxis;
    styleAxis(m_timeAxis, m_timeTitle);
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

    // The legend's first entry, without a mark: what every curve's name begins with, said once
    // ("FrontUpperLeg.L:  rotation X  rotation Y ..."), when the names would not fit whole.
    m_legendTitle = new QLineSeries;
    m_legendTitle->setColor(Qt::transparent); // its legend mark takes the series' colour: none
    m_chart->addSeries(m_legendTitle);
    m_legendTitle->attachAxis(m_timeAxis);
    m_legendTitle->attachAxis(m_valueAxis);
    for (QLegendMarker *marker : m_chart->legend()->markers(m_legendTitle)) {
        marker->setBrush(Qt::NoBrush);
        marker->setPen(Qt::NoPen);
        marker->setVisible(false);
    }

    m_overlay = new ChartOverlayItem(m_chart);
    m_view->scene()->addItem(m_overlay);

    m_resampleTimer.setSingleShot(true);
    m_resampleTimer.setInterval(0);
    connect(&m_resampleTimer, &QTimer::timeout, this, &ChartsCurvePlot::resampleNow);
    connect(m_timeAxis, &QValueAxis::rangeChanged, this, &ChartsCurvePlot::onAxisRangeChanged);
    connect(m_valueAxis, &QValueAxis::rangeChanged, this, &ChartsCurvePlot::onAxisRangeChanged);
    connect(m_chart, &QChart::plotAreaChanged, this, [this] {
        // Ticks for the new size too (they were spaced for the size the range was set at).
        applyTicks(m_timeAxis, timeTicks());
        applyTicks(m_valueAxis, valueTicks());
        m_overlay->refreshGeometry();
        scheduleResample();
        updateLegendNames(); // as long as the new width allows
    });
    applyTicks(m_timeAxis, 10);
    applyTicks(m_valueAxis, 6);

    installNavigation(m_view->viewport(), m_view);
}

ChartsCurvePlot::~ChartsCurvePlot() = default;

int ChartsCurvePlot::timeTicks() const
{
    return std::max(3, int(m_chart->plotArea().width() / 70.0));
}

int ChartsCurvePlot::valueTicks() const
{
    return std::max(2, int(m_chart->plotArea().height() / 60.0));
}

void ChartsCurvePlot::noteTicks(qint64 laidOut)
{
    m_mostTicksLaidOut = std::max(m_mostTicksLaidOut, laidOut);
}

void ChartsCurvePlot::onAxisRangeChanged()
{
    applyTicks(m_timeAxis, timeTicks());
    applyTicks(m_valueAxis, valueTicks());
    updateExtraAxisRanges();
    m_overlay->update();
    scheduleResample();
    Q_EMIT viewChanged();
}

void ChartsCurvePlot::setAxisTitles(const QString &time, const QString &value)
{
    m_timeTitle = time;
    m_valueTitle = value;
    updateValueAxes();
    updateRoom();
}

void ChartsCurvePlot::updateRoom()
{
    // A short plot (the Curves tab under the timeline and the clip table at 1280x720) gives its
    // height to the curves: no legend (the curve tree is one, with the names whole; hovering
    // names a curve) and no time axis title (its numbers and the cursor say frames or seconds).
    const bool roomy = height() >= RoomyHeight;
    m_timeAxis->setTitleText(roomy ? m_timeTitle : QString());
    m_chart->legend()->setVisible(roomy && m_legendFits && !m_curves.isEmpty() && m_curves.size() <= MaxLegendCurves);
}

ValueMapping ChartsCurvePlot::mappingOf(const PlotCurve &curve) const
{
    const ValueMapping normal = m_normalized ? CurveSampler::normalization(curve.ref) : ValueMapping{};
    const ValueMapping axis = axisMapping(curve.axis);
    return ValueMapping{axis.scale * normal.scale, axis.scale * normal.offset + axis.offset};
}

void ChartsCurvePlot::axisMappingsChanged()
{
    for (qsizetype i = 0; i < m_series.size(); ++i)
        m_series[i].mapping = mappingOf(m_curves[i]);
    updateExtraAxisRanges();
    scheduleResample();
}

void ChartsCurvePlot::updateValueAxes()
{
    const QStringList axes = m_normalized ? QStringList() : valueAxes();
    const QString first = axes.value(0);
    m_valueAxis->setTitleText(m_normalized ? tr("normalized value") : first.isEmpty() ? m_valueTitle : first);
    const qsizetype extra = std::max<qsizetype>(0, axes.size() - 1);
    while (m_extraAxes.size() > extra) {
        QValueAxis *axis = m_extraAxes.takeLast();
        m_chart->removeAxis(axis);
        delete axis;
    }
    while (m_extraAxes.size() < extra) {
        auto *axis = new QValueAxis;
        styleAxis(axis, QString());
        // Its own scale only: the grid is the first axis's.
        axis->setGridLineVisible(false);
        axis->setMinorGridLineVisible(false);
        axis->setMinorTickCount(0);
        m_chart->addAxis(axis, Qt::AlignRight);
        m_extraAxes.append(axis);
    }
    for (qsizetype i = 0; i < extra; ++i)
        m_extraAxes[i]->setTitleText(axes.at(i + 1));
    updateExtraAxisRanges();
}

void ChartsCurvePlot::updateExtraAxisRanges()
{
    if (m_extraAxes.isEmpty())
        return;
    const QStringList axes = valueAxes();
    const auto [v0, v1] = valueRange();
    for (qsizetype i = 0; i < m_extraAxes.size() && i + 1 < axes.size(); ++i) {
        const ValueMapping mapping = axisMapping(axes.at(i + 1));
        const double low = mapping.invert(v0), high = mapping.invert(v1);
        if (std::isfinite(low) && std::isfinite(high) && high > low)
            setAxisRange(m_extraAxes[i], low, high, valueTicks());
    }
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

namespace {
// The same curves drawn the same way (names, colours, labels, axes), maybe with other values.
bool sameSeries(const QList<PlotCurve> &a, const QList<PlotCurve> &b)
{
    return std::equal(a.cbegin(), a.cend(), b.cbegin(), b.cend(), [](const PlotCurve &x, const PlotCurve &y) {
        return x.name() == y.name() && x.color == y.color && x.label == y.label && x.axis == y.axis
            && x.shortLabel == y.shortLabel && x.dimmed == y.dimmed && x.isBool() == y.isBool();
    });
}
} // namespace

void ChartsCurvePlot::setCurves(const QList<PlotCurve> &curves)
{
    if (!curves.isEmpty() && sameSeries(curves, m_curves)) {
        // New values of the same curves (a key dragged): the series stay, their points are
        // sampled again; making QtCharts series anew costs more than the whole edit.
        m_curves = curves;
        for (qsizetype i = 0; i < m_series.size(); ++i)
            m_series[i].mapping = mappingOf(m_curves[i]);
        scheduleResample();
        return;
    }
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
        series.line->setName(curve.displayName());
        series.pre = new QLineSeries;
        series.post = new QLineSeries;
        series.keys = new QScatterSeries;
        series.keys->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        series.keys->setMarkerSize(6.0);
        series.mapping = mappingOf(curve);
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
    updateLegendNames();
    updateRoom();
    updateValueAxes();
    applyPens();
    scheduleResample();
}

void ChartsCurvePlot::updateLegendNames()
{
    if (m_curves.isEmpty() || !m_legendTitle)
        return;
    // The whole names when they fit the legend's row; else what they share said once at its
    // start; else the short forms ("rot", "pos"), likewise. Cut names show whole in a tooltip.
    const QFontMetricsF metrics(m_chart->legend()->font());
    const double room = std::max(100.0, m_chart->size().width() - 24.0);
    constexpr double PerMarker = 30.0; // the mark and the spacing QtCharts puts around a name
    const auto needs = [&](const QStringList &names, const QString &title) {
        double w = title.isEmpty() ? 0.0 : metrics.horizontalAdvance(title) + PerMarker;
        for (const QString &n : names)
            w += metrics.horizontalAdvance(n) + PerMarker;
        return w;
    };
    // The longest start (up to a space) every name shares.
    const auto shared = [](const QStringList &names) {
        QString prefix = names.value(0);
        for (const QString &n : names) {
            qsizetype k = 0;
            while (k < prefix.size() && k < n.size() && prefix.at(k) == n.at(k))
                ++k;
            prefix.truncate(k);
        }
        const qsizetype space = prefix.lastIndexOf(QLatin1Char(' '));
        return names.size() > 1 && space > 0 ? prefix.left(space + 1) : QString();
    };
    QStringList full, compact;
    for (const PlotCurve &curve : std::as_const(m_curves)) {
        full << curve.displayName();
        compact << (curve.shortLabel.isEmpty() ? curve.displayName() : curve.shortLabel);
    }
    QStringList names = compact;
    QString title;
    for (const QStringList &candidate : {full, compact}) {
        if (needs(candidate, {}) <= room) {
            names = candidate;
            title.clear();
            break;
        }
        const QString prefix = shared(candidate);
        QStringList rest;
        for (const QString &n : candidate)
            rest << n.mid(prefix.size());
        names = prefix.isEmpty() ? candidate : rest;
        title = prefix.trimmed();
        if (!title.isEmpty())
            title += QLatin1Char(':');
        if (needs(names, title) <= room)
            break;
    }
    // Names cut to a few letters tell nothing: no legend then (the curve tree is one).
    const bool fits = needs(names, title) <= room;
    if (fits != m_legendFits) {
        m_legendFits = fits;
        QMetaObject::invokeMethod(this, &ChartsCurvePlot::updateRoom, Qt::QueuedConnection);
    }
    for (qsizetype i = 0; i < m_series.size(); ++i)
        m_series[i].line->setName(names.at(i));
    for (qsizetype i = 0; i < m_series.size(); ++i) {
        if (m_curves[i].dimmed)
            m_chart->legend()->markers(m_series[i].line).constFirst()->setVisible(false);
    }
    m_legendTitle->setName(title);
    for (QLegendMarker *marker : m_chart->legend()->markers(m_legendTitle)) {
        marker->setBrush(Qt::NoBrush); // a name, not a curve: no mark
        marker->setPen(Qt::NoPen);
        marker->setVisible(!title.isEmpty());
    }
}

void ChartsCurvePlot::applyPens()
{
    // Curves read on a further value axis are dashed (their extensions dotted), so a rotation
    // and a translation of the same component (one hue) are told apart, and which scale each
    // is read on.
    const QString firstAxis = m_normalized ? QString() : valueAxes().value(0);
    for (qsizetype i = 0; i < m_series.size(); ++i) {
        const QColor color = m_curves[i].color;
        const bool selected = m_selected.contains(m_curves[i].name());
        const double width = selected ? 2.6 : 1.4;
        const bool further = !m_normalized && m_curves[i].axis != firstAxis;
        if (m_curves[i].dimmed) { // the original under edits: faint, thin, behind
            QColor faint = color;
            faint.setAlpha(95);
            m_series[i].line->setPen(QPen(faint, 1.2, further ? Qt::DashLine : Qt::SolidLine));
            m_series[i].pre->setPen(QPen(faint, 1.0, Qt::DotLine));
            m_series[i].post->setPen(QPen(faint, 1.0, Qt::DotLine));
            continue;
        }
        m_series[i].line->setPen(QPen(color, width, further ? Qt::DashLine : Qt::SolidLine));
        QPen dashed(color.darker(125), width, further ? Qt::DotLine : Qt::DashLine);
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
    noteTicks(setAxisRange(m_timeAxis, from, to, timeTicks()));
}

std::pair<double, double> ChartsCurvePlot::timeRange() const
{
    return {m_timeAxis->min(), m_timeAxis->max()};
}

void ChartsCurvePlot::setValueRange(double low, double high)
{
    // Never narrower than the doubles can tell apart at these values (1e-12 of them).
    const double magnitude = std::max(std::abs(low), std::abs(high));
    if (!std::isfinite(low) || !std::isfinite(high) || high - low < std::max(MinSpan, magnitude * 1e-12))
        return;
    noteTicks(setAxisRange(m_valueAxis, low, high, valueTicks()));
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
        m_series[i].mapping = mappingOf(m_curves[i]);
    updateValueAxes();
    applyPens();
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
        for (int index : curve.dimmed ? QList<int>() : sampled.visibleKeys) {
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

QString ChartsCurvePlot::legendTitle() const
{
    return m_legendTitle->name();
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
    updateRoom();
    scheduleResample();
}

} // namespace bpat::studio

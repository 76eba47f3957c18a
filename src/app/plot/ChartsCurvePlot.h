#pragma once
// CurvePlot on QtCharts: a QChartView with a time axis and a value axis, per curve a line
// series (the level-of-detail envelope from CurveSampler), two dashed series for the pre / post
// wrap extensions and a scatter series for the keys in view (hidden while they are denser than
// one per few pixels). Markers, tangent handles and the time cursor are a ChartOverlayItem.
// Every change of the view or of the plot area re-samples all curves on the next event loop
// turn (coalesced), so series never hold more than ~4 points per pixel column.
#include "plot/ChartOverlayItem.h"
#include "plot/CurvePlot.h"

#include <QHash>
#include <QTimer>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace bpat::studio {

class ChartsCurvePlot : public CurvePlot
{
    Q_OBJECT
public:
    // Below this height the plot keeps its room for the curves (updateRoom()).
    static constexpr int RoomyHeight = 240;

    explicit ChartsCurvePlot(QWidget *parent = nullptr);
    ~ChartsCurvePlot() override;

    void setCurves(const QList<PlotCurve> &curves) override;
    QList<PlotCurve> curves() const override { return m_curves; }
    void setMarkers(const QList<PlotMarker> &markers) override;
    QList<PlotMarker> markers() const override { return m_overlay->markers(); }

    void setTimeRange(double from, double to) override;
    std::pair<double, double> timeRange() const override;
    void setValueRange(double low, double high) override;
    std::pair<double, double> valueRange() const override;

    void setCursorTime(double time) override;
    double cursorTime() const override { return m_cursorTime; }

    void setSelectedCurves(const QStringList &names) override;
    QStringList selectedCurves() const override { return m_selected; }

    void setAxisTitles(const QString &time, const QString &value) override;
    void setTimeUnit(TimeUnit unit) override; // the cursor's label: "1.250 s" or "frame 12"
    void setNormalized(bool on) override;
    bool isNormalized() const override { return m_normalized; }

    QImage renderImage() override;
    double lastResampleMilliseconds() const override { return m_lastResampleMs; }

    QRectF plotArea() const override;
    QPointF mapToData(QPointF surfacePos) const override;
    QPointF mapFromData(QPointF data) const override;
    ValueMapping valueMapping(const QString &name) const override;
    QList<QList<QPointF>> drawnPolylines(const QString &name) const override;
    // Under the plot area: the axis line's ticks and the tick labels (labels font height).
    QRectF timeAxisStrip() const override;

    // Re-sample now instead of on the next event loop turn (tests, export).
    void resampleNow();
    QChart *chart() const { return m_chart; }
    QChartView *chartView() const { return m_view; }
    // The legend's first entry (empty when the curves' names show whole).
    QString legendTitle() const;
    // The series drawing one curve (nullptr when it is not plotted).
    QLineSeries *lineSeries(const QString &name) const;
    QScatterSeries *keySeries(const QString &name) const;
    QLineSeries *extensionSeries(const QString &name, bool post) const;
    const ChartOverlayItem *overlay() const { return m_overlay; }
    int sampleColumns() const;
    // The most ticks one range change has made QtCharts lay out (range / interval at the
    // moment the range is set): a few dozen, whatever the ranges before and after.
    qint64 mostTicksLaidOut() const { return m_mostTicksLaidOut; }
    // Sets an axis's range with the tick interval of about `ticks` intervals over it, in the
    // order that keeps the ticks laid out bounded (see the .cpp); returns how many were.
    static qint64 setAxisRange(QValueAxis *axis, double low, double high, int ticks);

    // The scales of the further value axes (valueAxes() after the first), right of the plot.
    const QList<QValueAxis *> &extraValueAxes() const { return m_extraAxes; }
    QValueAxis *valueAxis() const { return m_valueAxis; }

protected:
    void resizeEvent(QResizeEvent *event) override;
    void axisMappingsChanged() override;

private:
    struct CurveSeries
    {
        QLineSeries *line = nullptr;
        QLineSeries *pre = nullptr;
        QLineSeries *post = nullptr;
        QScatterSeries *keys = nullptr;
        ValueMapping mapping;
    };

    const CurveSeries *seriesFor(const QString &name) const;
    void scheduleResample();
    void clearSeries();
    void applyPens();
    void onAxisRangeChanged();
    int timeTicks() const;  // tick intervals the plot area's width has room for
    int valueTicks() const; // and its height
    void noteTicks(qint64 laidOut);
    // The mapping of a curve's values to plotted ones: its axis's, then normalization.
    ValueMapping mappingOf(const PlotCurve &curve) const;
    // One scale per further value axis, titled and ranged after the plot's value range.
    void updateValueAxes();
    void updateExtraAxisRanges();
    // The curves' names in the legend: whole, or shortened to fit its row (see the .cpp).
    void updateLegendNames();
    void updateRoom(); // a short plot drops the legend and the time axis title
    QList<ChartOverlayItem::Handle> handlesFor(const PlotCurve &curve, const QList<int> &keys, const ValueMapping &mapping) const;

    QChart *m_chart = nullptr;
    QChartView *m_view = nullptr;
    QValueAxis *m_timeAxis = nullptr;
    QValueAxis *m_valueAxis = nullptr;
    ChartOverlayItem *m_overlay = nullptr;
    QTimer m_resampleTimer;
    QList<PlotCurve> m_curves;
    QList<CurveSeries> m_series; // parallel to m_curves
    QStringList m_selected;
    QString m_valueTitle = QStringLiteral("value"); // the value axis's title when the curves name none
    QString m_timeTitle = QStringLiteral("time (s)");
    bool m_legendFits = true; // the curves' names fit the legend's row (updateLegendNames)
    QList<QValueAxis *> m_extraAxes;
    QLineSeries *m_legendTitle = nullptr; // the legend's first entry: the names' shared start
    double m_cursorTime = 0.0;
    bool m_normalized = false;
    double m_lastResampleMs = 0.0;
    qint64 m_mostTicksLaidOut = 0;
};

} // namespace bpat::studio

#pragma once
// The plot the curves panel talks to, independent of the chart library: QtCharts today
// (ChartsCurvePlot), Qt Graphs once QtCharts goes (deprecated from Qt 6.10). A new backend
// implements this class; CurvesPanel never sees the library.
//
// Contract: the view is a time range (seconds) and a value range (plotted values: raw, or -1..1
// per curve when normalized). Implementations re-sample the curves (CurveSampler) whenever the
// view or the widget size changes, draw keys, tangent handles, pre/post-wrap extensions dashed,
// bool curves as steps, markers as labelled vertical lines and a draggable time cursor, and
// handle the navigation of engine curve editors (wheel zoom about the mouse, Ctrl = time only,
// middle-button pan, F frames the selection, A frames all). That navigation, the cursor drag,
// the hover text and curve picking (CurvePlotPicker) live here, written once against the
// virtual mapping below. The left button scrubs only on the time cursor (its line across the
// plot area, or its grip: the CursorGrip* box above the plot area) and on the time axis strip
// (timeAxisStrip()); a click elsewhere picks a curve and never moves the time.
#include "plot/CurvePlotPicker.h"
#include "plot/CurveSampler.h"
#include "plot/PlotCurve.h"

#include <QHash>
#include <QImage>
#include <QStringList>
#include <QWidget>

namespace bpat::studio {

// What edits the curves a plot shows (the bone graph's offset keys: OffsetKeyEditor): it sees the
// mouse and key events of the plot's input surface before the plot's own navigation, and keeps
// those it handles.
class PlotEditor
{
public:
    virtual ~PlotEditor() = default;
    // True when the event was handled (the plot then ignores it).
    virtual bool plotEvent(QEvent *event) = 0;
};

class CurvePlot : public QWidget
{
    Q_OBJECT
public:
    // The time cursor's grip, drawn above the plot area: this wide either side of the cursor's
    // x, this high above the plot area's top edge.
    static constexpr double CursorGripHalfWidth = 6.0;
    static constexpr double CursorGripHeight = 10.0;

    explicit CurvePlot(QWidget *parent = nullptr);

    virtual void setCurves(const QList<PlotCurve> &curves) = 0;
    virtual QList<PlotCurve> curves() const = 0;
    virtual void setMarkers(const QList<PlotMarker> &markers) = 0;
    virtual QList<PlotMarker> markers() const = 0;

    virtual void setTimeRange(double from, double to) = 0;
    virtual std::pair<double, double> timeRange() const = 0;
    virtual void setValueRange(double low, double high) = 0;
    virtual std::pair<double, double> valueRange() const = 0;

    virtual void setCursorTime(double time) = 0;
    virtual double cursorTime() const = 0;

    // Curves F frames (a subset of the plotted ones); empty = all.
    virtual void setSelectedCurves(const QStringList &names) = 0;
    virtual QStringList selectedCurves() const = 0;
    // Fit the view to the selected curves (all when none is selected) / to every curve: the time
    // range of their keys, the value range they take there (padded by 5 %).
    void frameSelection();
    void frameAll();
    void frameCurves(const QList<PlotCurve> &curves);
    // Fit the value range to what the plotted curves take over the current time range.
    void fitValues();
    // The narrowest value range framing gives curves between `low` and `high`: FlatSpanRelative
    // of their magnitude, at least FlatSpanAbsolute. A float channel that does not move varies
    // in its last bits (1e-7 of its value); framed to that it would fill the plot as a zig-zag.
    static constexpr double FlatSpanRelative = 1e-3;
    static constexpr double FlatSpanAbsolute = 1e-4;
    static double minimumValueSpan(double low, double high);
    // Zoom by `factor` (> 1 zooms in) about a point of the input surface; the data point under
    // it stays put. timeOnly leaves the value range alone.
    void zoomAt(QPointF surfacePos, double factor, bool timeOnly);

    // What the time axis counts: seconds (recordings) or frames (a BPAT clip's bone curves,
    // BoneCurveSet). It words the hover text; setAxisTitles() words the axes.
    enum class TimeUnit {
        Seconds,
        Frames
    };
    virtual void setTimeUnit(TimeUnit unit) { m_timeUnit = unit; }
    TimeUnit timeUnit() const { return m_timeUnit; }
    virtual void setAxisTitles(const QString &time, const QString &value) = 0;

    virtual void setNormalized(bool on) = 0;
    virtual bool isNormalized() const = 0;

    // The value axes of the plotted curves (PlotCurve::axis), in the order of their first
    // curves. The first is the plot's value axis: its values are the plotted ones. Each further
    // axis is mapped onto it (axisMapping): framing fits each axis's curves to the plot's
    // height, and the axis's own scale is drawn beside the plot, so rotations of 200 degrees do
    // not flatten translations of a few centimetres. While normalized, one axis (-1..1).
    QStringList valueAxes() const;
    // Plotted value = axisMapping(axis).apply(value) (identity for the first axis and while
    // normalized).
    ValueMapping axisMapping(const QString &axis) const;

    // The plot as pixels (what export PNG writes).
    virtual QImage renderImage() = 0;
    // Milliseconds the last re-sample of all curves took (for the status bar and measurements).
    virtual double lastResampleMilliseconds() const = 0;

    // --- the geometry navigation works with (coordinates of the input surface) ---
    virtual QRectF plotArea() const = 0;
    virtual QPointF mapToData(QPointF surfacePos) const = 0; // (time, plotted value)
    virtual QPointF mapFromData(QPointF data) const = 0;
    // How a curve's values are mapped to plotted values (identity unless normalized).
    virtual ValueMapping valueMapping(const QString &name) const = 0;
    // The polylines drawn for a curve as they are now (its line and its pre / post-wrap
    // extensions), in data coordinates (time, plotted value), each in increasing time.
    virtual QList<QList<QPointF>> drawnPolylines(const QString &name) const = 0;
    // The band of the time axis's tick labels under the plot area, as wide as the plot area.
    virtual QRectF timeAxisStrip() const = 0;

    // What lies under a point of the input surface (see CurvePlotPicker): the time, the
    // nearest curve and its value there, the key under the point.
    PlotHit hitTest(QPointF surfacePos) const;
    // The same as text (tooltip, status line); empty when the point is not over the plot area.
    QString describePoint(QPointF surfacePos, QString *curveName = nullptr) const;

    // The widget that receives the plot's mouse events (in whose coordinates plotArea(),
    // mapFromData() and hitTest() work), and the one that receives its keys.
    QWidget *inputSurface() const { return m_surface; }
    QWidget *keySurface() const { return m_keySurface; }
    // An editor that sees the input surface's events first (not owned; null: none).
    void setEditor(PlotEditor *editor) { m_editor = editor; }
    PlotEditor *editor() const { return m_editor; }

protected:
    // The mappings of the further value axes changed (framing): the backend maps their curves
    // again and redraws their scales.
    virtual void axisMappingsChanged() = 0;
    // Backends call this with the widget that receives mouse, wheel and key events.
    void installNavigation(QWidget *surface, QWidget *keySurface);

    bool eventFilter(QObject *watched, QEvent *event) override;

Q_SIGNALS:
    // The user dragged the time cursor (not emitted by setCursorTime).
    void cursorTimeScrubbed(double time);
    // Time or value range changed (zoom, pan, frame, setTimeRange...).
    void viewChanged();
    // Text describing what is under the mouse (time; curve and value, key when near); empty
    // when the mouse is not over the plot area.
    void hoverTextChanged(const QString &text);
    // The user clicked a curve in the plot.
    void curveClicked(const QString &name);

private:
    // Lowest and highest plotted value of `curves` over [t0, t1], padded by 5 % (raw values
    // with `raw`), never narrower than minimumValueSpan().
    std::pair<double, double> paddedValueExtent(const QList<PlotCurve> &curves, double t0, double t1, bool raw = false) const;
    // Fits the value range (and each further axis's mapping) to `curves` over [t0, t1].
    void fitValueAxes(const QList<PlotCurve> &curves, double t0, double t1);
    bool handleMouse(QEvent *event);
    bool nearCursor(QPointF pos) const;
    bool onScrubber(QPointF pos) const;
    void scrubTo(QPointF pos);

    TimeUnit m_timeUnit = TimeUnit::Seconds;
    QWidget *m_surface = nullptr;
    QWidget *m_keySurface = nullptr;
    PlotEditor *m_editor = nullptr;
    enum class Drag {
        None,
        Cursor,
        Pan
    } m_drag = Drag::None;
    QPointF m_lastPos;
    QHash<QString, ValueMapping> m_axisMappings; // the further value axes' (valueAxes())
};

} // namespace bpat::studio

#pragma once
// What lies under a point of a CurvePlot's input surface: the hover text and the curve a click
// picks. Written once against CurvePlot's interface, for every backend.
//  - the time under the mouse, whenever the mouse is over the plot area;
//  - the nearest curve, by 2D pixel distance to the polylines the plot draws for it (its line
//    and dashed extensions, so vertical bool steps and the min/max strokes of dense curves
//    count as much as the flat parts), when within CurvePickPixels; its value is the
//    evaluator's at the time under the mouse, not read back from the drawn points;
//  - the nearest key of any plotted curve by 2D pixel distance, when within KeyPickPixels
//    (whether or not keys are dense enough to be drawn). A key under the mouse names its curve.
#include <QPointF>
#include <QString>
#include <limits>

namespace bpat::studio {

class CurvePlot;
struct PlotCurve;

struct PlotHit
{
    bool inPlot = false; // over the plot area: `time` is meaningful
    double time = 0.0;
    QString curve;                                                  // empty when no curve is near
    double value = 0.0;                                             // the curve's raw value at `time`
    double curveDistance = std::numeric_limits<double>::infinity(); // pixels to its drawn line
    int key = -1;                                                   // index of the key under the mouse in `curve`, -1 when none
    int keyCount = 0;                                               // keys of `curve`
    QPointF keyPoint;                                               // the key's time and raw value
    double keyDistance = std::numeric_limits<double>::infinity();   // pixels to the key
};

class CurvePlotPicker
{
public:
    static constexpr double CurvePickPixels = 8.0;
    static constexpr double KeyPickPixels = 6.0;

    explicit CurvePlotPicker(const CurvePlot &plot)
        : m_plot(plot)
    {
    }

    PlotHit pick(QPointF surfacePos) const;
    // Lines of text: "t = ... s", then "<curve>   value = ..." when a curve is near, then the
    // key (index, time, value; tangents, weights and mode when it has them). Empty when the
    // point is not over the plot area.
    QString describe(const PlotHit &hit) const;

private:
    // Pixels from `pos` to the polylines drawn for `curve` (infinity when none is that close).
    double distanceToDrawnLine(const PlotCurve &curve, QPointF pos, double within) const;
    // The key of `curve` nearest to `pos` within `within` pixels: {index, distance}.
    std::pair<int, double> nearestKey(const PlotCurve &curve, QPointF pos, double within) const;

    const CurvePlot &m_plot;
};

} // namespace bpat::studio

#pragma once
// What QtCharts series cannot draw, painted over a QChart's plot area in the same scene:
// markers as labelled dashed vertical lines, tangent handles of keys that carry tangents or
// weights (key to Bezier control point, with a dot), and the time cursor with its time label.
// Positions are in data coordinates (time, plotted value); the item maps them through the chart.
#include "plot/PlotCurve.h"

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QLineF>
#include <QList>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace bpat::studio {

class ChartOverlayItem : public QGraphicsItem
{
public:
    struct Handle
    {
        QLineF line; // data coordinates: key -> control point
        QColor color;
    };

    // Where one marker is drawn (scene coordinates): its dashed line across the plot area and
    // the box of its label, at the top, staggered down when it would overlap the previous one.
    struct MarkerLayout
    {
        QString text;
        QLineF line;
        QRectF label;
    };

    explicit ChartOverlayItem(QChart *chart);

    void setMarkers(const QList<PlotMarker> &markers);
    const QList<PlotMarker> &markers() const { return m_markers; }
    // The markers in the visible time range as paint() draws them.
    QList<MarkerLayout> markerLayout() const;
    void setHandles(const QList<Handle> &handles);
    const QList<Handle> &handles() const { return m_handles; }
    void setCursorTime(double time);
    // The cursor's label counts frames ("frame 12") instead of seconds ("1.250 s").
    void setCursorInFrames(bool frames);
    // The chart was resized or its plot area moved.
    void refreshGeometry()
    {
        prepareGeometryChange();
        update();
    }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QPointF toScene(QPointF data) const;

    QChart *m_chart;
    QFont m_font; // labels
    QList<PlotMarker> m_markers;
    QList<Handle> m_handles;
    double m_cursorTime = 0.0;
    bool m_cursorInFrames = false;
};

} // namespace bpat::studio

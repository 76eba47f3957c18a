#include "plot/ChartOverlayItem.h"

#include "plot/CurvePlot.h"

#include <QChart>
#include <QFontMetricsF>
#include <QPainter>
#include <QValueAxis>
#include <algorithm>
#include <array>
#include <limits>

namespace bpat::studio {

namespace {
const QColor CursorColor(255, 140, 40);
const QColor MarkerColor(200, 200, 210);

constexpr double MarkerRowHeight = 16.0;
constexpr int MarkerRows = 3;

// The box of a label whose top-left corner is at `at`.
QRectF labelBox(const QFontMetricsF &metrics, QPointF at, const QString &text)
{
    return QRectF(at, QSizeF(metrics.horizontalAdvance(text) + 8.0, metrics.height() + 2.0));
}

// A text label on a dark rounded box.
void drawLabel(QPainter *painter, const QRectF &box, const QString &text, const QColor &color)
{
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(20, 20, 24, 210));
    painter->drawRoundedRect(box, 3.0, 3.0);
    painter->setPen(color);
    painter->drawText(box, Qt::AlignCenter, text);
}
} // namespace

ChartOverlayItem::ChartOverlayItem(QChart *chart)
    : m_chart(chart)
{
    m_font.setPointSizeF(8.0);
    setZValue(1000.0);
    setAcceptedMouseButtons(Qt::NoButton);
}

void ChartOverlayItem::setMarkers(const QList<PlotMarker> &markers)
{
    m_markers = markers;
    update();
}

void ChartOverlayItem::setHandles(const QList<Handle> &handles)
{
    m_handles = handles;
    update();
}

void ChartOverlayItem::setCursorInFrames(bool frames)
{
    m_cursorInFrames = frames;
    update();
}

void ChartOverlayItem::setCursorTime(double time)
{
    m_cursorTime = time;
    update();
}

QRectF ChartOverlayItem::boundingRect() const
{
    return m_chart->mapRectToScene(m_chart->rect());
}

QPointF ChartOverlayItem::toScene(QPointF data) const
{
    const QRectF area = m_chart->plotArea();
    const auto axes = [this](Qt::Orientation o) {
        const auto list = m_chart->axes(o);
        return list.isEmpty() ? nullptr : qobject_cast<QValueAxis *>(list.constFirst());
    };
    const QValueAxis *x = axes(Qt::Horizontal);
    const QValueAxis *y = axes(Qt::Vertical);
    if (!x || !y || x->max() <= x->min() || y->max() <= y->min())
        return {};
    const double px = area.left() + (data.x() - x->min()) / (x->max() - x->min()) * area.width();
    const double py = area.bottom() - (data.y() - y->min()) / (y->max() - y->min()) * area.height();
    return m_chart->mapToScene(QPointF(px, py));
}

QList<ChartOverlayItem::MarkerLayout> ChartOverlayItem::markerLayout() const
{
    QList<MarkerLayout> layout;
    const QRectF area = m_chart->mapRectToScene(m_chart->plotArea());
    const QFontMetricsF metrics(m_font);
    // Right edge of the last label in each row: a label takes the first row where it fits, the
    // row that frees up first when none does.
    std::array<double, MarkerRows> rowRight;
    rowRight.fill(-std::numeric_limits<double>::infinity());
    for (const PlotMarker &marker : m_markers) {
        const double x = toScene(QPointF(marker.time, 0.0)).x();
        if (x < area.left() || x > area.right())
            continue;
        const double left = x + 3.0;
        const auto fits = std::find_if(rowRight.begin(), rowRight.end(), [left](double right) { return right <= left; });
        const auto row = fits != rowRight.end() ? fits : std::min_element(rowRight.begin(), rowRight.end());
        const QString text = marker.name.isEmpty() ? QStringLiteral("marker") : marker.name;
        const double top = area.top() + 2.0 + double(row - rowRight.begin()) * MarkerRowHeight;
        const QRectF label = labelBox(metrics, QPointF(left, top), text);
        layout.append({text, QLineF(x, area.top(), x, area.bottom()), label});
        *row = label.right() + 2.0;
    }
    return layout;
}

void ChartOverlayItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    const QRectF area = m_chart->mapRectToScene(m_chart->plotArea());
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setFont(m_font);

    // Tangent handles, clipped to the plot area.
    painter->save();
    painter->setClipRect(area);
    for (const Handle &handle : m_handles) {
        const QPointF from = toScene(handle.line.p1());
        const QPointF to = toScene(handle.line.p2());
        painter->setPen(QPen(handle.color.lighter(130), 1.0));
        painter->drawLine(from, to);
        painter->setBrush(QColor(30, 30, 34));
        painter->drawEllipse(to, 3.0, 3.0);
    }
    painter->restore();

    // Markers: dashed vertical lines with their name at the top.
    const QList<MarkerLayout> markers = markerLayout();
    for (const MarkerLayout &marker : markers) {
        painter->setPen(QPen(MarkerColor, 1.0, Qt::DashLine));
        painter->drawLine(marker.line);
        drawLabel(painter, marker.label, marker.text, MarkerColor);
    }

    // The time cursor: a solid line, a grip above the plot area and the time.
    const double x = toScene(QPointF(m_cursorTime, 0.0)).x();
    if (x >= area.left() - 0.5 && x <= area.right() + 0.5) {
        painter->setPen(QPen(CursorColor, 1.5));
        painter->drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
        const double gripTop = area.top() - CurvePlot::CursorGripHeight;
        QPolygonF grip;
        grip << QPointF(x - CurvePlot::CursorGripHalfWidth, gripTop) << QPointF(x + CurvePlot::CursorGripHalfWidth, gripTop)
             << QPointF(x, area.top());
        painter->setBrush(CursorColor);
        painter->setPen(Qt::NoPen);
        painter->drawPolygon(grip);
        const QString text = m_cursorInFrames ? QStringLiteral("frame %1").arg(QString::number(m_cursorTime, 'g', 6))
                                              : QString::number(m_cursorTime, 'f', 3) + QStringLiteral(" s");
        drawLabel(painter, labelBox(QFontMetricsF(m_font), QPointF(x + 4.0, area.bottom() - 18.0), text), text, CursorColor);
    }
    painter->restore();
}

} // namespace bpat::studio

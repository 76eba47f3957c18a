#include "plot/ChartOverlayItem.h"

#include <QChart>
#include <QFontMetricsF>
#include <QPainter>
#include <QValueAxis>

namespace bpat::studio {

namespace {
const QColor CursorColor(255, 140, 40);
const QColor MarkerColor(200, 200, 210);

// A text label on a dark rounded box, its top-left corner at `at`.
void drawLabel(QPainter *painter, QPointF at, const QString &text, const QColor &color)
{
    const QFontMetricsF metrics(painter->font());
    const QRectF box(at, QSizeF(metrics.horizontalAdvance(text) + 8.0, metrics.height() + 2.0));
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(20, 20, 24, 210));
    painter->drawRoundedRect(box, 3.0, 3.0);
    painter->setPen(color);
    painter->drawText(box, Qt::AlignCenter, text);
}
} // namespace

ChartOverlayItem::ChartOverlayItem(QChart *chart) : m_chart(chart)
{
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

void ChartOverlayItem::setCursorTime(double time)
{
    m_cursorTime = time;
    update();
}

void ChartOverlayItem::setCursorVisible(bool visible)
{
    m_cursorVisible = visible;
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

void ChartOverlayItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    const QRectF area = m_chart->mapRectToScene(m_chart->plotArea());
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    QFont font = painter->font();
    font.setPointSizeF(8.0);
    painter->setFont(font);

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

    // Markers: dashed vertical lines with their name at the top, staggered when close.
    double lastLabelRight = -1e9;
    int row = 0;
    for (const PlotMarker &marker : m_markers) {
        const double x = toScene(QPointF(marker.time, 0.0)).x();
        if (x < area.left() || x > area.right())
            continue;
        painter->setPen(QPen(MarkerColor, 1.0, Qt::DashLine));
        painter->drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
        row = x < lastLabelRight ? (row + 1) % 3 : 0;
        const QString text = marker.name.isEmpty() ? QStringLiteral("marker") : marker.name;
        const QPointF at(x + 3.0, area.top() + 2.0 + row * 16.0);
        drawLabel(painter, at, text, MarkerColor);
        lastLabelRight = at.x() + QFontMetricsF(painter->font()).horizontalAdvance(text) + 10.0;
    }

    // The time cursor: a solid line, a grip above the plot area and the time.
    if (m_cursorVisible) {
        const double x = toScene(QPointF(m_cursorTime, 0.0)).x();
        if (x >= area.left() - 0.5 && x <= area.right() + 0.5) {
            painter->setPen(QPen(CursorColor, 1.5));
            painter->drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
            QPolygonF grip;
            grip << QPointF(x - 6.0, area.top() - 10.0) << QPointF(x + 6.0, area.top() - 10.0)
                 << QPointF(x, area.top());
            painter->setBrush(CursorColor);
            painter->setPen(Qt::NoPen);
            painter->drawPolygon(grip);
            drawLabel(painter, QPointF(x + 4.0, area.bottom() - 18.0),
                      QString::number(m_cursorTime, 'f', 3) + QStringLiteral(" s"), CursorColor);
        }
    }
    painter->restore();
}

} // namespace bpat::studio

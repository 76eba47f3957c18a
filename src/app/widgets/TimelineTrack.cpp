#include "TimelineTrack.h"

#include "FrameSlider.h"

#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

TimelineTrack::TimelineTrack(QWidget *parent)
    : QWidget(parent)
{
}

void TimelineTrack::setFrameAxis(FrameSlider *slider)
{
    if (m_axis) {
        m_axis->removeEventFilter(this);
        disconnect(m_axis, nullptr, this, nullptr);
    }
    m_axis = slider;
    m_axisObject = slider;
    if (m_axis) {
        m_axis->installEventFilter(this);
        connect(m_axis, &QSlider::valueChanged, this, qOverload<>(&QWidget::update));
        connect(m_axis, &QSlider::rangeChanged, this, qOverload<>(&QWidget::update));
    }
    update();
}

FrameSlider *TimelineTrack::frameAxis() const
{
    return m_axis;
}

bool TimelineTrack::eventFilter(QObject *watched, QEvent *event)
{
    // The bar's groove moves when the time label beside it changes width. The bar is compared
    // as a QObject: while it is being destroyed its events still pass here, and QPointer's
    // FrameSlider cast of it would then be undefined (UBSan: the object is a QWidget by then).
    if ((event->type() == QEvent::Resize || event->type() == QEvent::Move) && watched == m_axisObject)
        axisGeometryChanged();
    return QWidget::eventFilter(watched, event);
}

void TimelineTrack::axisGeometryChanged()
{
    update();
}

int TimelineTrack::lastFrame() const
{
    return m_axis ? std::max(0, m_axis->maximum()) : 0;
}

int TimelineTrack::currentFrame() const
{
    return m_axis ? m_axis->value() : 0;
}

QRect TimelineTrack::plotRect() const
{
    if (m_axis) {
        const int dx = m_axis->mapTo(window(), QPoint(0, 0)).x() - mapTo(window(), QPoint(0, 0)).x();
        const int left = int(std::floor(m_axis->xOfValue(m_axis->minimum()))) + dx;
        const int right = int(std::ceil(m_axis->xOfValue(m_axis->maximum()))) + dx;
        return QRect(left, 0, std::max(10, right - left + 1), height());
    }
    return QRect(4, 0, std::max(10, width() - 8), height());
}

QRect TimelineTrack::labelColumn() const
{
    const QRect plot = plotRect();
    const int left = plot.right() + 10;
    return QRect(left, 0, std::max(0, width() - left - 2), height());
}

double TimelineTrack::xOfFrame(double frame) const
{
    if (m_axis) {
        const int dx = m_axis->mapTo(window(), QPoint(0, 0)).x() - mapTo(window(), QPoint(0, 0)).x();
        return m_axis->xOfValue(frame) + dx;
    }
    const QRect r = plotRect();
    return r.left();
}

int TimelineTrack::frameAt(double x) const
{
    const int last = lastFrame();
    if (last <= 0)
        return 0;
    const double x0 = xOfFrame(0), x1 = xOfFrame(last);
    if (x1 <= x0)
        return 0;
    return std::clamp(int(std::lround((x - x0) / (x1 - x0) * last)), 0, last);
}

bool TimelineTrack::pressItem(QMouseEvent *)
{
    return false;
}

void TimelineTrack::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_axis || !m_axis->isEnabled()) {
        QWidget::mousePressEvent(event);
        return;
    }
    if (pressItem(event))
        return;
    // As a drag of the bar: pressed (the timeline pauses playback), moved, released (it resumes).
    m_scrubbing = true;
    m_axis->setSliderDown(true);
    scrubTo(event->position().x());
}

void TimelineTrack::mouseMoveEvent(QMouseEvent *event)
{
    if (m_scrubbing)
        scrubTo(event->position().x());
    else
        QWidget::mouseMoveEvent(event);
}

void TimelineTrack::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_scrubbing && event->button() == Qt::LeftButton) {
        scrubTo(event->position().x());
        endScrub();
        return;
    }
    QWidget::mouseReleaseEvent(event);
}

void TimelineTrack::scrubTo(double x)
{
    if (m_axis)
        m_axis->setValue(frameAt(x));
}

void TimelineTrack::endScrub()
{
    if (!m_scrubbing)
        return;
    m_scrubbing = false;
    if (m_axis)
        m_axis->setSliderDown(false);
}

void TimelineTrack::drawCurrentFrame(QPainter &painter, const QRect &rect) const
{
    if (!m_axis)
        return;
    const double x = xOfFrame(currentFrame());
    painter.setPen(QPen(palette().color(QPalette::Highlight), 1.5));
    painter.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()));
}

void TimelineTrack::drawRowLabel(QPainter &painter, int top, int height, const QString &text) const
{
    const QRect column = labelColumn();
    if (column.width() < 8)
        return;
    painter.setPen(palette().color(QPalette::PlaceholderText));
    const QRect r(column.left(), top, column.width(), height);
    painter.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, fontMetrics().elidedText(text, Qt::ElideRight, r.width()));
}

} // namespace bpat::studio

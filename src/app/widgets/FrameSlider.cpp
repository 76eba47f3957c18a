#include "FrameSlider.h"

#include <QMouseEvent>
#include <QStyle>
#include <QStyleOptionSlider>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

FrameSlider::FrameSlider(QWidget *parent)
    : QSlider(Qt::Horizontal, parent)
{
}

QRect FrameSlider::grooveRect() const
{
    QStyleOptionSlider option;
    initStyleOption(&option);
    return style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderGroove, this);
}

QRect FrameSlider::handleRect() const
{
    QStyleOptionSlider option;
    initStyleOption(&option);
    return style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, this);
}

double FrameSlider::xOfValue(double value) const
{
    // QStyle places the handle's left edge over [groove.left, groove.right - handle width];
    // positions are linear in the value between the ends.
    const QRect groove = grooveRect();
    const int handle = handleRect().width();
    const int span = std::max(0, groove.width() - handle);
    const double range = double(maximum()) - double(minimum());
    const double t = range > 0 ? std::clamp((value - minimum()) / range, 0.0, 1.0) : 0.0;
    return groove.left() + t * span + handle / 2.0;
}

int FrameSlider::valueAt(int x) const
{
    const QRect groove = grooveRect();
    const int handle = handleRect().width();
    const int span = std::max(1, groove.width() - handle);
    return QStyle::sliderValueFromPosition(minimum(), maximum(), x - groove.left() - handle / 2, span, invertedAppearance());
}

void FrameSlider::mousePressEvent(QMouseEvent *event)
{
    // A click off the handle moves the handle under the pointer first; QSlider then takes the
    // press on the handle and drags from there.
    if (event->button() == Qt::LeftButton && !handleRect().contains(event->position().toPoint())) {
        setValue(valueAt(event->position().toPoint().x()));
    }
    QSlider::mousePressEvent(event);
}

} // namespace bpat::studio

#include "plot/CurvePlot.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <limits>

namespace bpat::studio {

namespace {
constexpr double CursorPickPixels = 5.0;  // grab distance to the time cursor's line
constexpr double WheelZoomPerNotch = 1.2; // one wheel notch (120 units)
} // namespace

CurvePlot::CurvePlot(QWidget *parent)
    : QWidget(parent)
{
}

void CurvePlot::installNavigation(QWidget *surface, QWidget *keySurface)
{
    m_surface = surface;
    m_keySurface = keySurface;
    surface->setMouseTracking(true);
    surface->installEventFilter(this);
    keySurface->setFocusPolicy(Qt::StrongFocus);
    keySurface->installEventFilter(this);
}

void CurvePlot::zoomAt(QPointF surfacePos, double factor, bool timeOnly)
{
    if (!(factor > 0.0) || !std::isfinite(factor))
        return;
    const QPointF anchor = mapToData(surfacePos);
    const auto [t0, t1] = timeRange();
    setTimeRange(anchor.x() + (t0 - anchor.x()) / factor, anchor.x() + (t1 - anchor.x()) / factor);
    if (!timeOnly) {
        const auto [v0, v1] = valueRange();
        setValueRange(anchor.y() + (v0 - anchor.y()) / factor, anchor.y() + (v1 - anchor.y()) / factor);
    }
    // New tick labels can move the plot area's edges by a few pixels: shift the view once so the
    // point under the mouse really stays put.
    const QPointF drift = anchor - mapToData(surfacePos);
    const auto [t2, t3] = timeRange();
    setTimeRange(t2 + drift.x(), t3 + drift.x());
    if (!timeOnly) {
        const auto [v2, v3] = valueRange();
        setValueRange(v2 + drift.y(), v3 + drift.y());
    }
}

void CurvePlot::frameSelection()
{
    const QStringList selected = selectedCurves();
    QList<PlotCurve> chosen;
    const QList<PlotCurve> plotted = curves();
    for (const PlotCurve &curve : plotted) {
        if (selected.contains(curve.name()))
            chosen.append(curve);
    }
    frameCurves(chosen.isEmpty() ? plotted : chosen);
}

void CurvePlot::frameAll()
{
    frameCurves(curves());
}

void CurvePlot::frameCurves(const QList<PlotCurve> &chosen)
{
    double first = std::numeric_limits<double>::infinity();
    double last = -first;
    for (const PlotCurve &curve : chosen) {
        if (curve.ref.keyCount() == 0)
            continue;
        first = std::min(first, curve.ref.firstTime());
        last = std::max(last, curve.ref.lastTime());
    }
    if (first > last)
        return; // nothing with keys: keep the view
    if (last - first < 1e-6) {
        first -= 0.5;
        last += 0.5;
    }
    const double timePad = (last - first) * 0.02;
    setTimeRange(first - timePad, last + timePad);
    fitValueAxes(chosen, first, last);
}

void CurvePlot::fitValues()
{
    const auto [t0, t1] = timeRange();
    fitValueAxes(curves(), t0, t1);
}

QStringList CurvePlot::valueAxes() const
{
    QStringList axes;
    const QList<PlotCurve> plotted = curves();
    for (const PlotCurve &curve : plotted) {
        if (!axes.contains(curve.axis))
            axes.append(curve.axis);
    }
    return axes;
}

ValueMapping CurvePlot::axisMapping(const QString &axis) const
{
    if (isNormalized())
        return {};
    return m_axisMappings.value(axis);
}

void CurvePlot::fitValueAxes(const QList<PlotCurve> &chosen, double t0, double t1)
{
    const QStringList axes = valueAxes();
    if (isNormalized() || axes.size() <= 1) {
        if (!m_axisMappings.isEmpty()) {
            m_axisMappings.clear();
            axisMappingsChanged();
        }
        const auto [low, high] = paddedValueExtent(chosen, t0, t1);
        setValueRange(low, high);
        return;
    }
    // Each axis's chosen curves, in their own values; the first axis's range is the view, the
    // others are mapped onto it. An axis without chosen curves keeps its mapping.
    auto [view0, view1] = valueRange();
    QHash<QString, ValueMapping> mappings;
    for (int a = 0; a < axes.size(); ++a) {
        QList<PlotCurve> own;
        for (const PlotCurve &curve : chosen) {
            if (curve.axis == axes.at(a) && curve.ref.keyCount() > 0)
                own.append(curve);
        }
        if (own.isEmpty()) {
            if (a > 0 && m_axisMappings.contains(axes.at(a)))
                mappings.insert(axes.at(a), m_axisMappings.value(axes.at(a)));
            continue;
        }
        const auto [low, high] = paddedValueExtent(own, t0, t1, true);
        if (a == 0) {
            view0 = low;
            view1 = high;
            continue;
        }
        ValueMapping mapping;
        mapping.scale = (view1 - view0) / (high - low);
        mapping.offset = view0 - low * mapping.scale;
        mappings.insert(axes.at(a), mapping);
    }
    m_axisMappings = mappings;
    axisMappingsChanged();
    setValueRange(view0, view1);
}

std::pair<double, double> CurvePlot::paddedValueExtent(const QList<PlotCurve> &chosen, double t0, double t1, bool raw) const
{
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const PlotCurve &curve : chosen) {
        if (curve.ref.keyCount() == 0)
            continue;
        const ValueMapping mapping = raw ? ValueMapping{} : valueMapping(curve.name());
        const auto [lo, hi] = CurveSampler::valueRange(curve.ref, t0, t1);
        low = std::min(low, mapping.apply(lo));
        high = std::max(high, mapping.apply(hi));
    }
    if (low > high)
        return {-1.0, 1.0};
    // A flat curve is framed flat: a span narrower than FlatSpan of its values (float noise of
    // a channel that does not move: 1e-5 degrees on a bone at 90) is widened to that, about its
    // middle, so it is drawn as the line it is rather than a zig-zag of the last bits.
    const double minimum = minimumValueSpan(low, high);
    if (high - low < minimum) {
        const double middle = (low + high) / 2.0;
        low = middle - minimum / 2.0;
        high = middle + minimum / 2.0;
    }
    const double pad = (high - low) * 0.05;
    return {low - pad, high + pad};
}

double CurvePlot::minimumValueSpan(double low, double high)
{
    const double magnitude = std::max(std::abs(low), std::abs(high));
    return std::max(FlatSpanAbsolute, magnitude * FlatSpanRelative);
}

bool CurvePlot::nearCursor(QPointF pos) const
{
    const QRectF area = plotArea();
    const double x = mapFromData(QPointF(cursorTime(), 0.0)).x();
    if (x < area.left() - 0.5 || x > area.right() + 0.5)
        return false; // not drawn
    const double dx = std::abs(pos.x() - x);
    const bool onLine = dx <= CursorPickPixels && pos.y() >= area.top() && pos.y() <= area.bottom();
    const bool onGrip = dx <= CursorGripHalfWidth + 1.0 && pos.y() >= area.top() - CursorGripHeight - 2.0 && pos.y() < area.top();
    return onLine || onGrip;
}

bool CurvePlot::onScrubber(QPointF pos) const
{
    return nearCursor(pos) || timeAxisStrip().contains(pos);
}

void CurvePlot::scrubTo(QPointF pos)
{
    const auto [from, to] = timeRange();
    const double time = std::clamp(mapToData(pos).x(), from, to);
    setCursorTime(time);
    Q_EMIT cursorTimeScrubbed(time);
}

PlotHit CurvePlot::hitTest(QPointF surfacePos) const
{
    return CurvePlotPicker(*this).pick(surfacePos);
}

QString CurvePlot::describePoint(QPointF surfacePos, QString *curveName) const
{
    const CurvePlotPicker picker(*this);
    const PlotHit hit = picker.pick(surfacePos);
    if (curveName)
        *curveName = hit.curve;
    return picker.describe(hit);
}

bool CurvePlot::handleMouse(QEvent *event)
{
    auto *mouse = static_cast<QMouseEvent *>(event);
    const QPointF pos = mouse->position();
    switch (event->type()) {
    case QEvent::MouseButtonPress:
        if (mouse->button() == Qt::MiddleButton) {
            m_drag = Drag::Pan;
            m_lastPos = pos;
            m_surface->setCursor(Qt::ClosedHandCursor);
            return true;
        }
        if (mouse->button() == Qt::LeftButton) {
            if (m_keySurface)
                m_keySurface->setFocus(Qt::MouseFocusReason);
            // The cursor (line or grip) and the time axis strip scrub; elsewhere a click picks
            // the curve under the mouse, if any, and leaves the time alone.
            if (onScrubber(pos)) {
                m_drag = Drag::Cursor;
                m_surface->setCursor(Qt::SizeHorCursor);
                scrubTo(pos);
                return true;
            }
            const PlotHit hit = hitTest(pos);
            if (!hit.curve.isEmpty())
                Q_EMIT curveClicked(hit.curve);
            return true;
        }
        return false;
    case QEvent::MouseMove:
        if (m_drag == Drag::Cursor) {
            scrubTo(pos);
            return true;
        }
        if (m_drag == Drag::Pan) {
            const QPointF delta = mapToData(m_lastPos) - mapToData(pos);
            m_lastPos = pos;
            const auto [t0, t1] = timeRange();
            const auto [v0, v1] = valueRange();
            setTimeRange(t0 + delta.x(), t1 + delta.x());
            setValueRange(v0 + delta.y(), v1 + delta.y());
            return true;
        }
        {
            // The time is always reported (status line); the tooltip only comes up when a
            // curve or key is near, not to follow the mouse with a bare time.
            const CurvePlotPicker picker(*this);
            const PlotHit hit = picker.pick(pos);
            const QString text = picker.describe(hit);
            Q_EMIT hoverTextChanged(text);
            if (hit.curve.isEmpty())
                QToolTip::hideText();
            else
                QToolTip::showText(mouse->globalPosition().toPoint(), text, m_surface);
            m_surface->setCursor(onScrubber(pos) ? Qt::SizeHorCursor : Qt::CrossCursor);
        }
        return false;
    case QEvent::MouseButtonRelease:
        if (m_drag != Drag::None && (mouse->button() == Qt::LeftButton || mouse->button() == Qt::MiddleButton)) {
            m_drag = Drag::None;
            m_surface->setCursor(Qt::CrossCursor);
            return true;
        }
        return false;
    default: return false;
    }
}

bool CurvePlot::eventFilter(QObject *watched, QEvent *event)
{
    if (m_editor && (watched == m_surface || watched == m_keySurface)) {
        switch (event->type()) {
        case QEvent::MouseButtonPress:
        case QEvent::MouseMove:
        case QEvent::MouseButtonRelease:
        case QEvent::MouseButtonDblClick:
        case QEvent::KeyPress:
            if (m_editor->plotEvent(event))
                return true;
            break;
        default: break;
        }
    }
    if (watched == m_surface) {
        switch (event->type()) {
        case QEvent::MouseButtonPress:
        case QEvent::MouseMove:
        case QEvent::MouseButtonRelease: return handleMouse(event);
        case QEvent::MouseButtonDblClick: return true;
        case QEvent::Wheel: {
            auto *wheel = static_cast<QWheelEvent *>(event);
            const double notches = wheel->angleDelta().y() / 120.0;
            if (notches != 0.0)
                zoomAt(wheel->position(), std::pow(WheelZoomPerNotch, notches), wheel->modifiers().testFlag(Qt::ControlModifier));
            return true;
        }
        case QEvent::Leave: Q_EMIT hoverTextChanged({}); return false;
        default: break;
        }
    }
    if (watched == m_keySurface && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->modifiers() & ~Qt::KeypadModifier)
            return false;
        if (key->key() == Qt::Key_F) {
            frameSelection();
            return true;
        }
        if (key->key() == Qt::Key_A) {
            frameAll();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace bpat::studio

#include "TimelineRuler.h"

#include <QFontMetrics>
#include <QPainter>
#include <QSettings>
#include <QToolButton>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {
const QString kSecondsKey = QStringLiteral("timeline/rulerSeconds");
constexpr int kHeight = 20;
constexpr int kTickBase = 4; // the ticks rise from the top; the numbers sit under them

// The smallest 1-2-5 step of at least `least`.
double niceStep(double least)
{
    if (!(least > 0.0) || !std::isfinite(least))
        return 1.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(least)));
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        if (m * magnitude >= least - 1e-12)
            return m * magnitude;
    }
    return 10.0 * magnitude;
}
} // namespace

TimelineRuler::TimelineRuler(QWidget *parent)
    : TimelineTrack(parent)
    , m_unit(new QToolButton(this))
{
    setObjectName(QStringLiteral("timelineRuler"));
    setToolTip(tr("Frames of the clip: click to jump, drag to scrub"));
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    setFont(small);
    setMinimumHeight(kHeight);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_unit->setObjectName(QStringLiteral("rulerUnitButton"));
    m_unit->setCheckable(true);
    m_unit->setAutoRaise(true);
    m_unit->setFocusPolicy(Qt::NoFocus);
    m_unit->setToolTip(tr("Number the ruler in seconds instead of frames (remembered)"));
    m_seconds = QSettings().value(kSecondsKey, false).toBool();
    m_unit->setChecked(m_seconds);
    m_unit->setText(m_seconds ? tr("seconds") : tr("frames"));
    connect(m_unit, &QToolButton::toggled, this, &TimelineRuler::setShowsSeconds);
}

QSize TimelineRuler::sizeHint() const
{
    return QSize(400, kHeight);
}

void TimelineRuler::setTimeBase(double fps, double startSeconds)
{
    m_fps = std::isfinite(fps) && fps > 0.0 ? fps : 0.0;
    m_start = std::isfinite(startSeconds) ? startSeconds : 0.0;
    update();
}

void TimelineRuler::setShowsSeconds(bool seconds)
{
    if (m_unit->isChecked() != seconds)
        m_unit->setChecked(seconds); // comes back here
    m_unit->setText(seconds ? tr("seconds") : tr("frames"));
    if (m_seconds == seconds)
        return;
    m_seconds = seconds;
    QSettings().setValue(kSecondsKey, seconds);
    update();
}

void TimelineRuler::resizeEvent(QResizeEvent *event)
{
    TimelineTrack::resizeEvent(event);
    placeButton();
}

void TimelineRuler::axisGeometryChanged()
{
    placeButton();
    update();
}

void TimelineRuler::placeButton()
{
    const QRect column = labelColumn();
    m_unit->setGeometry(column.left() - 4, 0, std::max(0, std::min(column.width() + 4, 80)), height());
}

double TimelineRuler::frameOfUnit(double value) const
{
    return m_seconds ? (value - m_start) * m_fps : value;
}

QString TimelineRuler::text(double value, int decimals) const
{
    if (!m_seconds)
        return QString::number(qint64(std::llround(value)));
    return QStringLiteral("%1 s").arg(value, 0, 'f', decimals);
}

TimelineRuler::Ticks TimelineRuler::ticks() const
{
    Ticks t;
    const int last = lastFrame();
    const double span = std::max(1.0, xOfFrame(last) - xOfFrame(0));
    const double pixelsPerFrame = last > 0 ? span / last : span;
    const bool seconds = m_seconds && m_fps > 0.0;
    // Room for the widest number and a gap.
    const QFontMetrics metrics = fontMetrics();
    const double lastValue = seconds ? m_start + last / m_fps : last;
    const int widest = metrics.horizontalAdvance(seconds ? QStringLiteral("-00.00 s") : QString::number(std::max(10, last))) + 14;
    const double pixelsPerUnit = seconds ? pixelsPerFrame * m_fps : pixelsPerFrame;
    t.step = niceStep(widest / pixelsPerUnit);
    if (!seconds)
        t.step = std::max(1.0, t.step);
    t.decimals = seconds ? std::max(0, int(std::ceil(-std::log10(t.step) - 1e-9))) : 0;
    const double firstValue = seconds ? m_start : 0.0;
    t.first = std::ceil(firstValue / t.step - 1e-9) * t.step;
    // Minor ticks where they stay 4 pixels apart: fifths, else halves.
    for (double divisions : {5.0, 2.0}) {
        const double minor = t.step / divisions;
        if ((seconds || minor >= 1.0) && minor * pixelsPerUnit >= 4.0) {
            t.minorStep = minor;
            break;
        }
    }
    Q_UNUSED(lastValue);
    return t;
}

QList<std::pair<double, QString>> TimelineRuler::numberedTicks() const
{
    QList<std::pair<double, QString>> out;
    const int last = lastFrame();
    if (m_seconds && m_fps <= 0.0)
        return out;
    const Ticks t = ticks();
    const double end = m_seconds ? m_start + last / m_fps : last;
    for (int i = 0; i < 100000; ++i) {
        const double value = t.first + i * t.step;
        if (value > end + t.step * 1e-6)
            break;
        out.append({frameOfUnit(value), text(value, t.decimals)});
    }
    return out;
}

QString TimelineRuler::currentText() const
{
    if (m_seconds && m_fps > 0.0)
        return QStringLiteral("%1 s").arg(m_start + currentFrame() / m_fps, 0, 'f', 3);
    return QString::number(currentFrame());
}

void TimelineRuler::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QRect plot = plotRect();
    p.fillRect(QRect(plot.left() - 4, 0, plot.width() + 8, height()), palette().color(QPalette::AlternateBase));
    if (!frameAxis() || !isEnabled())
        return;
    const QColor ink = palette().color(QPalette::Text);
    QColor faint = ink;
    faint.setAlpha(110);
    const Ticks t = ticks();
    const int last = lastFrame();
    const bool seconds = m_seconds && m_fps > 0.0;
    const double end = seconds ? m_start + last / m_fps : last;
    // Minor ticks.
    if (t.minorStep > 0.0) {
        p.setPen(faint);
        const double firstMinor = std::ceil((seconds ? m_start : 0.0) / t.minorStep - 1e-9) * t.minorStep;
        for (int i = 0; i < 200000; ++i) {
            const double value = firstMinor + i * t.minorStep;
            if (value > end + 1e-9)
                break;
            const double x = xOfFrame(frameOfUnit(value));
            p.drawLine(QPointF(x, 0), QPointF(x, kTickBase));
        }
    }
    // The current frame's tag: numbers it would cover are left out.
    const QFontMetrics metrics = fontMetrics();
    const QString current = currentText();
    const double cx = xOfFrame(currentFrame());
    const int tagWidth = metrics.horizontalAdvance(current) + 8;
    QRectF tag(cx - tagWidth / 2.0, 1, tagWidth, height() - 2);
    tag.moveLeft(std::clamp(tag.left(), 0.0, std::max(0.0, double(plot.right() + 4) - tag.width())));
    // Numbered ticks.
    for (const auto &[frame, label] : numberedTicks()) {
        const double x = xOfFrame(frame);
        p.setPen(ink);
        p.drawLine(QPointF(x, 0), QPointF(x, kTickBase + 3));
        const int w = metrics.horizontalAdvance(label);
        QRectF box(x - w / 2.0, kTickBase, w, height() - kTickBase);
        if (box.left() < plot.left() - 4)
            box.moveLeft(plot.left() - 4);
        if (box.right() > plot.right() + 4)
            box.moveRight(plot.right() + 4);
        if (box.intersects(tag.adjusted(-3, 0, 3, 0)))
            continue;
        p.drawText(box, Qt::AlignHCenter | Qt::AlignVCenter, label);
    }
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(palette().color(QPalette::Highlight));
    p.drawRoundedRect(tag, 3, 3);
    p.setPen(palette().color(QPalette::HighlightedText));
    p.drawText(tag, Qt::AlignCenter, current);
}

} // namespace bpat::studio

#include "FindingsTrack.h"

#include "FrameSlider.h"
#include "StudioContext.h"
#include "Theme.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {
constexpr int kHeight = 14;
constexpr int kReach = 5; // pixels either side of a mark

int rank(bpat::Severity severity)
{
    switch (severity) {
    case bpat::Severity::Error: return 2;
    case bpat::Severity::Warning: return 1;
    default: return 0;
    }
}

QColor colorOf(bpat::Severity severity)
{
    switch (severity) {
    case bpat::Severity::Error: return Theme::errorColor();
    case bpat::Severity::Warning: return Theme::warningColor();
    default: return Theme::infoColor();
    }
}
} // namespace

FindingsTrack::FindingsTrack(StudioContext *context, QWidget *parent)
    : TimelineTrack(parent)
    , m_context(context)
{
    setObjectName(QStringLiteral("findingsTrack"));
    setFixedHeight(kHeight);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    setFont(small);
    connect(m_context, &StudioContext::fileLoaded, this, &FindingsTrack::fileChanged);
    connect(m_context, &StudioContext::fileClosed, this, &FindingsTrack::fileChanged);
    connect(m_context, &StudioContext::currentClipChanged, this, &FindingsTrack::refresh);
    connect(m_context->recording(), &RecordingState::timelineSourceChanged, this, &FindingsTrack::refresh);
    refresh();
}

void FindingsTrack::fileChanged()
{
    // A metadata edit (a marker moved, a rename) moves no bone: the findings stay until the
    // lint of the edited file replaces them. Anything else waits for its own.
    if (!m_context->hasFile() || m_context->lastChanges() != DocumentChanges(DocumentChange::Metadata)) {
        m_all.clear();
        m_received = false;
    }
    refresh();
}

void FindingsTrack::setFindings(const bpat::Diagnostics &findings)
{
    m_all = findings;
    m_received = true;
    refresh();
}

void FindingsTrack::refresh()
{
    const int clip = m_context->currentClip();
    m_clip.clear();
    for (const bpat::Diagnostic &d : std::as_const(m_all)) {
        if (d.location.clip == clip && d.location.frame >= 0)
            m_clip.append(d);
    }
    // The most severe drawn last, on top.
    std::stable_sort(m_clip.begin(), m_clip.end(),
                     [](const bpat::Diagnostic &a, const bpat::Diagnostic &b) { return rank(a.severity) < rank(b.severity); });
    setVisible(m_context->hasFile() && clip >= 0 && !m_context->recording()->drivesTimeline());
    update();
}

int FindingsTrack::findingAt(int x) const
{
    int best = -1;
    for (int i = 0; i < m_clip.size(); ++i) {
        const double mx = xOfFrame(m_clip.at(i).location.frame);
        if (std::abs(mx - x) > kReach)
            continue;
        if (best < 0 || rank(m_clip.at(i).severity) > rank(m_clip.at(best).severity)
            || (rank(m_clip.at(i).severity) == rank(m_clip.at(best).severity)
                && std::abs(mx - x) < std::abs(xOfFrame(m_clip.at(best).location.frame) - x)))
            best = i;
    }
    return best;
}

QString FindingsTrack::toolTipAt(int x) const
{
    QStringList lines;
    for (const bpat::Diagnostic &d : m_clip) {
        if (std::abs(xOfFrame(d.location.frame) - x) > kReach)
            continue;
        const QString bone = d.location.bone >= 0 ? tr(", %1").arg(m_context->boneName(d.location.bone)) : QString();
        lines.prepend(tr("%1 (%2) at frame %3%4: %5")
                          .arg(d.code, bpat::severityName(d.severity))
                          .arg(d.location.frame)
                          .arg(bone, d.message));
    }
    if (lines.isEmpty())
        return !m_received     ? tr("Motion findings of this clip: the motion is being judged (Analysis tab)")
            : m_clip.isEmpty() ? tr("The motion lint found nothing in this clip")
                               : tr("Motion findings of this clip (Analysis tab): click one to go to its frame and bone");
    lines << tr("Click to go to the frame and select the bone");
    return lines.join(QLatin1Char('\n'));
}

bool FindingsTrack::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        QToolTip::showText(help->globalPos(), toolTipAt(help->pos().x()), this);
        return true;
    }
    return TimelineTrack::event(event);
}

bool FindingsTrack::pressItem(QMouseEvent *event)
{
    const int i = findingAt(int(std::lround(event->position().x())));
    if (i < 0)
        return false;
    const bpat::Diagnostic d = m_clip.at(i);
    if (frameAxis())
        frameAxis()->setValue(d.location.frame);
    if (d.location.bone >= 0)
        m_context->setCurrentBone(d.location.bone);
    return true;
}

void FindingsTrack::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QRect plot = plotRect();
    const QRect r(plot.left(), 1, plot.width(), height() - 2);
    p.fillRect(r, palette().color(QPalette::Base));
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(r.adjusted(0, 0, -1, -1));
    drawRowLabel(p, 0, height(), tr("findings"));
    if (m_clip.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(r.adjusted(6, 0, -6, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   !m_received ? tr("judging the motion...") : tr("no motion findings in this clip"));
    }
    p.setRenderHint(QPainter::Antialiasing);
    const double cy = r.center().y() + 0.5;
    const double s = (r.height() - 2) / 2.0;
    for (const bpat::Diagnostic &d : std::as_const(m_clip)) {
        const double x = xOfFrame(d.location.frame);
        QPainterPath diamond;
        diamond.moveTo(x, cy - s);
        diamond.lineTo(x + s, cy);
        diamond.lineTo(x, cy + s);
        diamond.lineTo(x - s, cy);
        diamond.closeSubpath();
        p.fillPath(diamond, colorOf(d.severity));
        p.setPen(QPen(palette().color(QPalette::Base), 0.8));
        p.drawPath(diamond);
    }
    drawCurrentFrame(p, r);
}

} // namespace bpat::studio

#include "ContactTrack.h"

#include "StudioContext.h"
#include "Theme.h"
#include "document/ClipContacts.h"
#include "motion/FootContacts.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {
constexpr int kRowHeight = 8;
constexpr int kRowGap = 3;
constexpr int kTop = 2;
} // namespace

ContactTrack::ContactTrack(StudioContext *context, ClipContacts *contacts, QWidget *parent)
    : TimelineTrack(parent)
    , m_context(context)
    , m_contacts(contacts)
{
    setObjectName(QStringLiteral("contactTrack"));
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8); // the row names fit the rows
    setFont(small);
    connect(m_contacts, &ClipContacts::changed, this, &ContactTrack::refresh);
    connect(m_context->recording(), &RecordingState::timelineSourceChanged, this, &ContactTrack::refresh);
    refresh();
}

void ContactTrack::refresh()
{
    m_shown = m_context->recording()->drivesTimeline() ? nullptr : m_contacts->current();
    const int rows = int(rowLabels().size());
    setVisible(rows > 0);
    setFixedHeight(kTop * 2 + rows * rowPitch());
    update();
}

QStringList ContactTrack::rowLabels() const
{
    QStringList labels;
    if (!m_shown)
        return labels;
    for (const bpat::FootContacts::Foot &foot : m_shown->feet())
        labels << foot.label;
    if (m_shown->hasContactTable())
        labels << tr("contact table");
    return labels;
}

int ContactTrack::rowPitch() const
{
    // Each row as tall as its name's line, so the names (drawn beside the bars) never overlap.
    return std::max(kRowHeight + kRowGap, fontMetrics().height());
}

QRect ContactTrack::rowRect(int row) const
{
    const QRect plot = plotRect();
    return QRect(plot.left(), kTop + row * rowPitch() + (rowPitch() - kRowHeight) / 2, plot.width(), kRowHeight);
}

int ContactTrack::rowAt(int y) const
{
    const int rows = int(rowLabels().size());
    for (int row = 0; row < rows; ++row) {
        const QRect r = rowRect(row);
        const int spare = (rowPitch() - kRowHeight) / 2;
        if (y >= r.top() - spare && y <= r.bottom() + spare)
            return row;
    }
    return -1;
}

bool ContactTrack::isOn(int row, int frame) const
{
    if (!m_shown || frame < 0)
        return false;
    const int feet = int(m_shown->feet().size());
    return row < feet ? m_shown->isPlanted(row, quint32(frame)) : m_shown->isGrounded(quint32(frame));
}

QList<std::pair<int, int>> ContactTrack::plantedRuns(int row) const
{
    QList<std::pair<int, int>> runs;
    if (!m_shown || row < 0 || row >= rowLabels().size())
        return runs;
    const int frames = int(std::min<quint32>(m_shown->frames(), quint32(lastFrame() + 1)));
    int start = -1;
    for (int f = 0; f <= frames; ++f) {
        const bool on = f < frames && isOn(row, f);
        if (on && start < 0)
            start = f;
        if (!on && start >= 0) {
            runs.append({start, f - 1});
            start = -1;
        }
    }
    return runs;
}

QString ContactTrack::toolTipAt(const QPoint &position) const
{
    const int row = rowAt(position.y());
    if (!m_shown || row < 0)
        return tr("Ground contacts: a filled bar where a foot is planted (within %1 m of its lowest height in the clip), "
                  "empty where it is lifted; double-click for the numbers (the Contacts table)")
            .arg(double(bpat::FootContacts::PlantedBand));
    const int frame = frameAt(position.x());
    const int feet = int(m_shown->feet().size());
    if (row < feet) {
        const bpat::FootContacts::Foot &foot = m_shown->feet().at(row);
        const float y = foot.height.value(frame);
        return tr("%1 (%2), frame %3: %4\nheight %5 m, %6 m above its lowest (%7 m)")
                   .arg(foot.label, foot.boneName)
                   .arg(frame)
                   .arg(isOn(row, frame) ? tr("planted") : tr("lifted"))
                   .arg(double(y), 0, 'f', 4)
                   .arg(double(y - foot.lowest), 0, 'f', 4)
                   .arg(double(foot.lowest), 0, 'f', 4)
            + tr("\nDouble-click for the numbers of every frame (the Contacts table)");
    }
    QString text = tr("contact table, frame %1: sole_y %2 m, foot_y %3 m: %4 (foot_y within %5 m of its lowest, %6 m)")
                       .arg(frame)
                       .arg(double(m_shown->soleY().value(frame)), 0, 'f', 4)
                       .arg(double(m_shown->footY().value(frame)), 0, 'f', 4)
                       .arg(isOn(row, frame) ? tr("on the ground") : tr("off the ground"))
                       .arg(double(bpat::FootContacts::PlantedBand))
                       .arg(double(m_shown->lowestFootY()), 0, 'f', 4);
    if (!m_shown->suppliesGroundContact())
        text += tr("\nThis clip does not supply ground contact (its flag is off): the game does not plant the creature from it");
    return text;
}

void ContactTrack::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_shown) {
        TimelineTrack::mouseDoubleClickEvent(event);
        return;
    }
    endScrub();
    Q_EMIT numbersRequested(frameAt(event->position().x()));
}

bool ContactTrack::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        QToolTip::showText(help->globalPos(), toolTipAt(help->pos()), this);
        return true;
    }
    return TimelineTrack::event(event);
}

void ContactTrack::paintEvent(QPaintEvent *)
{
    if (!m_shown)
        return;
    QPainter p(this);
    const QStringList labels = rowLabels();
    const int feet = int(m_shown->feet().size());
    const int last = lastFrame();
    // A frame covers half a frame either side of its x.
    const double half = last > 0 ? (xOfFrame(last) - xOfFrame(0)) / last / 2.0 : 4.0;
    const QRect plot = plotRect();
    for (int row = 0; row < labels.size(); ++row) {
        const QRect r = rowRect(row);
        p.fillRect(r, palette().color(QPalette::Base));
        p.setPen(palette().color(QPalette::Mid));
        p.drawRect(r.adjusted(0, 0, -1, -1));
        const bool table = row >= feet;
        QColor fill = table ? Theme::groundedColor() : Theme::plantedColor();
        QBrush brush(fill);
        if (table && !m_shown->suppliesGroundContact())
            brush = QBrush(fill, Qt::BDiagPattern); // the game does not plant the creature from it
        for (const auto &[first, lastRun] : plantedRuns(row)) {
            const double x0 = std::max(double(plot.left()), xOfFrame(first) - half);
            const double x1 = std::min(double(plot.right() + 1), xOfFrame(lastRun) + half);
            p.fillRect(QRectF(x0, r.top() + 1, std::max(1.0, x1 - x0), r.height() - 2), brush);
        }
        drawRowLabel(p, kTop + row * rowPitch(), rowPitch(), labels.at(row));
    }
    drawCurrentFrame(p, QRect(plot.left(), 0, plot.width(), height()));
}

} // namespace bpat::studio

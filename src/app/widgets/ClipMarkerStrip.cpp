#include "ClipMarkerStrip.h"
#include "widgets/ComboWidth.h"

#include "StudioContext.h"
#include "bpat/BpatFile.h"

#include <QComboBox>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace bpat::studio {

namespace {
constexpr int kNoteHeight = 18;
constexpr int kHandleRoom = 7; // under the labels: the markers' handles
const QColor kMarkerColors[5] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0xe1, 0x57, 0x59),
                                 QColor(0x59, 0xa1, 0x4f), QColor(0xb0, 0x7a, 0xa1)};
// Shorter names for labels that do not fit at full length.
const char *const kShortTitles[5] = {"antic.", "release", "contact", "recover", "exit"};
constexpr int kLabelRows = 3;
} // namespace

ClipMarkerStrip::ClipMarkerStrip(StudioContext *context, QWidget *parent)
    : TimelineTrack(parent)
    , m_context(context)
    , m_variants(new QComboBox(this))
{
    setObjectName(QStringLiteral("clipMarkerStrip"));
    setFocusPolicy(Qt::ClickFocus); // Delete clears the selected marker
    m_variants->setObjectName(QStringLiteral("variantCombo"));
    m_variants->setToolTip(tr("Variants of the current clip's family"));
    combowidth::makeShrinkable(m_variants);
    m_variants->setVisible(false);
    connect(m_context, &StudioContext::fileLoaded, this, [this] {
        if (m_context->lastChanges().testFlag(DocumentChange::Structure))
            m_clip = -1; // another file: nothing of it is selected
        rebuild();
    });
    connect(m_context, &StudioContext::fileClosed, this, [this] {
        m_clip = -1;
        rebuild();
    });
    connect(m_context, &StudioContext::currentClipChanged, this, [this](int clip) {
        if (clip != m_clip) { // an edit shows the same clip again: its selection stays
            m_clip = clip;
            m_selected = -1;
            m_drag = {};
        }
        rebuild();
    });
    connect(m_context->recording(), &RecordingState::timelineSourceChanged, this, &ClipMarkerStrip::rebuild);
    connect(m_variants, &QComboBox::activated, this, [this](int index) {
        const int clip = m_variants->itemData(index).toInt();
        if (clip != m_context->currentClip())
            m_context->setCurrentClip(clip);
    });
    rebuild();
}

void ClipMarkerStrip::rebuild()
{
    const BpatFile *file = m_context->hasFile() ? &m_context->file() : nullptr;
    const int current = m_context->currentClip();
    const bool clip = file && current >= 0 && current < file->clips().size() && !m_context->recording()->drivesTimeline();
    const bool markers = clip && file->header().version >= 2 && file->header().version <= 3;
    m_note = clip && !markers && file->header().version == 1
        ? tr("v1 files have no markers: convert the file to v3 to add them (bpat convert FILE -o OUT --to-version 3)")
        : QString();
    setVisible(markers || !m_note.isEmpty());
    m_hasMarkers = markers;
    m_variants->clear();
    if (m_clip != current) {
        m_clip = current;
        m_selected = -1;
        m_drag = {};
    }
    if (!markers) {
        m_selected = -1;
        m_variants->setVisible(false);
        update();
        return;
    }
    if (m_selected >= 0 && !isSet(file->clips().at(current).markers[size_t(m_selected)]))
        m_selected = -1;
    // The family: the clips whose family is the current clip's (its base first, by ordinal).
    const QList<BpatClipInfo> &clips = file->clips();
    const BpatClipInfo &info = clips.at(current);
    if (info.hasV3Fields) {
        QList<const BpatClipInfo *> members;
        for (const BpatClipInfo &c : clips) {
            if (c.variantFamily == info.variantFamily)
                members.append(&c);
        }
        std::stable_sort(members.begin(), members.end(),
                         [](const BpatClipInfo *a, const BpatClipInfo *b) { return a->variantOrdinal < b->variantOrdinal; });
        for (const BpatClipInfo *m : std::as_const(members))
            m_variants->addItem(tr("%1 (variant %2)").arg(m->name).arg(m->variantOrdinal), m->index);
        m_variants->setCurrentIndex(std::max(0, m_variants->findData(current)));
        combowidth::fitToItems(m_variants);
        m_variants->setVisible(members.size() > 1);
    } else {
        m_variants->setVisible(false);
    }
    fitHeight();
    update();
}

int ClipMarkerStrip::labelRowHeight() const
{
    // A row of labels is a line of the bold font: the selected marker's label, drawn bold, and
    // the labels of the rows above and below it never overlap.
    QFont bold = font();
    bold.setBold(true);
    return QFontMetrics(bold).height();
}

void ClipMarkerStrip::fitHeight()
{
    // As tall as the rows of labels the clip's markers take (one when they fit side by side):
    // the timeline's other rows keep their room.
    if (!m_hasMarkers) {
        setFixedHeight(kNoteHeight);
        return;
    }
    if (m_drag.marker >= 0)
        return; // no jumping while a marker is dragged
    int rows = 1;
    for (const MarkerLabel &label : layoutLabels()) {
        if (!label.rect.isNull())
            rows = std::max(rows, 1 + (label.rect.top() - 2) / labelRowHeight());
    }
    setFixedHeight(2 + rows * labelRowHeight() + kHandleRoom);
}

void ClipMarkerStrip::resizeEvent(QResizeEvent *event)
{
    TimelineTrack::resizeEvent(event);
    fitHeight(); // labels side by side on a wider row
}

bool ClipMarkerStrip::editable() const
{
    if (!m_context->hasFile() || !m_note.isEmpty() || !isVisible())
        return false;
    const int current = m_context->currentClip();
    return current >= 0 && current < m_context->file().clips().size() && m_context->file().clips().at(current).hasMarkers;
}

std::array<float, 5> ClipMarkerStrip::shownPhases() const
{
    std::array<float, 5> phases{-1.0f, -1.0f, -1.0f, -1.0f, -1.0f};
    if (!m_context->hasFile() || !m_note.isEmpty())
        return phases;
    const int current = m_context->currentClip();
    const auto &clips = m_context->file().clips();
    if (current < 0 || current >= clips.size() || !clips.at(current).hasMarkers)
        return phases;
    phases = clips.at(current).markers;
    if (m_drag.marker >= 0 && m_drag.moving && lastFrame() > 0)
        phases[size_t(m_drag.marker)] = float(m_drag.frame) / float(lastFrame());
    return phases;
}

int ClipMarkerStrip::xOfPhase(double phase) const
{
    return int(std::lround(xOfFrame(std::clamp(phase, 0.0, 1.0) * lastFrame())));
}

QList<ClipMarkerStrip::MarkerLabel> ClipMarkerStrip::layoutLabels() const
{
    QList<MarkerLabel> labels;
    const std::array<float, 5> phases = shownPhases();
    for (int k = 0; k < format::MarkerCount; ++k) {
        if (isSet(phases[size_t(k)]))
            labels.append({k, xOfPhase(phases[size_t(k)]), QRect(), QString()});
    }
    // Left to right, each label in the first row where it touches no label placed before it:
    // to the right of its line, or to the left where the plot ends; at full length, else
    // shortened, else left out (the tooltip names it).
    QList<int> order(labels.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&labels](int a, int b) { return labels.at(a).x < labels.at(b).x; });
    // Measured in bold: the selected marker's label is drawn bold and must fit its room
    // ("recover unlocke" was cut at the regular width).
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics metrics(bold);
    const int right = plotRect().right() - 2; // inside the box the markers are drawn in
    QList<QRect> placed;
    for (int i : order) {
        MarkerLabel &label = labels[i];
        for (const char *title : {format::MarkerTitles[label.marker], kShortTitles[label.marker]}) {
            const QString text = QLatin1String(title);
            const int w = metrics.horizontalAdvance(text) + 2;
            for (int row = 0; row < kLabelRows && label.rect.isNull(); ++row) {
                const int top = 2 + row * labelRowHeight();
                QRect rect(label.x + 3, top, w, labelRowHeight());
                if (rect.right() > right)
                    rect.moveRight(label.x - 3);
                if (rect.left() < 0)
                    continue;
                const bool free = std::none_of(placed.cbegin(), placed.cend(),
                                               [&rect](const QRect &p) { return p.adjusted(-3, 0, 3, 0).intersects(rect); });
                if (free) {
                    label.rect = rect;
                    label.text = text;
                }
            }
            if (!label.rect.isNull())
                break;
        }
        if (!label.rect.isNull())
            placed.append(label.rect);
    }
    return labels;
}

QList<QRect> ClipMarkerStrip::markerLabelRects() const
{
    QList<QRect> rects;
    for (const MarkerLabel &label : layoutLabels())
        rects.append(label.rect);
    return rects;
}

QStringList ClipMarkerStrip::markerLabels() const
{
    QStringList out;
    const std::array<float, 5> phases = shownPhases();
    for (int k = 0; k < format::MarkerCount; ++k) {
        if (isSet(phases[size_t(k)]))
            out << QStringLiteral("%1 %2").arg(QLatin1String(format::MarkerTitles[k])).arg(double(phases[size_t(k)]), 0, 'g', 3);
    }
    return out;
}

int ClipMarkerStrip::markerAt(const QPoint &position) const
{
    // The nearest line within reach, else a label under the pointer; the selected one first
    // where two lie on each other.
    int best = -1;
    int bestDistance = GrabPixels + 1;
    const QList<MarkerLabel> labels = layoutLabels();
    for (const MarkerLabel &label : labels) {
        const int d = std::abs(label.x - position.x());
        if (d < bestDistance || (d == bestDistance && label.marker == m_selected)) {
            best = label.marker;
            bestDistance = d;
        }
    }
    if (best >= 0)
        return best;
    for (const MarkerLabel &label : labels) {
        if (label.rect.contains(position))
            return label.marker;
    }
    return -1;
}

void ClipMarkerStrip::selectMarker(int marker)
{
    m_selected = marker >= 0 && marker < format::MarkerCount && isSet(shownPhases()[size_t(marker)]) ? marker : -1;
    update();
}

void ClipMarkerStrip::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QRect r = plotRect().adjusted(0, 1, 0, -1);
    p.fillRect(r, palette().color(QPalette::Base));
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(r.adjusted(0, 0, -1, -1));
    drawRowLabel(p, 0, height(), tr("markers"));
    if (!m_note.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(r.adjusted(6, 0, -6, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   fontMetrics().elidedText(m_note, Qt::ElideRight, r.width() - 12));
        return;
    }
    p.setRenderHint(QPainter::Antialiasing);
    // Markers at their frames, named where their labels fit; the selected one bold, with a
    // handle at its foot.
    for (const MarkerLabel &label : layoutLabels()) {
        const bool selected = label.marker == m_selected;
        const QColor color = kMarkerColors[label.marker];
        p.setPen(QPen(color, selected ? 3 : 2));
        p.drawLine(label.x, r.top(), label.x, r.bottom());
        QPainterPath handle;
        handle.moveTo(label.x - 4, r.bottom());
        handle.lineTo(label.x + 4, r.bottom());
        handle.lineTo(label.x, r.bottom() - 6);
        handle.closeSubpath();
        p.fillPath(handle, selected ? palette().color(QPalette::Text) : color);
        if (!label.rect.isNull()) {
            QFont f = font();
            f.setBold(selected);
            p.setFont(f);
            p.setPen(color);
            p.drawText(label.rect, Qt::AlignLeft | Qt::AlignVCenter, label.text);
        }
    }
    p.setFont(font());
    drawCurrentFrame(p, r);
}

} // namespace bpat::studio

#include "ClipMarkerStrip.h"

#include "FrameSlider.h"
#include "StudioContext.h"
#include "bpat/BpatFile.h"
#include "editing/DocumentSession.h"
#include "editing/MarkerCommands.h"

#include <QComboBox>
#include <QContextMenuEvent>
#include <QMenu>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>
#include <numeric>
#include <cmath>

namespace bpat::studio {

namespace {
constexpr int kHeight = 44;
const QColor kMarkerColors[5] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0xe1, 0x57, 0x59),
                                 QColor(0x59, 0xa1, 0x4f), QColor(0xb0, 0x7a, 0xa1)};
// Shorter names for labels that do not fit at full length.
const char *const kShortTitles[5] = {"antic.", "release", "contact", "recover", "exit"};
constexpr int kLabelRows = 3;
constexpr int kLabelRowHeight = 11;
} // namespace

ClipMarkerStrip::ClipMarkerStrip(StudioContext *context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_variants(new QComboBox(this))
{
    setObjectName(QStringLiteral("clipMarkerStrip"));
    setMinimumHeight(kHeight);
    m_variants->setObjectName(QStringLiteral("variantCombo"));
    m_variants->setToolTip(tr("Variants of the current clip's family"));
    m_variants->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_variants->setVisible(false);
    connect(m_context, &StudioContext::fileLoaded, this, &ClipMarkerStrip::rebuild);
    connect(m_context, &StudioContext::fileClosed, this, &ClipMarkerStrip::rebuild);
    connect(m_context, &StudioContext::currentClipChanged, this, &ClipMarkerStrip::rebuild);
    connect(m_context, &StudioContext::currentFrameChanged, this, qOverload<>(&QWidget::update));
    connect(m_variants, &QComboBox::activated, this, [this](int index) {
        const int clip = m_variants->itemData(index).toInt();
        if (clip != m_context->currentClip())
            m_context->setCurrentClip(clip);
    });
    rebuild();
}

void ClipMarkerStrip::rebuild()
{
    const bool bpat = m_context->hasFile();
    const BpatFile *file = bpat ? &m_context->file() : nullptr;
    const int current = m_context->currentClip();
    const bool shown = file && file->header().version >= 2 && file->header().version <= 3 && current >= 0
        && current < file->clips().size();
    setVisible(shown);
    m_variants->clear();
    if (!shown) {
        m_variants->setVisible(false);
        return;
    }
    // The family: the clips whose family is the current clip's (its base first, by ordinal).
    const QList<BpatClipInfo> &clips = file->clips();
    const BpatClipInfo &clip = clips.at(current);
    if (clip.hasV3Fields) {
        QList<const BpatClipInfo *> members;
        for (const BpatClipInfo &c : clips) {
            if (c.variantFamily == clip.variantFamily)
                members.append(&c);
        }
        std::stable_sort(members.begin(), members.end(),
                         [](const BpatClipInfo *a, const BpatClipInfo *b) { return a->variantOrdinal < b->variantOrdinal; });
        for (const BpatClipInfo *m : std::as_const(members))
            m_variants->addItem(tr("%1 (variant %2)").arg(m->name).arg(m->variantOrdinal), m->index);
        m_variants->setCurrentIndex(std::max(0, m_variants->findData(current)));
        m_variants->setVisible(members.size() > 1);
    } else {
        m_variants->setVisible(false);
    }
    update();
}

void ClipMarkerStrip::setFrameAxis(FrameSlider *slider)
{
    if (m_axis)
        m_axis->removeEventFilter(this);
    m_axis = slider;
    if (m_axis)
        m_axis->installEventFilter(this);
    update();
}

bool ClipMarkerStrip::eventFilter(QObject *watched, QEvent *event)
{
    // The slider's groove moves when the time label beside it changes width.
    if (watched == m_axis && (event->type() == QEvent::Resize || event->type() == QEvent::Move))
        update();
    return QWidget::eventFilter(watched, event);
}

QRect ClipMarkerStrip::plotRect() const
{
    if (m_axis && m_axis->maximum() > m_axis->minimum()) {
        // From the handle's centre at the first frame to its centre at the last, in our x.
        const int dx = m_axis->mapTo(window(), QPoint(0, 0)).x() - mapTo(window(), QPoint(0, 0)).x();
        const int left = int(std::floor(m_axis->xOfValue(m_axis->minimum()))) + dx;
        const int right = int(std::ceil(m_axis->xOfValue(m_axis->maximum()))) + dx;
        return QRect(left, 2, std::max(10, right - left + 1), height() - 4);
    }
    return QRect(4, 2, std::max(10, width() - 8), height() - 4);
}

int ClipMarkerStrip::xOfPhase(double phase) const
{
    phase = std::clamp(phase, 0.0, 1.0);
    if (m_axis && m_axis->maximum() > m_axis->minimum()) {
        const int dx = m_axis->mapTo(window(), QPoint(0, 0)).x() - mapTo(window(), QPoint(0, 0)).x();
        const double frame = m_axis->minimum() + phase * (m_axis->maximum() - m_axis->minimum());
        return int(std::lround(m_axis->xOfValue(frame))) + dx;
    }
    const QRect r = plotRect();
    return r.left() + int(std::lround(phase * (r.width() - 1)));
}

QList<ClipMarkerStrip::MarkerLabel> ClipMarkerStrip::layoutLabels() const
{
    QList<MarkerLabel> labels;
    if (!m_context->hasFile())
        return labels;
    const int current = m_context->currentClip();
    const auto &clips = m_context->file().clips();
    if (current < 0 || current >= clips.size() || !clips.at(current).hasMarkers)
        return labels;
    const BpatClipInfo &clip = clips.at(current);
    for (int k = 0; k < format::MarkerCount; ++k) {
        const float v = clip.markers[k];
        if (v >= 0.0f && v <= 1.0f)
            labels.append({k, xOfPhase(v), QRect(), QString()});
    }
    // Left to right, each label in the first row where it touches no label placed before it:
    // to the right of its line, or to the left where the strip ends; at full length, else
    // shortened, else left out (the tooltip names it).
    QList<int> order(labels.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&labels](int a, int b) { return labels.at(a).x < labels.at(b).x; });
    const QFontMetrics metrics = fontMetrics();
    const int right = width() - 2;
    QList<QRect> placed;
    for (int i : order) {
        MarkerLabel &label = labels[i];
        for (const char *title : {format::MarkerTitles[label.marker], kShortTitles[label.marker]}) {
            const QString text = QLatin1String(title);
            const int w = metrics.horizontalAdvance(text) + 2;
            for (int row = 0; row < kLabelRows && label.rect.isNull(); ++row) {
                const int top = 2 + row * kLabelRowHeight;
                QRect rect(label.x + 3, top, w, kLabelRowHeight);
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

bool ClipMarkerStrip::event(QEvent *event)
{
    // Hovering a marker's line names it, its phase and the frame it falls on.
    if (event->type() == QEvent::ToolTip && m_context->hasFile()) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const int current = m_context->currentClip();
        const auto &clips = m_context->file().clips();
        if (current >= 0 && current < clips.size() && clips.at(current).hasMarkers) {
            const BpatClipInfo &clip = clips.at(current);
            QStringList lines;
            for (int k = 0; k < format::MarkerCount; ++k) {
                const float v = clip.markers[k];
                if (v >= 0.0f && v <= 1.0f && std::abs(xOfPhase(v) - help->pos().x()) <= 4) {
                    const double frame = double(v) * std::max<quint32>(1, clip.frameCount - 1);
                    lines << tr("%1: phase %2, frame %3").arg(QLatin1String(format::MarkerTitles[k])).arg(double(v), 0, 'g', 3)
                                 .arg(frame, 0, 'f', 1);
                }
            }
            if (!lines.isEmpty()) {
                QToolTip::showText(help->globalPos(), lines.join(QLatin1Char('\n')), this);
                return true;
            }
        }
    }
    return QWidget::event(event);
}

QStringList ClipMarkerStrip::markerLabels() const
{
    QStringList out;
    if (!m_context->hasFile())
        return out;
    const int current = m_context->currentClip();
    const auto &clips = m_context->file().clips();
    if (current < 0 || current >= clips.size() || !clips.at(current).hasMarkers)
        return out;
    for (int k = 0; k < format::MarkerCount; ++k) {
        const float v = clips.at(current).markers[k];
        if (v >= 0.0f && v <= 1.0f)
            out << QStringLiteral("%1 %2").arg(QLatin1String(format::MarkerTitles[k])).arg(double(v), 0, 'g', 3);
    }
    return out;
}

bool ClipMarkerStrip::setMarkerAtCurrentFrame(int marker)
{
    const int clip = m_context->currentClip();
    const int frames = m_context->frameCount();
    if (!m_context->hasFile() || clip < 0 || frames <= 0)
        return false;
    const float phase = frames > 1 ? float(m_context->currentFrame()) / float(frames - 1) : 0.0f;
    DocumentSession *session = m_context->session();
    return session->execute(new SetClipMarkerCommand(session, clip, marker, phase));
}

bool ClipMarkerStrip::clearMarker(int marker)
{
    const int clip = m_context->currentClip();
    if (!m_context->hasFile() || clip < 0)
        return false;
    DocumentSession *session = m_context->session();
    return session->execute(new SetClipMarkerCommand(session, clip, marker, -1.0f));
}

void ClipMarkerStrip::contextMenuEvent(QContextMenuEvent *event)
{
    if (!m_context->hasFile() || m_context->currentClip() < 0)
        return;
    QMenu menu(this);
    for (int k = 0; k < format::MarkerCount; ++k) {
        const QString title = QLatin1String(format::MarkerTitles[k]);
        menu.addAction(tr("Set '%1' at frame %2").arg(title).arg(m_context->currentFrame()), this,
                       [this, k] { setMarkerAtCurrentFrame(k); });
    }
    menu.addSeparator();
    for (int k = 0; k < format::MarkerCount; ++k)
        menu.addAction(tr("Clear '%1'").arg(QLatin1String(format::MarkerTitles[k])), this, [this, k] { clearMarker(k); });
    menu.exec(event->globalPos());
}

void ClipMarkerStrip::paintEvent(QPaintEvent *)
{
    if (!m_context->hasFile())
        return;
    const BpatFile &file = m_context->file();
    const int current = m_context->currentClip();
    if (current < 0 || current >= file.clips().size())
        return;
    const BpatClipInfo &clip = file.clips().at(current);
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRect r = plotRect();
    p.fillRect(r, palette().color(QPalette::Base));
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(r.adjusted(0, 0, -1, -1));
    const quint32 frames = std::max<quint32>(1, clip.frameCount);
    auto phaseOfFrame = [frames](quint32 f) { return frames > 1 ? double(f) / double(frames - 1) : 0.0; };

    // Contacts: sole_y and foot_y over the clip, scaled to the strip.
    if (file.contactTableInBounds() && clip.frameCount > 0 && clip.frameCount <= 1u << 20) {
        float lo = 0.0f, hi = 0.0f;
        bool first = true;
        for (quint32 f = 0; f < clip.frameCount; ++f) {
            const auto c = file.contact(clip.frameOffset + f);
            if (!c || !std::isfinite(c->first) || !std::isfinite(c->second))
                continue;
            lo = first ? std::min(c->first, c->second) : std::min({lo, c->first, c->second});
            hi = first ? std::max(c->first, c->second) : std::max({hi, c->first, c->second});
            first = false;
        }
        if (!first) {
            const float span = hi - lo > 1e-6f ? hi - lo : 1.0f;
            for (int series = 0; series < 2; ++series) {
                QPainterPath path;
                for (quint32 f = 0; f < clip.frameCount; ++f) {
                    const auto c = file.contact(clip.frameOffset + f);
                    if (!c)
                        continue;
                    const float v = series == 0 ? c->first : c->second;
                    const QPointF pt(xOfPhase(phaseOfFrame(f)), r.bottom() - 3 - (v - lo) / span * (r.height() - 16));
                    f == 0 ? path.moveTo(pt) : path.lineTo(pt);
                }
                p.setPen(QPen(series == 0 ? QColor(0x2a, 0x9d, 0x8f) : QColor(0x8a, 0x8a, 0x8a), 1.2));
                p.drawPath(path);
            }
            p.setPen(palette().color(QPalette::Text));
            p.drawText(r.adjusted(4, 0, -4, 0), Qt::AlignRight | Qt::AlignBottom, tr("sole_y / foot_y"));
        }
    }
    // Markers at their phase, named where their labels fit.
    for (const MarkerLabel &label : layoutLabels()) {
        p.setPen(QPen(kMarkerColors[label.marker], 2));
        p.drawLine(label.x, r.top(), label.x, r.bottom());
        if (!label.rect.isNull())
            p.drawText(label.rect, Qt::AlignLeft | Qt::AlignVCenter, label.text);
    }
    // The current frame.
    const int frame = m_context->currentFrame();
    if (frame >= 0) {
        const int x = xOfPhase(phaseOfFrame(quint32(frame)));
        p.setPen(QPen(palette().color(QPalette::Highlight), 1.5));
        p.drawLine(x, r.top(), x, r.bottom());
    }
}

} // namespace bpat::studio

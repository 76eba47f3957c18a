#include "LayoutBar.h"

#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {
constexpr int kBarHeight = 38;
constexpr int kBandHeight = 6;

QColor colorOf(LayoutSection::Kind kind)
{
    switch (kind) {
    case LayoutSection::Kind::Header: return QColor(0x4e, 0x79, 0xa7);
    case LayoutSection::Kind::ClipTable: return QColor(0x59, 0xa1, 0x4f);
    case LayoutSection::Kind::SocketTable: return QColor(0x76, 0xb7, 0xb2);
    case LayoutSection::Kind::StringTable: return QColor(0xed, 0xc9, 0x48);
    case LayoutSection::Kind::Padding: return QColor(0xba, 0xb0, 0xac);
    case LayoutSection::Kind::Palette: return QColor(0xf2, 0x8e, 0x2b);
    case LayoutSection::Kind::SocketData: return QColor(0xb0, 0x7a, 0xa1);
    case LayoutSection::Kind::Gap: return QColor(0x9c, 0x75, 0x5f);
    case LayoutSection::Kind::Trailing: return QColor(0x79, 0x70, 0x6e);
    case LayoutSection::Kind::V3Extension: return QColor(0x6f, 0x8f, 0xc7);
    case LayoutSection::Kind::ContactTable: return QColor(0x8c, 0xd1, 0x7d);
    case LayoutSection::Kind::BindPalette: return QColor(0xff, 0xbe, 0x7d);
    case LayoutSection::Kind::BoneParents: return QColor(0xd4, 0xa6, 0xc8);
    }
    return Qt::gray;
}

QString sizeText(quint64 bytes)
{
    return QLocale::system().formattedDataSize(qint64(std::min<quint64>(bytes, quint64(1) << 62)), 1,
                                               QLocale::DataSizeTraditionalFormat);
}
} // namespace

LayoutBar::LayoutBar(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setObjectName(QStringLiteral("layoutBar"));
}

void LayoutBar::setLayoutData(const SectionLayout &layout)
{
    m_layout = layout;
    updateGeometry(); // the minimum width follows the number of sections
    update();
}

QSize LayoutBar::sizeHint() const
{
    return {600, kBarHeight + kBandHeight + fontMetrics().height() + 10};
}

QSize LayoutBar::minimumSizeHint() const
{
    // Every section keeps its clickable minimum, with room left for the big ones to show
    // their share.
    const int n = int(m_layout.sections().size());
    return {std::max(200, n * MinSectionWidth + 60), sizeHint().height()};
}

QList<QPair<int, int>> LayoutBar::sectionSpans() const
{
    QList<QPair<int, int>> spans;
    const auto &sections = m_layout.sections();
    if (sections.isEmpty())
        return spans;
    const int n = int(sections.size());
    const double width = std::max(1, this->width() - 2);
    // Shares of the bytes the bar shows: sections past the end count only up to the end.
    QList<double> shares;
    for (const LayoutSection &s : sections) {
        const quint64 fileSize = m_layout.fileSize();
        const quint64 shown = std::min(s.end(), fileSize) - std::min({s.offset, s.end(), fileSize});
        shares.append(double(shown));
    }
    // Proportional, except that a section too small for the minimum width gets exactly the
    // minimum and the rest share what is left by their bytes (water-filling). Adding the
    // minimum to every section made seven near-equal blocks while the palette was 73 % of
    // the file.
    QList<double> widths(n, 0.0);
    QList<bool> fixed(n, false);
    for (bool changed = true; changed;) {
        changed = false;
        double rest = width, restBytes = 0.0;
        for (int i = 0; i < n; ++i) {
            if (fixed.at(i))
                rest -= MinSectionWidth;
            else
                restBytes += shares.at(i);
        }
        rest = std::max(0.0, rest);
        for (int i = 0; i < n; ++i) {
            if (fixed.at(i)) {
                widths[i] = MinSectionWidth;
                continue;
            }
            widths[i] = restBytes > 0.0 ? rest * shares.at(i) / restBytes : rest / n;
            if (widths.at(i) < MinSectionWidth) {
                fixed[i] = true;
                changed = true;
            }
        }
    }
    double x = 1.0;
    for (int i = 0; i < n; ++i) {
        spans.append({int(std::lround(x)), int(std::lround(x + widths.at(i)))});
        x += widths.at(i);
    }
    return spans;
}

void LayoutBar::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, false);
    const auto &sections = m_layout.sections();
    if (sections.isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, tr("No file"));
        return;
    }
    const auto spans = sectionSpans();
    const int top = 2;
    for (int i = 0; i < sections.size(); ++i) {
        const LayoutSection &s = sections.at(i);
        const QRect box(spans.at(i).first, top, spans.at(i).second - spans.at(i).first, kBarHeight);
        painter.fillRect(box, colorOf(s.kind));
        painter.setPen(QPen(palette().color(QPalette::Window), 1));
        painter.drawLine(box.topRight(), box.bottomRight());
        if (s.pastEnd) {
            painter.setPen(QPen(QColor(0xd9, 0x23, 0x1f), 2, Qt::DashLine));
            painter.drawRect(box.adjusted(1, 1, -1, -1));
        }
        if (s.overlaps)
            painter.fillRect(QRect(box.left(), top + kBarHeight, box.width(), kBandHeight), QColor(0xd9, 0x23, 0x1f));
        painter.setPen(Qt::black);
        // Every section is labelled: elided to its first letters when narrow (the tooltip and
        // the table below give the rest).
        const QRect textBox = box.adjusted(2, 1, -2, -1);
        const QString name = fontMetrics().elidedText(s.name, Qt::ElideRight, textBox.width(), Qt::TextSingleLine);
        const QString size = s.sizeOverflows ? tr("overflow") : sizeText(s.size);
        const QString label = fontMetrics().horizontalAdvance(size) <= textBox.width() ? name + QLatin1Char('\n') + size : name;
        painter.drawText(textBox, Qt::AlignCenter, label);
    }
    // The file's size under the bar.
    painter.setPen(palette().color(QPalette::WindowText));
    const QRect footer(0, top + kBarHeight + kBandHeight + 2, width(), fontMetrics().height());
    painter.drawText(footer, Qt::AlignLeft, QStringLiteral("0"));
    painter.drawText(footer, Qt::AlignRight,
                     tr("%1 bytes%2")
                         .arg(m_layout.fileSize())
                         .arg(m_layout.hasOverlaps() ? tr("  (overlapping sections in red)") : QString()));
}

int LayoutBar::sectionAt(int x) const
{
    const auto spans = sectionSpans();
    for (int i = 0; i < spans.size(); ++i) {
        if (x >= spans.at(i).first && x < spans.at(i).second)
            return i;
    }
    return -1;
}

bool LayoutBar::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int i = sectionAt(help->pos().x());
        if (i < 0) {
            QToolTip::hideText();
        } else {
            const LayoutSection &s = m_layout.sections().at(i);
            QToolTip::showText(help->globalPos(),
                               tr("<b>%1</b><br>offset %2<br>size %3 bytes<br>%4")
                                   .arg(s.name)
                                   .arg(s.offset)
                                   .arg(s.sizeOverflows ? tr("overflow") : QString::number(s.size))
                                   .arg(s.note.toHtmlEscaped()),
                               this);
        }
        return true;
    }
    return QWidget::event(event);
}

void LayoutBar::mousePressEvent(QMouseEvent *event)
{
    const int i = sectionAt(int(event->position().x()));
    if (i >= 0)
        Q_EMIT sectionClicked(i);
}

} // namespace bpat::studio

#include "LayoutBar.h"

#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

namespace bpat::studio {

namespace {
constexpr int kMinSectionWidth = 28;
constexpr int kBarHeight = 38;
constexpr int kBandHeight = 6;

QColor colorOf(FileSection::Kind kind)
{
    switch (kind) {
    case FileSection::Kind::Header: return QColor(0x4e, 0x79, 0xa7);
    case FileSection::Kind::ClipTable: return QColor(0x59, 0xa1, 0x4f);
    case FileSection::Kind::SocketTable: return QColor(0x76, 0xb7, 0xb2);
    case FileSection::Kind::StringTable: return QColor(0xed, 0xc9, 0x48);
    case FileSection::Kind::Padding: return QColor(0xba, 0xb0, 0xac);
    case FileSection::Kind::Palette: return QColor(0xf2, 0x8e, 0x2b);
    case FileSection::Kind::SocketData: return QColor(0xb0, 0x7a, 0xa1);
    case FileSection::Kind::Gap: return QColor(0x9c, 0x75, 0x5f);
    case FileSection::Kind::Trailing: return QColor(0x79, 0x70, 0x6e);
    }
    return Qt::gray;
}

QString sizeText(quint64 bytes)
{
    return QLocale::system().formattedDataSize(qint64(std::min<quint64>(bytes, quint64(1) << 62)),
                                               1, QLocale::DataSizeTraditionalFormat);
}
} // namespace

LayoutBar::LayoutBar(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setObjectName(QStringLiteral("layoutBar"));
}

void LayoutBar::setLayoutData(const FileLayout &layout)
{
    m_layout = layout;
    update();
}

QSize LayoutBar::sizeHint() const
{
    return {600, kBarHeight + kBandHeight + fontMetrics().height() + 10};
}

QSize LayoutBar::minimumSizeHint() const
{
    return {200, sizeHint().height()};
}

QList<QPair<int, int>> LayoutBar::sectionSpans() const
{
    QList<QPair<int, int>> spans;
    const auto &sections = m_layout.sections();
    if (sections.isEmpty())
        return spans;
    const int n = int(sections.size());
    const int width = std::max(1, this->width() - 2);
    const int flexible = std::max(0, width - n * kMinSectionWidth);
    // Shares of the bytes the bar shows: sections past the end count only up to the end.
    double total = 0.0;
    QList<double> shares;
    for (const FileSection &s : sections) {
        const quint64 fileSize = m_layout.fileSize();
        const quint64 shown = std::min(s.end(), fileSize) - std::min({s.offset, s.end(), fileSize});
        shares.append(double(shown));
        total += double(shown);
    }
    double x = 1.0;
    for (int i = 0; i < n; ++i) {
        const double w = kMinSectionWidth + (total > 0.0 ? flexible * shares.at(i) / total : 0.0);
        spans.append({int(x), int(x + w)});
        x += w;
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
        const FileSection &s = sections.at(i);
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
        const QString label = QStringLiteral("%1\n%2").arg(s.name, s.sizeOverflows ? tr("overflow") : sizeText(s.size));
        const QRect textBox = box.adjusted(3, 1, -3, -1);
        if (fontMetrics().horizontalAdvance(s.name) < textBox.width())
            painter.drawText(textBox, Qt::AlignCenter, label);
    }
    // The file's size under the bar.
    painter.setPen(palette().color(QPalette::WindowText));
    const QRect footer(0, top + kBarHeight + kBandHeight + 2, width(), fontMetrics().height());
    painter.drawText(footer, Qt::AlignLeft, QStringLiteral("0"));
    painter.drawText(footer, Qt::AlignRight,
                     tr("%1 bytes%2").arg(m_layout.fileSize()).arg(m_layout.hasOverlaps() ? tr("  (overlapping sections in red)") : QString()));
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
            const FileSection &s = m_layout.sections().at(i);
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

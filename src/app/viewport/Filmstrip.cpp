#include "Filmstrip.h"

#include <QFont>
#include <QFontMetrics>
#include <QPainter>
#include <algorithm>

namespace bpat::studio {

void Filmstrip::label(QImage &image, const QString &text)
{
    if (image.isNull() || text.isEmpty())
        return;
    QPainter painter(&image);
    QFont font = painter.font();
    font.setPixelSize(std::clamp(image.height() / 14, 9, 28));
    font.setBold(true);
    painter.setFont(font);
    const QFontMetrics metrics(font);
    const int pad = std::max(2, metrics.height() / 5);
    const QRect band(0, image.height() - metrics.height() - 2 * pad, metrics.horizontalAdvance(text) + 4 * pad,
                     metrics.height() + 2 * pad);
    painter.fillRect(band, QColor(0, 0, 0, 170));
    painter.setPen(Qt::white);
    painter.drawText(band, Qt::AlignCenter, text);
}

QImage Filmstrip::compose(const QList<QImage> &cells, const QStringList &labels)
{
    if (cells.isEmpty() || cells.constFirst().isNull())
        return {};
    const QSize cell = cells.constFirst().size();
    if (qint64(cell.width()) * cells.size() > kMaxWidth)
        return {};
    QImage strip(cell.width() * int(cells.size()), cell.height(), QImage::Format_RGB32);
    strip.fill(QColor(41, 43, 48));
    QPainter painter(&strip);
    for (qsizetype i = 0; i < cells.size(); ++i) {
        QImage picture = cells.at(i).size() == cell ? cells.at(i) : cells.at(i).scaled(cell);
        picture = picture.convertToFormat(QImage::Format_RGB32);
        label(picture, i < labels.size() ? labels.at(i) : QString());
        painter.drawImage(QPoint(int(i) * cell.width(), 0), picture);
        if (i > 0) { // a thin divider between cells
            painter.setPen(QColor(90, 92, 98));
            painter.drawLine(int(i) * cell.width(), 0, int(i) * cell.width(), cell.height() - 1);
        }
    }
    return strip;
}

} // namespace bpat::studio

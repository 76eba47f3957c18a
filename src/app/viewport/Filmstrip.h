#pragma once
// A filmstrip: pictures of one clip side by side in one row, each labelled with its frame number
// in white on a dark band at its foot (readable without colour), as `bpat render` writes it and
// the review page (`bpat report`) embeds it.
#include <QImage>
#include <QList>
#include <QStringList>

namespace bpat::studio {

class Filmstrip
{
public:
    // The cells in order, each with its label ("12"); cells of another size than the first are
    // scaled to it. A null image when there are none or the row would be wider than kMaxWidth.
    static QImage compose(const QList<QImage> &cells, const QStringList &labels);
    // A label drawn on one picture (the same band a filmstrip's cell gets).
    static void label(QImage &image, const QString &text);
    static constexpr int kMaxWidth = 32768;
};

} // namespace bpat::studio

#include "LabelLayout.h"

namespace bpat::studio {

QList<bool> LabelLayout::place(const QList<QRectF> &wanted, qreal margin)
{
    QList<bool> shown;
    QList<QRectF> placed;
    shown.reserve(wanted.size());
    for (const QRectF &r : wanted) {
        const QRectF padded = r.adjusted(-margin, -margin, margin, margin);
        bool free = true;
        for (const QRectF &p : std::as_const(placed)) {
            if (p.intersects(padded)) {
                free = false;
                break;
            }
        }
        shown.append(free);
        if (free)
            placed.append(r);
    }
    return shown;
}

} // namespace bpat::studio

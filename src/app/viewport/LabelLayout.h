#pragma once
// Decluttering of the viewport's socket labels: the humanoid's 17 sockets sit around the hands
// and the weapon, and their names piled on top of each other. Labels are taken in priority
// order; one that would overlap a label already placed is left out (the socket's marker stays,
// and hovering or selecting its bone names it).
#include <QList>
#include <QRectF>

namespace bpat::studio {

class LabelLayout
{
public:
    // For each wanted rectangle (in priority order), whether it is drawn.
    static QList<bool> place(const QList<QRectF> &wanted, qreal margin = 2.0);
};

} // namespace bpat::studio

#pragma once
// The timeline's ground-contact rows (BPAT files), on the bar's frame axis (TimelineTrack): one
// bar per foot, filled where the foot is planted (within 0.015 m of its lowest height in the
// clip: the planted-foot rule of specs/motion-analysis.md, per foot) and empty where it is
// lifted, and for a v3 file one more for its contact table (filled where the table's foot_y,
// the lowest foot, is on the clip's ground; striped when the clip's flag says the game does not
// plant the creature from it). Hover for the heights; a press scrubs; a double-click asks for the
// numbers (numbersRequested: the window shows its Contacts table, ContactsPanel, at that frame).
// Hidden for recordings, snapshots and rigs without known feet.
#include "TimelineTrack.h"

#include <memory>

namespace bpat {
class FootContacts;
}

namespace bpat::studio {

class ClipContacts;
class StudioContext;

class ContactTrack : public TimelineTrack
{
    Q_OBJECT
public:
    ContactTrack(StudioContext *context, ClipContacts *contacts, QWidget *parent = nullptr);

    // The rows drawn: the feet's labels ("foot_l"...), then "contact table" when there is one.
    QStringList rowLabels() const;
    // The frames of row `row` drawn planted, as runs [first, last] (for tests).
    QList<std::pair<int, int>> plantedRuns(int row) const;
    // The row at y (-1 between rows or below them).
    int rowAt(int y) const;
    QString toolTipAt(const QPoint &position) const;

Q_SIGNALS:
    void numbersRequested(int frame);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    void refresh();
    QRect rowRect(int row) const;
    int rowPitch() const; // from one row's top to the next: a bar and its name's line
    bool isOn(int row, int frame) const;

    StudioContext *m_context;
    ClipContacts *m_contacts;
    std::shared_ptr<const bpat::FootContacts> m_shown;
};

} // namespace bpat::studio

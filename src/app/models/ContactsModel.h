#pragma once
// The Contacts table: the current clip's ground contacts frame by frame (ClipContacts): frame,
// time, the v3 contact record's sole_y and foot_y as the game's baker wrote them (for files
// without a contact table, foot_y computed from the feet as the baker computes it, in grey, and
// sole_y "-"), each foot's height with its planted cells coloured (Theme::plantedColor()),
// and the feet planted at the frame. Heights in metres, model space (+Y up).
#include <QAbstractTableModel>
#include <memory>

namespace bpat {
class FootContacts;
}

namespace bpat::studio {

class ClipContacts;
class StudioContext;

class ContactsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        FrameColumn,
        TimeColumn,
        SoleYColumn,
        FootYColumn,
        FirstFootColumn
    };

    ContactsModel(StudioContext *context, ClipContacts *contacts, QObject *parent = nullptr);

    int footCount() const;
    int plantedColumn() const { return FirstFootColumn + footCount(); }
    // What the table shows, for the panel's summary line ("walk: 24 frames; ...").
    QString summary() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void reset();
    float computedFootY(int frame) const; // the lowest foot (files without a contact table)

    StudioContext *m_context;
    ClipContacts *m_contacts;
    std::shared_ptr<const bpat::FootContacts> m_shown;
    double m_fps = 0.0;
};

} // namespace bpat::studio

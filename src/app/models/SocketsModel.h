#pragma once
// The Sockets panel: index, name, anchor bone (index and rig name when known), local offset.
// Name, anchor (a rig bone name or an index) and offset ("x, y, z") are editable through
// undoable commands of the context's DocumentSession.
#include <QAbstractTableModel>

namespace bpat::studio {

class StudioContext;

class SocketsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        IndexColumn,
        NameColumn,
        AnchorColumn,
        OffsetColumn,
        NoOfColumns
    };

    explicit SocketsModel(StudioContext *context, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    // A bone given by its rig name (case-insensitive) or its index; -1 when neither.
    int parseBone(const QString &text) const;

private:
    void reset();
    StudioContext *m_context;
    int m_rows = 0;
};

} // namespace bpat::studio

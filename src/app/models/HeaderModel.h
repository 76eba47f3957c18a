#pragma once
// The Header panel: one row per header field (field, value, byte offset, note), followed by the
// derived values (socket data offset, file size). Observes the StudioContext; for a BPSM file
// (minimal snapshot mesh) it lists the 72-byte BPSM header and the sizes derived from it.
#include <QAbstractTableModel>
#include <QList>

namespace bpat {
class BpatFile;
class BpsmFile;
class BprmFile;
} // namespace bpat

namespace bpat::studio {

class StudioContext;

class HeaderModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        FieldColumn,
        ValueColumn,
        OffsetColumn,
        NoteColumn,
        NoOfColumns
    };

    explicit HeaderModel(StudioContext *context, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Row of a header field by its name as used in issue locations ("bone_count"); -1 if none.
    int rowOfField(const QString &field) const;

private:
    struct Row
    {
        QString field;
        QString value;
        QVariant sortValue;
        qint64 offset = -1; // -1: derived, not stored
        QString note;
        bool problem = false;
    };
    void rebuild();
    void addBpatRows(const BpatFile &f);
    void addV3Rows(const BpatFile &f);
    void addSnapshotRows(const BpsmFile &f);
    void addBodyRows(const BprmFile &f);
    void add(QString field, QString value, QVariant sortValue, qint64 offset, QString note, bool problem = false);

    StudioContext *m_context;
    QList<Row> m_rows;
};

} // namespace bpat::studio

#pragma once
// The Clips panel: index, name, frames, frame offset, fps, duration, loops; one row per clip
// entry the file's clip table holds. Names that cannot be read are shown with the reason.
// Name, FPS and Loops are editable: setData() runs an undoable command of the context's
// DocumentSession; a refused edit changes nothing and its reason goes to the status bar.
// For a BPSM file (minimal snapshot mesh) the rows are its clip entries, read-only; FPS and
// Loops, which BPSM does not store, show the defaults the timeline plays with, in grey.
// v2 / v3 files add the clip's markers (phases, "-" when unset), v3 files its flags and its
// variant family / ordinal. In compare mode (CompareState) a last column says how each clip
// differs from its partner in the compared file, and the names of clips that differ are marked.
#include "ClipEntry.h"

#include <QAbstractTableModel>
#include <QList>

namespace bpat::studio {

class StudioContext;

class ClipsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // Markers exist from v2 on, flags and variants in v3: those columns are only there (the
    // column count follows the file's version).
    enum Column {
        IndexColumn,
        NameColumn,
        FramesColumn,
        FrameOffsetColumn,
        FpsColumn,
        DurationColumn,
        LoopsColumn,
        MarkersColumn,
        FlagsColumn,
        VariantColumn,
        NoOfColumns
    };

    explicit ClipsModel(StudioContext *context, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    // The compare mode column (the last one), -1 while not comparing.
    int compareColumn() const { return m_compare ? m_columns : -1; }

private:
    void reset();
    StudioContext *m_context;
    static int columnsFor(const StudioContext *context); // by the open file's version

    QList<ClipEntry> m_clips; // of the open document, as last reset
    int m_rows = 0;
    int m_columns = LoopsColumn + 1; // without the compare column
    bool m_compare = false;
    QVariant compareData(int row, int role) const;
};

} // namespace bpat::studio

#pragma once
// The Layout panel's table: one row per file section (see SectionLayout), with offset, size, end
// and a note; overlapping sections and sections past the end of the file in red.
#include "bpat/SectionLayout.h"

#include <QAbstractTableModel>

namespace bpat::studio {

class StudioContext;

class LayoutModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        SectionColumn,
        OffsetColumn,
        SizeColumn,
        EndColumn,
        NoteColumn,
        NoOfColumns
    };

    explicit LayoutModel(StudioContext *context, QObject *parent = nullptr);

    const SectionLayout &layout() const { return m_layout; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void layoutRebuilt();

private:
    void rebuild();
    StudioContext *m_context;
    SectionLayout m_layout;
};

} // namespace bpat::studio

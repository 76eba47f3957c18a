#include "LayoutModel.h"

#include "ModelRoles.h"
#include "StudioContext.h"
#include "Theme.h"

#include <QBrush>
#include <QColor>

namespace bpat::studio {

LayoutModel::LayoutModel(StudioContext *context, QObject *parent)
    : QAbstractTableModel(parent)
    , m_context(context)
{
    connect(context, &StudioContext::fileLoaded, this, &LayoutModel::rebuild);
    connect(context, &StudioContext::fileClosed, this, &LayoutModel::rebuild);
    rebuild();
}

void LayoutModel::rebuild()
{
    beginResetModel();
    const BpatFile *file = m_context->document() ? m_context->document()->bpat() : nullptr;
    m_layout = file ? SectionLayout::of(*file) : SectionLayout(); // BPAT's sections
    endResetModel();
    Q_EMIT layoutRebuilt();
}

int LayoutModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_layout.sections().size());
}

int LayoutModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NoOfColumns;
}

QVariant LayoutModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_layout.sections().size())
        return {};
    const LayoutSection &s = m_layout.sections().at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SectionColumn: return s.name;
        case OffsetColumn: return s.offset;
        case SizeColumn: return s.sizeOverflows ? QVariant(tr("overflow")) : QVariant(s.size);
        case EndColumn: return s.sizeOverflows ? QVariant(tr("overflow")) : QVariant(s.end());
        case NoteColumn: return s.note;
        }
        break;
    case SortRole:
        switch (index.column()) {
        case OffsetColumn: return s.offset;
        case SizeColumn: return s.size;
        case EndColumn: return s.end();
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::ForegroundRole:
        if (s.overlaps || s.pastEnd)
            return QBrush(Theme::errorColor());
        if (s.isDerived())
            return QBrush(Theme::absentColor());
        break;
    case Qt::TextAlignmentRole:
        if (index.column() >= OffsetColumn && index.column() <= EndColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    }
    return {};
}

QVariant LayoutModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SectionColumn: return tr("Section");
    case OffsetColumn: return tr("Offset");
    case SizeColumn: return tr("Size");
    case EndColumn: return tr("End");
    case NoteColumn: return tr("Note");
    }
    return {};
}

} // namespace bpat::studio

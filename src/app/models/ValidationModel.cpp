#include "ValidationModel.h"

#include "ModelRoles.h"
#include "StudioContext.h"
#include "Theme.h"

#include <QApplication>
#include <QBrush>
#include <QColor>
#include <QStyle>

namespace bpat::studio {

ValidationModel::ValidationModel(StudioContext *context, QObject *parent)
    : QAbstractTableModel(parent)
    , m_context(context)
{
    connect(context, &StudioContext::validationChanged, this, &ValidationModel::reset);
    reset();
}

void ValidationModel::reset()
{
    beginResetModel();
    m_diagnostics = m_context->diagnostics();
    endResetModel();
}

const Diagnostic &ValidationModel::diagnostic(int row) const
{
    return m_diagnostics.at(row);
}

int ValidationModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_diagnostics.size());
}

int ValidationModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NoOfColumns;
}

static QColor severityColor(Severity severity)
{
    switch (severity) {
    case Severity::Error: return Theme::errorColor();
    case Severity::Warning: return Theme::warningTextColor();
    case Severity::Info: return Theme::infoColor();
    }
    return {};
}

QVariant ValidationModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_diagnostics.size())
        return {};
    const Diagnostic &d = m_diagnostics.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn: return severityName(d.severity);
        case CodeColumn: return d.code;
        case MessageColumn: return d.message;
        case LocationColumn: // a run of frames: the path names the first, the worst beside it
            return d.location.worstFrame >= 0 && d.location.worstFrame != d.location.frame
                ? tr("%1 (first; worst at frame %2)").arg(d.location.toString()).arg(d.location.worstFrame)
                : d.location.toString();
        case OffsetColumn: return d.offset ? QVariant(*d.offset) : QVariant(QStringLiteral("-"));
        }
        break;
    case SortRole:
        switch (index.column()) {
        case SeverityColumn: return -int(d.severity); // errors first when ascending
        case OffsetColumn: return d.offset ? QVariant(*d.offset) : QVariant(quint64(0));
        default: return data(index, Qt::DisplayRole);
        }
    case SeverityRole: return int(d.severity);
    case Qt::DecorationRole:
        if (index.column() == SeverityColumn) {
            const QStyle::StandardPixmap icon = d.severity == Severity::Error ? QStyle::SP_MessageBoxCritical
                : d.severity == Severity::Warning                             ? QStyle::SP_MessageBoxWarning
                                                                              : QStyle::SP_MessageBoxInformation;
            return QApplication::style()->standardIcon(icon);
        }
        break;
    case Qt::ForegroundRole:
        if (index.column() == SeverityColumn || index.column() == CodeColumn)
            return QBrush(severityColor(d.severity));
        break;
    case Qt::ToolTipRole: return d.message;
    case Qt::TextAlignmentRole:
        if (index.column() == OffsetColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    }
    return {};
}

QVariant ValidationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case CodeColumn: return tr("Code");
    case MessageColumn: return tr("Message");
    case LocationColumn: return tr("Location");
    case OffsetColumn: return tr("Offset");
    }
    return {};
}

ValidationFilterModel::ValidationFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(SortRole);
    setFilterKeyColumn(-1);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void ValidationFilterModel::setSeverityVisible(Severity severity, bool visible)
{
    m_visible[int(severity)] = visible;
    invalidateFilter();
}

bool ValidationFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const int severity = index.data(ValidationModel::SeverityRole).toInt();
    if (severity < 0 || severity > 2 || !m_visible[severity])
        return false;
    return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

} // namespace bpat::studio

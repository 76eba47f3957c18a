#pragma once
// The Validation panel's model: one row per diagnostic of the StudioContext (severity, code,
// message, location, offset). Filter by minimum severity with ValidationFilterModel.
#include "diagnostics/Diagnostic.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

namespace bpat::studio {

class StudioContext;

class ValidationModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        SeverityColumn,
        CodeColumn,
        MessageColumn,
        LocationColumn,
        OffsetColumn,
        NoOfColumns
    };
    static constexpr int SeverityRole = Qt::UserRole + 10; // int(bpat::Severity)

    explicit ValidationModel(StudioContext *context, QObject *parent = nullptr);

    const Diagnostic &diagnostic(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void reset();
    StudioContext *m_context;
    Diagnostics m_diagnostics;
};

// Keeps rows whose severity is in the enabled set and whose text matches the filter.
class ValidationFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit ValidationFilterModel(QObject *parent = nullptr);
    void setSeverityVisible(Severity severity, bool visible);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    bool m_visible[3] = {true, true, true};
};

} // namespace bpat::studio

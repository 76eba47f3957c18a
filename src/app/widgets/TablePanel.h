#pragma once
// A dock panel body: a text filter above a sortable, copyable table over one model. The model
// goes through a QSortFilterProxyModel (sorted by ModelRole::SortRole, filtered on every
// column, case-insensitively); extraTools() is a spot for panel-specific controls.
#include <QWidget>

class QAbstractItemModel;
class QHBoxLayout;
class QLineEdit;
class QSortFilterProxyModel;

namespace bpat::studio {

class CopyableTableView;

class TablePanel : public QWidget
{
    Q_OBJECT
public:
    explicit TablePanel(QAbstractItemModel *model, QWidget *parent = nullptr);

    CopyableTableView *view() const { return m_view; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QLineEdit *filterEdit() const { return m_filter; }
    QHBoxLayout *toolsLayout() const { return m_tools; }
    // Source-model row of a view row (-1 when invalid).
    int sourceRow(const QModelIndex &viewIndex) const;
    // Selects and shows the view row of a source-model row.
    void selectSourceRow(int row);

private:
    CopyableTableView *m_view = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QLineEdit *m_filter = nullptr;
    QHBoxLayout *m_tools = nullptr;
};

} // namespace bpat::studio

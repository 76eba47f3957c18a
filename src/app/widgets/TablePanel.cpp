#include "TablePanel.h"

#include "CopyableTableView.h"
#include "models/ModelRoles.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QVBoxLayout>

namespace bpat::studio {

TablePanel::TablePanel(QAbstractItemModel *model, QWidget *parent)
    : QWidget(parent)
{
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(SortRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);

    m_view = new CopyableTableView(this);
    m_view->setModel(m_proxy);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // file order until the user sorts
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);

    m_tools = new QHBoxLayout;
    m_tools->setContentsMargins(0, 0, 0, 0);
    m_tools->addWidget(m_filter, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    layout->addLayout(m_tools);
    layout->addWidget(m_view, 1);
}

int TablePanel::sourceRow(const QModelIndex &viewIndex) const
{
    const QModelIndex source = m_proxy->mapToSource(viewIndex);
    return source.isValid() ? source.row() : -1;
}

void TablePanel::selectSourceRow(int row)
{
    if (!m_proxy->sourceModel() || row < 0 || row >= m_proxy->sourceModel()->rowCount())
        return;
    const QModelIndex index = m_proxy->mapFromSource(m_proxy->sourceModel()->index(row, 0));
    if (!index.isValid())
        return;
    m_view->selectRow(index.row());
    m_view->scrollTo(index);
}

} // namespace bpat::studio

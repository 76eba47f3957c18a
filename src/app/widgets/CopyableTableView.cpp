#include "CopyableTableView.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>
#include <algorithm>

namespace bpat::studio {

CopyableTableView::CopyableTableView(QWidget *parent)
    : QTableView(parent)
{
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setSortingEnabled(true);
    setAlternatingRowColors(true);
    setWordWrap(false);
    verticalHeader()->setVisible(false);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setHighlightSections(false);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
}

static QString cellText(const QAbstractItemModel *model, int row, int column)
{
    QString text = model->index(row, column).data(Qt::DisplayRole).toString();
    text.replace(QLatin1Char('\t'), QLatin1Char(' '));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

QString CopyableTableView::selectedRowsAsTsv() const
{
    const QAbstractItemModel *m = model();
    if (!m)
        return {};
    QList<int> rows;
    if (selectionModel()) {
        for (const QModelIndex &index : selectionModel()->selectedRows())
            rows.append(index.row());
    }
    if (rows.isEmpty()) {
        for (int row = 0; row < m->rowCount(); ++row)
            rows.append(row);
    }
    std::sort(rows.begin(), rows.end());
    QList<int> columns;
    for (int visual = 0; visual < horizontalHeader()->count(); ++visual) {
        const int logical = horizontalHeader()->logicalIndex(visual);
        if (!isColumnHidden(logical))
            columns.append(logical);
    }
    QStringList lines;
    QStringList header;
    for (int column : columns)
        header.append(m->headerData(column, Qt::Horizontal).toString());
    lines.append(header.join(QLatin1Char('\t')));
    for (int row : rows) {
        QStringList cells;
        for (int column : columns)
            cells.append(cellText(m, row, column));
        lines.append(cells.join(QLatin1Char('\t')));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void CopyableTableView::copySelection() const
{
    QApplication::clipboard()->setText(selectedRowsAsTsv());
}

bool CopyableTableView::event(QEvent *event)
{
    // A window shortcut would take these keys before the table sees them; accepting the
    // override gives the key press to the table instead.
    if (event->type() == QEvent::ShortcutOverride) {
        auto *key = static_cast<QKeyEvent *>(event);
        const Qt::KeyboardModifiers modifiers = key->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier);
        switch (key->key()) {
        case Qt::Key_Left:
        case Qt::Key_Right:
        case Qt::Key_Up:
        case Qt::Key_Down:
        case Qt::Key_Home:
        case Qt::Key_End:
        case Qt::Key_PageUp:
        case Qt::Key_PageDown:
            if (modifiers == Qt::NoModifier) {
                event->accept();
                return true;
            }
            break;
        default: break;
        }
    }
    return QTableView::event(event);
}

void CopyableTableView::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Copy)) {
        copySelection();
        event->accept();
        return;
    }
    QTableView::keyPressEvent(event);
}

} // namespace bpat::studio

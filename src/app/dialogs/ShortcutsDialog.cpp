#include "ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTableWidget>
#include <QVBoxLayout>

namespace bpat::studio {

namespace {

QString plainText(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    text.remove(QStringLiteral("..."));
    return text.trimmed();
}

void collect(QMenu *menu, const QString &path, QList<ShortcutRow> &rows, QSet<QAction *> &seen)
{
    for (QAction *action : menu->actions()) {
        if (action->isSeparator() || seen.contains(action))
            continue;
        if (QMenu *sub = action->menu()) {
            collect(sub, path + QStringLiteral(" > ") + plainText(sub->title()), rows, seen);
            continue;
        }
        seen.insert(action);
        if (!action->shortcuts().isEmpty())
            rows.append(ShortcutRow{path, plainText(action->text()), action->shortcuts()});
    }
}

} // namespace

QString ShortcutRow::keysText() const
{
    QStringList parts;
    for (const QKeySequence &key : keys)
        parts << key.toString(QKeySequence::NativeText);
    return parts.join(QStringLiteral(", "));
}

QList<ShortcutRow> ShortcutsDialog::rows(QMainWindow *window)
{
    QList<ShortcutRow> rows;
    QSet<QAction *> seen;
    for (QAction *top : window->menuBar()->actions()) {
        if (QMenu *menu = top->menu())
            collect(menu, plainText(menu->title()), rows, seen);
    }
    // Shortcuts that work anywhere in the window but sit in no menu (viewport keys, ...).
    for (QAction *action : window->findChildren<QAction *>()) {
        if (seen.contains(action) || action->shortcuts().isEmpty() || action->menu())
            continue;
        seen.insert(action);
        rows.append(ShortcutRow{QObject::tr("Window"), plainText(action->text()), action->shortcuts()});
    }
    return rows;
}

ShortcutsDialog::ShortcutsDialog(QMainWindow *window, QWidget *parent)
    : QDialog(parent)
    , m_table(new QTableWidget(this))
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_table->setObjectName(QStringLiteral("shortcutsTable"));
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({tr("Keys"), tr("Action"), tr("Menu")});
    const QList<ShortcutRow> list = rows(window);
    m_table->setRowCount(int(list.size()));
    for (int i = 0; i < list.size(); ++i) {
        m_table->setItem(i, 0, new QTableWidgetItem(list.at(i).keysText()));
        m_table->setItem(i, 1, new QTableWidgetItem(list.at(i).action));
        m_table->setItem(i, 2, new QTableWidgetItem(list.at(i).menu));
    }
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(560, 520);
}

} // namespace bpat::studio

#include "ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
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

void collect(const QList<QAction *> &actions, const QString &path, QList<ShortcutRow> &rows, QSet<QAction *> &seen)
{
    for (QAction *action : actions) {
        if (action->isSeparator() || seen.contains(action))
            continue;
        seen.insert(action);
        if (QMenu *sub = action->menu()) {
            const QString title = plainText(sub->title());
            collect(sub->actions(), path.isEmpty() ? title : path + QStringLiteral(" > ") + title, rows, seen);
            continue;
        }
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

QList<ShortcutRow> ShortcutsDialog::rows(const QList<QAction *> &actions)
{
    QList<ShortcutRow> rows;
    QSet<QAction *> seen;
    collect(actions, QString(), rows, seen);
    return rows;
}

ShortcutsDialog::ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent)
    : QDialog(parent)
    , m_table(new QTableWidget(this))
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_table->setObjectName(QStringLiteral("shortcutsTable"));
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({tr("Keys"), tr("Action"), tr("Menu")});
    const QList<ShortcutRow> list = rows(actions);
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

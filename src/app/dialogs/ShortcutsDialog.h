#pragma once
// Help > Keyboard Shortcuts: every shortcut of the window, generated from the actions
// themselves (the menu bar's menus, in menu order), so the list cannot drift from the code the
// way a hand-written table did.
#include <QDialog>
#include <QKeySequence>

class QAction;
class QTableWidget;

namespace bpat::studio {

struct ShortcutRow
{
    QString menu;   // "Playback", "Edit", "View > Viewport", ...
    QString action; // the action's text without '&' mnemonics
    QList<QKeySequence> keys;
    QString keysText() const; // "Ctrl+Shift+Z, Ctrl+Y"
};

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    // Lists rows(actions): pass the menu bar's actions (QMenuBar::actions()).
    explicit ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent = nullptr);

    // Every action among `actions` that has a shortcut, once each; a menu's actions are listed
    // under its title ("View > Viewport"), in menu order.
    static QList<ShortcutRow> rows(const QList<QAction *> &actions);

private:
    QTableWidget *m_table;
};

} // namespace bpat::studio

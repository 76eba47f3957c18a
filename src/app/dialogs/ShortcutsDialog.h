#pragma once
// Help > Keyboard Shortcuts: every shortcut of the window, generated from the actions
// themselves (menus first, in menu order, then actions that live on the window only), so the
// list cannot drift from the code the way a hand-written table did.
#include <QDialog>
#include <QKeySequence>

class QMainWindow;
class QTableWidget;

namespace bpat::studio {

struct ShortcutRow
{
    QString menu;   // "Playback", "Edit", ... or "Window" for actions outside the menus
    QString action; // the action's text without '&' mnemonics
    QList<QKeySequence> keys;
    QString keysText() const; // "Ctrl+Shift+Z, Ctrl+Y"
};

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ShortcutsDialog(QMainWindow *window, QWidget *parent = nullptr);

    // Every action of `window` that has a shortcut, once each.
    static QList<ShortcutRow> rows(QMainWindow *window);

private:
    QTableWidget *m_table;
};

} // namespace bpat::studio

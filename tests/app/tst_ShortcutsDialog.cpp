// Help > Keyboard Shortcuts is generated from the window's actions, so it lists every shortcut
// the code has (the Playback keys included) and nothing else; docs/user-guide.md lists the same
// keys (the hand-written box and the docs had drifted: R/Home "reset", no Ctrl+Y).
#include "MainWindow.h"
#include "dialogs/ShortcutsDialog.h"
#include "dialogs/UserGuideDialog.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QMenuBar>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTextBrowser>
#include <QtTest>

using namespace bpat::studio;

class tst_ShortcutsDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void listsEveryActionShortcut();
    void userGuideListsTheSameKeys();
    void userGuideOpensLocally();
};

void tst_ShortcutsDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
}

static const ShortcutRow *find(const QList<ShortcutRow> &rows, const QString &action)
{
    for (const ShortcutRow &r : rows) {
        if (r.action == action)
            return &r;
    }
    return nullptr;
}

void tst_ShortcutsDialog::listsEveryActionShortcut()
{
    MainWindow window;
    window.setInteractive(false);
    const QList<ShortcutRow> rows = ShortcutsDialog::rows(window.menuBar()->actions());
    const ShortcutRow *play = find(rows, QStringLiteral("Play"));
    QVERIFY(play);
    QCOMPARE(play->menu, QStringLiteral("Playback"));
    QCOMPARE(play->keysText(), QStringLiteral("Space"));
    const ShortcutRow *redo = find(rows, QStringLiteral("Redo"));
    QVERIFY(redo);
    QVERIFY2(redo->keysText().contains(QStringLiteral("Ctrl+Y")), qPrintable(redo->keysText()));
    const ShortcutRow *reset = find(rows, QStringLiteral("Reset Camera"));
    QVERIFY(reset);
    QCOMPARE(reset->keysText(), QStringLiteral("0"));
    // Every action of the window with a shortcut is listed once: none is outside the menus.
    int withKeys = 0;
    for (QAction *action : window.findChildren<QAction *>()) {
        if (!action->shortcuts().isEmpty() && !action->menu())
            ++withKeys;
    }
    QCOMPARE(int(rows.size()), withKeys);
    ShortcutsDialog dialog(window.menuBar()->actions());
    auto *table = dialog.findChild<QTableWidget *>(QStringLiteral("shortcutsTable"));
    QVERIFY(table);
    QCOMPARE(table->rowCount(), int(rows.size()));
}

void tst_ShortcutsDialog::userGuideListsTheSameKeys()
{
    MainWindow window;
    window.setInteractive(false);
    QFile guide(QDir::cleanPath(QStringLiteral(BPAT_TEST_DATA_DIR "/../../docs/user-guide.md")));
    QVERIFY2(guide.open(QIODevice::ReadOnly), qPrintable(guide.fileName()));
    const QString text = QString::fromUtf8(guide.readAll());
    QStringList missing;
    for (const ShortcutRow &r : ShortcutsDialog::rows(window.menuBar()->actions())) {
        const QString row = QStringLiteral("| %1 | %2 | %3 |").arg(r.keysText(), r.action, r.menu);
        if (!text.contains(row))
            missing << row;
    }
    for (const QString &row : std::as_const(missing))
        qInfo("docs/user-guide.md lacks: %s", qPrintable(row));
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("docs/user-guide.md lacks %1 shortcut rows (listed above)").arg(missing.size())));
}

void tst_ShortcutsDialog::userGuideOpensLocally()
{
    const QString path = UserGuideDialog::guidePath();
    QVERIFY2(!path.isEmpty(), qPrintable(UserGuideDialog::candidatePaths().join(QLatin1Char('\n'))));
    UserGuideDialog dialog(path);
    const QString text = dialog.browser()->toPlainText();
    QVERIFY2(text.size() > 2000, qPrintable(text.left(200))); // the guide itself, not a pointer to it
    QVERIFY(text.contains(QStringLiteral("Keyboard shortcuts")));
    QVERIFY(!text.contains(QStringLiteral("| --- |"))); // rendered as Markdown, tables included
}

QTEST_MAIN(tst_ShortcutsDialog)
#include "tst_ShortcutsDialog.moc"

// The dark theme: View > Dark Theme darkens the whole application and is remembered, so the
// next window (the next run) starts dark; turning it off restores the light palette.
#include "MainWindow.h"
#include "ui_MainWindow.h"
#include "Theme.h"

#include <QAction>
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace bpat::studio;

class tst_Theme : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests-theme"));
        QSettings().remove(QStringLiteral("appearance/darkTheme"));
    }

    void darkThemeIsAppliedAndRemembered()
    {
        const QColor lightWindow = QApplication::palette().color(QPalette::Window);
        {
            MainWindow window;
            QAction *action = window.form()->actionDarkTheme;
            QVERIFY(action->isCheckable());
            QVERIFY(!action->isChecked());
            action->setChecked(true);
            QVERIFY(Theme::isDark());
            QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
            QVERIFY(QApplication::palette().color(QPalette::WindowText).lightness() > 170);
        }
        QVERIFY(Theme::savedDark());
        Theme::apply(false); // as a fresh start would be
        QCOMPARE(QApplication::palette().color(QPalette::Window), lightWindow);
        {
            MainWindow next; // "the next run"
            QVERIFY(Theme::isDark());
            QVERIFY(next.form()->actionDarkTheme->isChecked());
            next.form()->actionDarkTheme->setChecked(false);
        }
        QVERIFY(!Theme::savedDark());
        QCOMPARE(QApplication::palette().color(QPalette::Window), lightWindow);
    }
};

QTEST_MAIN(tst_Theme)
#include "tst_Theme.moc"

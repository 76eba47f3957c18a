// Recent files: same-named files are told apart in the menu (two "humanoid.bpat" from different
// folders read the same), the full path shows on hover, and recordings are recent files too.
#include "GeneratedRecording.h"
#include "MainWindow.h"
#include "ui_MainWindow.h"
#include "RecentFiles.h"
#include "TestDocuments.h"

#include <QAction>
#include <QMenu>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace bpat::studio;

class tst_RecentFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
    }

    void sameNamedFilesAreToldApart()
    {
        const QStringList labels = RecentFiles::menuLabels(
            {QStringLiteral("/a/v1_initial/humanoid.bpat"), QStringLiteral("/a/v1_latest/humanoid.bpat"),
             QStringLiteral("/x/horse/walk.bpat"), QStringLiteral("/y/horse/walk.bpat"), QStringLiteral("/a/take.bin")});
        QCOMPARE(labels,
                 (QStringList{QStringLiteral("humanoid.bpat (v1_initial)"), QStringLiteral("humanoid.bpat (v1_latest)"),
                              QStringLiteral("walk.bpat (x/horse)"), QStringLiteral("walk.bpat (y/horse)"),
                              QStringLiteral("take.bin")}));
    }

    void recordingsAreRecentFiles()
    {
        QTemporaryDir dir;
        const QString recording = dir.filePath(QStringLiteral("take.bin"));
        QVERIFY(testrecording::write(recording));
        MainWindow window;
        window.setInteractive(false);
        window.findChild<RecentFiles *>()->clear();
        QVERIFY(window.openFile(recording));
        QVERIFY(window.findChild<RecentFiles *>()->files().contains(QFileInfo(recording).absoluteFilePath()));
        QMenu *menu = window.form()->menuRecent;
        QVERIFY(menu->toolTipsVisible());
        bool found = false;
        for (QAction *a : menu->actions())
            found = found
                || (a->text().contains(QStringLiteral("take.bin")) && a->toolTip() == QFileInfo(recording).absoluteFilePath());
        QVERIFY(found);
    }
};

QTEST_MAIN(tst_RecentFiles)
#include "tst_RecentFiles.moc"

// Each document kind has its own dock layout, remembered per kind: a recording gives the curves
// the room (the BPAT docks used to surround a 450x460 px chart), a BPAT file gets its inspector
// docks back; the default window fits a 1366x768 screen and nothing is cut off there.
#include "GeneratedRecording.h"
#include "MainWindow.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "PanelDocks.h"
#include "widgets/CentralViewHost.h"
#include "widgets/CopyableTableView.h"
#include "widgets/TablePanel.h"

#include <QDockWidget>
#include <QFile>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace bpat::studio;

class tst_WindowLayouts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests-layouts"));
        QSettings().clear();
        m_bpat = m_dir.filePath(QStringLiteral("small.bpat"));
        QFile f(m_bpat);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(testdocs::smallFileBytes());
        f.close();
        m_recording = m_dir.filePath(QStringLiteral("take.bin"));
        QVERIFY(testrecording::write(m_recording));
    }

    void defaultWindowFits1366x768()
    {
        MainWindow window;
        QVERIFY2(window.width() <= 1366 && window.height() <= 768 - 48,
                 qPrintable(QStringLiteral("%1x%2").arg(window.width()).arg(window.height())));
        window.resize(1366, 768 - 48);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(m_bpat));
        const QSize minimum = window.minimumSizeHint();
        QVERIFY2(minimum.width() <= 1366 && minimum.height() <= 768 - 48,
                 qPrintable(QStringLiteral("minimum %1x%2").arg(minimum.width()).arg(minimum.height())));
        QTRY_COMPARE(window.size(), QSize(1366, 768 - 48)); // not forced larger than the screen
    }

    void eachKindHasItsLayout()
    {
        // Normal use prints no Qt warning (nine came after cell edits before).
        QTest::failOnWarning(QRegularExpression(QStringLiteral(".*")));
        MainWindow window;
        window.setInteractive(false);
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *clips = window.findChild<QDockWidget *>(QStringLiteral("clipsDock"));
        auto *palette = window.findChild<QDockWidget *>(QStringLiteral("paletteDock"));
        auto *undo = window.findChild<QDockWidget *>(QStringLiteral("undoHistoryDock"));
        QVERIFY(clips && palette && undo);
        QVERIFY(window.openFile(m_bpat));
        QCOMPARE(window.layoutKind(), QStringLiteral("bpat"));
        QVERIFY(clips->isVisible());
        QVERIFY(!undo->isVisible()); // empty until the first edit: closed by default

        QVERIFY(window.openFile(m_recording));
        QTRY_COMPARE(window.layoutKind(), QStringLiteral("recording"));
        QVERIFY(!clips->isVisible());
        QVERIFY(!palette->isVisible());
        QTRY_VERIFY2(window.centralViews()->width() > window.width() * 8 / 10,
                     qPrintable(QStringLiteral("curves get %1 of %2 px").arg(window.centralViews()->width()).arg(window.width())));
        palette->show(); // the user's choice for recordings

        CentralViewHost *views = window.centralViews();
        const int curvesTab = views->currentIndex();
        views->setCurrentIndex(curvesTab == 0 ? 1 : 0); // the 3D view plays the recording as well
        QCOMPARE(window.layoutKind(), QStringLiteral("recording"));
        window.context()->recording()->setTimelineSource(RecordingState::TimelineSource::Clip); // the BPAT's clip chosen
        QTRY_COMPARE(window.layoutKind(), QStringLiteral("bpat"));
        QVERIFY(clips->isVisible());
        views->setCurrentIndex(curvesTab);
        QTRY_COMPARE(window.layoutKind(), QStringLiteral("recording"));
        QVERIFY(palette->isVisible()); // remembered for this kind
        QVERIFY(!clips->isVisible());
    }

    void pickedBoneIsSelectedInThePalette()
    {
        MainWindow window;
        window.setInteractive(false);
        QVERIFY(window.openFile(m_bpat));
        TablePanel *palette = window.panels()->palettePanel();
        window.context()->setCurrentBone(2); // what a click in the viewport does
        QCOMPARE(palette->sourceRow(palette->view()->currentIndex()), 2);
        palette->selectSourceRow(1); // and the reverse
        QCOMPARE(window.context()->currentBone(), 1);
    }

private:
    QTemporaryDir m_dir;
    QString m_bpat, m_recording;
};

QTEST_MAIN(tst_WindowLayouts)
#include "tst_WindowLayouts.moc"

// The Curves tab as the graph editor of an open BPAT, through the window: it plots the selected
// bones' local channels over the clip (the first bone before any is selected), follows bones
// picked in the viewport or several selected in the Palette panel, shows frames with the
// cursor on the current frame (dragging it moves the timeline), offers quaternions instead of
// Euler angles, frames with F, builds nothing while hidden, and keeps the recording's curves
// when a recording plays. Writes docs screenshots into the build folder.
#include "BoneCurvesLink.h"
#include "CentralViews.h"
#include "MainWindow.h"
#include "PanelDocks.h"
#include "StudioContext.h"
#include "TestPaths.h"
#include "models/PaletteModel.h"
#include "plot/ChartsCurvePlot.h"
#include "widgets/CentralViewHost.h"
#include "widgets/CopyableTableView.h"
#include "widgets/CurvesPanel.h"
#include "widgets/TablePanel.h"

#include <QComboBox>
#include <QItemSelectionModel>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QtTest/QTest>

using namespace bpat::studio;

class tst_BoneGraph : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests-bonegraph"));
        m_humanoid = testpaths::shared(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
    }

    void init()
    {
        if (!QFileInfo::exists(m_humanoid))
            BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + m_humanoid);
        m_window = std::make_unique<MainWindow>();
        m_window->setInteractive(false);
        m_window->resize(1280, 720);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup() { m_window.reset(); }

    void hiddenTabBuildsNothing()
    {
        BoneCurvesLink *link = m_window->views()->boneCurves();
        QVERIFY(m_window->openFile(m_humanoid));
        const int before = link->builds();
        m_window->context()->setCurrentClipByName(QStringLiteral("walk"));
        m_window->context()->setCurrentBone(3);
        QCOMPARE(link->builds(), before); // the viewport is in front
        showCurvesTab();
        QCOMPARE(link->builds(), before + 1);
        QCOMPARE(curves()->source(), CurvesPanel::Source::Bones);
        QCOMPARE(curves()->plottedBones(), QList<int>{3});
    }

    void plotsTheSelectedBonesOverTheClip()
    {
        QVERIFY(m_window->openFile(m_humanoid));
        StudioContext *context = m_window->context();
        context->setCurrentClipByName(QStringLiteral("walk"));
        showCurvesTab();
        // Before any bone is picked: the first bone's rotation, framed over the clip's frames.
        QCOMPARE(curves()->plottedBones(), QList<int>{0});
        QCOMPARE(curves()->checkedCurves().size(), 3);
        QVERIFY(curves()->checkedCurves().constFirst().endsWith(QStringLiteral("/RotationX")));
        CurvePlot *plot = curves()->plot();
        QCOMPARE(plot->timeUnit(), CurvePlot::TimeUnit::Frames);
        const int last = context->frameCount() - 1;
        auto [t0, t1] = plot->timeRange();
        QVERIFY2(t0 <= 0.0 && t0 > -5.0 && t1 >= last && t1 < last + 5.0, qPrintable(QStringLiteral("%1 %2").arg(t0).arg(t1)));

        // A bone picked in the viewport replaces it, with the kinds of channel shown.
        context->setCurrentBone(9);
        QCOMPARE(curves()->plottedBones(), QList<int>{9});
        // Translation checked by hand for that bone: the next bones get rotation and translation.
        const QString translation = context->boneName(9) + QStringLiteral("/TranslationX");
        QStringList checked = curves()->checkedCurves();
        checked.append(translation);
        curves()->setCheckedCurves(checked);
        QCOMPARE(plot->curves().size(), 4);

        // Several bones selected in the Palette panel (Ctrl+click): each is plotted.
        TablePanel *palette = m_window->panels()->palettePanel();
        QItemSelection selection;
        for (int bone : {5, 6, 7}) {
            const QModelIndex index = palette->proxy()->mapFromSource(m_window->panels()->paletteModel()->index(bone, 0));
            selection.select(index, index);
        }
        palette->view()->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QCOMPARE(context->selectedBones(), (QList<int>{5, 6, 7}));
        QCOMPARE(curves()->plottedBones(), (QList<int>{5, 6, 7}));
        QCOMPARE(plot->curves().size(), 3 * 4);

        // The cursor is the current frame; dragging it (the plot's scrub) moves the timeline.
        context->setCurrentFrame(12);
        QCOMPARE(plot->cursorTime(), 12.0);
        Q_EMIT plot->cursorTimeScrubbed(20.4);
        QCOMPARE(context->currentFrame(), 20);
        // Another clip: the same bones and channels, framed over its frames.
        context->setCurrentClipByName(QStringLiteral("run"));
        QCOMPARE(curves()->plottedBones(), (QList<int>{5, 6, 7}));
        std::tie(t0, t1) = plot->timeRange();
        QVERIFY(t1 < context->frameCount() + 5.0);
        // F frames the selection (the value range fits the curves).
        plot->setValueRange(-1000.0, 1000.0);
        plot->frameAll();
        const auto [v0, v1] = plot->valueRange();
        QVERIFY(v1 - v0 < 2000.0);
        saveScreenshot(QStringLiteral("bone-graph.png"));
    }

    void paletteFollowsTheSelectedBones()
    {
        // Bones added in the viewport (Ctrl+click: the context's selection) are selected in the
        // Palette panel, and taking them away again leaves one row, the current bone's.
        QVERIFY(m_window->openFile(m_humanoid));
        StudioContext *context = m_window->context();
        TablePanel *palette = m_window->panels()->palettePanel();
        const auto selectedRows = [palette] {
            QList<int> rows;
            for (const QModelIndex &index : palette->view()->selectionModel()->selectedRows())
                rows.append(palette->sourceRow(index));
            std::sort(rows.begin(), rows.end());
            return rows;
        };
        context->setCurrentBone(5);
        context->setSelectedBones({5, 9});
        context->setCurrentBone(9);
        QCOMPARE(selectedRows(), (QList<int>{5, 9}));
        QCOMPARE(palette->sourceRow(palette->view()->currentIndex()), 9);
        QCOMPARE(context->selectedBones(), (QList<int>{5, 9})); // no echo from the panel
        context->setSelectedBones({9});
        QCOMPARE(selectedRows(), QList<int>{9});
        context->setCurrentBone(-1);
        QVERIFY(context->selectedBones().isEmpty());
    }

    void quaternionComponentsOnDemand()
    {
        QVERIFY(m_window->openFile(m_humanoid));
        m_window->context()->setCurrentBone(2);
        showCurvesTab();
        QComboBox *rotation = curves()->rotationCombo();
        QTRY_VERIFY(rotation->isVisible()); // the toolbar lays it out on the next turn
        QCOMPARE(rotation->currentText(), QStringLiteral("Euler XYZ"));
        rotation->setCurrentIndex(rotation->findText(QStringLiteral("Quaternion")));
        QVERIFY(curves()->boneCurves()->options().quaternion);
        // The rotation shown becomes the quaternion's, W included, for the bone shown and the next.
        const QString spine = m_window->context()->boneName(2);
        QCOMPARE(curves()->checkedCurves(),
                 (QStringList{spine + QStringLiteral("/RotationW"), spine + QStringLiteral("/RotationX"),
                              spine + QStringLiteral("/RotationY"), spine + QStringLiteral("/RotationZ")}));
        m_window->context()->setCurrentBone(4);
        QStringList names = curves()->checkedCurves();
        QVERIFY2(names.contains(m_window->context()->boneName(4) + QStringLiteral("/RotationW")), qPrintable(names.join(u',')));
        rotation->setCurrentIndex(rotation->findText(QStringLiteral("Euler ZYX")));
        QCOMPARE(curves()->boneCurves()->options().order, bpat::EulerOrder::ZYX);
        QVERIFY(curves()->boneCurves()->rotationDescription().contains(QStringLiteral("ZYX")));
        names = curves()->checkedCurves();
        QVERIFY2(!names.join(u',').contains(QStringLiteral("RotationW")), qPrintable(names.join(u',')));
        QCOMPARE(names.size(), 3);
    }

    void screenshotAtTheDefaultSize()
    {
        QVERIFY(m_window->openFile(m_humanoid));
        StudioContext *context = m_window->context();
        context->setCurrentClipByName(QStringLiteral("walk"));
        context->setSelectedBones({14, 15, 17, 18}); // HipL, KneeL, HipR, KneeR
        context->setCurrentFrame(10);
        showCurvesTab();
        QCOMPARE(curves()->plottedBones(), (QList<int>{14, 15, 17, 18}));
        saveScreenshot(QStringLiteral("bone-graph-1280x720.png"));
    }

private:
    CurvesPanel *curves() const { return m_window->views()->curves(); }
    void showCurvesTab()
    {
        CentralViewHost *views = m_window->centralViews();
        views->setCurrentIndex(views->indexOf(curves()));
        QVERIFY(curves()->isVisible());
    }
    void saveScreenshot(const QString &name)
    {
        QTest::qWait(50);
        static_cast<ChartsCurvePlot *>(curves()->plot())->resampleNow();
        const QString path = testpaths::binaryDir() + QLatin1Char('/') + name;
        QVERIFY(m_window->saveScreenshot(path));
        qInfo("screenshot: %s", qPrintable(path));
    }

    QString m_humanoid;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(tst_BoneGraph)
#include "tst_BoneGraph.moc"

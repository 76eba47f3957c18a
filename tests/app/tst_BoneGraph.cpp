// The Curves tab as the graph editor of an open BPAT, through the window: it plots the selected
// bones' local channels over the clip (the first bone before any is selected), follows bones
// picked in the viewport or several selected in the Palette panel, shows frames with the
// cursor on the current frame (dragging it moves the timeline), offers quaternions instead of
// Euler angles, frames with F, builds nothing while hidden, and keeps the recording's curves
// when a recording plays; framing a flat curve and then all curves returns at once (issue 38:
// the axis once built hundreds of millions of ticks) with the unsaved edit made before on disk
// for recovery; each unit on its own axis, named; Ctrl+click in the Palette panel adds a bone.
// Writes docs screenshots into the build folder.
#include "BoneCurvesLink.h"
#include "editing/DocumentSession.h"
#include "editing/EditActions.h"
#include "editing/MarkerCommands.h"
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
#include "viewport/ViewportWidget.h"

#include <QChartView>
#include <QComboBox>
#include <QLineSeries>
#include <QTreeView>
#include <QValueAxis>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <sys/resource.h>
#include <thread>
#include <QItemSelectionModel>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QtTest/QTest>

using namespace bpat::studio;

namespace {
// Aborts the test program when a step does not return within `seconds` (a frozen event loop
// cannot fail a test by itself: it would wait for CTest's timeout).
class Watchdog
{
public:
    Watchdog(const char *what, int seconds)
        : m_thread([this, what, seconds] {
            std::unique_lock lock(m_mutex);
            if (!m_done.wait_for(lock, std::chrono::seconds(seconds), [this] { return m_finished; })) {
                std::fprintf(stderr, "FAIL: %s did not return within %d s\n", what, seconds);
                std::abort();
            }
        })
    {
    }
    ~Watchdog()
    {
        {
            const std::lock_guard lock(m_mutex);
            m_finished = true;
        }
        m_done.notify_all();
        m_thread.join();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_done;
    bool m_finished = false;
    std::thread m_thread;
};

// The process's peak resident memory so far, in MiB.
double peakMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0;
}
} // namespace

class tst_BoneGraph : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests-bonegraph"));
        m_humanoid = testpaths::shared(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        m_horse = testpaths::shared(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
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

    void framingAFlatCurveThenAllReturnsAtOnce()
    {
        // The horse's walk, FrontShoulder.R's rotation Y: a channel that does not move (its
        // float noise spans 1e-5 degrees). F framed the noise; A then widened the axis under the
        // tick spacing of the noise and never returned, memory climbing past 960 MB, and the
        // unsaved marker edit made before was lost with the killed window.
        if (!QFileInfo::exists(m_horse))
            BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + m_horse);
        QVERIFY(m_window->openFile(m_horse));
        StudioContext *context = m_window->context();
        context->setCurrentClipByName(QStringLiteral("walk"));
        int shoulder = -1;
        for (int b = 0; b < context->document()->boneCount() && shoulder < 0; ++b)
            shoulder = context->boneName(b) == u"FrontShoulder.R" ? b : -1;
        QVERIFY(shoulder >= 0);
        // The unsaved edit: a marker of the walk.
        DocumentSession *session = context->session();
        QVERIFY(executeMarkerEdit(session, new SetClipMarkerCommand(session, context->currentClip(), 2, 0.5f),
                                  context->currentClip()));
        QVERIFY(session->isModified());

        context->setCurrentBone(shoulder);
        showCurvesTab();
        auto *plot = static_cast<ChartsCurvePlot *>(curves()->plot());
        const QString rotationY = QStringLiteral("FrontShoulder.R/RotationY");
        QVERIFY2(curves()->checkedCurves().contains(rotationY), qPrintable(curves()->checkedCurves().join(u',')));
        // The row selected in the tree, as the user does: F frames it.
        const QModelIndex row = curves()->filterModel()->mapFromSource(curves()->treeModel()->indexForPath(rotationY));
        QVERIFY(row.isValid());
        curves()->treeView()->selectionModel()->select(row, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QCOMPARE(plot->selectedCurves(), QStringList{rotationY});
        const auto [lo, hi] = CurveSampler::valueRange(curves()->boneCurves()->curve(rotationY), -1.0, 1e6);
        QVERIFY2(hi - lo < 1e-3, qPrintable(QStringLiteral("the channel moves: %1 .. %2").arg(lo).arg(hi)));

        const double before = peakMiB();
        {
            const Watchdog watchdog("Frame Selection (F), then Frame All (A)", 60);
            QTest::keyClick(static_cast<QWidget *>(plot->chartView()), Qt::Key_F);
            QCoreApplication::processEvents();
            // Framed flat: at least the minimum span about the value, not the float noise.
            const auto [f0, f1] = plot->valueRange();
            QVERIFY2(f1 - f0 >= CurvePlot::minimumValueSpan(lo, hi),
                     qPrintable(QStringLiteral("%1 .. %2 for a channel at %3").arg(f0).arg(f1).arg(lo)));
            QVERIFY(f0 <= lo && f1 >= hi);
            QTest::keyClick(static_cast<QWidget *>(plot->chartView()), Qt::Key_A);
            QCoreApplication::processEvents();
            plot->resampleNow();
            m_window->grab(); // drawn, ticks and all
        }
        const auto [a0, a1] = plot->valueRange();
        for (const PlotCurve &curve : plot->curves()) {
            const auto [c0, c1] = CurveSampler::valueRange(curve.ref, -1.0, 1e6);
            const ValueMapping m = plot->valueMapping(curve.name());
            QVERIFY2(m.apply(c0) >= a0 - 1e-6 && m.apply(c1) <= a1 + 1e-6, qPrintable(curve.name()));
        }
        // The mechanism: no range change laid out more than a screenful of ticks.
        QVERIFY2(plot->mostTicksLaidOut() < 1000, qPrintable(QString::number(plot->mostTicksLaidOut())));
        QVERIFY2(plot->valueAxis()->tickInterval() > (a1 - a0) / 100.0,
                 qPrintable(QString::number(plot->valueAxis()->tickInterval())));
        const double grown = peakMiB() - before;
        qInfo("F then A: at most %lld ticks laid out by a range change, peak memory +%.1f MiB", plot->mostTicksLaidOut(), grown);
        QVERIFY2(grown < 64.0, qPrintable(QStringLiteral("peak memory grew by %1 MiB").arg(grown)));

        // And whatever stops the window, the unsaved edit is on disk, ready to recover.
        EditRecovery *recovery = m_window->editActions()->recovery();
        recovery->waitForWrites();
        bool found = false;
        for (const EditRecovery::Record &record : EditRecovery::leftovers(true)) {
            if (QFileInfo(record.original) != QFileInfo(m_horse))
                continue;
            found = true;
            const QByteArray kept = EditRecovery::read(record);
            const bpat::BpatFile file = bpat::BpatFile::fromData(kept);
            QCOMPARE(file.clips().at(context->currentClip()).markers[2], 0.5f);
        }
        QVERIFY(found);
        QVERIFY(session->isModified());
    }

    void eachUnitHasItsOwnAxis()
    {
        // Rotation and translation of a bone: each on an axis of its own, titled with its unit;
        // the legend and the hover name bone, channel and axis in full.
        if (!QFileInfo::exists(m_horse))
            BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + m_horse);
        QVERIFY(m_window->openFile(m_horse));
        StudioContext *context = m_window->context();
        context->setCurrentClipByName(QStringLiteral("walk"));
        int leg = -1;
        for (int b = 0; b < context->document()->boneCount() && leg < 0; ++b)
            leg = context->boneName(b) == u"FrontUpperLeg.L" ? b : -1;
        QVERIFY(leg >= 0);
        context->setCurrentBone(leg);
        showCurvesTab();
        auto *plot = static_cast<ChartsCurvePlot *>(curves()->plot());
        // Rotation alone: one axis, in degrees.
        QCOMPARE(plot->valueAxes(), QStringList{QStringLiteral("rotation (°)")});
        QCOMPARE(plot->valueAxis()->titleText(), QStringLiteral("rotation (°)"));
        QVERIFY(plot->extraValueAxes().isEmpty());
        // Translation alone: the axis says metres.
        const QString bone = QStringLiteral("FrontUpperLeg.L/");
        curves()->setCheckedCurves({bone + QStringLiteral("TranslationX"), bone + QStringLiteral("TranslationY"),
                                    bone + QStringLiteral("TranslationZ")});
        QCOMPARE(plot->valueAxis()->titleText(), QStringLiteral("translation (m)"));
        // Both: the rotation on the left, the translation on its own scale at the right, and
        // each fills the plot's height (the translations no longer flatten on the zero line).
        curves()->setCheckedCurves({bone + QStringLiteral("RotationX"), bone + QStringLiteral("RotationY"),
                                    bone + QStringLiteral("RotationZ"), bone + QStringLiteral("TranslationX"),
                                    bone + QStringLiteral("TranslationY"), bone + QStringLiteral("TranslationZ")});
        plot->frameAll();
        QCOMPARE(plot->valueAxes(), (QStringList{QStringLiteral("rotation (°)"), QStringLiteral("translation (m)")}));
        QCOMPARE(plot->valueAxis()->titleText(), QStringLiteral("rotation (°)"));
        QCOMPARE(plot->extraValueAxes().size(), 1);
        QValueAxis *metres = plot->extraValueAxes().constFirst();
        QCOMPARE(metres->titleText(), QStringLiteral("translation (m)"));
        QCOMPARE(metres->alignment(), Qt::AlignRight);
        const auto [v0, v1] = plot->valueRange();
        double tLo = INFINITY, tHi = -INFINITY;
        for (const QString &axis : {QStringLiteral("X"), QStringLiteral("Y"), QStringLiteral("Z")}) {
            const auto [lo, hi] =
                CurveSampler::valueRange(curves()->boneCurves()->curve(bone + QStringLiteral("Translation") + axis), -1, 1e6);
            tLo = std::min(tLo, lo);
            tHi = std::max(tHi, hi);
        }
        // The right scale reads the translations' own values, and they span most of its height
        // (a bone whose translation does not move is a level line inside it).
        const QString range = QStringLiteral("%1..%2 on %3..%4").arg(tLo).arg(tHi).arg(metres->min()).arg(metres->max());
        QVERIFY2(metres->min() <= tLo && metres->max() >= tHi, qPrintable(range));
        if (tHi - tLo > CurvePlot::minimumValueSpan(tLo, tHi))
            QVERIFY2((tHi - tLo) > 0.5 * (metres->max() - metres->min()), qPrintable(range));
        const ValueMapping m = plot->valueMapping(bone + QStringLiteral("TranslationY"));
        QVERIFY(std::abs(m.apply(metres->min()) - v0) < 1e-6 * (v1 - v0) + 1e-9);
        QVERIFY(std::abs(m.apply(metres->max()) - v1) < 1e-6 * (v1 - v0) + 1e-9);
        // Names in full, X / Y / Z in red, green and blue.
        const QList<PlotCurve> plotted = plot->curves();
        for (const PlotCurve &curve : plotted) {
            const QString axis = curve.name().right(1);
            const QString kind = curve.name().contains(u"Rotation") ? QStringLiteral("rotation") : QStringLiteral("translation");
            QCOMPARE(curve.displayName(), QStringLiteral("FrontUpperLeg.L %1 %2").arg(kind, axis));
            // The legend: the whole name, or what all share said once at its start (and the
            // short form when even that does not fit).
            const QString title = plot->legendTitle();
            const QString legend = title.isEmpty() ? plot->lineSeries(curve.name())->name()
                                                   : title.chopped(1) + u' ' + plot->lineSeries(curve.name())->name();
            QVERIFY2(legend == curve.displayName() || legend == curve.shortLabel, qPrintable(legend));
            const int hue = curve.color.hslHue();
            const int expected = axis == u"X" ? 0 : axis == u"Y" ? 110 : 215;
            QVERIFY2(std::min(std::abs(hue - expected), 360 - std::abs(hue - expected)) <= 20, qPrintable(curve.name()));
        }
        // The hover names the curve in full, with its unit.
        CurvePlotPicker picker(*plot);
        PlotHit hit;
        hit.inPlot = true;
        hit.time = 3;
        hit.curve = bone + QStringLiteral("TranslationY");
        hit.value = 0.25;
        QVERIFY2(picker.describe(hit).contains(QStringLiteral("FrontUpperLeg.L translation Y   value = 0.25 m")),
                 qPrintable(picker.describe(hit)));
        hit.curve = bone + QStringLiteral("RotationY");
        hit.value = 12;
        QVERIFY2(picker.describe(hit).contains(QStringLiteral("FrontUpperLeg.L rotation Y   value = 12°")),
                 qPrintable(picker.describe(hit)));
        // Normalized: one axis again.
        plot->setNormalized(true);
        QVERIFY(plot->extraValueAxes().isEmpty());
        QCOMPARE(plot->valueAxis()->titleText(), QStringLiteral("normalized value"));
        plot->setNormalized(false);
        QCOMPARE(plot->extraValueAxes().size(), 1);
        saveScreenshot(QStringLiteral("bone-graph-units.png"));
    }

    void ctrlClickInThePaletteAddsABone()
    {
        QVERIFY(m_window->openFile(m_humanoid));
        StudioContext *context = m_window->context();
        context->setCurrentClipByName(QStringLiteral("walk"));
        showCurvesTab();
        TablePanel *palette = m_window->panels()->palettePanel();
        QAbstractItemView *view = palette->view();
        const auto rectOf = [&](int bone) {
            const QModelIndex index = palette->proxy()->mapFromSource(m_window->panels()->paletteModel()->index(bone, 0));
            view->scrollTo(index);
            return view->visualRect(index);
        };
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, rectOf(5).center());
        QCOMPARE(context->selectedBones(), QList<int>{5});
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, rectOf(9).center());
        QCOMPARE(context->selectedBones(), (QList<int>{5, 9}));
        QCOMPARE(context->currentBone(), 9);
        QCOMPARE(curves()->plottedBones(), (QList<int>{5, 9}));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, rectOf(12).center());
        QCOMPARE(context->selectedBones(), (QList<int>{5, 9, 12}));
        QCOMPARE(curves()->plottedBones(), (QList<int>{5, 9, 12}));
        // Ctrl+click on a selected one takes it away; a plain click selects one again.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, rectOf(9).center());
        QCOMPARE(context->selectedBones(), (QList<int>{5, 12}));
        QCOMPARE(curves()->plottedBones(), (QList<int>{5, 12}));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, rectOf(3).center());
        QCOMPARE(context->selectedBones(), QList<int>{3});
        // The viewport names every selected bone.
        context->setSelectedBones({5, 9, 12});
        QCOMPARE(m_window->viewport()->canvas() ? m_window->viewport()->canvas()->selectedBones().size() : 3, 3);
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

    QString m_humanoid, m_horse;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(tst_BoneGraph)
#include "tst_BoneGraph.moc"

// The real HoloLens 2 recording of ../shared opened the way the user opens it, through the main
// window (issue 6): the Curves tab comes up with the tree of its 389 curves and 118,089 keys
// (every node's count the sum of the recording's curves below it), and checking curves in the
// tree plots series that hold the evaluator's values. Skips when the recording is absent.
#include "MainWindow.h"
#include "StudioContext.h"
#include "TestPaths.h"
#include "app/PlotSeriesCheck.h"
#include "app/RealRecording.h"
#include "ui_MainWindow.h"
#include "viewport/ViewportWidget.h"
#include "PlaybackClock.h"
#include "dialogs/RebakeDialog.h"
#include "widgets/CentralViewHost.h"
#include "widgets/TimelineWidget.h"
#include "widgets/CurvesPanel.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>

#include <QStandardPaths>
#include <QTreeView>
#include <QLabel>
#include <QtTest/QtTest>

using namespace bpat::studio;

namespace {
// Whether a curve is under a node of the tree: the node itself, a section or joint above it,
// or the group of its component ("LeftHand/Palm/Position" holds "LeftHand/Palm/PositionX").
bool belongsTo(const QString &curve, const QString &path)
{
    if (curve == path || curve.startsWith(path + QLatin1Char('/')))
        return true;
    return curve.size() == path.size() + 1 && curve.startsWith(path) && QStringLiteral("XYZW").contains(curve.back());
}
} // namespace

class tst_MainWindowRecording : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void opensOnTheCurvesTab();
    void statusBarShowsTheActiveTabsPosition();
    void treeCountsAreTheRecordingsOwn();
    void checkedCurvesPlotTheEvaluatorsValues();
    void titleAndCloseNameTheRecording();
    void rebakeAndTimelineAgreeOnTheSpan();
    void openingAFileReplacesTheRecording();
    void theOverlayKeepsTheRecordingDeliberately();

private:
    CurvesPanel *curves() const { return m_window->findChild<CurvesPanel *>(); }
    // Every node below `parent`: its key and curve counts are those of the recording's curves
    // under its path. Returns the first difference.
    QString checkCounts(const QModelIndex &parent) const;

    QString m_path;
    std::unique_ptr<MainWindow> m_window;
};

void tst_MainWindowRecording::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
    m_path = testpaths::shared(realrecording::Relative);
}

void tst_MainWindowRecording::init()
{
    const QFileInfo info(m_path);
    if (!info.exists())
        BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + m_path);
    if (info.size() != realrecording::Size) // as RealRecording.h: a damaged copy skips
        BPAT_SKIP_SHARED(QStringLiteral("shared recording is damaged: %1 has %2 bytes").arg(m_path).arg(info.size()));
    m_window = std::make_unique<MainWindow>();
    m_window->setInteractive(false);
    m_window->resize(1500, 950);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->openFile(m_path));
    QVERIFY(curves());
}

void tst_MainWindowRecording::cleanup()
{
    m_window.reset();
}

void tst_MainWindowRecording::titleAndCloseNameTheRecording()
{
    // The title was just the application's name, and File > Close was greyed out.
    QVERIFY2(m_window->windowTitle().startsWith(QFileInfo(m_path).fileName()), qPrintable(m_window->windowTitle()));
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("recording")));
    QVERIFY(m_window->form()->actionClose->isEnabled());
    m_window->form()->actionClose->trigger();
    QVERIFY(!m_window->context()->recording()->hasRecording());
    QVERIFY(!curves()->animation());
    QCOMPARE(m_window->windowTitle(), QStringLiteral("BPAT Studio"));
    QVERIFY(!m_window->form()->actionClose->isEnabled());
}

void tst_MainWindowRecording::rebakeAndTimelineAgreeOnTheSpan()
{
    // The Rebake dialog said "14.46 s" (from 0) and the clip list "19.72 s" (from -5.254 s).
    auto *clips = m_window->timeline()->findChild<QComboBox *>(QStringLiteral("clipCombo"));
    const QString item = clips->currentText();
    QVERIFY2(item.contains(QStringLiteral("keys -5.25 s to 14.46 s")), qPrintable(item));
    m_window->form()->actionRebake->trigger();
    auto *dialog = m_window->findChild<RebakeDialog *>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->sourceDuration().has_value());
    QVERIFY2(dialog->sourceInfoText().startsWith(QStringLiteral("keys -5.25 s to 14.46 s")),
             qPrintable(dialog->sourceInfoText()));
    dialog->close();
}

void tst_MainWindowRecording::openingAFileReplacesTheRecording()
{
    // Open a .bin, then a .bpat: the title named the BPAT while the viewport, the timeline and
    // the Curves tab kept the recording, and the panels stayed hidden.
    const QString horse = testpaths::shared(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
    if (!QFileInfo::exists(horse))
        BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + horse);
    StudioContext *context = m_window->context();
    QVERIFY(m_window->openFile(horse));
    QVERIFY(!context->recording()->hasRecording());
    QVERIFY(!context->recording()->drivesTimeline());
    QVERIFY(!curves()->animation());
    QVERIFY(curves()->source() != CurvesPanel::Source::Recording); // the horse's bones, once shown
    QCOMPARE(m_window->centralViews()->currentWidget(), static_cast<QWidget *>(m_window->viewport()));
    ViewportCanvas *canvas = m_window->viewport()->canvas();
    QVERIFY2(canvas, qPrintable(m_window->viewport()->unavailableReason()));
    QVERIFY(!canvas->drawsRecording());
    QVERIFY(canvas->drawsCreature());
    // The timeline plays the horse's clip; the recording is no longer offered.
    auto *clips = m_window->timeline()->findChild<QComboBox *>(QStringLiteral("clipCombo"));
    QCOMPARE(clips->count(), context->clipCount());
    QCOMPARE(m_window->timeline()->clock()->frameCount(), context->frameCount());
    QCOMPARE(m_window->layoutKind(), QStringLiteral("bpat"));
    QTRY_VERIFY(m_window->findChild<QDockWidget *>(QStringLiteral("clipsDock"))->isVisible());
    QVERIFY2(m_window->windowTitle().startsWith(QStringLiteral("horse.bpat")), qPrintable(m_window->windowTitle()));
    QVERIFY(m_window->form()->actionClose->isEnabled());
}

void tst_MainWindowRecording::theOverlayKeepsTheRecordingDeliberately()
{
    // Drawing the recording over the creature is the visible choice that keeps it.
    const QString horse = testpaths::shared(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
    if (!QFileInfo::exists(horse))
        BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + horse);
    StudioContext *context = m_window->context();
    m_window->form()->actionRecordingOverlay->setChecked(true);
    QVERIFY(m_window->openFile(horse));
    QVERIFY(context->recording()->hasRecording());
    QVERIFY(!context->recording()->drivesTimeline()); // the file's clip plays
    QCOMPARE(m_window->layoutKind(), QStringLiteral("bpat"));
    ViewportCanvas *canvas = m_window->viewport()->canvas();
    QVERIFY(canvas && canvas->drawsCreature() && canvas->drawsRecording());
    // And it can be removed: File > Close takes both.
    m_window->form()->actionClose->trigger();
    QVERIFY(!context->recording()->hasRecording());
    QVERIFY(!context->hasDocument());
    m_window->form()->actionRecordingOverlay->setChecked(false);
}

void tst_MainWindowRecording::opensOnTheCurvesTab()
{
    CentralViewHost *views = m_window->centralViews();
    QCOMPARE(views->currentWidget(), curves());
    QCOMPARE(views->tabText(views->currentIndex()), QStringLiteral("Curves"));
    QTRY_VERIFY(curves()->isVisible());
    QCOMPARE(m_window->context()->recording()->timelineSource(), RecordingState::TimelineSource::Recording);
    QVERIFY(curves()->animation());
    QCOMPARE(curves()->animation(), m_window->context()->recording()->recording());
    // The camera position is plotted on opening; the time cursor is the recording's time (its
    // first key, -5.25 s: the hands' bools), in view, and the view spans the whole recording.
    QCOMPARE(curves()->checkedCurves(),
             (QStringList{QStringLiteral("Camera/PositionX"), QStringLiteral("Camera/PositionY"),
                          QStringLiteral("Camera/PositionZ")}));
    const double cursor = curves()->plot()->cursorTime();
    QCOMPARE(cursor, m_window->context()->recording()->time());
    QVERIFY(std::abs(cursor - curves()->animation()->startTime()) < 1e-9);
    const auto [t0, t1] = curves()->plot()->timeRange();
    QVERIFY(t0 <= cursor && cursor <= t1);
    QVERIFY2(t0 <= curves()->animation()->startTime() && t1 >= curves()->animation()->duration(),
             qPrintable(QStringLiteral("view %1..%2 s").arg(t0).arg(t1)));
}

void tst_MainWindowRecording::statusBarShowsTheActiveTabsPosition()
{
    // It always showed the BPAT's clip and frame, even while the recording played.
    auto *label = m_window->findChild<QLabel *>(QStringLiteral("currentPositionLabel"));
    QVERIFY(label);
    StudioContext *context = m_window->context();
    QCOMPARE(context->recording()->timelineSource(), RecordingState::TimelineSource::Recording);
    context->recording()->setTime(1.5);
    QVERIFY2(label->text().contains(QFileInfo(m_path).fileName()) && label->text().contains(QStringLiteral("1.500 s")),
             qPrintable(label->text()));
    CentralViewHost *views = m_window->centralViews();
    views->setCurrentIndex(views->indexOf(curves()) == 0 ? 1 : 0); // the 3D view shows the recording too
    QCOMPARE(context->recording()->timelineSource(), RecordingState::TimelineSource::Recording);
    context->recording()->setTimelineSource(RecordingState::TimelineSource::Clip); // a clip chosen in the selector
    QTRY_COMPARE(context->recording()->timelineSource(), RecordingState::TimelineSource::Clip);
    QVERIFY2(!label->text().contains(QStringLiteral(" s / ")), qPrintable(label->text()));
}

QString tst_MainWindowRecording::checkCounts(const QModelIndex &parent) const
{
    const CurveTreeModel *model = curves()->treeModel();
    const QList<bpat::CurveRef> all = curves()->animation()->curves();
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex node = model->index(row, CurveTreeModel::NameColumn, parent);
        const QString path = node.data(CurveTreeModel::PathRole).toString();
        qint64 keys = 0;
        QStringList names;
        for (const bpat::CurveRef &curve : all) {
            if (belongsTo(curve.name, path)) {
                keys += curve.keyCount();
                names << curve.name;
            }
        }
        const qint64 counted = node.data(CurveTreeModel::KeyCountRole).toLongLong();
        if (counted != keys)
            return QStringLiteral("%1: %2 keys, the recording has %3").arg(path).arg(counted).arg(keys);
        QStringList listed = node.data(CurveTreeModel::CurveNamesRole).toStringList();
        listed.sort();
        names.sort();
        if (listed != names)
            return QStringLiteral("%1: curves %2, the recording's %3")
                .arg(path, listed.join(QLatin1Char(',')), names.join(QLatin1Char(',')));
        const QString keysText = model->index(row, CurveTreeModel::KeysColumn, parent).data().toString();
        if (keysText != QString::number(keys))
            return QStringLiteral("%1: the Keys column says '%2'").arg(path, keysText);
        const QString below = checkCounts(node);
        if (!below.isEmpty())
            return below;
    }
    return {};
}

void tst_MainWindowRecording::treeCountsAreTheRecordingsOwn()
{
    const CurveTreeModel *model = curves()->treeModel();
    QCOMPARE(model->curveCount(), 389);
    QCOMPARE(model->totalKeyCount(), qint64(118089));
    QCOMPARE(curves()->animation()->curves().size(), 389);
    QCOMPARE(curves()->animation()->keyCount(), qint64(118089));
    // A 1.0 file: camera and hands, no eye gaze.
    QStringList groups;
    qint64 groupKeys = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        groups << model->index(row, 0).data(CurveTreeModel::PathRole).toString();
        groupKeys += model->index(row, 0).data(CurveTreeModel::KeyCountRole).toLongLong();
    }
    QCOMPARE(groups, (QStringList{QStringLiteral("Camera"), QStringLiteral("LeftHand"), QStringLiteral("RightHand")}));
    QCOMPARE(groupKeys, qint64(118089));
    const QString error = checkCounts({});
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void tst_MainWindowRecording::checkedCurvesPlotTheEvaluatorsValues()
{
    CurvesPanel *panel = curves();
    auto *plot = qobject_cast<ChartsCurvePlot *>(panel->plot());
    QVERIFY(plot);
    // Tick a curve and the right hand's tracked bool in the tree, as the user does.
    QAbstractItemModel *view = panel->treeView()->model();
    for (const QString &path : {QStringLiteral("RightHand/IndexTip/PositionY"), QStringLiteral("RightHand/Tracked")}) {
        const QModelIndex index = panel->filterModel()->mapFromSource(panel->treeModel()->indexForPath(path));
        QVERIFY2(index.isValid(), qPrintable(path));
        QVERIFY(view->setData(index, Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(index.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
    }
    QCOMPARE(panel->checkedCurves().size(), 5);
    QCOMPARE(plot->curves().size(), 5);
    const QList<PlotCurve> plotted = plot->curves();
    const auto mismatch = [&] {
        for (const PlotCurve &curve : plotted) {
            const QString error = plotcheck::seriesMismatch(*plot, curve);
            if (!error.isEmpty())
                return error;
        }
        return QString();
    };
    QTRY_COMPARE(mismatch(), QString()); // the plot re-samples on the next event loop turn
    // Zoomed into two seconds, re-sampled by itself: still the evaluator's values.
    plot->setTimeRange(3.0, 5.0);
    QTRY_VERIFY(plot->lineSeries(QStringLiteral("RightHand/IndexTip/PositionY"))->points().constFirst().x() == 3.0);
    QCOMPARE(mismatch(), QString());
}

QTEST_MAIN(tst_MainWindowRecording)
#include "tst_MainWindowRecording.moc"

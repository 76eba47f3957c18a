// One time for the timeline, the curve plots (issue 6) and the 3D view (issue 20): opening a
// recording makes the timeline play it, the plot's cursor and the viewport's recording follow
// the timeline (also while playing), dragging the cursor scrubs the timeline and the viewport;
// the viewport shows what the timeline plays, and choosing the clip hands the timeline back.
#include "GeneratedAnimation.h"
#include "anim/InputAnimationWriter.h"
#include "MainWindow.h"
#include "ui_MainWindow.h"
#include "PlaybackClock.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "widgets/CentralViewHost.h"
#include "widgets/CurvesPanel.h"
#include "widgets/TimelineWidget.h"
#include "viewport/ViewportWidget.h"

#include <QAction>
#include <QComboBox>
#include <QItemSelectionModel>
#include <QTreeView>
#include <QGraphicsView>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_SharedTimeCursor : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void openingARecordingDrivesTheTimeline();
    void timelineMovesThePlotCursor();
    void draggingThePlotCursorScrubs();
    void playbackSweepsTheCursorAndTheViewFollows();
    void switchingViewsHandsTheTimelineBack();
    void threeViewsAgreeAfterScrubbingEach();
    void jointsSelectedInTheTreeGetMotionPaths();

private:
    CurvesPanel *curves() const { return m_window->findChild<CurvesPanel *>(); }
    QComboBox *clipCombo() const { return m_window->findChild<QComboBox *>(QStringLiteral("clipCombo")); }
    int curvesTab() const { return m_window->centralViews()->indexOf(curves()); }
    ViewportWidget *viewport() const { return m_window->findChild<ViewportWidget *>(); }

    QTemporaryDir m_dir;
    QString m_bpat;
    QString m_recording;
    double m_start = 0.0;
    double m_end = 0.0;
    std::unique_ptr<MainWindow> m_window;
};

void tst_SharedTimeCursor::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
    BpatDocument doc(0, 3);
    QVERIFY(doc.addClip(testdocs::makeClip(QStringLiteral("walk"), 24, 3, 24.0f, true)));
    m_bpat = m_dir.filePath(QStringLiteral("walk.bpat"));
    QString error;
    QVERIFY2(BpatWriter(doc).save(m_bpat, &error), qPrintable(error));
    const auto animation = generated::makeAnimation();
    m_start = animation->startTime();
    m_end = animation->duration();
    QVERIFY(m_end - m_start > 5.0);
    m_recording = m_dir.filePath(QStringLiteral("hands.bin"));
    InputAnimationWriter writer;
    QVERIFY2(writer.writeFile(*animation, m_recording), qPrintable(writer.errorString()));
}

void tst_SharedTimeCursor::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->setInteractive(false);
    QVERIFY(m_window->openFile(m_bpat));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->openFile(m_recording));
    QVERIFY(curves());
}

void tst_SharedTimeCursor::cleanup()
{
    m_window.reset();
}

void tst_SharedTimeCursor::openingARecordingDrivesTheTimeline()
{
    StudioContext *context = m_window->context();
    QCOMPARE(m_window->centralViews()->currentIndex(), curvesTab());
    QCOMPARE(context->recording()->timelineSource(), RecordingState::TimelineSource::Recording);
    QCOMPARE(context->recording()->time(), m_start);
    // The selector lists the clip and the recording, and shows the recording.
    QVERIFY(clipCombo()->currentText().contains(QStringLiteral("hands.bin")));
    QVERIFY(clipCombo()->findText(QStringLiteral("walk"), Qt::MatchStartsWith) >= 0);
    PlaybackClock *clock = m_window->timeline()->clock();
    QCOMPARE(clock->fps(), RecordingState::kFrameRate);
    QCOMPARE(clock->frameCount(), int(std::floor((m_end - m_start) * RecordingState::kFrameRate)) + 1);
    QCOMPARE(clock->frame(), 0);
}

void tst_SharedTimeCursor::timelineMovesThePlotCursor()
{
    StudioContext *context = m_window->context();
    PlaybackClock *clock = m_window->timeline()->clock();
    clock->setFrame(150); // 2.5 s in at 60 Hz
    QCOMPARE(context->recording()->time(), m_start + 2.5);
    QCOMPARE(curves()->plot()->cursorTime(), m_start + 2.5);
    clock->goToLast();
    QVERIFY(qAbs(curves()->plot()->cursorTime() - m_end) < 1.0 / RecordingState::kFrameRate);
    auto *timeLabel = m_window->timeline()->findChild<QLabel *>(QStringLiteral("timeLabel"));
    QVERIFY(timeLabel);
    QVERIFY2(timeLabel->text().startsWith(QString::number(context->recording()->time(), 'f', 3)), qPrintable(timeLabel->text()));
    // The clip keeps its own frame meanwhile.
    QCOMPARE(context->currentFrame(), 0);
}

void tst_SharedTimeCursor::draggingThePlotCursorScrubs()
{
    StudioContext *context = m_window->context();
    PlaybackClock *clock = m_window->timeline()->clock();
    // Drag the cursor with the mouse: press on it, move to another time, release.
    CurvePlot *plot = curves()->plot();
    plot->setTimeRange(m_start, m_start + 4.0);
    QTest::qWait(50);
    plot->setCursorTime(m_start + 1.0);
    const QRectF area = plot->plotArea();
    auto *view = plot->findChild<QGraphicsView *>();
    QVERIFY(view);
    QWidget *surface = view->viewport();
    const QPoint from = plot->mapFromData({m_start + 1.0, 0.0}).toPoint();
    const QPoint to = plot->mapFromData({m_start + 3.0, 0.0}).toPoint();
    const QPoint y(0, int(area.center().y()));
    QSignalSpy scrubbed(curves(), &CurvesPanel::cursorTimeScrubbed);
    QTest::mousePress(surface, Qt::LeftButton, {}, QPoint(from.x(), y.y()));
    QMouseEvent move(QEvent::MouseMove, QPointF(to.x(), y.y()), surface->mapToGlobal(QPointF(to.x(), y.y())), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(surface, &move);
    QTest::mouseRelease(surface, Qt::LeftButton, {}, QPoint(to.x(), y.y()));
    QVERIFY(scrubbed.count() >= 1);
    const double t = scrubbed.last().at(0).toDouble();
    QVERIFY2(qAbs(t - (m_start + 3.0)) < 0.05, qPrintable(QString::number(t)));
    QCOMPARE(context->recording()->time(), t);
    QCOMPARE(clock->frame(), int(std::lround((t - m_start) * RecordingState::kFrameRate)));
}

void tst_SharedTimeCursor::playbackSweepsTheCursorAndTheViewFollows()
{
    CurvePlot *plot = curves()->plot();
    plot->setTimeRange(m_start, m_start + 0.5);
    PlaybackClock *clock = m_window->timeline()->clock();
    clock->setSpeed(4.0);
    clock->play();
    // 4x real time: past the visible half second within a fraction of a second.
    QTRY_VERIFY_WITH_TIMEOUT(plot->cursorTime() > m_start + 1.0, 5000);
    clock->pause();
    const auto [from, to] = plot->timeRange();
    QVERIFY2(from <= plot->cursorTime() && plot->cursorTime() <= to,
             qPrintable(QStringLiteral("%1 not in [%2, %3]").arg(plot->cursorTime()).arg(from).arg(to)));
    QVERIFY(qAbs((to - from) - 0.5) < 1e-9); // paged, not zoomed
}

void tst_SharedTimeCursor::switchingViewsHandsTheTimelineBack()
{
    StudioContext *context = m_window->context();
    PlaybackClock *clock = m_window->timeline()->clock();
    clock->setFrame(60);
    const double recordingTime = context->recording()->time();
    m_window->centralViews()->setCurrentIndex(0); // the viewport shows what the timeline plays
    QCOMPARE(context->recording()->timelineSource(), RecordingState::TimelineSource::Recording);
    if (ViewportCanvas *canvas = viewport()->canvas()) {
        QVERIFY(canvas->drawsRecording());
        QVERIFY(!canvas->drawsCreature());
    }
    // Choosing the clip in the selector hands the timeline (and the viewport) to the clip.
    clipCombo()->setCurrentIndex(clipCombo()->findText(QStringLiteral("walk"), Qt::MatchStartsWith));
    QCOMPARE(context->recording()->timelineSource(), RecordingState::TimelineSource::Clip);
    if (ViewportCanvas *canvas = viewport()->canvas())
        QVERIFY(canvas->drawsCreature() && !canvas->drawsRecording());
    QCOMPARE(clock->frameCount(), 24);
    QCOMPARE(clock->fps(), 24.0);
    QVERIFY(clipCombo()->currentText().startsWith(QStringLiteral("walk")));
    clock->setFrame(5);
    QCOMPARE(context->currentFrame(), 5);
    QCOMPARE(context->recording()->time(), recordingTime); // untouched by the clip
    // Choosing the recording in the selector takes the timeline back to where it was.
    clipCombo()->setCurrentIndex(clipCombo()->findText(QStringLiteral("hands.bin"), Qt::MatchContains));
    QCOMPARE(context->recording()->timelineSource(), RecordingState::TimelineSource::Recording);
    QCOMPARE(clock->frame(), 60);
    m_window->centralViews()->setCurrentIndex(curvesTab());
    QCOMPARE(context->recording()->timelineSource(), RecordingState::TimelineSource::Recording);
    QCOMPARE(context->currentFrame(), 5);
}

void tst_SharedTimeCursor::threeViewsAgreeAfterScrubbingEach()
{
    StudioContext *context = m_window->context();
    PlaybackClock *clock = m_window->timeline()->clock();
    m_window->centralViews()->setCurrentIndex(0); // the viewport, still playing the recording
    ViewportCanvas *canvas = viewport()->canvas();
    if (!canvas)
        QSKIP(qPrintable(QStringLiteral("no OpenGL here (run under xvfb-run): ") + viewport()->unavailableReason()));
    const auto agree = [&](double expected, const char *after) {
        const QString what = QString::fromLatin1(after);
        QVERIFY2(qAbs(context->recording()->time() - expected) < 1e-9, qPrintable(what));
        QVERIFY2(curves()->plot()->cursorTime() == context->recording()->time(), qPrintable(what));
        QVERIFY2(canvas->recording().time() == context->recording()->time(), qPrintable(what));
        QVERIFY2(clock->frame() == int(std::lround((expected - m_start) * RecordingState::kFrameRate)), qPrintable(what));
    };
    // The timeline scrubs.
    clock->setFrame(210);
    agree(m_start + 3.5, "timeline");
    // The plot's cursor scrubs (what a drag on it emits).
    Q_EMIT curves()->cursorTimeScrubbed(m_start + 1.25);
    agree(m_start + 1.25, "curves cursor");
    // The timeline's slider scrubs, and what the viewport draws is the core's pose at that time.
    auto *slider = m_window->timeline()->findChild<QSlider *>(QStringLiteral("frameSlider"));
    QVERIFY(slider);
    slider->setValue(420);
    agree(m_start + 7.0, "timeline slider");
    canvas->grabFramebuffer();
    const auto animation = context->recording()->recording();
    const QVector3D camera = animation->camera().evaluate(m_start + 7.0).toRightHandedYUp().position;
    QVERIFY((canvas->recording().camera().position - camera).length() < 1e-5f);
    // Playing moves all three together.
    clock->setSpeed(4.0);
    clock->play();
    QTRY_VERIFY_WITH_TIMEOUT(context->recording()->time() > m_start + 8.0, 5000);
    clock->pause();
    QCOMPARE(canvas->recording().time(), context->recording()->time());
    QCOMPARE(curves()->plot()->cursorTime(), context->recording()->time());
}

void tst_SharedTimeCursor::jointsSelectedInTheTreeGetMotionPaths()
{
    m_window->centralViews()->setCurrentIndex(0);
    ViewportCanvas *canvas = viewport()->canvas();
    if (!canvas)
        QSKIP(qPrintable(QStringLiteral("no OpenGL here (run under xvfb-run): ") + viewport()->unavailableReason()));
    QAction *action = m_window->form()->actionMotionPath;
    const QModelIndex source = curves()->treeModel()->indexForPath(QStringLiteral("LeftHand/IndexTip/PositionX"));
    QVERIFY(source.isValid());
    const QModelIndex row = curves()->filterModel()->mapFromSource(source);
    curves()->treeView()->selectionModel()->select(row, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QVERIFY(canvas->motionPathNames().isEmpty()); // only while the action is on
    action->setChecked(true);
    QCOMPARE(canvas->motionPathNames(), QStringList{QStringLiteral("LeftHand/IndexTip")});
    m_window->context()->recording()->setTime(m_start + 5.0);
    const QList<MotionPath> paths = canvas->motionPaths();
    QCOMPARE(paths.size(), 1);
    QVERIFY(paths.first().recording);
    QVERIFY((paths.first().points.at(paths.first().current) - canvas->recording().jointPosition(Hand::Left, HandJoint::IndexTip))
                .length()
            < 1e-5f);
    action->setChecked(false);
    QVERIFY(canvas->motionPathNames().isEmpty());
}

QTEST_MAIN(tst_SharedTimeCursor)
#include "tst_SharedTimeCursor.moc"

// The timeline driven by keyboard shortcuts on the main window, its controls and playback.
#include "MainWindow.h"
#include "PlaybackClock.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "TestPaths.h"
#include "WindowKeys.h"
#include "editing/DocumentSession.h"
#include "PanelDocks.h"
#include "widgets/ClipMarkerStrip.h"
#include "widgets/CopyableTableView.h"
#include "widgets/TablePanel.h"
#include "widgets/FrameSlider.h"
#include "widgets/FrameSpinBox.h"
#include "widgets/TimelineWidget.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_TimelineWidget : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void keysStepTheFrame();
    void spacePlaysInRealTime();
    void controlsFollowTheClip();
    void sliderScrubs();
    void commandLineStyleSelection();
    void markersContactsAndVariants();
    void clickJumpsToTheFrame();
    void typedFrameOutsideTheClipIsRefused();
    void markersLineUpWithTheSlider();
    void markerLabelsDoNotCollide();
    void arrowKeysMoveInTheClipsTable();

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<MainWindow> m_window;
};

void tst_TimelineWidget::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
    // Clips: walk (24 frames, 24 fps, loops) and jab (10 frames, 30 fps, one-shot).
    BpatDocument doc(0, 3);
    QVERIFY(doc.addClip(testdocs::makeClip(QStringLiteral("walk"), 24, 3, 24.0f, true)));
    QVERIFY(doc.addClip(testdocs::makeClip(QStringLiteral("jab"), 10, 3, 30.0f, false)));
    m_path = m_dir.filePath(QStringLiteral("timeline.bpat"));
    QString error;
    QVERIFY2(BpatWriter(doc).save(m_path, &error), qPrintable(error));
}

void tst_TimelineWidget::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->setInteractive(false);
    QVERIFY(m_window->openFile(m_path));
    m_window->show();
    // Exposed, not active: on a display shared with other tests (ctest -j2, no window manager)
    // the display's focus comes and goes; the keys below make the window Qt's active one
    // themselves (WindowKeys.h).
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    windowkeys::activate(m_window.get());
}

void tst_TimelineWidget::cleanup()
{
    m_window.reset();
}

void tst_TimelineWidget::keysStepTheFrame()
{
    StudioContext *context = m_window->context();
    QCOMPARE(context->currentFrame(), 0);
    windowkeys::keyClick(m_window.get(), Qt::Key_Right);
    QCOMPARE(context->currentFrame(), 1);
    windowkeys::keyClick(m_window.get(), Qt::Key_Period);
    QCOMPARE(context->currentFrame(), 2);
    windowkeys::keyClick(m_window.get(), Qt::Key_Comma);
    QCOMPARE(context->currentFrame(), 1);
    windowkeys::keyClick(m_window.get(), Qt::Key_Left);
    QCOMPARE(context->currentFrame(), 0);
    windowkeys::keyClick(m_window.get(), Qt::Key_Left); // walk loops: wraps to the last frame
    QCOMPARE(context->currentFrame(), 23);
    windowkeys::keyClick(m_window.get(), Qt::Key_Home);
    QCOMPARE(context->currentFrame(), 0);
    windowkeys::keyClick(m_window.get(), Qt::Key_End);
    QCOMPARE(context->currentFrame(), 23);
    // Loop off (L): stepping past the end stays on the last frame.
    QVERIFY(m_window->timeline()->clock()->loops());
    windowkeys::keyClick(m_window.get(), Qt::Key_L);
    QVERIFY(!m_window->timeline()->clock()->loops());
    windowkeys::keyClick(m_window.get(), Qt::Key_Right);
    QCOMPARE(context->currentFrame(), 23);
    // The frame field and time follow.
    auto *spin = m_window->findChild<QSpinBox *>(QStringLiteral("frameSpin"));
    QCOMPARE(spin->value(), 23);
    // Frames count from 0: the last of 24 frames reads "23 / 23" (it read "23 / 24").
    QCOMPARE(spin->suffix(), QStringLiteral(" / 23"));
    auto *time = m_window->findChild<QLabel *>(QStringLiteral("timeLabel"));
    QCOMPARE(time->text(), QStringLiteral("0.958 s / 1.000 s"));
}

void tst_TimelineWidget::spacePlaysInRealTime()
{
    StudioContext *context = m_window->context();
    PlaybackClock *clock = m_window->timeline()->clock();
    // Started before the key: the clock starts after it, so however long this process waits
    // between the two (a loaded machine), the clock's time never exceeds ours.
    QElapsedTimer elapsed;
    elapsed.start();
    windowkeys::keyClick(m_window.get(), Qt::Key_Space);
    QVERIFY(clock->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(context->currentFrame() >= 6, 3000); // 0.25 s at 24 fps
    // Real time, not ticks: the frame never runs ahead of the clock.
    QVERIFY(context->currentFrame() <= int(elapsed.elapsed() * 24 / 1000) + 1);
    windowkeys::keyClick(m_window.get(), Qt::Key_Space);
    QVERIFY(!clock->isPlaying());
    const int stopped = context->currentFrame();
    QTest::qWait(100);
    QCOMPARE(context->currentFrame(), stopped);
    // Double speed with ']' and reverse with 'R'.
    windowkeys::keyClick(m_window.get(), Qt::Key_BracketRight);
    QCOMPARE(clock->speed(), 2.0);
    windowkeys::keyClick(m_window.get(), Qt::Key_R);
    QVERIFY(clock->isReversed());
}

void tst_TimelineWidget::controlsFollowTheClip()
{
    auto *combo = m_window->findChild<QComboBox *>(QStringLiteral("clipCombo"));
    QCOMPARE(combo->count(), 2);
    combo->setCurrentIndex(1);
    QCOMPARE(m_window->context()->currentClip(), 1);
    PlaybackClock *clock = m_window->timeline()->clock();
    QCOMPARE(clock->frameCount(), 10);
    QCOMPARE(clock->fps(), 30.0);
    QVERIFY(!clock->loops()); // the loop toggle defaults to the clip's flag
    m_window->context()->setCurrentClip(0);
    QCOMPARE(combo->currentIndex(), 0);
    QVERIFY(clock->loops());
    auto *speed = m_window->findChild<QDoubleSpinBox *>(QStringLiteral("speedSpin"));
    QCOMPARE(speed->minimum(), 0.1);
    QCOMPARE(speed->maximum(), 4.0);
    speed->setValue(0.5);
    QCOMPARE(clock->speed(), 0.5);
}

void tst_TimelineWidget::sliderScrubs()
{
    auto *slider = m_window->findChild<QSlider *>(QStringLiteral("frameSlider"));
    QCOMPARE(slider->maximum(), 23);
    slider->setSliderDown(true);
    slider->setValue(12);
    QCOMPARE(m_window->context()->currentFrame(), 12);
    slider->setValue(17);
    QCOMPARE(m_window->context()->currentFrame(), 17);
    slider->setSliderDown(false);
    m_window->context()->setCurrentFrame(3);
    QCOMPARE(slider->value(), 3);
}

void tst_TimelineWidget::commandLineStyleSelection()
{
    m_window->context()->setCurrentClipByName(QStringLiteral("jab"));
    QCOMPARE(m_window->context()->currentClip(), 1);
    m_window->context()->setCurrentClipByName(QStringLiteral("0"));
    QCOMPARE(m_window->context()->currentClip(), 0);
    m_window->context()->setCurrentFrame(100);
    QCOMPARE(m_window->context()->currentFrame(), 23);
}

void tst_TimelineWidget::markersContactsAndVariants()
{
    auto *strip = m_window->findChild<ClipMarkerStrip *>(QStringLiteral("clipMarkerStrip"));
    QVERIFY(strip);
    // A v1 file has no markers: the strip says so, and how to get them.
    QVERIFY(strip->isVisible());
    QVERIFY(strip->markerLabels().isEmpty());
    QVERIFY(strip->noteText().startsWith(QStringLiteral("v1 files have no markers")));
    BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat"));
    QVERIFY(m_window->openFile(testpaths::shared(QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat"))));
    StudioContext *context = m_window->context();
    context->setCurrentClip(context->file().findClip(QStringLiteral("attack_sword_b")));
    QVERIFY(strip->isVisible());
    // attack_sword_a/b/c: one family; the five markers of the sword set, named.
    QCOMPARE(strip->markerLabels().size(), 5);
    QVERIFY(strip->markerLabels().at(2).startsWith(QStringLiteral("contact 0.54")));
    QCOMPARE(strip->variantCombo()->count(), 3);
    QVERIFY(strip->variantCombo()->isVisible());
    QCOMPARE(strip->variantCombo()->currentData().toInt(), 5);
    Q_EMIT strip->variantCombo()->activated(2);
    QCOMPARE(context->currentClip(), 6);
    QVERIFY(strip->xOfPhase(1.0) > strip->xOfPhase(0.0));
    const QImage image = strip->grab().toImage();
    QVERIFY(!image.isNull());
    // walk: only exit safe; its own family.
    context->setCurrentClip(1);
    QCOMPARE(strip->markerLabels(), QStringList{QStringLiteral("exit safe 0.98")});
    QVERIFY(!strip->variantCombo()->isVisible());
    // Set a marker at the current frame (undoable) and clear it.
    context->setCurrentFrame(6); // walk has 24 frames: phase 6/23
    QVERIFY(strip->setMarkerAtCurrentFrame(2));
    QCOMPARE(context->file().clips().at(1).markers[2], 6.0f / 23.0f);
    QVERIFY(strip->clearMarker(4));
    QCOMPARE(strip->markerLabels().size(), 1);
    context->session()->undoStack()->undo();
    context->session()->undoStack()->undo();
    QCOMPARE(strip->markerLabels(), QStringList{QStringLiteral("exit safe 0.98")});
    QCOMPARE(context->file().clips().at(1).markers[2], -1.0f);
}

void tst_TimelineWidget::clickJumpsToTheFrame()
{
    // A click on the bar stepped 10 frames (a page) towards the click; it goes to the frame.
    auto *slider = m_window->findChild<FrameSlider *>(QStringLiteral("frameSlider"));
    QVERIFY(slider);
    QCOMPARE(m_window->context()->currentFrame(), 0);
    const int x = int(std::lround(slider->xOfValue(18)));
    QTest::mouseClick(slider, Qt::LeftButton, Qt::NoModifier, QPoint(x, slider->height() / 2));
    QCOMPARE(m_window->context()->currentFrame(), 18);
    QTest::mouseClick(slider, Qt::LeftButton, Qt::NoModifier,
                      QPoint(int(std::lround(slider->xOfValue(2))), slider->height() / 2));
    QCOMPARE(m_window->context()->currentFrame(), 2);
}

void tst_TimelineWidget::typedFrameOutsideTheClipIsRefused()
{
    // Typing 30 in the Frame field of a 24-frame clip gave frame 3: the 0 was dropped.
    auto *spin = m_window->findChild<FrameSpinBox *>(QStringLiteral("frameSpin"));
    QVERIFY(spin);
    StudioContext *context = m_window->context();
    QSignalSpy messages(context, &StudioContext::message);
    spin->setFocus();
    spin->selectAll();
    windowkeys::keyClicks(spin, QStringLiteral("30"));
    QCOMPARE(spin->typedNumber(), std::optional<qint64>(30));
    windowkeys::keyClick(spin, Qt::Key_Return);
    QCOMPARE(context->currentFrame(), 0); // refused, not frame 3 nor clamped to 23
    QCOMPARE(spin->value(), 0);
    QVERIFY(!messages.isEmpty());
    QVERIFY2(messages.last().first().toString().contains(QStringLiteral("30 is past the last frame, 23")),
             qPrintable(messages.last().first().toString()));
    // A frame inside the clip is taken as typed.
    spin->selectAll();
    windowkeys::keyClicks(spin, QStringLiteral("17"));
    windowkeys::keyClick(spin, Qt::Key_Return);
    QCOMPARE(context->currentFrame(), 17);
}

void tst_TimelineWidget::markersLineUpWithTheSlider()
{
    // On attack clips the variant drop-down sat in the strip and squeezed it: markers were drawn
    // right of where the slider shows their frame.
    BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat"));
    m_window->resize(1200, 800);
    QVERIFY(m_window->openFile(testpaths::shared(QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat"))));
    StudioContext *context = m_window->context();
    context->setCurrentClip(context->file().findClip(QStringLiteral("attack_sword_a")));
    auto *strip = m_window->findChild<ClipMarkerStrip *>(QStringLiteral("clipMarkerStrip"));
    auto *slider = m_window->findChild<FrameSlider *>(QStringLiteral("frameSlider"));
    QVERIFY(strip->isVisible() && strip->variantCombo()->isVisible());
    QVERIFY(!strip->isAncestorOf(strip->variantCombo()));
    QTest::qWait(50);
    const int last = slider->maximum();
    QVERIFY(last > 10);
    for (int frame : {0, last / 3, last}) {
        const double phase = double(frame) / last;
        const int inStrip = strip->mapTo(m_window.get(), QPoint(strip->xOfPhase(phase), 0)).x();
        const int inSlider = slider->mapTo(m_window.get(), QPoint(int(std::lround(slider->xOfValue(frame))), 0)).x();
        QVERIFY2(std::abs(inStrip - inSlider) <= 1,
                 qPrintable(QStringLiteral("frame %1: strip x %2, slider x %3").arg(frame).arg(inStrip).arg(inSlider)));
    }
}

void tst_TimelineWidget::markerLabelsDoNotCollide()
{
    BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat"));
    QVERIFY(m_window->openFile(testpaths::shared(QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat"))));
    StudioContext *context = m_window->context();
    auto *strip = m_window->findChild<ClipMarkerStrip *>(QStringLiteral("clipMarkerStrip"));
    // The sword set's markers (0.10, 0.42, 0.54, 0.72, 0.92) at several window widths: no two
    // labels overlap, and at a normal width every one is named.
    for (int width : {1400, 900, 640}) {
        m_window->resize(width, 700);
        context->setCurrentClip(context->file().findClip(QStringLiteral("attack_sword_a")));
        QTest::qWait(30);
        const QList<QRect> rects = strip->markerLabelRects();
        QCOMPARE(rects.size(), 5);
        for (int i = 0; i < rects.size(); ++i) {
            for (int j = i + 1; j < rects.size(); ++j) {
                QVERIFY2(rects.at(i).isNull() || rects.at(j).isNull() || !rects.at(i).intersects(rects.at(j)),
                         qPrintable(QStringLiteral("width %1: labels %2 and %3 overlap").arg(width).arg(i).arg(j)));
            }
            QVERIFY(rects.at(i).isNull() || rects.at(i).right() <= strip->width());
        }
        if (width >= 900) {
            for (const QRect &r : rects)
                QVERIFY2(!r.isNull(), qPrintable(QStringLiteral("width %1: a label was left out").arg(width)));
        }
    }
}

void tst_TimelineWidget::arrowKeysMoveInTheClipsTable()
{
    // With the focus in the Clips table, Left/Right stepped the timeline instead of moving
    // between cells.
    CopyableTableView *table = m_window->panels()->clipsPanel()->view();
    QVERIFY(table);
    table->setFocus();
    windowkeys::activate(table);
    QVERIFY(table->hasFocus());
    table->setCurrentIndex(table->model()->index(0, 0));
    const int frame = m_window->context()->currentFrame();
    windowkeys::keyClick(table, Qt::Key_Right);
    QCOMPARE(table->currentIndex().column(), 1);
    windowkeys::keyClick(table, Qt::Key_Right);
    QCOMPARE(table->currentIndex().column(), 2);
    windowkeys::keyClick(table, Qt::Key_Left);
    QCOMPARE(table->currentIndex().column(), 1);
    QCOMPARE(m_window->context()->currentFrame(), frame);
    // Elsewhere the keys still step the timeline.
    m_window->timeline()->setFocus();
    windowkeys::keyClick(m_window.get(), Qt::Key_Right);
    QCOMPARE(m_window->context()->currentFrame(), frame + 1);
}

QTEST_MAIN(tst_TimelineWidget)
#include "tst_TimelineWidget.moc"

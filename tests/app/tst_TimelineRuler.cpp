// The timeline's ruler: numbered in frames (seconds on demand, remembered), numbers that keep
// apart at any width and sit over the frames the bar shows, a click that jumps and a drag that
// scrubs (pausing playback while held).
#include "MainWindow.h"
#include "PlaybackClock.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "widgets/FrameSlider.h"
#include "widgets/TimelineRuler.h"
#include "widgets/TimelineWidget.h"

#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_TimelineRuler : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void numbersFrames();
    void numbersKeepApartAtAnyWidth();
    void secondsOnDemandAreRemembered();
    void clickJumpsAndDragScrubs();
    void ticksLineUpWithTheBar();

private:
    TimelineRuler *ruler() const { return m_window->timeline()->ruler(); }
    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<MainWindow> m_window;
};

void tst_TimelineRuler::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_TimelineRuler"));
    QSettings().clear();
    // walk: 24 frames at 24 fps; long: 240 frames at 30 fps.
    BpatDocument doc(0, 3);
    QVERIFY(doc.addClip(testdocs::makeClip(QStringLiteral("walk"), 24, 3, 24.0f, true)));
    QVERIFY(doc.addClip(testdocs::makeClip(QStringLiteral("long"), 240, 3, 30.0f, false)));
    m_path = m_dir.filePath(QStringLiteral("ruler.bpat"));
    QString error;
    QVERIFY2(BpatWriter(doc).save(m_path, &error), qPrintable(error));
}

void tst_TimelineRuler::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->setInteractive(false);
    m_window->resize(1200, 800);
    QVERIFY(m_window->openFile(m_path));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void tst_TimelineRuler::cleanup()
{
    m_window.reset();
    QSettings().remove(QStringLiteral("timeline/rulerSeconds"));
}

void tst_TimelineRuler::numbersFrames()
{
    QVERIFY(ruler()->isVisible());
    QVERIFY(!ruler()->showsSeconds());
    QCOMPARE(ruler()->unitButton()->text(), QStringLiteral("frames"));
    const auto ticks = ruler()->numberedTicks();
    QVERIFY(ticks.size() >= 3);
    QCOMPARE(ticks.first().first, 0.0);
    QCOMPARE(ticks.first().second, QStringLiteral("0"));
    for (const auto &[frame, text] : ticks) {
        QCOMPARE(text, QString::number(qint64(frame))); // whole frames, counted from 0
        QVERIFY(frame >= 0 && frame <= 23);
    }
    m_window->context()->setCurrentFrame(7);
    QCOMPARE(ruler()->currentText(), QStringLiteral("7"));
    const QImage image = ruler()->grab().toImage();
    QVERIFY(!image.isNull());
}

void tst_TimelineRuler::numbersKeepApartAtAnyWidth()
{
    m_window->context()->setCurrentClip(1); // 240 frames
    const QFontMetrics metrics(ruler()->font());
    for (int width : {1500, 900, 640}) {
        m_window->resize(width, 700);
        QTest::qWait(30);
        const auto ticks = ruler()->numberedTicks();
        QVERIFY2(ticks.size() >= 2, qPrintable(QStringLiteral("width %1: %2 numbers").arg(width).arg(ticks.size())));
        for (qsizetype i = 1; i < ticks.size(); ++i) {
            const double gap = ruler()->xOfFrame(ticks.at(i).first) - ruler()->xOfFrame(ticks.at(i - 1).first);
            const double room =
                (metrics.horizontalAdvance(ticks.at(i).second) + metrics.horizontalAdvance(ticks.at(i - 1).second)) / 2.0;
            QVERIFY2(gap > room + 4,
                     qPrintable(QStringLiteral("width %1: %2 and %3 are %4 px apart")
                                    .arg(width)
                                    .arg(ticks.at(i - 1).second, ticks.at(i).second)
                                    .arg(gap)));
        }
        // 1-2-5 steps: every number is a multiple of the first step.
        const double step = ticks.at(1).first - ticks.at(0).first;
        QVERIFY(QList<double>({1, 2, 5, 10, 20, 50, 100}).contains(step));
    }
}

void tst_TimelineRuler::secondsOnDemandAreRemembered()
{
    ruler()->unitButton()->click();
    QVERIFY(ruler()->showsSeconds());
    QCOMPARE(ruler()->unitButton()->text(), QStringLiteral("seconds"));
    const auto ticks = ruler()->numberedTicks();
    QVERIFY(!ticks.isEmpty());
    for (const auto &[frame, text] : ticks) {
        QVERIFY2(text.endsWith(QStringLiteral(" s")), qPrintable(text));
        // Each time sits at its frame: t x 24 fps.
        const double seconds = text.chopped(2).toDouble();
        QVERIFY(std::abs(frame - seconds * 24.0) < 1e-6);
    }
    m_window->context()->setCurrentFrame(12);
    QCOMPARE(ruler()->currentText(), QStringLiteral("0.500 s"));
    QCOMPARE(QSettings().value(QStringLiteral("timeline/rulerSeconds")).toBool(), true);
    // The next window starts with seconds.
    m_window.reset();
    init();
    QVERIFY(ruler()->showsSeconds());
    QVERIFY(ruler()->unitButton()->isChecked());
    ruler()->unitButton()->click();
    QVERIFY(!ruler()->showsSeconds());
    QCOMPARE(QSettings().value(QStringLiteral("timeline/rulerSeconds")).toBool(), false);
}

void tst_TimelineRuler::clickJumpsAndDragScrubs()
{
    StudioContext *context = m_window->context();
    PlaybackClock *clock = m_window->timeline()->clock();
    const int y = ruler()->height() / 2;
    QTest::mouseClick(ruler(), Qt::LeftButton, Qt::NoModifier, QPoint(int(std::lround(ruler()->xOfFrame(18))), y));
    QCOMPARE(context->currentFrame(), 18);
    // Dragging scrubs, paused while held; playback resumes after.
    clock->play();
    QTest::mousePress(ruler(), Qt::LeftButton, Qt::NoModifier, QPoint(int(std::lround(ruler()->xOfFrame(5))), y));
    QVERIFY(!clock->isPlaying());
    QCOMPARE(context->currentFrame(), 5);
    QTest::mouseMove(ruler(), QPoint(int(std::lround(ruler()->xOfFrame(15))), y));
    QCOMPARE(context->currentFrame(), 15);
    QTest::mouseMove(ruler(), QPoint(ruler()->width() + 50, y)); // past the end: the last frame
    QCOMPARE(context->currentFrame(), 23);
    QTest::mouseRelease(ruler(), Qt::LeftButton, Qt::NoModifier, QPoint(int(std::lround(ruler()->xOfFrame(20))), y));
    QVERIFY(clock->isPlaying());
    clock->pause();
}

void tst_TimelineRuler::ticksLineUpWithTheBar()
{
    auto *slider = m_window->findChild<FrameSlider *>(QStringLiteral("frameSlider"));
    QVERIFY(slider);
    for (int frame : {0, 11, 23}) {
        const int inRuler = ruler()->mapTo(m_window.get(), QPoint(int(std::lround(ruler()->xOfFrame(frame))), 0)).x();
        const int inSlider = slider->mapTo(m_window.get(), QPoint(int(std::lround(slider->xOfValue(frame))), 0)).x();
        QVERIFY2(std::abs(inRuler - inSlider) <= 1,
                 qPrintable(QStringLiteral("frame %1: %2 vs %3").arg(frame).arg(inRuler).arg(inSlider)));
    }
}

QTEST_MAIN(tst_TimelineRuler)
#include "tst_TimelineRuler.moc"

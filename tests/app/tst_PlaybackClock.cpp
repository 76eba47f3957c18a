// PlaybackClock with a fake time source: frames follow elapsed time, not ticks.
#include "PlaybackClock.h"

#include <QSignalSpy>
#include <QtTest/QtTest>

using bpat::studio::PlaybackClock;

class tst_PlaybackClock : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void followsElapsedTime();
    void dropsFramesWhenSampledRarely();
    void loopsWrap();
    void oneShotStopsOnLastFrame();
    void speedAndReverse();
    void stepsAndEnds();
    void seekWhilePlaying();
    void speedIsClamped();

private:
    static constexpr qint64 kSecond = 1'000'000'000;
    qint64 m_now = 0;
    std::unique_ptr<PlaybackClock> m_clock;
};

void tst_PlaybackClock::init()
{
    m_now = 0;
    m_clock = std::make_unique<PlaybackClock>();
    m_clock->setTimerEnabled(false);
    m_clock->setTimeSource([this] { return m_now; });
}

void tst_PlaybackClock::followsElapsedTime()
{
    m_clock->setClip(24, 24.0, true);
    m_clock->play();
    QVERIFY(m_clock->isPlaying());
    m_now += kSecond / 48; // half a frame
    m_clock->update();
    QCOMPARE(m_clock->frame(), 0);
    m_now += kSecond / 40; // 1.1 frames in all
    m_clock->update();
    QCOMPARE(m_clock->frame(), 1);
    m_now += kSecond / 4; // 6 frames later
    m_clock->update();
    QCOMPARE(m_clock->frame(), 7);
    QCOMPARE(m_clock->seconds(), 7.0 / 24.0);
}

void tst_PlaybackClock::dropsFramesWhenSampledRarely()
{
    m_clock->setClip(100, 30.0, true);
    QSignalSpy spy(m_clock.get(), &PlaybackClock::frameChanged);
    m_clock->play();
    m_now += kSecond; // one sample after a whole second: 30 frames passed, one signal
    m_clock->update();
    QCOMPARE(m_clock->frame(), 30);
    QCOMPARE(spy.count(), 1);
    // Many samples within one frame period change nothing.
    for (int i = 0; i < 10; ++i) {
        m_now += kSecond / 1000;
        m_clock->update();
    }
    QCOMPARE(m_clock->frame(), 30);
    QCOMPARE(spy.count(), 1);
}

void tst_PlaybackClock::loopsWrap()
{
    m_clock->setClip(10, 10.0, true);
    m_clock->play();
    m_now += 2 * kSecond + kSecond / 2 + kSecond / 100; // 25.1 frames
    m_clock->update();
    QCOMPARE(m_clock->frame(), 5);
    QVERIFY(m_clock->isPlaying());
}

void tst_PlaybackClock::oneShotStopsOnLastFrame()
{
    m_clock->setClip(10, 10.0, false);
    QVERIFY(!m_clock->loops());
    QSignalSpy playing(m_clock.get(), &PlaybackClock::playingChanged);
    m_clock->play();
    m_now += 5 * kSecond;
    m_clock->update();
    QCOMPARE(m_clock->frame(), 9);
    QVERIFY(!m_clock->isPlaying());
    QCOMPARE(playing.count(), 2);
    // Playing again from the end starts over.
    m_clock->play();
    QCOMPARE(m_clock->frame(), 0);
}

void tst_PlaybackClock::speedAndReverse()
{
    m_clock->setClip(100, 10.0, true);
    m_clock->setSpeed(2.0);
    m_clock->play();
    m_now += kSecond;
    m_clock->update();
    QCOMPARE(m_clock->frame(), 20);
    // Changing speed mid-play keeps the position reached and continues from it.
    m_clock->setSpeed(0.5);
    m_now += kSecond;
    m_clock->update();
    QCOMPARE(m_clock->frame(), 25);
    m_clock->setReversed(true);
    m_now += 2 * kSecond; // 10 frames back
    m_clock->update();
    QCOMPARE(m_clock->frame(), 15);
    m_now += 4 * kSecond; // 20 more frames back wraps around
    m_clock->update();
    QCOMPARE(m_clock->frame(), 95);
}

void tst_PlaybackClock::stepsAndEnds()
{
    m_clock->setClip(5, 24.0, false);
    m_clock->stepBackward();
    QCOMPARE(m_clock->frame(), 0); // one-shot does not wrap
    m_clock->stepForward();
    m_clock->stepForward();
    QCOMPARE(m_clock->frame(), 2);
    m_clock->goToLast();
    QCOMPARE(m_clock->frame(), 4);
    m_clock->stepForward();
    QCOMPARE(m_clock->frame(), 4);
    m_clock->setLoops(true);
    m_clock->stepForward();
    QCOMPARE(m_clock->frame(), 0);
    m_clock->stepBackward();
    QCOMPARE(m_clock->frame(), 4);
    m_clock->goToFirst();
    QCOMPARE(m_clock->frame(), 0);
    // Stepping pauses playback.
    m_clock->play();
    QVERIFY(m_clock->isPlaying());
    m_clock->stepForward();
    QVERIFY(!m_clock->isPlaying());
}

void tst_PlaybackClock::seekWhilePlaying()
{
    m_clock->setClip(48, 24.0, true);
    m_clock->play();
    m_now += kSecond / 2;
    m_clock->update();
    QCOMPARE(m_clock->frame(), 12);
    m_clock->setFrame(40);
    QVERIFY(m_clock->isPlaying());
    m_now += kSecond / 4;
    m_clock->update();
    QCOMPARE(m_clock->frame(), 46);
    m_clock->setFrame(1000);
    QCOMPARE(m_clock->frame(), 47);
}

void tst_PlaybackClock::speedIsClamped()
{
    m_clock->setSpeed(100.0);
    QCOMPARE(m_clock->speed(), PlaybackClock::kMaxSpeed);
    m_clock->setSpeed(0.0);
    QCOMPARE(m_clock->speed(), PlaybackClock::kMinSpeed);
}

QTEST_MAIN(tst_PlaybackClock)
#include "tst_PlaybackClock.moc"

// FrameRateMeter: the HUD's rate comes from consecutive repaints only. The viewport repaints
// on demand, so the gap before a repaint after a pause is not a frame time (the HUD read
// "frame 5750.8 ms" while idle).
#include "viewport/FrameRateMeter.h"

#include <QtTest>

using bpat::studio::FrameRateMeter;

class tst_FrameRateMeter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void idleGapIsNotAFrameTime()
    {
        FrameRateMeter meter;
        QCOMPARE(meter.text(), QStringLiteral("idle"));
        meter.frame(5750.8);
        QCOMPARE(meter.text(), QStringLiteral("idle"));
        for (int i = 0; i < 30; ++i)
            meter.frame(1000.0 / 60.0);
        QVERIFY(meter.fps());
        QVERIFY(std::abs(*meter.fps() - 60.0) < 0.5);
        QCOMPARE(meter.text(), QStringLiteral("60.0 fps"));
        meter.frame(3000.0); // paused again
        QVERIFY(!meter.fps());
        QCOMPARE(meter.text(), QStringLiteral("idle"));
    }
};

QTEST_MAIN(tst_FrameRateMeter)
#include "tst_FrameRateMeter.moc"

// ChartsCurvePlot under Xvfb: the series hold the evaluator's values (bool steps and wrap
// extensions included), zoom / pan / frame change the axes as an engine curve editor does, keys
// / handles / extensions are drawn, normalize maps to -1..1, and 100,000+ keys re-sample
// quickly. Markers: see tst_ChartOverlayItem; hover: tst_CurvePlotPicker; scrubbing:
// tst_CurvePlotScrubbing; re-sampling on view changes: tst_ChartsCurvePlotResampling.
#include "anim/CurveEvaluator.h"
#include "app/GeneratedAnimation.h"
#include "app/PlotEvents.h"
#include "app/PlotSeriesCheck.h"
#include "app/RealRecording.h"
#include "plot/ChartsCurvePlot.h"

#include <QChartView>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QtTest/QTest>

using bpat::studio::ChartsCurvePlot;
using bpat::studio::PlotCurve;

namespace {

using plotcheck::near;
using plotevents::sendMouse;
using plotevents::sendWheel;

// Every point of the curve's line series matches the evaluator (bool steps included).
void checkSeriesAgainstEvaluator(ChartsCurvePlot &plot, const PlotCurve &curve)
{
    const QString error = plotcheck::seriesMismatch(plot, curve);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

} // namespace

class tst_ChartsCurvePlot : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void boolSeriesCheckIsStrict();
    void seriesHoldEvaluatedValues();
    void realRecordingSeries();
    void zoomAboutTheMouse();
    void frameAllAndSelection();
    void middleButtonPans();
    void keysHandlesAndExtensions();
    void normalizeMapsToUnitRange();
    void manyKeysStayFast();

private:
    std::unique_ptr<ChartsCurvePlot> m_plot;
};

void tst_ChartsCurvePlot::init()
{
    m_plot = std::make_unique<ChartsCurvePlot>();
    m_plot->resize(1000, 600);
    m_plot->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_plot.get()));
}

void tst_ChartsCurvePlot::cleanup()
{
    m_plot.reset();
}

void tst_ChartsCurvePlot::boolSeriesCheckIsStrict()
{
    // The check the tests here run on bool series accepts the step and flags one drawn off its
    // key, at the wrong level or missing a change.
    const bpat::BoolCurve curve({{1.0f, 1.0f}, {4.0f, 0.0f}, {6.0f, 1.0f}});
    const bpat::studio::ValueMapping identity;
    const auto check = [&](const QList<QPointF> &points) { return plotcheck::boolMismatch(points, curve, identity, 0.01); };
    QCOMPARE(check({{1, 1}, {4, 1}, {4, 0}, {6, 0}, {6, 1}, {10, 1}}), QString());
    QVERIFY(!check({{1, 1}, {4.5, 1}, {4.5, 0}, {6, 0}, {6, 1}, {10, 1}}).isEmpty()); // late
    QVERIFY(!check({{1, 1}, {4, 1}, {4, 0}, {10, 0}}).isEmpty());                     // misses 6 s
    QVERIFY(!check({{1, 0}, {4, 0}, {4, 1}, {6, 1}, {6, 0}, {10, 0}}).isEmpty());     // inverted
    QVERIFY(!check({{1, 1}, {4, 1}, {5, 0}, {6, 0}, {6, 1}, {10, 1}}).isEmpty());     // slanted
}

void tst_ChartsCurvePlot::seriesHoldEvaluatedValues()
{
    const auto animation = generated::makeAnimation();
    const QList<PlotCurve> curves =
        bpat::studio::plotCurvesFor(animation,
                                    {QStringLiteral("Camera/PositionX"), QStringLiteral("LeftHand/Palm/PositionY"),
                                     QStringLiteral("LeftHand/IndexTip/PositionX"), QStringLiteral("LeftHand/Tracked")});
    m_plot->setCurves(curves);
    m_plot->frameAll();
    m_plot->resampleNow();
    for (const PlotCurve &curve : curves)
        checkSeriesAgainstEvaluator(*m_plot, curve);
    // Zoomed into a second: still on the curve, now with the keys as points.
    m_plot->setTimeRange(2.0, 3.0);
    m_plot->resampleNow();
    for (const PlotCurve &curve : curves)
        checkSeriesAgainstEvaluator(*m_plot, curve);
    QCOMPARE(m_plot->keySeries(QStringLiteral("Camera/PositionX"))->count(), 61);
}

void tst_ChartsCurvePlot::realRecordingSeries()
{
    BPAT_REAL_RECORDING(animation);
    const QStringList names{QStringLiteral("Camera/PositionX"),  QStringLiteral("RightHand/IndexTip/PositionY"),
                            QStringLiteral("LeftHand/Tracked"),  QStringLiteral("RightHand/Tracked"),
                            QStringLiteral("LeftHand/Pinching"), QStringLiteral("RightHand/Pinching")};
    const QList<PlotCurve> curves = bpat::studio::plotCurvesFor(animation, names);
    QCOMPARE(curves.size(), names.size());
    m_plot->setCurves(curves);
    m_plot->frameAll();
    m_plot->resampleNow();
    // The tracked bools have one key (drawn as extensions only), the pinching ones three.
    QCOMPARE(animation->curve(QStringLiteral("LeftHand/Tracked")).keyCount(), 1);
    QCOMPARE(animation->curve(QStringLiteral("RightHand/Pinching")).keyCount(), 3);
    for (const PlotCurve &curve : curves)
        checkSeriesAgainstEvaluator(*m_plot, curve);
    QVERIFY(m_plot->lineSeries(QStringLiteral("RightHand/Pinching"))->count() >= 4); // at least one step
    // frame all spans every key of the curves
    const auto [t0, t1] = m_plot->timeRange();
    for (const PlotCurve &curve : curves) {
        if (curve.ref.keyCount() == 0)
            continue;
        QVERIFY(t0 <= curve.ref.firstTime());
        QVERIFY(t1 >= curve.ref.lastTime());
    }
    // Zoomed in on a second of the recording, and normalized: still the evaluator's values.
    m_plot->setTimeRange(2.0, 3.0);
    m_plot->setNormalized(true);
    m_plot->resampleNow();
    for (const PlotCurve &curve : curves)
        checkSeriesAgainstEvaluator(*m_plot, curve);
}

void tst_ChartsCurvePlot::zoomAboutTheMouse()
{
    const auto animation = generated::makeAnimation();
    m_plot->setCurves(bpat::studio::plotCurvesFor(animation, {QStringLiteral("Camera/PositionX")}));
    m_plot->setTimeRange(0.0, 10.0);
    m_plot->setValueRange(-2.0, 2.0);
    QWidget *surface = m_plot->chartView()->viewport();
    const QRectF area = m_plot->plotArea();
    const QPointF mouse(area.left() + area.width() * 0.25, area.top() + area.height() * 0.25);
    const QPointF anchor = m_plot->mapToData(mouse);
    QVERIFY(near(anchor.x(), 2.5, 1e-3));
    QVERIFY(near(anchor.y(), 1.0, 1e-3));

    QSignalSpy viewChanged(m_plot.get(), &bpat::studio::CurvePlot::viewChanged);
    sendWheel(surface, mouse, 120, Qt::NoModifier); // one notch in: both axes shrink 1.2x about the mouse
    QVERIFY(viewChanged.count() >= 1);
    auto [t0, t1] = m_plot->timeRange();
    auto [v0, v1] = m_plot->valueRange();
    QVERIFY(near(t1 - t0, 10.0 / 1.2));
    QVERIFY(near(v1 - v0, 4.0 / 1.2));
    QVERIFY(t0 > 0.0 && v1 < 2.0); // zoomed towards the mouse, not the centre
    // The data point under the mouse stays there (within a pixel: tick labels move the plot area).
    QVERIFY(QLineF(m_plot->mapFromData(anchor), mouse).length() < 1.0);

    sendWheel(surface, mouse, 240, Qt::ControlModifier); // Ctrl: time only
    const auto [t2, t3] = m_plot->timeRange();
    const auto [v2, v3] = m_plot->valueRange();
    QVERIFY(near(t3 - t2, 10.0 / 1.2 / 1.44));
    QCOMPARE(v2, v0);
    QCOMPARE(v3, v1);
    QVERIFY(std::abs(m_plot->mapFromData(anchor).x() - mouse.x()) < 1.0);

    sendWheel(surface, mouse, -360, Qt::NoModifier); // three notches out
    std::tie(t0, t1) = m_plot->timeRange();
    std::tie(v0, v1) = m_plot->valueRange();
    QVERIFY(near(t1 - t0, 10.0 / 1.44 / 1.2 * 1.2 * 1.2 * 1.2));
    QVERIFY(near(v1 - v0, 4.0 / 1.2 * 1.2 * 1.2 * 1.2));
}

void tst_ChartsCurvePlot::frameAllAndSelection()
{
    const auto animation = generated::makeAnimation();
    m_plot->setCurves(bpat::studio::plotCurvesFor(
        animation, {QStringLiteral("Camera/PositionZ"), QStringLiteral("LeftHand/IndexTip/PositionX")}));
    m_plot->setTimeRange(3.0, 3.5);
    m_plot->setValueRange(100.0, 101.0);
    QTest::keyClick(m_plot->chartView(), Qt::Key_A);
    // Camera/PositionZ = -0.5 t over 0..10 s, IndexTip 0.2 sin(3t) over 0..9.99 s: padded 2 % / 5 %.
    auto [t0, t1] = m_plot->timeRange();
    auto [v0, v1] = m_plot->valueRange();
    QVERIFY(near(t0, -0.2) && near(t1, 10.2));
    QVERIFY(v0 < -5.0 && v0 > -5.5);
    QVERIFY(v1 > 0.2 && v1 < 0.5);

    m_plot->setSelectedCurves({QStringLiteral("LeftHand/IndexTip/PositionX")});
    QTest::keyClick(m_plot->chartView(), Qt::Key_F);
    std::tie(v0, v1) = m_plot->valueRange();
    QVERIFY(near(v0, -0.2 - 0.02, 1e-3));
    QVERIFY(near(v1, 0.2 + 0.02, 1e-3));
    std::tie(t0, t1) = m_plot->timeRange();
    QVERIFY(near(t1 - t0, 9.99 * 1.04, 1e-4));
}

void tst_ChartsCurvePlot::middleButtonPans()
{
    const auto animation = generated::makeAnimation();
    m_plot->setCurves(bpat::studio::plotCurvesFor(animation, {QStringLiteral("Camera/PositionX")}));
    m_plot->setTimeRange(0.0, 10.0);
    m_plot->setValueRange(-1.0, 1.0);
    QWidget *surface = m_plot->chartView()->viewport();
    const QRectF area = m_plot->plotArea();
    const QPointF from = area.center();
    const QPointF to = from + QPointF(area.width() / 10.0, -area.height() / 4.0); // right 1 s, up 0.5
    sendMouse(surface, QEvent::MouseButtonPress, Qt::MiddleButton, Qt::MiddleButton, from);
    sendMouse(surface, QEvent::MouseMove, Qt::NoButton, Qt::MiddleButton, to);
    sendMouse(surface, QEvent::MouseButtonRelease, Qt::MiddleButton, Qt::NoButton, to);
    const auto [t0, t1] = m_plot->timeRange();
    const auto [v0, v1] = m_plot->valueRange();
    QVERIFY(near(t0, -1.0, 1e-3) && near(t1, 9.0, 1e-3));
    QVERIFY(near(v0, -1.5, 1e-3) && near(v1, 0.5, 1e-3));
}

void tst_ChartsCurvePlot::keysHandlesAndExtensions()
{
    const auto animation = generated::makeAnimation();
    const QString palm = QStringLiteral("LeftHand/Palm/PositionY");
    m_plot->setCurves(
        bpat::studio::plotCurvesFor(animation, {palm, QStringLiteral("Camera/PositionX"), QStringLiteral("LeftHand/Tracked")}));
    m_plot->setTimeRange(-1.0, 4.0);
    m_plot->setValueRange(-1.5, 1.5);
    m_plot->resampleNow();
    QCOMPARE(m_plot->keySeries(palm)->count(), 3);
    // Keys with tangents or weights: a (out), b (in, out), c (in); toolkit keys have none.
    QCOMPARE(m_plot->overlay()->handles().size(), 4);
    // b's out handle: weight 0.2 of the 1.5 s segment, slope 0.5.
    bool found = false;
    for (const auto &handle : m_plot->overlay()->handles()) {
        if (near(handle.line.x1(), 1.0) && handle.line.x2() > 1.0) {
            found = true;
            QVERIFY(near(handle.line.x2(), 1.0 + 0.2 * 1.5));
            QVERIFY(near(handle.line.y2(), 1.0 + 0.5 * 0.2 * 1.5));
        }
    }
    QVERIFY(found);
    // Loop pre-wrap and PingPong post-wrap are drawn dashed beyond the keys.
    QLineSeries *pre = m_plot->extensionSeries(palm, false);
    QLineSeries *post = m_plot->extensionSeries(palm, true);
    QVERIFY(pre->count() > 10 && post->count() > 10);
    QCOMPARE(pre->pen().style(), Qt::DashLine);
    QCOMPARE(pre->at(0).x(), -1.0);
    QCOMPARE(post->at(post->count() - 1).x(), 4.0);
    // The bool curve is a step: only horizontal and vertical strokes.
    const QList<QPointF> step = m_plot->lineSeries(QStringLiteral("LeftHand/Tracked"))->points();
    QVERIFY(step.size() >= 3);
    for (qsizetype i = 1; i < step.size(); ++i)
        QVERIFY(step[i].x() == step[i - 1].x() || step[i].y() == step[i - 1].y());
    // Zoomed out over 100 s the 601 camera keys are too dense to draw as points.
    m_plot->setTimeRange(-50.0, 50.0);
    m_plot->resampleNow();
    QCOMPARE(m_plot->keySeries(QStringLiteral("Camera/PositionX"))->count(), 0);
}

void tst_ChartsCurvePlot::normalizeMapsToUnitRange()
{
    const auto animation = generated::makeAnimation();
    const QStringList names{QStringLiteral("Camera/PositionY"), QStringLiteral("Camera/PositionZ")};
    m_plot->setCurves(bpat::studio::plotCurvesFor(animation, names));
    m_plot->setTimeRange(0.0, 10.0);
    m_plot->setNormalized(true);
    QVERIFY(m_plot->isNormalized());
    m_plot->resampleNow();
    for (const QString &name : names) {
        double low = 1e9;
        double high = -1e9;
        for (const QPointF &p : m_plot->lineSeries(name)->points()) {
            low = std::min(low, p.y());
            high = std::max(high, p.y());
        }
        QVERIFY2(near(low, -1.0) && near(high, 1.0), qPrintable(name));
    }
    const auto [v0, v1] = m_plot->valueRange();
    QVERIFY(near(v0, -1.1) && near(v1, 1.1));
    QCOMPARE(m_plot->timeRange(), std::make_pair(0.0, 10.0)); // normalizing keeps the time range
    m_plot->setNormalized(false);
    m_plot->resampleNow();
    QVERIFY(near(m_plot->lineSeries(names[1])->points().constLast().y(), -5.0));
}

void tst_ChartsCurvePlot::manyKeysStayFast()
{
    const auto animation = generated::makeAnimation(150000);
    const QString dense = QStringLiteral("RightHand/Wrist/PositionX");
    m_plot->setCurves(bpat::studio::plotCurvesFor(animation, {dense, QStringLiteral("Camera/PositionX")}));
    m_plot->frameAll();
    m_plot->resampleNow();
    QCOMPARE(animation->floatCurve(dense)->keyCount(), 150000);
    QVERIFY(m_plot->lineSeries(dense)->count() <= 4 * m_plot->sampleColumns() + 1);
    // Re-sample times: framed (all 150,000 keys in view), then zoomed around the middle.
    QList<double> times;
    for (double factor : {1.0, 4.0, 64.0}) {
        m_plot->frameAll();
        m_plot->zoomAt(m_plot->plotArea().center(), factor, true);
        m_plot->resampleNow();
        times << m_plot->lastResampleMilliseconds();
        QVERIFY(m_plot->lineSeries(dense)->count() <= 4 * m_plot->sampleColumns() + 1);
    }
    qInfo("re-sample of 150,000 + 601 keys, %d columns: %.2f ms (all), %.2f ms (1/4), %.2f ms (1/64)", m_plot->sampleColumns(),
          times[0], times[1], times[2]);
    QVERIFY2(times[0] < 250.0, "re-sampling should take a fraction of a frame budget, not seconds");
}

QTEST_MAIN(tst_ChartsCurvePlot)
#include "tst_ChartsCurvePlot.moc"

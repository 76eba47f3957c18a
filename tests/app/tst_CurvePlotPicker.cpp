// Hover and picking (CurvePlotPicker through CurvePlot, on ChartsCurvePlot under Xvfb): the time
// under the mouse is always reported over the plot area; the nearest curve is found by 2D pixel
// distance to what is drawn (vertical bool steps and the min/max strokes of dense curves
// included) and its value is the evaluator's; the key reported is the nearest one.
#include "anim/CurveEvaluator.h"
#include "app/GeneratedAnimation.h"
#include "app/PlotEvents.h"
#include "plot/ChartsCurvePlot.h"

#include <QChartView>
#include <QLineSeries>
#include <QSignalSpy>
#include <QtTest/QTest>

using bpat::studio::ChartsCurvePlot;
using bpat::studio::CurvePlot;
using bpat::studio::PlotHit;

class tst_CurvePlotPicker : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void timeIsAlwaysShown();
    void curveValueAndKeyWithTangents();
    void verticalBoolStepsArePicked();
    void denseMinMaxStrokesArePicked();
    void theNearestKeyIsReported();
    void mouseMovesReportAndClicksPick();

private:
    std::shared_ptr<bpat::InputAnimation> m_animation;
    std::unique_ptr<ChartsCurvePlot> m_plot;
};

void tst_CurvePlotPicker::init()
{
    m_plot = std::make_unique<ChartsCurvePlot>();
    m_plot->resize(1000, 600);
    m_plot->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_plot.get()));
    m_animation = generated::makeAnimation();
}

void tst_CurvePlotPicker::cleanup()
{
    m_plot.reset();
}

void tst_CurvePlotPicker::timeIsAlwaysShown()
{
    m_plot->setCurves(bpat::studio::plotCurvesFor(m_animation, {QStringLiteral("Camera/PositionX")}));
    m_plot->setTimeRange(0.0, 10.0);
    m_plot->setValueRange(-2.0, 2.0);
    m_plot->resampleNow();
    // Far from the curve: the time only.
    const QPointF empty = m_plot->mapFromData(QPointF(2.5, -1.8));
    const PlotHit hit = m_plot->hitTest(empty);
    QVERIFY(hit.inPlot);
    QVERIFY(std::abs(hit.time - 2.5) < 1e-9);
    QVERIFY(hit.curve.isEmpty());
    QCOMPARE(hit.key, -1);
    QCOMPARE(m_plot->describePoint(empty), QStringLiteral("t = 2.5 s"));
    // Outside the plot area: nothing.
    const QRectF area = m_plot->plotArea();
    QVERIFY(!m_plot->hitTest(QPointF(area.left() - 10.0, area.center().y())).inPlot);
    QVERIFY(m_plot->describePoint(QPointF(area.center().x(), area.bottom() + 10.0)).isEmpty());
}

void tst_CurvePlotPicker::curveValueAndKeyWithTangents()
{
    const QString palm = QStringLiteral("LeftHand/Palm/PositionY");
    m_plot->setCurves(bpat::studio::plotCurvesFor(m_animation, {palm}));
    m_plot->setTimeRange(-0.5, 3.0);
    m_plot->setValueRange(-0.5, 1.5);
    m_plot->resampleNow();
    QString picked;
    const QString onKey = m_plot->describePoint(m_plot->mapFromData(QPointF(1.0, 1.0)), &picked);
    QCOMPARE(picked, palm);
    QVERIFY2(onKey.contains(QStringLiteral("key 1 of 3: t = 1 s   value = 1")), qPrintable(onKey));
    QVERIFY(onKey.contains(QStringLiteral("weights 0.6 / 0.2")));
    // Between keys: the time, the curve and its evaluated value there; no key.
    const double v = bpat::CurveEvaluator::evaluate(*m_animation->floatCurve(palm), 0.5);
    const QString between = m_plot->describePoint(m_plot->mapFromData(QPointF(0.5, v)));
    QCOMPARE(between, QStringLiteral("t = 0.5 s\n%1   value = %2").arg(palm, QString::number(v, 'g', 6)));
    // Over the dashed extensions too (Loop before the first key).
    const double wrapped = bpat::CurveEvaluator::evaluate(*m_animation->floatCurve(palm), -0.25);
    const PlotHit hit = m_plot->hitTest(m_plot->mapFromData(QPointF(-0.25, wrapped)));
    QCOMPARE(hit.curve, palm);
    QCOMPARE(hit.value, wrapped);
    // Half a unit (over 100 px) off the curve, inside the plot area: the time only.
    QVERIFY(v - 0.5 > -0.5);
    QCOMPARE(m_plot->describePoint(m_plot->mapFromData(QPointF(0.5, v - 0.5))), QStringLiteral("t = 0.5 s"));
}

void tst_CurvePlotPicker::verticalBoolStepsArePicked()
{
    const QString tracked = QStringLiteral("LeftHand/Tracked");
    m_plot->setCurves(bpat::studio::plotCurvesFor(m_animation, {tracked}));
    m_plot->setTimeRange(0.0, 10.0);
    m_plot->setValueRange(-0.5, 1.5);
    m_plot->resampleNow();
    // Halfway up the step down at 4 s, 3 px either side: over 100 px from the curve's value
    // vertically, 3 px from the drawn stroke.
    const QPointF stroke = m_plot->mapFromData(QPointF(4.0, 0.5));
    QVERIFY(std::abs(stroke.y() - m_plot->mapFromData(QPointF(4.0, 0.0)).y()) > 100.0);
    for (const double dx : {-3.0, 3.0}) {
        const PlotHit hit = m_plot->hitTest(stroke + QPointF(dx, 0.0));
        QCOMPARE(hit.curve, tracked);
        QVERIFY(std::abs(hit.curveDistance - 3.0) < 0.5);
        QCOMPARE(hit.value, dx < 0.0 ? 1.0 : 0.0); // evaluated just before / after the step
    }
    QVERIFY(m_plot->hitTest(stroke + QPointF(12.0, 0.0)).curve.isEmpty());
}

void tst_CurvePlotPicker::denseMinMaxStrokesArePicked()
{
    const auto animation = generated::makeAnimation(150000);
    const QString dense = QStringLiteral("RightHand/Wrist/PositionX");
    m_plot->setCurves(bpat::studio::plotCurvesFor(animation, {dense}));
    m_plot->frameAll();
    m_plot->resampleNow();
    const bpat::FloatCurve &curve = *animation->floatCurve(dense);
    // Every pixel column holds many keys and is drawn as a min/max stroke. Its midpoints are
    // on what is drawn, though often far from the curve's value at exactly that time.
    const QList<QPointF> points = m_plot->lineSeries(dense)->points();
    int tried = 0;
    for (qsizetype i = 1; i < points.size() && tried < 20; ++i) {
        const QPointF a = m_plot->mapFromData(points[i - 1]);
        const QPointF b = m_plot->mapFromData(points[i]);
        const QPointF middle = (a + b) / 2.0;
        const double time = m_plot->mapToData(middle).x();
        const double valueY = m_plot->mapFromData(QPointF(time, bpat::CurveEvaluator::evaluate(curve, time))).y();
        if (std::abs(b.y() - a.y()) < 30.0 || std::abs(valueY - middle.y()) < 15.0)
            continue;
        ++tried;
        const PlotHit hit = m_plot->hitTest(middle);
        QCOMPARE(hit.curve, dense);
        QVERIFY(hit.curveDistance < 0.5);
        QCOMPARE(hit.value, bpat::CurveEvaluator::evaluate(curve, hit.time)); // evaluated, not read back
    }
    QCOMPARE(tried, 20);
}

void tst_CurvePlotPicker::theNearestKeyIsReported()
{
    const QString camera = QStringLiteral("Camera/PositionX"); // sin(t), keys at 60 Hz
    m_plot->setCurves(bpat::studio::plotCurvesFor(m_animation, {camera}));
    // Keys about 4 px apart around the flat top of sin at pi / 2, where both neighbours of the
    // mouse are within the key distance.
    const QRectF area = m_plot->plotArea();
    const double span = area.width() / 4.0 / 60.0;
    m_plot->setTimeRange(1.58 - span / 2.0, 1.58 + span / 2.0);
    m_plot->setValueRange(0.0, 1.2);
    m_plot->resampleNow();
    for (const int index : {94, 95, 96}) {
        const double t = index / 60.0;
        const QPointF key = m_plot->mapFromData(QPointF(t, std::sin(t)));
        for (const double dx : {-1.5, 1.5}) {
            const PlotHit hit = m_plot->hitTest(key + QPointF(dx, 0.0));
            QCOMPARE(hit.curve, camera);
            QCOMPARE(hit.key, index);
            QVERIFY(hit.keyDistance < 1.6);
            QCOMPARE(hit.keyPoint.x(), double(float(t)));
        }
    }
    const QString text = m_plot->describePoint(m_plot->mapFromData(QPointF(95 / 60.0, 1.0)) + QPointF(-1.5, 0.0));
    QVERIFY2(text.contains(QStringLiteral("key 95 of 601: t = ")), qPrintable(text));
    // Between keys more than the key distance apart (zoomed in): no key, still the curve.
    m_plot->setTimeRange(1.5, 1.6);
    m_plot->resampleNow();
    const PlotHit between = m_plot->hitTest(m_plot->mapFromData(QPointF(95.5 / 60.0, std::sin(95.5 / 60.0))));
    QCOMPARE(between.curve, camera);
    QCOMPARE(between.key, -1);
}

void tst_CurvePlotPicker::mouseMovesReportAndClicksPick()
{
    const QString tracked = QStringLiteral("LeftHand/Tracked");
    m_plot->setCurves(bpat::studio::plotCurvesFor(m_animation, {QStringLiteral("Camera/PositionZ"), tracked}));
    m_plot->setTimeRange(0.0, 10.0);
    m_plot->setValueRange(-6.0, 2.0);
    m_plot->setCursorTime(-100.0); // out of view: clicks do not grab it
    m_plot->resampleNow();
    QWidget *surface = m_plot->chartView()->viewport();
    QSignalSpy hover(m_plot.get(), &CurvePlot::hoverTextChanged);
    QSignalSpy clicked(m_plot.get(), &CurvePlot::curveClicked);
    plotevents::sendMouse(surface, QEvent::MouseMove, Qt::NoButton, Qt::NoButton, m_plot->mapFromData(QPointF(5.0, -4.0)));
    QCOMPARE(hover.count(), 1);
    QCOMPARE(hover.last().at(0).toString(), QStringLiteral("t = 5 s"));
    // On the vertical stroke of the step at 6 s: hover names it, a click picks it.
    const QPointF step = m_plot->mapFromData(QPointF(6.0, 0.5)) + QPointF(2.0, 0.0);
    plotevents::sendMouse(surface, QEvent::MouseMove, Qt::NoButton, Qt::NoButton, step);
    QVERIFY2(hover.last().at(0).toString().contains(tracked + QStringLiteral("   value = 1")),
             qPrintable(hover.last().at(0).toString()));
    plotevents::click(surface, step);
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.last().at(0).toString(), tracked);
    plotevents::click(surface, m_plot->mapFromData(QPointF(5.0, -4.0)));
    QCOMPARE(clicked.count(), 1); // nothing near
}

QTEST_MAIN(tst_CurvePlotPicker)
#include "tst_CurvePlotPicker.moc"

// ChartsCurvePlot re-samples by itself when the view changes (under Xvfb): after a wheel zoom,
// a middle-button pan, a frame-all key or a resize, the series come to show the new view, hold
// the evaluator's values and stay bounded by the new column count, without resampleNow().
#include "app/GeneratedAnimation.h"
#include "app/PlotEvents.h"
#include "app/PlotSeriesCheck.h"
#include "plot/ChartsCurvePlot.h"

#include <QChartView>
#include <QLineSeries>
#include <QScatterSeries>
#include <QtTest/QTest>

using bpat::studio::ChartsCurvePlot;
using bpat::studio::PlotCurve;

class tst_ChartsCurvePlotResampling : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void wheelZoomResamples();
    void middleButtonPanResamples();
    void frameAllKeyResamples();
    void resizingResamples();

private:
    QWidget *surface() const { return m_plot->chartView()->viewport(); }
    // Whether every curve's series spans the current view (within its keys) and matches the
    // evaluator; what is wrong otherwise.
    QString mismatch() const;

    std::shared_ptr<bpat::InputAnimation> m_animation;
    QList<PlotCurve> m_curves;
    std::unique_ptr<ChartsCurvePlot> m_plot;
    const QString m_dense = QStringLiteral("RightHand/Wrist/PositionX");
};

void tst_ChartsCurvePlotResampling::init()
{
    m_plot = std::make_unique<ChartsCurvePlot>();
    m_plot->resize(1000, 600);
    m_plot->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_plot.get()));
    m_animation = generated::makeAnimation(150000);
    m_curves = bpat::studio::plotCurvesFor(m_animation,
                                           {m_dense, QStringLiteral("Camera/PositionX"), QStringLiteral("LeftHand/Tracked")});
    m_plot->setCurves(m_curves);
    m_plot->frameAll();
    m_plot->resampleNow(); // the starting point; from here on the plot re-samples by itself
    QCOMPARE(mismatch(), QString());
}

void tst_ChartsCurvePlotResampling::cleanup()
{
    m_plot.reset();
}

QString tst_ChartsCurvePlotResampling::mismatch() const
{
    const auto [t0, t1] = m_plot->timeRange();
    for (const PlotCurve &curve : m_curves) {
        const QList<QPointF> points = m_plot->lineSeries(curve.name())->points();
        const double from = std::max(t0, curve.ref.firstTime());
        const double to = std::min(t1, curve.ref.lastTime());
        if (from >= to)
            continue;
        if (points.isEmpty() || points.constFirst().x() != from || points.constLast().x() != to)
            return QStringLiteral("%1 spans %2 .. %3, the view %4 .. %5")
                .arg(curve.name())
                .arg(points.isEmpty() ? qQNaN() : points.constFirst().x())
                .arg(points.isEmpty() ? qQNaN() : points.constLast().x())
                .arg(from)
                .arg(to);
        const QString error = plotcheck::seriesMismatch(*m_plot, curve);
        if (!error.isEmpty())
            return error;
    }
    return {};
}

void tst_ChartsCurvePlotResampling::wheelZoomResamples()
{
    const QPointF mouse = m_plot->plotArea().center();
    QCOMPARE(m_plot->keySeries(m_dense)->count(), 0); // 150,000 keys: too dense to draw
    plotevents::sendWheel(surface(), mouse, 3 * 120);
    const auto [t0, t1] = m_plot->timeRange();
    QTRY_COMPARE(mismatch(), QString());
    // Zoomed in until a few keys of the dense curve are in view: they come up as points.
    for (int i = 0; i < 12; ++i)
        plotevents::sendWheel(surface(), mouse, 5 * 120, Qt::ControlModifier);
    QVERIFY(m_plot->timeRange().second - m_plot->timeRange().first < (t1 - t0) / 1000.0);
    QTRY_COMPARE(mismatch(), QString());
    QTRY_VERIFY(m_plot->keySeries(m_dense)->count() > 0);
    QVERIFY(m_plot->keySeries(m_dense)->count() * bpat::studio::CurveSampler::ColumnsPerVisibleKey <= m_plot->sampleColumns());
}

void tst_ChartsCurvePlotResampling::middleButtonPanResamples()
{
    m_plot->setTimeRange(40.0, 50.0);
    QTRY_COMPARE(mismatch(), QString());
    const QRectF area = m_plot->plotArea();
    plotevents::drag(surface(), Qt::MiddleButton, area.center(), area.center() - QPointF(area.width() / 2.0, 0.0));
    QVERIFY(std::abs(m_plot->timeRange().first - 45.0) < 1e-3); // dragged left by half a view
    QTRY_COMPARE(mismatch(), QString());
    QCOMPARE(m_plot->lineSeries(m_dense)->points().constLast().x(), m_plot->timeRange().second);
}

void tst_ChartsCurvePlotResampling::frameAllKeyResamples()
{
    m_plot->setTimeRange(3.0, 4.0);
    QTRY_COMPARE(mismatch(), QString());
    m_plot->chartView()->setFocus();
    QTest::keyClick(m_plot->chartView(), Qt::Key_A);
    QVERIFY(m_plot->timeRange().second > 100.0);
    QTRY_COMPARE(mismatch(), QString());
    QCOMPARE(m_plot->lineSeries(m_dense)->points().constLast().x(), m_animation->floatCurve(m_dense)->lastTime());
}

void tst_ChartsCurvePlotResampling::resizingResamples()
{
    // The dense curve fills its ~4 points per column: the point count follows the width.
    const int wide = m_plot->sampleColumns();
    QVERIFY(m_plot->lineSeries(m_dense)->count() > 3 * wide);
    m_plot->resize(500, 400);
    QTRY_VERIFY(m_plot->sampleColumns() < wide * 0.6);
    QTRY_VERIFY(m_plot->lineSeries(m_dense)->count() <= 4 * m_plot->sampleColumns() + 1);
    QCOMPARE(mismatch(), QString());
    m_plot->resize(1400, 600);
    QTRY_VERIFY(m_plot->sampleColumns() > wide);
    QTRY_VERIFY(m_plot->lineSeries(m_dense)->count() > 4 * wide + 1); // more than the old width could hold
    QCOMPARE(mismatch(), QString());
}

QTEST_MAIN(tst_ChartsCurvePlotResampling)
#include "tst_ChartsCurvePlotResampling.moc"

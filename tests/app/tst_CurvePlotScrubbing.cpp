// Scrubbing with the left button (CurvePlot, on ChartsCurvePlot under Xvfb): dragging the time
// cursor's line or its grip, and clicking / dragging on the time axis strip, move the time; a
// click anywhere else (the legend, the axis titles, the value axis, the plot area away from the
// cursor, the margin above it) does not.
#include "app/GeneratedAnimation.h"
#include "app/PlotEvents.h"
#include "plot/ChartsCurvePlot.h"

#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QSignalSpy>
#include <QtTest/QTest>

using bpat::studio::ChartsCurvePlot;
using bpat::studio::CurvePlot;
using plotevents::click;
using plotevents::drag;

namespace {
bool near(double a, double b, double tolerance = 1e-3)
{
    return std::abs(a - b) <= tolerance;
}
} // namespace

class tst_CurvePlotScrubbing : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void draggingTheCursorLineScrubs();
    void draggingTheGripScrubs();
    void theTimeAxisStripScrubs();
    void clicksElsewhereKeepTheTime_data();
    void clicksElsewhereKeepTheTime();

private:
    QWidget *surface() const { return m_plot->chartView()->viewport(); }
    // A chart item's rectangle on the input surface.
    QRectF onSurface(const QRectF &chartRect) const
    {
        return m_plot->chartView()->mapFromScene(m_plot->chart()->mapRectToScene(chartRect)).boundingRect();
    }

    std::unique_ptr<ChartsCurvePlot> m_plot;
};

void tst_CurvePlotScrubbing::init()
{
    m_plot = std::make_unique<ChartsCurvePlot>();
    m_plot->resize(1000, 600);
    m_plot->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_plot.get()));
    const auto animation = generated::makeAnimation();
    m_plot->setCurves(
        bpat::studio::plotCurvesFor(animation, {QStringLiteral("Camera/PositionX"), QStringLiteral("Camera/PositionY")}));
    m_plot->setTimeRange(0.0, 10.0);
    m_plot->setValueRange(-1.0, 2.0);
    m_plot->setCursorTime(2.0);
    QTest::qWait(20); // let the chart lay out its legend and axes
}

void tst_CurvePlotScrubbing::cleanup()
{
    m_plot.reset();
}

void tst_CurvePlotScrubbing::draggingTheCursorLineScrubs()
{
    QSignalSpy scrubbed(m_plot.get(), &CurvePlot::cursorTimeScrubbed);
    drag(surface(), Qt::LeftButton, m_plot->mapFromData(QPointF(2.0, 0.3)), m_plot->mapFromData(QPointF(6.0, 0.3)));
    QCOMPARE(scrubbed.count(), 2); // the press, the move
    QVERIFY(near(scrubbed.last().at(0).toDouble(), 6.0));
    QVERIFY(near(m_plot->cursorTime(), 6.0));
    // The application moving time does not echo back as a scrub.
    m_plot->setCursorTime(3.0);
    QCOMPARE(scrubbed.count(), 2);
}

void tst_CurvePlotScrubbing::draggingTheGripScrubs()
{
    QSignalSpy scrubbed(m_plot.get(), &CurvePlot::cursorTimeScrubbed);
    const QRectF area = m_plot->plotArea();
    const double x = m_plot->mapFromData(QPointF(2.0, 0.0)).x();
    const QPointF grip(x + 3.0, area.top() - CurvePlot::CursorGripHeight / 2.0);
    QVERIFY(!area.contains(grip));
    drag(surface(), Qt::LeftButton, grip, QPointF(m_plot->mapFromData(QPointF(7.5, 0.0)).x(), grip.y()));
    QVERIFY(scrubbed.count() >= 1);
    QVERIFY(near(m_plot->cursorTime(), 7.5));
    // Beside the grip, in the margin above the plot, nothing happens.
    click(surface(), QPointF(m_plot->mapFromData(QPointF(3.0, 0.0)).x(), grip.y()));
    QVERIFY(near(m_plot->cursorTime(), 7.5));
}

void tst_CurvePlotScrubbing::theTimeAxisStripScrubs()
{
    QSignalSpy scrubbed(m_plot.get(), &CurvePlot::cursorTimeScrubbed);
    const QRectF area = m_plot->plotArea();
    const QRectF strip = m_plot->timeAxisStrip();
    QCOMPARE(strip.left(), area.left());
    QCOMPARE(strip.width(), area.width());
    QCOMPARE(strip.top(), area.bottom());
    QVERIFY(strip.height() > 10.0 && strip.height() < 40.0);
    // The strip holds the tick labels: light pixels of the labels' colour in its lower part.
    const QImage image = m_plot->renderImage();
    int labelPixels = 0;
    for (int y = int(strip.top()) + 4; y < int(strip.bottom()); ++y) {
        for (int x = int(area.left()); x < int(area.right()); ++x)
            labelPixels += qGray(image.pixel(x, y)) > 120;
    }
    QVERIFY2(labelPixels > 20, qPrintable(QString::number(labelPixels)));
    // A click on the strip jumps there, a drag along it scrubs.
    click(surface(), QPointF(m_plot->mapFromData(QPointF(8.0, 0.0)).x(), strip.center().y()));
    QVERIFY(near(m_plot->cursorTime(), 8.0));
    drag(surface(), Qt::LeftButton, QPointF(m_plot->mapFromData(QPointF(4.0, 0.0)).x(), strip.bottom() - 2.0),
         QPointF(m_plot->mapFromData(QPointF(5.0, 0.0)).x(), strip.bottom() - 2.0));
    QVERIFY(near(m_plot->cursorTime(), 5.0));
    QCOMPARE(scrubbed.count(), 3);
}

void tst_CurvePlotScrubbing::clicksElsewhereKeepTheTime_data()
{
    QTest::addColumn<QString>("where");
    for (const char *where : {"legend", "legend marker", "time axis title", "value axis", "plot area", "right margin"})
        QTest::newRow(where) << QString::fromLatin1(where);
}

void tst_CurvePlotScrubbing::clicksElsewhereKeepTheTime()
{
    QFETCH(QString, where);
    const QRectF area = m_plot->plotArea();
    const QRectF strip = m_plot->timeAxisStrip();
    QLegend *legend = m_plot->chart()->legend();
    QVERIFY(legend->isVisible());
    const QRectF legendRect = onSurface(legend->geometry());
    QVERIFY2(legendRect.top() >= strip.bottom(), "the legend lies below the time axis strip");
    QPointF pos;
    if (where == QLatin1String("legend"))
        pos = legendRect.center();
    else if (where == QLatin1String("legend marker"))
        pos = QPointF(legendRect.center().x() - 40.0, legendRect.center().y()); // within the x span of the plot
    else if (where == QLatin1String("time axis title"))
        pos = QPointF(area.center().x(), (strip.bottom() + legendRect.top()) / 2.0 + 1.0);
    else if (where == QLatin1String("value axis"))
        pos = QPointF(area.left() - 15.0, area.center().y());
    else if (where == QLatin1String("plot area"))
        pos = m_plot->mapFromData(QPointF(6.0, 1.9));
    else
        pos = QPointF(area.right() + 5.0, area.center().y());
    QVERIFY(pos.x() >= 0.0 && pos.y() >= 0.0 && pos.x() < surface()->width() && pos.y() < surface()->height());
    QVERIFY(!strip.contains(pos));
    QSignalSpy scrubbed(m_plot.get(), &CurvePlot::cursorTimeScrubbed);
    drag(surface(), Qt::LeftButton, pos, pos + QPointF(30.0, 0.0));
    QCOMPARE(scrubbed.count(), 0);
    QCOMPARE(m_plot->cursorTime(), 2.0);
}

QTEST_MAIN(tst_CurvePlotScrubbing)
#include "tst_CurvePlotScrubbing.moc"

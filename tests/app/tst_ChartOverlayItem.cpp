// The overlay of ChartsCurvePlot under Xvfb: markers are drawn as dashed vertical lines at their
// time, across the plot area, labelled with their name at the top (labels of close markers
// staggered so they do not overlap); markers out of view are not drawn. Checked on the
// overlay's layout and on the rendered pixels.
#include "app/GeneratedAnimation.h"
#include "plot/ChartsCurvePlot.h"

#include <QChartView>
#include <QImage>
#include <QtTest/QTest>

using bpat::studio::ChartOverlayItem;
using bpat::studio::ChartsCurvePlot;
using bpat::studio::PlotMarker;

class tst_ChartOverlayItem : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void markersAreLaidOutAtTheirTime();
    void markersArePainted();
    void markersFollowTheView();

private:
    // Surface (view) coordinates of a scene point / rectangle of the overlay.
    QPointF onSurface(QPointF scene) const { return m_plot->chartView()->mapFromScene(scene); }
    QRectF onSurface(const QRectF &scene) const { return m_plot->chartView()->mapFromScene(scene).boundingRect(); }
    // Rows of [top, bottom) where one of the columns x - 1 .. x + 1 is lighter than `gray`.
    static int litRows(const QImage &image, double x, double top, double bottom, int gray);

    std::unique_ptr<ChartsCurvePlot> m_plot;
    const QList<PlotMarker> m_markers{{2.0, QStringLiteral("grab")},
                                      {7.5, QStringLiteral("relâche")},
                                      {7.6, QStringLiteral("close by")},
                                      {20.0, QStringLiteral("later")}};
};

void tst_ChartOverlayItem::init()
{
    m_plot = std::make_unique<ChartsCurvePlot>();
    m_plot->resize(1000, 600);
    m_plot->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_plot.get()));
    m_plot->setTimeRange(0.0, 10.0);
    m_plot->setValueRange(-1.0, 1.0);
    m_plot->setCursorTime(-100.0); // out of view: only the markers are drawn over the grid
    m_plot->setMarkers(m_markers);
}

void tst_ChartOverlayItem::cleanup()
{
    m_plot.reset();
}

int tst_ChartOverlayItem::litRows(const QImage &image, double x, double top, double bottom, int gray)
{
    int rows = 0;
    for (int y = int(std::ceil(top)); y < int(bottom); ++y) {
        int lightest = 0;
        for (int dx = -1; dx <= 1; ++dx)
            lightest = std::max(lightest, qGray(image.pixel(int(std::round(x)) + dx, y)));
        rows += lightest > gray;
    }
    return rows;
}

void tst_ChartOverlayItem::markersAreLaidOutAtTheirTime()
{
    QCOMPARE(m_plot->markers().size(), m_markers.size()); // what the plot was given, in view or not
    QCOMPARE(m_plot->markers().at(1).name, QStringLiteral("relâche"));
    const QList<ChartOverlayItem::MarkerLayout> layout = m_plot->overlay()->markerLayout();
    QCOMPARE(layout.size(), 3); // 20 s is out of view
    const QRectF area = m_plot->plotArea();
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(layout[i].text, m_markers[i].name);
        const QPointF top = onSurface(layout[i].line.p1());
        const QPointF bottom = onSurface(layout[i].line.p2());
        const double x = m_plot->mapFromData(QPointF(m_markers[i].time, 0.0)).x();
        QVERIFY(std::abs(top.x() - x) < 0.5 && std::abs(bottom.x() - x) < 0.5);
        QVERIFY(std::abs(top.y() - area.top()) < 0.5 && std::abs(bottom.y() - area.bottom()) < 0.5);
        // The label starts right of the line, at the top of the plot area.
        const QRectF label = onSurface(layout[i].label);
        QVERIFY(label.left() > x && label.left() < x + 6.0);
        QVERIFY(label.top() >= area.top() && label.top() < area.top() + 40.0);
        QVERIFY(label.width() > 20.0 && label.height() > 8.0);
    }
    // 7.5 s and 7.6 s are 9 px apart: the second label goes one row down instead of overlapping.
    QVERIFY(!layout[1].label.intersects(layout[2].label));
    QVERIFY(layout[2].label.top() > layout[1].label.top());
    QCOMPARE(layout[0].label.top(), layout[1].label.top());
}

void tst_ChartOverlayItem::markersArePainted()
{
    const QImage image = m_plot->renderImage();
    QCOMPARE(image.size(), m_plot->chartView()->size() * m_plot->devicePixelRatioF());
    QCOMPARE(m_plot->devicePixelRatioF(), 1.0);
    const QRectF area = m_plot->plotArea();
    const QList<ChartOverlayItem::MarkerLayout> layout = m_plot->overlay()->markerLayout();
    const double below = area.top() + 60.0; // under the labels
    const double height = area.bottom() - 2.0 - below;
    for (const ChartOverlayItem::MarkerLayout &marker : layout) {
        // The dashed line: light on a good part of its height (the grid is darker).
        const double x = onSurface(marker.line.p1()).x();
        const int lit = litRows(image, x, below, area.bottom() - 2.0, 100);
        QVERIFY2(lit > 0.3 * height && lit < 0.9 * height,
                 qPrintable(QStringLiteral("%1: %2 of %3 rows").arg(marker.text).arg(lit).arg(height)));
        // The label: light text on a dark box.
        const QRectF label = onSurface(marker.label).adjusted(1, 1, -1, -1);
        int text = 0;
        int dark = 0;
        for (int y = int(label.top()); y < int(label.bottom()); ++y) {
            for (int px = int(label.left()); px < int(label.right()); ++px) {
                const int gray = qGray(image.pixel(px, y));
                text += gray > 120;
                dark += gray < 30;
            }
        }
        QVERIFY2(text > 15 && dark > text,
                 qPrintable(QStringLiteral("%1: %2 text, %3 dark").arg(marker.text).arg(text).arg(dark)));
    }
    // Where there is no marker (between 2 s and 7.5 s, off the grid lines) nothing is lit.
    const double empty = m_plot->mapFromData(QPointF(4.3, 0.0)).x();
    QCOMPARE(litRows(image, empty, below, area.bottom() - 2.0, 100), 0);
}

void tst_ChartOverlayItem::markersFollowTheView()
{
    m_plot->setTimeRange(1.0, 3.0);
    const QList<ChartOverlayItem::MarkerLayout> layout = m_plot->overlay()->markerLayout();
    QCOMPARE(layout.size(), 1);
    QCOMPARE(layout[0].text, QStringLiteral("grab"));
    QVERIFY(std::abs(onSurface(layout[0].line.p1()).x() - m_plot->plotArea().center().x()) < 0.5);
    const QImage image = m_plot->renderImage();
    const QRectF area = m_plot->plotArea();
    QVERIFY(litRows(image, area.center().x(), area.top() + 60.0, area.bottom() - 2.0, 100) > 0.3 * (area.height() - 62.0));
    m_plot->setMarkers({});
    QVERIFY(m_plot->markers().isEmpty());
    QVERIFY(m_plot->overlay()->markerLayout().isEmpty());
}

QTEST_MAIN(tst_ChartOverlayItem)
#include "tst_ChartOverlayItem.moc"

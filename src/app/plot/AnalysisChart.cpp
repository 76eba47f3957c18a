#include "plot/AnalysisChart.h"

#include "Theme.h"
#include "plot/CurvePlot.h"

#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

AnalysisChart::AnalysisChart(const QString &title, QWidget *parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->setMargins(QMargins(4, 4, 4, 4));
    m_x = new QValueAxis;
    m_x->setRange(0.0, 1.0);
    m_x->setTitleText(tr("phase"));
    m_x->setLabelFormat(QStringLiteral("%.2f"));
    m_y = new QValueAxis;
    for (QValueAxis *axis : {m_x, m_y}) // numbers, never "..." (the charts are small at 1280x720)
        axis->setTruncateLabels(false);
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    setChart(chart);
    setMinimumHeight(MinimumHeight); // the axis titles and four legend rows whole; the tab scrolls below that
}

void AnalysisChart::setLines(const QList<Line> &lines, int frames, const QString &unit)
{
    QChart *c = chart();
    c->removeAllSeries(); // deletes the cursor and marks too
    m_cursor = nullptr;
    m_errorMarks = m_warningMarks = nullptr;
    m_lines = lines;
    m_frames = std::max(0, frames);
    m_low = INFINITY;
    m_high = -INFINITY;
    for (const Line &line : lines) {
        auto *series = new QLineSeries;
        series->setName(line.label);
        series->setColor(line.color);
        QList<QPointF> points;
        for (int f = 0; f < line.values.size(); ++f) {
            const double v = line.values.at(f);
            if (!std::isfinite(v))
                continue;
            points.append({phase(f), v});
            m_low = std::min(m_low, v);
            m_high = std::max(m_high, v);
        }
        series->replace(points);
        c->addSeries(series);
        series->attachAxis(m_x);
        series->attachAxis(m_y);
    }
    if (!std::isfinite(m_low)) {
        m_low = 0.0;
        m_high = 1.0;
    }
    // A flat quantity is framed flat (as the curve plots frame one: CurvePlot::minimumValueSpan),
    // never as float noise. The axis keeps QtCharts' fixed five ticks: a range change cannot
    // lay out more (the curve plots' freeze came from dynamic ticks).
    const double pad = std::max(CurvePlot::minimumValueSpan(m_low, m_high) / 2.0, (m_high - m_low) * 0.08);
    m_low -= pad;
    m_high += pad;
    m_y->setRange(m_low, m_high);
    m_y->setTitleText(unit);
    m_y->setLabelFormat(QStringLiteral("%.3f"));
    m_cursor = new QLineSeries;
    m_cursor->setName(tr("frame"));
    m_cursor->setPen(QPen(palette().color(QPalette::Text), 1.0, Qt::DashLine));
    c->addSeries(m_cursor);
    m_cursor->attachAxis(m_x);
    m_cursor->attachAxis(m_y);
    for (QScatterSeries **marks : {&m_errorMarks, &m_warningMarks}) {
        *marks = new QScatterSeries;
        (*marks)->setMarkerSize(9.0);
        (*marks)->setColor(marks == &m_errorMarks ? Theme::errorColor() : Theme::warningColor());
        (*marks)->setName(marks == &m_errorMarks ? tr("errors") : tr("warnings"));
        c->addSeries(*marks);
        (*marks)->attachAxis(m_x);
        (*marks)->attachAxis(m_y);
    }
    for (QAbstractSeries *helper : {static_cast<QAbstractSeries *>(m_cursor), static_cast<QAbstractSeries *>(m_errorMarks),
                                    static_cast<QAbstractSeries *>(m_warningMarks)}) {
        for (QLegendMarker *marker : c->legend()->markers(helper))
            marker->setVisible(false); // the cursor and the marks explain themselves
    }
    setMarks(m_marks);
    updateCursor();
}

QPointF AnalysisChart::markPoint(const Mark &mark) const
{
    for (const Line &line : m_lines) {
        if (line.bone >= 0 && line.bone == mark.bone && mark.frame >= 0 && mark.frame < line.values.size()
            && std::isfinite(line.values.at(mark.frame)))
            return {phase(mark.frame), line.values.at(mark.frame)};
    }
    return {phase(mark.frame), m_low + (m_high - m_low) * 0.04};
}

void AnalysisChart::setMarks(const QList<Mark> &marks)
{
    m_marks = marks;
    if (!m_errorMarks)
        return;
    QList<QPointF> errors, warnings;
    for (const Mark &mark : marks)
        (mark.severity == bpat::Severity::Error ? errors : warnings).append(markPoint(mark));
    m_errorMarks->replace(errors);
    m_warningMarks->replace(warnings);
}

void AnalysisChart::setCurrentFrame(int frame)
{
    m_frame = frame;
    updateCursor();
}

void AnalysisChart::updateCursor()
{
    if (m_cursor)
        m_cursor->replace({QPointF(phase(m_frame), m_low), QPointF(phase(m_frame), m_high)});
}

std::pair<int, int> AnalysisChart::pick(const QPointF &value) const
{
    if (m_frames <= 0)
        return {-1, -1};
    const int frame = std::clamp(int(std::lround(value.x() * m_frames)), 0, m_frames - 1);
    // A mark near the click wins (its bone), else the line nearest in value at that frame.
    const double near = (m_high - m_low) * 0.05;
    for (const Mark &mark : m_marks) {
        const QPointF p = markPoint(mark);
        if (mark.frame == frame && std::abs(p.y() - value.y()) <= near)
            return {frame, mark.bone};
    }
    int bone = -1;
    double best = INFINITY;
    for (const Line &line : m_lines) {
        if (frame < line.values.size() && std::abs(line.values.at(frame) - value.y()) < best) {
            best = std::abs(line.values.at(frame) - value.y());
            bone = line.bone;
        }
    }
    return {frame, bone};
}

void AnalysisChart::mousePressEvent(QMouseEvent *event)
{
    const QPointF inChart = chart()->mapFromScene(mapToScene(event->position().toPoint()));
    if (event->button() == Qt::LeftButton && chart()->plotArea().contains(inChart)) {
        const auto [frame, bone] = pick(chart()->mapToValue(inChart));
        if (frame >= 0) {
            Q_EMIT frameClicked(frame, bone);
            event->accept();
            return;
        }
    }
    QChartView::mousePressEvent(event);
}

} // namespace bpat::studio

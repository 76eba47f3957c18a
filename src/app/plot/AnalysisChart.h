#pragma once
// One plot of the Analysis tab (QtCharts): quantities of a clip over its phase (frame / frames,
// 0 to 1), the current frame as a vertical line, and the motion findings of the clip as marks
// (on the line of their bone where the plot has one, else along its bottom). A click on the
// plot picks the frame under the mouse and the bone of the nearest line (or of the nearest
// mark): frameClicked(frame, bone).
#include "diagnostics/Diagnostic.h"

#include <QChartView>
#include <QColor>
#include <QList>
#include <QString>

QT_BEGIN_NAMESPACE
class QLineSeries;
class QScatterSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace bpat::studio {

class AnalysisChart : public QChartView
{
    Q_OBJECT
public:
    struct Line
    {
        QString label;
        QList<double> values; // one per frame
        int bone = -1;        // the bone it follows (-1: none)
        QColor color;
    };
    struct Mark
    {
        int frame = 0;
        int bone = -1;
        bpat::Severity severity = bpat::Severity::Warning;
        QString text;
    };

    static constexpr int MinimumHeight = 165;

    explicit AnalysisChart(const QString &title, QWidget *parent = nullptr);

    void setLines(const QList<Line> &lines, int frames, const QString &unit);
    void setMarks(const QList<Mark> &marks);
    void setCurrentFrame(int frame);
    int frames() const { return m_frames; }
    const QList<Line> &lines() const { return m_lines; }
    // Where a mark of this plot lies (chart value coordinates): for tests and for the click.
    QPointF markPoint(const Mark &mark) const;
    // The frame and bone a click at chart value `value` picks.
    std::pair<int, int> pick(const QPointF &value) const;

Q_SIGNALS:
    void frameClicked(int frame, int bone);

protected:
    void mousePressEvent(QMouseEvent *event) override;

private:
    double phase(int frame) const { return m_frames > 0 ? double(frame) / double(m_frames) : 0.0; }
    void updateCursor();

    QList<Line> m_lines;
    QList<Mark> m_marks;
    int m_frames = 0;
    int m_frame = 0;
    double m_low = 0.0, m_high = 1.0;
    QValueAxis *m_x = nullptr;
    QValueAxis *m_y = nullptr;
    QLineSeries *m_cursor = nullptr;
    QScatterSeries *m_errorMarks = nullptr;
    QScatterSeries *m_warningMarks = nullptr;
};

} // namespace bpat::studio

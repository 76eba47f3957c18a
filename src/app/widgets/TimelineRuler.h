#pragma once
// The timeline's ruler, under its bar: ticks numbered in frames (frames count from 0, as
// everywhere), or in seconds on demand (the button in its label column; remembered between
// runs), at a spacing that keeps the numbers apart at any width, and the current frame in a
// highlighted tag. A click jumps to the frame under the pointer, a drag scrubs (TimelineTrack).
#include "TimelineTrack.h"

#include <QList>
#include <QString>
#include <utility>

class QToolButton;

namespace bpat::studio {

class TimelineRuler : public TimelineTrack
{
    Q_OBJECT
public:
    explicit TimelineRuler(QWidget *parent = nullptr);

    // Frame f is at start + f / fps seconds (a recording's time may start before 0).
    void setTimeBase(double fps, double startSeconds = 0.0);
    bool showsSeconds() const { return m_seconds; }
    void setShowsSeconds(bool seconds); // and remembers it (QSettings "timeline/rulerSeconds")
    QToolButton *unitButton() const { return m_unit; }
    // The numbered ticks of the last layout, in frames (fractional in seconds mode), with their
    // text: for tests.
    QList<std::pair<double, QString>> numberedTicks() const;
    // The text of the current frame's tag ("12", "0.500 s").
    QString currentText() const;

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void axisGeometryChanged() override;

private:
    struct Ticks
    {
        double first = 0, step = 1; // in the unit numbered (frames or seconds)
        double minorStep = 0;       // 0: none
        int decimals = 0;
    };
    Ticks ticks() const;
    double frameOfUnit(double value) const; // a frame or a time, as a frame
    QString text(double value, int decimals) const;
    void placeButton();

    QToolButton *m_unit;
    double m_fps = 0.0;
    double m_start = 0.0;
    bool m_seconds = false;
};

} // namespace bpat::studio

#pragma once
// The base of the timeline's rows under its bar (the ruler, the markers, the ground contacts,
// the motion findings). Every row draws on the bar's frame axis (FrameSlider): frame f lies at
// the x where the bar's handle shows it, in every row. The column right of the bar (under the
// time) holds the row's names. A press or drag where a row has nothing of its own (a marker, a
// finding) scrubs: it moves the bar, and so the clip or recording the timeline plays, pausing
// playback while held as a drag of the bar does.
#include <QPointer>
#include <QWidget>

namespace bpat::studio {

class FrameSlider;

class TimelineTrack : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineTrack(QWidget *parent = nullptr);

    // The bar whose frames the row lines up with (followed when it moves, resizes or changes
    // range or value).
    void setFrameAxis(FrameSlider *slider);
    FrameSlider *frameAxis() const;
    int lastFrame() const;               // the bar's last frame (0 without one)
    int currentFrame() const;            // the bar's value
    double xOfFrame(double frame) const; // in this widget; fractional frames fall between
    int frameAt(double x) const;         // the frame nearest to x, within the bar's range
    QRect plotRect() const;              // frame 0 to the last frame, the row's full height
    QRect labelColumn() const;           // right of the plot: the row's names

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    // A press the row takes for itself (on a marker, a finding): true stops the scrub.
    virtual bool pressItem(QMouseEvent *event);
    // The bar moved or was resized (its frames now lie elsewhere): repaints by default.
    virtual void axisGeometryChanged();

    // Moves the bar to the frame under x (a scrub step).
    void scrubTo(double x);
    bool isScrubbing() const { return m_scrubbing; }
    void endScrub();
    // The bar's current frame as a line over `rect`.
    void drawCurrentFrame(QPainter &painter, const QRect &rect) const;
    // A row's name in the label column, vertically centred on [top, top + height).
    void drawRowLabel(QPainter &painter, int top, int height, const QString &text) const;

private:
    QPointer<FrameSlider> m_axis;
    QPointer<QObject> m_axisObject; // the same bar, for eventFilter (see there)
    bool m_scrubbing = false;
};

} // namespace bpat::studio

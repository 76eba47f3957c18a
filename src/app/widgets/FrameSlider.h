#pragma once
// The timeline's scrub bar: a QSlider whose click jumps to the frame under the pointer (and
// drags on from there), where a plain QSlider steps a page (10 frames) towards it, and which
// says where each frame lies, so the marker strip under it draws markers at the same x.
#include <QSlider>

namespace bpat::studio {

class FrameSlider : public QSlider
{
    Q_OBJECT
public:
    explicit FrameSlider(QWidget *parent = nullptr);

    // The x (in this widget) of the handle's centre when the slider is at `value`; fractional
    // values (a marker's phase) fall between two frames.
    double xOfValue(double value) const;
    // The value whose handle centre is nearest to x.
    int valueAt(int x) const;

protected:
    void mousePressEvent(QMouseEvent *event) override;

private:
    QRect grooveRect() const;
    QRect handleRect() const;
};

} // namespace bpat::studio

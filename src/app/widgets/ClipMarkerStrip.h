#pragma once
// A strip under the timeline slider for v2 / v3 files: the current clip's markers drawn at their
// phase and named (anticipation start, weapon release, contact, recover unlocked, exit safe), a
// small plot of its ground contacts over the clip (sole_y and foot_y per frame, v3) with the
// current frame, and the variants of its family, selectable (a combo box the timeline places
// beside its clip selector). Hidden for files without any of these (v1, BPSM, recordings). Its
// context menu sets a marker at the current frame or clears it (undoable, through the context's
// DocumentSession).
//
// With a frame axis (the timeline's slider), everything is drawn at the x where the slider's
// handle shows that frame, so a marker lines up with the frame it falls on. Marker labels are
// laid out in up to three rows, flipped to the left of their line at the right end, shortened
// or left out (the tooltip still names the marker) rather than drawn over each other.
#include <QPointer>
#include <QRect>
#include <QWidget>

class QComboBox;

namespace bpat::studio {

class FrameSlider;
class StudioContext;

class ClipMarkerStrip : public QWidget
{
    Q_OBJECT
public:
    explicit ClipMarkerStrip(StudioContext *context, QWidget *parent = nullptr);

    // The slider whose frames the strip lines up with (its width is followed on resize).
    void setFrameAxis(FrameSlider *slider);
    // Geometry of the drawing, for tests: the x of a phase in [0, 1] inside the plot area.
    int xOfPhase(double phase) const;
    // Where each set marker's label is drawn (file order of the set markers; an empty rect for
    // a label left out), for tests: none overlaps another.
    QList<QRect> markerLabelRects() const;
    QComboBox *variantCombo() const { return m_variants; }
    // Texts of the markers drawn for the current clip, in file order (set ones only).
    QStringList markerLabels() const;
    // Sets marker `marker` (format::MarkerKeys order) of the current clip to the current frame's
    // phase, or clears it; undoable. False when refused.
    bool setMarkerAtCurrentFrame(int marker);
    bool clearMarker(int marker);

protected:
    void paintEvent(QPaintEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool event(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild();
    QRect plotRect() const;
    struct MarkerLabel
    {
        int marker = 0;   // format::MarkerKeys index
        int x = 0;        // the marker's line
        QRect rect;       // where its text goes (empty: left out)
        QString text;
    };
    QList<MarkerLabel> layoutLabels() const;

    StudioContext *m_context;
    QComboBox *m_variants;
    QPointer<FrameSlider> m_axis;
};

} // namespace bpat::studio

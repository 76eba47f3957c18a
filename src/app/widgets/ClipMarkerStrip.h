#pragma once
// A strip under the timeline slider for v2 / v3 files: the current clip's markers drawn at their
// phase and named (anticipation start, weapon release, contact, recover unlocked, exit safe), a
// small plot of its ground contacts over the clip (sole_y and foot_y per frame, v3) with the
// current frame, and the variants of its family, selectable. Hidden for files without any of
// these (v1, BPSM, recordings). Its context menu sets a marker at the current frame or clears
// it (undoable, through the context's DocumentSession).
#include <QWidget>

class QComboBox;

namespace bpat::studio {

class StudioContext;

class ClipMarkerStrip : public QWidget
{
    Q_OBJECT
public:
    explicit ClipMarkerStrip(StudioContext *context, QWidget *parent = nullptr);

    // Geometry of the drawing, for tests: the x of a phase in [0, 1] inside the plot area.
    int xOfPhase(double phase) const;
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

private:
    void rebuild();
    QRect plotRect() const;

    StudioContext *m_context;
    QComboBox *m_variants;
};

} // namespace bpat::studio

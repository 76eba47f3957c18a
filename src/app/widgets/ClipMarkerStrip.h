#pragma once
// The timeline's marker row (v2 / v3 files), on the bar's frame axis (TimelineTrack): the
// current clip's five markers (anticipation_start, weapon_release, contact, recover_unlocked,
// exit_safe) drawn at their frames and named, the labels laid out in up to three rows, flipped
// left of their line at the right end, shortened or left to the tooltip, never over each other.
// Markers are edited here, every edit undoable and made by the same core edit as `bpat edit
// --set-marker` (DocumentEditor::setClipMarker, through the context's DocumentSession):
//   - drag a marker to move it (it lands on the frame under the pointer; Esc cancels);
//   - double-click one to rename it, move it to a typed frame or phase, or clear it
//     (MarkerDialog); double-click elsewhere to set a marker there;
//   - click one to select it (and jump to its frame); Delete clears the selected one;
//   - the context menu sets any marker at the current frame, or clears one.
// An edit that leaves the markers out of the order the game's markers keep is made, with the
// warning `bpat edit` prints, in the status bar. A v1 file has no markers: the row says so and
// how to get them. Hidden for what has no clip table of markers (snapshots, recordings).
// The variants of the clip's family are picked in a combo box the timeline puts beside its clip
// selector (variantCombo()). Editing is in ClipMarkerStripEditing.cpp.
#include "TimelineTrack.h"

#include <QRect>
#include <array>

class QComboBox;

namespace bpat::studio {

class StudioContext;

class ClipMarkerStrip : public TimelineTrack
{
    Q_OBJECT
public:
    explicit ClipMarkerStrip(StudioContext *context, QWidget *parent = nullptr);

    // The x of a phase in [0, 1] (frame phase x last frame).
    int xOfPhase(double phase) const;
    // Where each set marker's label is drawn (file order of the set markers; an empty rect for
    // a label left out), for tests: none overlaps another.
    QList<QRect> markerLabelRects() const;
    QComboBox *variantCombo() const { return m_variants; }
    // Texts of the markers drawn for the current clip, in file order (set ones only).
    QStringList markerLabels() const;
    // What the row says instead of markers (a v1 file), empty when it draws markers.
    QString noteText() const { return m_note; }
    // The marker (format::MarkerKeys index) whose line or label is at x, -1 when none.
    int markerAt(const QPoint &position) const;
    int selectedMarker() const { return m_selected; }
    void selectMarker(int marker);

    // Edits of the current clip's markers, undoable; false when refused. The warning of the last
    // edit that left the markers out of the game's order (empty when they keep it).
    bool setMarkerAtCurrentFrame(int marker);
    bool setMarker(int marker, float phase);
    bool moveMarkerToFrame(int marker, double frame);
    bool renameMarker(int from, int to, float phase);
    bool clearMarker(int marker);
    QString lastWarning() const { return m_warning; }
    // Opens the marker dialog for `marker` (-1: a new one at `frame`) and applies it.
    void editMarker(int marker, double frame);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;
    bool pressItem(QMouseEvent *event) override;

private:
    static constexpr int GrabPixels = 4; // either side of a marker's line: it is picked
    static bool isSet(float phase) { return phase >= 0.0f && phase <= 1.0f; }
    void rebuild();
    bool editable() const;
    // The current clip's phases, with a marker being dragged at its new place.
    std::array<float, 5> shownPhases() const;
    bool apply(class DocumentCommand *command);
    struct MarkerLabel
    {
        int marker = 0; // format::MarkerKeys index
        int x = 0;      // the marker's line
        QRect rect;     // where its text goes (empty: left out)
        QString text;
    };
    QList<MarkerLabel> layoutLabels() const;
    int labelRowHeight() const;
    void fitHeight(); // the rows of labels the clip's markers take

    StudioContext *m_context;
    QComboBox *m_variants;
    QString m_note;
    QString m_warning;
    int m_selected = -1;
    bool m_hasMarkers = false; // the clip shown has markers (v2, v3): labels, not the v1 note
    int m_clip = -1;           // the clip the selection belongs to
    struct Drag
    {
        int marker = -1;
        int pressX = 0;
        bool moving = false;
        int frame = 0;
    } m_drag;
};

} // namespace bpat::studio

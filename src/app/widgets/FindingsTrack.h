#pragma once
// The timeline's motion-findings row (BPAT files), on the bar's frame axis (TimelineTrack): the
// motion lint's findings (MotionLint, from the Analysis tab's run over the loaded file) of the
// current clip, each a mark at its frame coloured by severity (Theme); hover names them, a click
// on one jumps to its frame and selects its bone (the most severe where several share a frame).
// Elsewhere a press scrubs. Hidden for recordings and snapshots.
#include "TimelineTrack.h"
#include "diagnostics/Diagnostic.h"

namespace bpat::studio {

class StudioContext;

class FindingsTrack : public TimelineTrack
{
    Q_OBJECT
public:
    explicit FindingsTrack(StudioContext *context, QWidget *parent = nullptr);

    // The findings of the whole loaded file (each names its clip, frame and bone).
    void setFindings(const bpat::Diagnostics &findings);
    bool hasFindings() const { return m_received; }
    // Those of the current clip that have a frame, in the order drawn (least severe first).
    const bpat::Diagnostics &clipFindings() const { return m_clip; }
    // The most severe finding drawn within reach of x, -1 when none (an index in clipFindings()).
    int findingAt(int x) const;
    QString toolTipAt(int x) const;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;
    bool pressItem(QMouseEvent *event) override;

private:
    void fileChanged();
    void refresh();

    StudioContext *m_context;
    bpat::Diagnostics m_all;
    bpat::Diagnostics m_clip;
    bool m_received = false; // findings arrived for the file shown
};

} // namespace bpat::studio

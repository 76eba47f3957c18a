#pragma once
// The timeline under the central view: clip selector, transport (first, previous, play/pause,
// next, last), loop and reverse toggles, speed, a frame field "f / n", the time in seconds and a
// slider that scrubs while dragged. The logic lives in a PlaybackClock; this widget keeps it, the
// controls and the StudioContext's current clip and frame in step.
//
// When a recording (.bin) is open, the clip selector also lists it: chosen there (or when the
// Curves view is shown), the timeline plays the recording's time instead, stepped at
// RecordingState::kFrameRate, and that time is the curve plots' cursor.
//
// Under the bar, on its frame axis: the ruler (frames, or seconds on demand), and for BPAT clips
// the markers (editable), the ground contacts of each foot and the motion findings
// (TimelineTrack and its rows); a press anywhere on them that is not on a marker or a finding
// scrubs. The contacts of the current clip (ClipContacts) are shared with the window's Contacts
// table and the viewport.
//
// Its actions carry the keyboard shortcuts (Space, Left/Right and , . , Home/End, L, [ ]); the
// main window puts them in its Playback menu so they work wherever the focus is in the window.
#include <QHash>
#include <QList>
#include <QStyle>
#include <QWidget>
#include <memory>

class QAction;

namespace bpat {
struct Diagnostic;
}

namespace Ui {
class TimelineWidget;
}

namespace bpat::studio {

class ClipContacts;
class ClipMarkerStrip;
class ContactTrack;
class FindingsTrack;
class PlaybackClock;
class StudioContext;
class TimelineRuler;

class TimelineWidget : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineWidget(StudioContext *context, QWidget *parent = nullptr);
    ~TimelineWidget() override;

    PlaybackClock *clock() const { return m_clock; }
    // Play/pause, previous, next, first, last, loop, reverse, slower, faster (in menu order).
    QList<QAction *> playbackActions() const { return m_actions; }

    TimelineRuler *ruler() const { return m_ruler; }
    ClipMarkerStrip *markerStrip() const { return m_markers; }
    ContactTrack *contactTrack() const { return m_contactTrack; }
    FindingsTrack *findingsTrack() const { return m_findings; }
    // The ground contacts of the current clip (for the Contacts table and the viewport too).
    ClipContacts *contacts() const { return m_contacts; }
    // The motion lint's findings of the loaded file (AnalysisPanel::lintFinished).
    void setMotionFindings(const QList<bpat::Diagnostic> &findings);
    // In the window's splitter: as tall as the rows need, taken from the central views down to
    // their minimum (called when they change: the file, the clip, the view in front).
    void fitRows();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createActions();
    void rebuildClipList();
    void onClipChanged(int clip);
    void onSourceChanged();
    void showClipItem(int data); // the selector on this item (a clip index or the recording), silently
    void onRecordingTimeChanged(double seconds);
    bool drivesRecording() const;
    int recordingFrame(double seconds) const;
    void onContextFrameChanged(int frame);
    void onClockFrameChanged(int frame);
    void updateFrameDisplay();
    void updatePlayingState(bool playing);
    void updateRanges();

    std::unique_ptr<Ui::TimelineWidget> ui;
    StudioContext *m_context = nullptr;
    PlaybackClock *m_clock = nullptr;
    QList<QAction *> m_actions;
    QHash<QAction *, QStyle::StandardPixmap> m_icons; // each action's icon, drawn for the theme
    ClipContacts *m_contacts = nullptr;
    TimelineRuler *m_ruler = nullptr;
    ClipMarkerStrip *m_markers = nullptr;
    ContactTrack *m_contactTrack = nullptr;
    FindingsTrack *m_findings = nullptr;
    QWidget *m_rows = nullptr; // the scroll area of the rows under the ruler
    QAction *m_playAction = nullptr;
    QAction *m_loopAction = nullptr;
    QAction *m_reverseAction = nullptr;
    bool m_resumeAfterScrub = false;
    bool m_syncing = false;
};

} // namespace bpat::studio

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
// Its actions carry the keyboard shortcuts (Space, Left/Right and , . , Home/End, L, [ ]); the
// main window puts them in its Playback menu so they work wherever the focus is in the window.
#include <QList>
#include <QWidget>
#include <memory>

class QAction;

namespace Ui {
class TimelineWidget;
}

namespace bpat::studio {

class PlaybackClock;
class StudioContext;

class TimelineWidget : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineWidget(StudioContext *context, QWidget *parent = nullptr);
    ~TimelineWidget() override;

    PlaybackClock *clock() const { return m_clock; }
    // Play/pause, previous, next, first, last, loop, reverse, slower, faster (in menu order).
    QList<QAction *> playbackActions() const { return m_actions; }

private:
    void createActions();
    void rebuildClipList();
    void onClipChanged(int clip);
    void onSourceChanged();
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
    QAction *m_playAction = nullptr;
    QAction *m_loopAction = nullptr;
    QAction *m_reverseAction = nullptr;
    bool m_resumeAfterScrub = false;
    bool m_syncing = false;
};

} // namespace bpat::studio

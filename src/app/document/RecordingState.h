#pragma once
// The open input animation recording (.bin), observed apart from the open document: the
// recording, its path, the time the plots, the timeline and the viewport share, and what the
// timeline drives (the current clip of the document, or the recording). The StudioContext owns
// one (StudioContext::recording()); the curve panels, the timeline and the viewport observe it.
#include <QObject>
#include <QString>
#include <memory>

namespace bpat {
class InputAnimation;
}

namespace bpat::studio {

class RecordingState : public QObject
{
    Q_OBJECT
public:
    // The timeline plays either the current clip of the document (frames) or the recording
    // (time in seconds, stepped at kFrameRate), whose time is the curve plots' cursor.
    enum class TimelineSource {
        Clip,
        Recording
    };
    Q_ENUM(TimelineSource)
    static constexpr double kFrameRate = 60.0;

    explicit RecordingState(QObject *parent = nullptr);
    ~RecordingState() override;

    // Reads the recording at `path`; false with the reason in *error (nothing changes then).
    bool open(const QString &path, QString *error);
    // Forgets the recording (the timeline plays the document's clip again); emits closed().
    void close();

    // Whether the recording stays, drawn over the creature, when another document is opened:
    // the deliberate choice of View > Viewport > Recording Over Creature. Otherwise opening a
    // document replaces the recording (StudioContext::open).
    bool keptAsOverlay() const { return m_keptAsOverlay && m_recording; }
    void setKeptAsOverlay(bool kept) { m_keptAsOverlay = kept; }

    // The last recording opened (null when none), and its absolute path.
    std::shared_ptr<const InputAnimation> recording() const { return m_recording; }
    QString path() const { return m_path; }
    bool hasRecording() const { return m_recording != nullptr; }

    TimelineSource timelineSource() const { return m_source; }
    // True while the timeline plays the recording (and there is one).
    bool drivesTimeline() const { return m_source == TimelineSource::Recording && m_recording; }
    // Recording is refused (no change) while no recording is open.
    void setTimelineSource(TimelineSource source);
    double time() const { return m_time; }
    // Clamped to [startTime, duration] of the recording; ignored without one.
    void setTime(double seconds);

Q_SIGNALS:
    void loaded(const QString &path);
    void closed();
    void timelineSourceChanged(bpat::studio::RecordingState::TimelineSource source);
    void timeChanged(double seconds);

private:
    std::shared_ptr<const InputAnimation> m_recording;
    QString m_path;
    TimelineSource m_source = TimelineSource::Clip;
    double m_time = 0.0;
    bool m_keptAsOverlay = false;
};

} // namespace bpat::studio

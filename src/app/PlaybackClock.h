#pragma once
// The timeline's playback logic, free of widgets so it can be tested with a fake clock.
// The frame shown is derived from elapsed real time since the last anchor (play, seek, speed or
// direction change): position = anchor + direction * speed * fps * elapsed. A timer only decides
// how often that position is sampled, so a slow machine drops frames instead of slowing down.
#include <QObject>
#include <QTimer>
#include <functional>

namespace bpat::studio {

class PlaybackClock : public QObject
{
    Q_OBJECT
public:
    // Monotonic time in nanoseconds. The default reads a QElapsedTimer.
    using TimeSource = std::function<qint64()>;

    static constexpr double kMinSpeed = 0.1;
    static constexpr double kMaxSpeed = 4.0;

    explicit PlaybackClock(QObject *parent = nullptr);

    void setTimeSource(TimeSource source);

    // A new clip: frame count, frames per second and its loop flag. Stops playback, frame 0.
    void setClip(int frameCount, double fps, bool loops);
    int frameCount() const { return m_frameCount; }
    double fps() const { return m_fps; }

    int frame() const { return m_frame; }
    double seconds() const; // time of the current frame within the clip
    bool isPlaying() const { return m_playing; }
    bool loops() const { return m_loops; }
    double speed() const { return m_speed; }
    bool isReversed() const { return m_reversed; }

    // How often update() runs while playing (it only samples the time; default 1000/120 ms).
    void setTickIntervalMs(int ms) { m_timer.setInterval(ms); }
    // Sampling is driven by the internal timer; tests with a fake time source call update().
    void setTimerEnabled(bool enabled);

public Q_SLOTS:
    void play();
    void pause();
    void togglePlaying();
    void setFrame(int frame); // seek; keeps playing when playing
    void stepForward();       // one frame, pauses (wraps when the clip loops)
    void stepBackward();
    void goToFirst();
    void goToLast();
    void setLoops(bool loops);
    void setSpeed(double speed); // clamped to [kMinSpeed, kMaxSpeed]
    void setReversed(bool reversed);
    // Samples the time source and moves to the frame it gives.
    void update();

Q_SIGNALS:
    void frameChanged(int frame);
    void playingChanged(bool playing);
    void loopsChanged(bool loops);
    void speedChanged(double speed);
    void reversedChanged(bool reversed);

private:
    double positionAt(qint64 now) const;
    void reanchor();
    void applyFrame(int frame);
    void seekTo(int frame); // frame and position, no re-anchoring
    void setPlaying(bool playing);

    TimeSource m_time;
    QTimer m_timer;
    bool m_timerEnabled = true;
    int m_frameCount = 0;
    double m_fps = 0.0;
    bool m_loops = false;
    double m_speed = 1.0;
    bool m_reversed = false;
    bool m_playing = false;
    int m_frame = 0;
    double m_position = 0.0;       // fractional frame position last sampled
    double m_anchorPosition = 0.0; // in frames, at m_anchorTime
    qint64 m_anchorTime = 0;
};

} // namespace bpat::studio

#include "PlaybackClock.h"

#include <QElapsedTimer>
#include <algorithm>
#include <cmath>
#include <memory>

namespace bpat::studio {

PlaybackClock::PlaybackClock(QObject *parent)
    : QObject(parent)
{
    auto elapsed = std::make_shared<QElapsedTimer>();
    elapsed->start();
    m_time = [elapsed] { return elapsed->nsecsElapsed(); };
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(1000 / 120);
    connect(&m_timer, &QTimer::timeout, this, &PlaybackClock::update);
}

void PlaybackClock::setTimeSource(TimeSource source)
{
    m_time = std::move(source);
    reanchor();
}

void PlaybackClock::setTimerEnabled(bool enabled)
{
    m_timerEnabled = enabled;
    if (!enabled)
        m_timer.stop();
    else if (m_playing)
        m_timer.start();
}

void PlaybackClock::setClip(int frameCount, double fps, bool loops)
{
    setPlaying(false);
    m_frameCount = std::max(0, frameCount);
    m_fps = (std::isfinite(fps) && fps > 0.0) ? fps : 0.0;
    if (m_loops != loops) {
        m_loops = loops;
        Q_EMIT loopsChanged(m_loops);
    }
    m_frame = -1; // force the signal for frame 0 of the new clip
    seekTo(0);
    reanchor();
}

double PlaybackClock::seconds() const
{
    return m_fps > 0.0 ? m_frame / m_fps : 0.0;
}

double PlaybackClock::positionAt(qint64 now) const
{
    const double elapsedSeconds = double(now - m_anchorTime) / 1e9;
    const double direction = m_reversed ? -1.0 : 1.0;
    return m_anchorPosition + direction * m_speed * m_fps * elapsedSeconds;
}

void PlaybackClock::reanchor()
{
    m_anchorTime = m_time ? m_time() : 0;
    m_anchorPosition = m_position; // keeps the fraction of a frame already played
}

void PlaybackClock::applyFrame(int frame)
{
    if (frame == m_frame)
        return;
    m_frame = frame;
    Q_EMIT frameChanged(m_frame);
}

void PlaybackClock::setPlaying(bool playing)
{
    if (playing == m_playing)
        return;
    m_playing = playing;
    if (m_playing && m_timerEnabled)
        m_timer.start();
    else
        m_timer.stop();
    Q_EMIT playingChanged(m_playing);
}

void PlaybackClock::play()
{
    if (m_frameCount <= 1 || m_fps <= 0.0 || m_playing)
        return;
    // A one-shot clip that sits at its end starts over.
    if (!m_loops) {
        if (!m_reversed && m_frame >= m_frameCount - 1)
            seekTo(0);
        else if (m_reversed && m_frame <= 0)
            seekTo(m_frameCount - 1);
    }
    reanchor();
    setPlaying(true);
}

void PlaybackClock::pause()
{
    if (!m_playing)
        return;
    update();
    setPlaying(false);
}

void PlaybackClock::togglePlaying()
{
    m_playing ? pause() : play();
}

void PlaybackClock::update()
{
    if (!m_playing || m_frameCount <= 0)
        return;
    const double position = positionAt(m_time());
    const double n = m_frameCount;
    if (m_loops) {
        double wrapped = std::fmod(position, n);
        if (wrapped < 0.0)
            wrapped += n;
        m_position = wrapped;
        applyFrame(std::clamp(int(std::floor(wrapped)), 0, m_frameCount - 1));
        return;
    }
    // A one-shot clip stops on its last frame (its first, played in reverse).
    if (!m_reversed && position >= n - 1) {
        seekTo(m_frameCount - 1);
        setPlaying(false);
    } else if (m_reversed && position < 1.0) {
        seekTo(0);
        setPlaying(false);
    } else {
        m_position = position;
        applyFrame(int(std::floor(position)));
    }
}

void PlaybackClock::setFrame(int frame)
{
    if (m_frameCount <= 0)
        return;
    seekTo(std::clamp(frame, 0, m_frameCount - 1));
    reanchor();
}

void PlaybackClock::seekTo(int frame)
{
    // Forward play leaves a frame at its end, reverse play at its start: a seek puts the
    // position at the edge that is reached last, so the next frame comes a full period later.
    m_position = m_reversed ? frame + 1.0 - 1e-9 : double(frame);
    applyFrame(frame);
}

void PlaybackClock::stepForward()
{
    if (m_frameCount <= 0)
        return;
    setPlaying(false);
    int next = m_frame + 1;
    if (next >= m_frameCount)
        next = m_loops ? 0 : m_frameCount - 1;
    setFrame(next);
}

void PlaybackClock::stepBackward()
{
    if (m_frameCount <= 0)
        return;
    setPlaying(false);
    int previous = m_frame - 1;
    if (previous < 0)
        previous = m_loops ? m_frameCount - 1 : 0;
    setFrame(previous);
}

void PlaybackClock::goToFirst()
{
    setFrame(0);
}

void PlaybackClock::goToLast()
{
    setFrame(m_frameCount - 1);
}

void PlaybackClock::setLoops(bool loops)
{
    if (loops == m_loops)
        return;
    update();
    m_loops = loops;
    reanchor();
    Q_EMIT loopsChanged(m_loops);
}

void PlaybackClock::setSpeed(double speed)
{
    if (!std::isfinite(speed))
        return;
    speed = std::clamp(speed, kMinSpeed, kMaxSpeed);
    if (speed == m_speed)
        return;
    update();
    m_speed = speed;
    reanchor();
    Q_EMIT speedChanged(m_speed);
}

void PlaybackClock::setReversed(bool reversed)
{
    if (reversed == m_reversed)
        return;
    update();
    m_reversed = reversed;
    seekTo(m_frame);
    reanchor();
    Q_EMIT reversedChanged(m_reversed);
}

} // namespace bpat::studio

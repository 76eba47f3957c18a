#pragma once
// The viewport HUD's frame rate: an average over consecutive repaints only. A repaint after a
// pause (the viewport repaints on demand: nothing moves while idle) is not a frame time: it
// read "frame 5750.8 ms" while idle. Gaps longer than kIdleGapMs reset the average, and the
// HUD then says "idle".
#include <QString>
#include <optional>

namespace bpat::studio {

class FrameRateMeter
{
public:
    static constexpr double kIdleGapMs = 250.0;

    // The time since the previous repaint, in milliseconds.
    void frame(double intervalMs);
    // Frames per second over the recent run of repaints; nullopt when idle.
    std::optional<double> fps() const;
    // "60 fps" or "idle".
    QString text() const;

private:
    double m_averageMs = 0.0;
    int m_frames = 0; // consecutive repaints averaged
};

} // namespace bpat::studio

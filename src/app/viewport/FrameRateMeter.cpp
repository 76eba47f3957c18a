#include "FrameRateMeter.h"

namespace bpat::studio {

void FrameRateMeter::frame(double intervalMs)
{
    if (!(intervalMs >= 0.0) || intervalMs > kIdleGapMs) {
        m_averageMs = 0.0;
        m_frames = 0;
        return;
    }
    m_averageMs = m_frames == 0 ? intervalMs : m_averageMs * 0.9 + intervalMs * 0.1;
    ++m_frames;
}

std::optional<double> FrameRateMeter::fps() const
{
    if (m_frames < 2 || m_averageMs <= 0.0)
        return std::nullopt;
    return 1000.0 / m_averageMs;
}

QString FrameRateMeter::text() const
{
    const std::optional<double> rate = fps();
    return rate ? QStringLiteral("%1 fps").arg(*rate, 0, 'f', 1) : QStringLiteral("idle");
}

} // namespace bpat::studio

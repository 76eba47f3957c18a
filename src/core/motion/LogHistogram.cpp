#include "motion/LogHistogram.h"

#include <algorithm>
#include <bit>

namespace bpat {

std::uint32_t LogHistogram::bitsOf(float v)
{
    return std::bit_cast<std::uint32_t>(v);
}

LogHistogram::LogHistogram(float low, float high, int mantissaBits)
    : m_low(low)
    , m_high(high)
    , m_shift(23 - std::clamp(mantissaBits, 0, 23))
    , m_lowKey(bitsOf(low) >> m_shift)
    // Bin 0: below low; bins 1..: the keys of low .. high.
    , m_bins(size_t((bitsOf(high) >> m_shift) - m_lowKey + 2), 0u)
{
}

void LogHistogram::clear()
{
    std::fill(m_bins.begin(), m_bins.end(), 0u);
    m_count = 0;
}

void LogHistogram::add(const LogHistogram &other)
{
    for (size_t b = 0; b < m_bins.size() && b < other.m_bins.size(); ++b)
        m_bins[b] += other.m_bins[b];
    m_count += other.m_count;
}

double LogHistogram::median() const
{
    if (m_count == 0)
        return 0.0;
    const long long target = m_count / 2; // index of the median in the sorted values
    long long seen = 0;
    for (size_t b = 0; b < m_bins.size(); ++b) {
        seen += m_bins[b];
        if (seen <= target)
            continue;
        if (b == 0)
            return 0.0;
        const std::uint32_t key = std::uint32_t(b) - 1 + m_lowKey;
        const float lo = std::bit_cast<float>(key << m_shift);
        const float hi = std::bit_cast<float>((key << m_shift) | ((1u << m_shift) - 1));
        return std::min(0.5 * (double(lo) + double(hi)), double(m_high));
    }
    return double(m_high);
}

} // namespace bpat

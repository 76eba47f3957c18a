#pragma once
// The median of a stream of positive values in constant memory: a histogram whose bins follow
// the values' IEEE single-precision patterns (exponent and the top `mantissaBits` of the
// mantissa), which order as the values do: each power of two is split into 2^mantissaBits
// bins, so with 7 bits every bin is at most 0.8 % wide and the median comes back within 0.4 %
// (its bin's middle); with 4 bits within 3 %. Values below `low` count as 0, values above
// `high` as `high`. What the motion lint needs to stream a clip of any length through the
// mapping without keeping its frames, with no logarithm per value and bins that stay in cache.
#include <cstdint>
#include <vector>

namespace bpat {

class LogHistogram
{
public:
    LogHistogram(float low, float high, int mantissaBits);
    void clear();
    void add(float value) // NaN is ignored
    {
        if (!(value == value))
            return;
        ++m_count;
        if (value < m_low) {
            ++m_bins[0];
            return;
        }
        const float v = value < m_high ? value : m_high;
        ++m_bins[(bitsOf(v) >> m_shift) - m_lowKey + 1];
    }
    void add(const LogHistogram &other); // the same low, high and bits
    long long count() const { return m_count; }
    // The median (the element at index count / 2 of the sorted values), 0 when empty.
    double median() const;

private:
    static std::uint32_t bitsOf(float v);

    float m_low, m_high;
    int m_shift;
    std::uint32_t m_lowKey;
    std::vector<std::uint32_t> m_bins;
    long long m_count = 0;
};

} // namespace bpat

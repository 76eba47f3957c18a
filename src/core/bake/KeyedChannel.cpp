#include "bake/KeyedChannel.h"

namespace bpat {

KeyedChannel::KeyedChannel(std::initializer_list<std::pair<float, float>> keys)
    : m_keys(keys)
{
    Q_ASSERT(!m_keys.isEmpty());
}

float KeyedChannel::at(float time) const
{
    if (time <= m_keys.constFirst().first)
        return m_keys.constFirst().second;
    for (qsizetype i = 1; i < m_keys.size(); ++i) {
        const auto &[t1, v1] = m_keys.at(i);
        if (time <= t1) {
            const auto &[t0, v0] = m_keys.at(i - 1);
            const float u = t1 > t0 ? (time - t0) / (t1 - t0) : 1.0f;
            const float s = u * u * (3.0f - 2.0f * u);
            return v0 + (v1 - v0) * s;
        }
    }
    return m_keys.constLast().second;
}

} // namespace bpat

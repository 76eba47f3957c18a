#pragma once
// A scalar animation channel given by (time, value) keys, eased between keys with a smoothstep
// so motion starts and stops without jerks. Used for the one-shot clips (attacks), where the
// motion is authored as poses at moments rather than as a periodic function.
#include <QList>
#include <initializer_list>
#include <utility>

namespace bpat {

class KeyedChannel
{
public:
    KeyedChannel(std::initializer_list<std::pair<float, float>> keys); // sorted by time
    float at(float time) const;                                        // clamped to the first/last key outside their range

private:
    QList<std::pair<float, float>> m_keys;
};

} // namespace bpat

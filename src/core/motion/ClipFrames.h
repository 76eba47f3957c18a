#pragma once
// A clip's frames by clip-local index for a pass that walks them in order and looks a few
// frames around (MotionLint): each frame's origins read once into one of six slots, indices
// wrapping around for a looping clip (-1 is the last frame, n the first). A pointer returned
// stays valid while the indices asked for afterwards lie within six consecutive ones.
#include "motion/OriginReader.h"

#include <array>
#include <limits>
#include <vector>

namespace bpat {

class ClipFrames
{
public:
    ClipFrames(const OriginReader &reader, int clip, bool wraps);
    // The origins of frame `index` (boneCount() of them), or nullptr when it is outside the
    // clip (and the clip does not wrap) or the file.
    const QVector3D *at(qint64 index);

private:
    static constexpr int Slots = 6;
    static constexpr qint64 NoFrame = std::numeric_limits<qint64>::min();
    const OriginReader &m_reader;
    quint32 m_offset = 0;
    qint64 m_frames = 0;
    bool m_wraps = false;
    std::array<qint64, Slots> m_index;
    std::array<std::vector<QVector3D>, Slots> m_slot;
};

} // namespace bpat

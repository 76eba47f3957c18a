#include "motion/ClipFrames.h"

namespace bpat {

ClipFrames::ClipFrames(const OriginReader &reader, int clip, bool wraps)
    : m_reader(reader)
    , m_wraps(wraps)
{
    const BpatFile &file = reader.file();
    if (clip >= 0 && clip < file.clips().size()) {
        m_offset = file.clips().at(clip).frameOffset;
        m_frames = qint64(file.clips().at(clip).frameCount);
    }
    m_index.fill(NoFrame);
    for (std::vector<QVector3D> &slot : m_slot)
        slot.resize(size_t(reader.boneCount()));
}

const QVector3D *ClipFrames::at(qint64 index)
{
    if (m_frames <= 0)
        return nullptr;
    // Slots go by the index asked for, not the frame it wraps to, so the frames a caller holds
    // (any six consecutive indices) never share a slot, even across the seam of a loop.
    qint64 frame = index;
    if (frame < 0 || frame >= m_frames) {
        if (!m_wraps)
            return nullptr;
        frame = ((frame % m_frames) + m_frames) % m_frames;
    }
    const int slot = int(((index % Slots) + Slots) % Slots);
    if (m_index[size_t(slot)] != index) {
        const quint64 global = quint64(m_offset) + quint64(frame);
        if (global > 0xffffffffu || !m_reader.readFast(quint32(global), m_slot[size_t(slot)].data())) {
            m_index[size_t(slot)] = NoFrame;
            return nullptr;
        }
        m_index[size_t(slot)] = index;
    }
    return m_slot[size_t(slot)].data();
}

} // namespace bpat

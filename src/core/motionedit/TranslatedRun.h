#pragma once
// A run of a clip's frames as the bone-length repair edits them when nothing else does: read in
// place from the mapped file (its stored floats copied once, no global matrix computed), moved
// only by translations (translate(), ClipMotion's rule for a pure move: the bone and its readable
// subtree follow by the same vector), and written back in the file's own layout. ClipMotion
// computes every global of the run (late v3: skin x bind), then BpatWriter turns each changed one
// back into a skinning matrix (global x inverse bind); for a pure move both round trips cancel:
// T(d) x skin x bind is (T(d) x skin) x bind, so the stored matrix keeps its 3x3 bits and only its
// translation moves by d (BpatWriter::lateV3Skin's rule for a global moved and not turned, which
// gives the same bits from a ClipMotion). So for a long clip (StreamFixer's runs) a bone-length
// repair costs a copy of the run and the origins it reads.
//
// The origins, readability (the parent's global invertible, LocalChannels::isInvertible),
// translate() and the translations written are those ClipMotion gives for the same moves, bit
// for bit: the origins of late v3 are OriginReader::read()'s (skinTimesBind's bits), a move adds
// its vector in double to the position the bone has, and the float of that position is written.
// read() refuses what only ClipMotion handles: non-finite floats, or a stored matrix (or a late-v3
// bind matrix) whose bottom row is not exactly 0 0 0 1.
#include "motionedit/MotionSkeleton.h"

#include <QString>
#include <array>
#include <vector>

namespace bpat {

class BpatFile;

class TranslatedRun
{
public:
    using Vec3 = std::array<double, 3>;

    // Frames [first, first + count) of a clip into `run`, reusing its memory; false (and *why)
    // when they are not inside the file or this class cannot hold them (see above).
    static bool read(TranslatedRun &run, const BpatFile &file, const MotionSkeleton &skeleton, int clip, quint32 first,
                     quint32 count, QString *why = nullptr);

    const MotionSkeleton &skeleton() const { return *m_skeleton; }
    int boneCount() const { return m_bones; }
    quint32 frameCount() const { return m_frames; }
    quint32 firstFrame() const { return m_first; } // in the clip

    // What BoneLengthRepair reads and does, as ClipMotion's functions of the same names.
    Vec3 origin(quint32 frame, int bone) const;
    bool isReadable(quint32 frame, int bone) const;
    bool translate(quint32 frame, int bone, const Vec3 &delta);

    bool isChanged(quint32 frame, int bone) const { return frame < m_frames && (m_state[at(frame, bone)] & Changed) != 0; }
    bool isFrameChanged(quint32 frame) const { return frame < m_frames && m_frameChanged[frame] != 0; }
    // The distance the bone's origin moved (MotionChange::translationError of it).
    Vec3 movedBy(quint32 frame, int bone) const;
    // A bone's global matrix (row-major floats) as read, and as it is now; a frame's globals now.
    std::array<float, 16> originalGlobal(quint32 frame, int bone) const;
    std::array<float, 16> global(quint32 frame, int bone) const;
    void globalFloats(quint32 frame, float *out) const;

    // Writes the moves of frames [from, to) into the stored floats (once; nothing may be read or
    // moved in them after) and returns those frames' floats, as the file stores them: the
    // matrices to write for them.
    const float *settle(quint32 from, quint32 to);
    // A frame's stored floats (settled or as read).
    const float *storedFloats(quint32 frame) const { return m_stored.data() + at(frame, 0) * 16; }

private:
    enum StateBit : quint8 {
        OriginKnown = 1,   // m_origin holds the original origin
        ReadableKnown = 2, // the Readable bit is known
        Readable = 4,      // the parent's original global is invertible (or there is none)
        Changed = 8        // moved: m_position holds the origin
    };
    size_t at(quint32 frame, int bone) const { return size_t(frame) * size_t(m_bones) + size_t(bone); }
    const std::array<float, 3> &originalOrigin(size_t i, int bone) const;
    void move(size_t i, int bone, const Vec3 &delta);

    const MotionSkeleton *m_skeleton = nullptr;
    int m_bones = 0;
    quint32 m_frames = 0;
    quint32 m_first = 0;
    bool m_late = false;
    std::vector<float> m_stored;                        // frames x bones x 16, as the file stores them
    std::vector<float> m_bind;                          // late v3: bones x 16 column-major bind floats
    std::vector<double> m_bindDeterminant, m_bindBound; // per bone: det, prod |B_c|^2 (0: no sure pass)
    mutable std::vector<std::array<float, 3>> m_origin;
    std::vector<Vec3> m_position;
    mutable std::vector<quint8> m_state;
    std::vector<quint8> m_frameChanged;
    std::vector<QList<int>> m_below; // per bone: its descendants in order
};

} // namespace bpat

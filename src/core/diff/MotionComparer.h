#pragma once
// The one pass of `bpat diff` over the frames: for each pair of clips with the same frame count
// (and files with the same bone count), frame by frame, the GLOBAL matrix of every bone in A
// against B (late v3: skin x bind, computed as it is read), the socket rows of the sockets both
// files anchor alike, and the v3 contact records. Reads in place from both mappings, a run of
// about 1 MiB at a time, runs spread over threads (results merged in frame order, so they do not
// depend on the thread count); memory stays a few kilobytes a run whatever the files' size.
#include "diff/DiffOptions.h"
#include "diff/RangeList.h"

#include <QList>

#include <memory>
#include <optional>
#include <vector>

namespace bpat {
class BpatFile;
}

namespace bpat::diff {

// A socket both files hold with the same anchor bone: its rows are compared where the anchor's
// matrices are the same (elsewhere the bone's motion explains them).
struct SocketTrack
{
    int socketA = -1;
    int socketB = -1;
    quint32 anchor = 0;
};

// One pair of clips to compare, frame by frame: frame i of the task is A's global frame
// firstA + i x strideA and B's firstB + i x strideB (a trimmed or decimated clip: FrameAlignment).
struct MotionTask
{
    quint32 firstA = 0; // global frame of A's first frame compared
    quint32 firstB = 0;
    quint32 frames = 0;
    bool contacts = false; // both files hold an in-bounds contact table
    QList<SocketTrack> sockets;
    quint32 strideA = 1, strideB = 1;

    quint64 frameA(quint32 i) const { return quint64(firstA) + quint64(i) * strideA; }
    quint64 frameB(quint32 i) const { return quint64(firstB) + quint64(i) * strideB; }
};

// What the pass found for one task.
struct MotionFindings
{
    struct Bone
    {
        // The largest squared chord of the bases (MatrixDelta.h) and squared distance of the
        // origins, beyond the tolerance or not.
        float chord2 = 0.0f;
        float move2 = 0.0f;
        quint32 chordFrame = 0, moveFrame = 0; // clip-local
        bool differs = false;                  // beyond the tolerance in some frame
    };
    struct Socket
    {
        float chord2 = 0.0f, move2 = 0.0f;
        quint32 chordFrame = 0, moveFrame = 0;
        quint64 frames = 0; // frames beyond the tolerance where the anchor did not move
    };
    std::vector<Bone> bones;
    RangeList frames; // the frames where some bone differs
    std::vector<Socket> sockets;
    RangeList contactFrames;
    float contactMax = 0.0f; // the largest |difference| of sole_y or foot_y
    quint32 contactFrame = 0;
    int contactField = 0; // 0 sole_y, 1 foot_y

    void absorb(const MotionFindings &later);
};

class MotionComparer
{
public:
    // Both files must have passed FileDiff's checks (tables and blocks in bounds) and have the
    // same bone count.
    MotionComparer(const BpatFile &a, const BpatFile &b, const DiffOptions &options);
    ~MotionComparer();
    // One result per task, or nullopt when cancelled.
    std::optional<QList<MotionFindings>> run(const QList<MotionTask> &tasks);

private:
    struct Side;
    struct Run;
    void compare(const MotionTask &task, const Run &run, MotionFindings &out) const;
    template<bool LateA, bool LateB>
    void comparePalette(const MotionTask &task, const Run &run, MotionFindings &out, std::vector<quint64> &moved) const;

    const BpatFile &m_a;
    const BpatFile &m_b;
    const DiffOptions &m_options;
    std::unique_ptr<Side> m_sideA, m_sideB;
    float m_chordLimit = 0.0f, m_moveLimit = 0.0f, m_valueLimit = 0.0f;
    bool m_sameStorage = false;
};

} // namespace bpat::diff

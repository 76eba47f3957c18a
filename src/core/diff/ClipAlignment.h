#pragma once
// Which frames of two clips of different frame counts go together: as a trim leaves them (one
// clip holds frames 4-19 of the other) or a resample by a whole factor (every second frame), the
// offset and stride that match best, found on the GLOBAL matrices of a few frames; else a
// resample over the same span (frames between the original's: not paired) or nothing. `bpat
// diff` then compares the motion of the paired frames only, and the window's Differences list,
// Palette column and ghost follow the same pairs (FrameAlignment, diff/DiffChange.h).
#include "diff/DiffChange.h"

namespace bpat {
class BpatFile;
}

namespace bpat::diff {

class ClipAlignment
{
public:
    // Clips of both files with the same bone count. Equal frame counts give the identity. The
    // result's text says what was found, naming the files "A" and "B".
    static FrameAlignment find(const BpatFile &a, int clipA, const BpatFile &b, int clipB, double tolerance);

    // A resample over the same span counts as matching when the shorter clip's origins lie within
    // this of the longer one's, interpolated linearly between its frames (metres).
    static constexpr double ResampleMatch = 0.01;
    // Whole-factor resamples tried: every k-th frame for k up to this.
    static constexpr quint32 MaxStride = 16;
};

} // namespace bpat::diff

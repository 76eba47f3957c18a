#pragma once
// What a comparison of two BPAT files is asked to do (FileDiff::compare).
#include <QStringList>

#include <functional>

namespace bpat::diff {

struct DiffOptions
{
    // Two poses are the same within `tolerance` metres and radians (MatrixDelta.h); clip metadata
    // (fps relative to its value, markers, socket offsets in metres) and contact records within it.
    double tolerance = 1e-5;
    QStringList clips;                // compare only these clips (names in A or B); empty: every clip
    bool unknownClipIsTrouble = true; // a name in `clips` neither file holds (folders: false)
    int threads = 0;                  // 0: QThread::idealThreadCount()
    bool releaseBehind = false;       // the pages of both mappings leave the resident set behind the pass
    int maxRanges = 64;               // frame ranges kept per change (the count covers every one)
    // Called on the calling thread with bytes done / total; returning false cancels.
    std::function<bool(quint64 done, quint64 total)> progress;
};

} // namespace bpat::diff

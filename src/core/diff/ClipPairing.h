#pragma once
// Which clip of one file goes with which of the other: by name first (the k-th clip of a name in
// A with the k-th of that name in B), then the clips left over by content: the same frame count
// and the same global matrices, within the tolerance, at up to eight frames spread over the clip
// (a rename; the full pass then compares every frame). And which kept clips changed their place:
// the pairs outside the longest run whose order both files agree on.
#include "diff/DiffChange.h"

#include <QList>

namespace bpat {
class BpatFile;
}

namespace bpat::diff {

class ClipPairing
{
public:
    // Every clip of A once (clipB -1: removed), then B's unpaired clips (clipA -1: added).
    static QList<ClipPair> pair(const BpatFile &a, const BpatFile &b, double tolerance);
    // Indices into `pairs` of the kept pairs (both sides) that moved.
    static QList<qsizetype> moved(const QList<ClipPair> &pairs);
    // Whether two clips hold the same motion at the sampled frames.
    static bool sameContent(const BpatFile &a, int clipA, const BpatFile &b, int clipB, double tolerance);
};

} // namespace bpat::diff

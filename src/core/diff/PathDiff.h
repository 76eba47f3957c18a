#pragma once
// `bpat diff` on paths: two BPAT files through FileDiff; two files of another kind (BPSM meshes,
// recordings, anything else) through their TextConv texts, each changed line a `content` change.
#include "diff/DiffChange.h"
#include "diff/DiffOptions.h"

namespace bpat::diff {

class PathDiff
{
public:
    // result.error on trouble (a file that cannot be opened or compared).
    static DiffResult files(const QString &pathA, const QString &pathB, const DiffOptions &options = {});
};

} // namespace bpat::diff

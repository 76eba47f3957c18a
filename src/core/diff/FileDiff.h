#pragma once
// `bpat diff`'s comparison of two BPAT files of any dialects (v1, v2, early or late v3): what
// differs, as a list of changes a reviewer reads (DiffReport prints them).
//
// - header: species and bone count; a change of dialect alone is a note, not a change;
// - clips: paired by name (the k-th clip of a name with the k-th of B), then the rest by content
//   (same frame count and the same global matrices at sampled frames: a rename); unpaired clips
//   are removed or added; a pair whose place among the kept clips changed has moved;
// - per pair, the metadata (frame count, fps, loops, the five markers, flags, variant family and
//   ordinal; a field a dialect does not store counts as the value the game implies: markers -1,
//   the writer's flags rule, no variant family) and, with equal frame counts and bone counts, the
//   motion: MotionComparer's pass over the GLOBAL matrices, the socket rows and the contacts;
// - sockets: paired by name; anchor and offset; their rows where the anchor did not move;
// - late v3 in both: the bind palette and the bone parents (one side only: a note).
#include "diff/DiffChange.h"
#include "diff/DiffOptions.h"

namespace bpat {
class BpatFile;
}

namespace bpat::diff {

class FileDiff
{
public:
    // Why `file` cannot be compared (its tables or blocks do not lie in it, an unknown version),
    // or an empty string.
    static QString whyNotComparable(const BpatFile &file);
    // result.error is set (trouble, exit 2) when either file cannot be compared or --clip names
    // a clip neither file holds.
    static DiffResult compare(const BpatFile &a, const BpatFile &b, const DiffOptions &options = {});
    // The names of the file's bones from its rig (BpatFile::rig), "" where the rig has none.
    static QStringList boneNames(const BpatFile &file);
};

} // namespace bpat::diff

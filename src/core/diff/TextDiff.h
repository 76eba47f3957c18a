#pragma once
// Which lines of one text differ from another's (a longest common subsequence of lines): for
// files `bpat diff` has no semantic comparison of (BPSM meshes, recordings), their TextConv
// texts are compared, and each changed line is a `content` change (old and new line; a line
// only one side has has null on the other).
#include "diff/DiffChange.h"

#include <QStringList>

namespace bpat::diff {

class TextDiff
{
public:
    static QList<Change> lines(const QStringList &a, const QStringList &b);
};

} // namespace bpat::diff

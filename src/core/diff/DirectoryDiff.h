#pragma once
// `bpat diff DIR_A DIR_B`: the files under two folders paired by their path relative to each
// folder; each pair compared (PathDiff), each file only one side has reported as added or removed.
// The reports of a set of results (one per path) for CI: text, JSON, JUnit XML, GitHub
// annotations, as `bpat validate` has them.
#include "diff/DiffChange.h"
#include "diff/DiffOptions.h"

namespace bpat::diff {

class DirectoryDiff
{
public:
    // `filesA` / `filesB`: paths under rootA / rootB (as a directory walk lists them). One result
    // per relative path, sorted by it.
    static QList<DiffResult> compare(const QString &rootA, const QStringList &filesA, const QString &rootB,
                                     const QStringList &filesB, const DiffOptions &options = {});

    // "N files: D differ, A added, R removed, S the same" (and "T trouble").
    static QString summary(const QList<DiffResult> &results);
    // Every file that differs: its summary line and its change lines (relative paths); added,
    // removed and trouble one line each; then summary().
    static QString text(const QList<DiffResult> &results);
    // {"same", "a", "b", "tolerance", "files": [{"path", "status", "notes", "changes", "error"}],
    //  "changes": [every change, with "path"]}
    static QJsonObject json(const QString &rootA, const QString &rootB, double tolerance, const QList<DiffResult> &results);
    // One <testcase> per path, one <failure> per change, an <error> for trouble.
    static QByteArray junit(const QList<DiffResult> &results);
    // `::error file=PATH,title=bpat diff KIND::LINE` per change (the path in B; in A when removed).
    static QString github(const QList<DiffResult> &results);
    // "same", "different", "added", "removed" or "trouble".
    static QString status(const DiffResult &result);
};

} // namespace bpat::diff

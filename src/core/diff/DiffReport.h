#pragma once
// The text and JSON of `bpat diff`: a summary line, the notes, then one line per change; or the
// JSON contract {"same", "changes": [{"kind", "clip", ...}], ...} of docs/cli.md.
#include "diff/DiffChange.h"

#include <QJsonObject>
#include <QString>

namespace bpat::diff {

class DiffReport
{
public:
    // One line, no newline: "clip walk: fps 24 -> 30".
    static QString line(const Change &change);
    // "A -> B: 3 changes (1 clip removed, 1 clip metadata, 1 motion)" or "A -> B: same within 1e-05".
    static QString summary(const DiffResult &result);
    // The summary, a "note: " line per note, then one line per change; each ends with a newline.
    static QString text(const DiffResult &result);
    static QJsonObject changeJson(const Change &change);
    // {"same", "a", "b", "dialect_a", "dialect_b", "tolerance", "notes", "changes"}
    static QJsonObject json(const DiffResult &result);
    // "frames 10-12, 20 (+3 more ranges)"
    static QString framesText(const Change &change);
    static QString degreesText(double degrees);
    static QString metresText(double metres);
};

} // namespace bpat::diff

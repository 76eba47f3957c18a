#pragma once
// Turns validation results into the exact output of `bpat validate`: the JSON document of
// `--json` and the human lines `path:offset: severity CODE message [location]`. The GUI's
// export uses the same functions, so its files are identical to the command line's.
#include "diagnostics/DiagnosticSink.h"
#include "diagnostics/ValidationCodes.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace bpat {

struct ValidatedFile
{
    QString path;
    ValidationResult result;
};

class ValidationReport
{
public:
    // {"code", "severity", "message", "offset" (number or null), "location"}
    static QJsonObject issueJson(const Diagnostic &issue);
    // {"path", "valid", "counts": {"error", "warning", "info"}, "issues": [...], "truncated"}
    static QJsonObject fileJson(const ValidatedFile &file);
    // {"profile": "spec"|"game", "files": [...]}
    static QJsonObject reportJson(ValidationProfile profile, const QList<ValidatedFile> &files);
    static QByteArray toJson(ValidationProfile profile, const QList<ValidatedFile> &files); // indented, ends with \n
    // What a pipeline needs to trust a report: which tool, when, with which rules.
    struct RunInfo
    {
        ValidationProfile profile = ValidationProfile::Spec;
        bool deep = false;
        QString time; // ISO 8601 UTC; now when empty
        // Game profile: the era judged against ("current", "v1", "v2", "v3-early"); empty in
        // the other profiles (then not written).
        QString gameEra;
    };
    // reportJson plus {"tool": "bpat", "version", "time", "deep"} and, in the game profile, "game_era"
    static QJsonObject reportJson(const RunInfo &run, const QList<ValidatedFile> &files);
    static QByteArray toJson(const RunInfo &run, const QList<ValidatedFile> &files);
    // JUnit XML: one <testsuite> (the run), one <testcase> per file, one <failure> per error.
    static QByteArray toJUnit(const RunInfo &run, const QList<ValidatedFile> &files);
    // GitHub Actions workflow commands, one per issue: `::error file=PATH::CODE message`
    // (warnings as ::warning, infos as ::notice).
    static QString githubAnnotations(const ValidatedFile &file);
    // One line per file: `PATH: valid|invalid (E errors, W warnings, I infos)`, then the
    // root cause of an invalid file (its first error), the codes of a valid file's warnings
    // ("warnings RIG_BONE_COUNT_MISMATCH"), or "no issues found".
    static QString summaryLine(const ValidatedFile &file);

    // `path:offset: severity CODE message [location]`; without an offset `path: severity ...`.
    static QString humanLine(const QString &path, const Diagnostic &issue);
    // Every issue line of a file, then (when issues were dropped) a line saying how many.
    static QString humanText(const ValidatedFile &file);
};

} // namespace bpat

#pragma once
// One finding about a file: a stable code, a severity, a human message, and where it is
// (a byte offset when it has one, and a structured location whose toString() is a path such as
// "clips[3].name_offset").
// Shared by the BPAT validator, the BPSM reader and the input-animation reader.
#include "diagnostics/DiagnosticLocation.h"

#include <QList>
#include <QString>
#include <optional>

namespace bpat {

enum class Severity {
    Info = 0,
    Warning = 1,
    Error = 2
};

QString severityName(Severity severity); // "info", "warning", "error"
std::optional<Severity> severityFromName(const QString &name);

struct Diagnostic
{
    QString code; // stable, e.g. "BAD_MAGIC"; never renamed
    Severity severity = Severity::Error;
    QString message;               // rule, what was found, what was expected
    std::optional<quint64> offset; // byte offset in the file, if the issue has one
    DiagnosticLocation location;   // toString(): "header.bone_count", "palette[clip=walk,frame=7,bone=12]"
};

using Diagnostics = QList<Diagnostic>;

struct DiagnosticCounts
{
    int errors = 0;
    int warnings = 0;
    int infos = 0;
};
DiagnosticCounts countDiagnostics(const Diagnostics &diagnostics);
bool hasErrors(const Diagnostics &diagnostics);

} // namespace bpat

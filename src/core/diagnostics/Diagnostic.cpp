#include "diagnostics/Diagnostic.h"

#include <algorithm>

namespace bpat {

QString severityName(Severity severity)
{
    switch (severity) {
    case Severity::Info: return QStringLiteral("info");
    case Severity::Warning: return QStringLiteral("warning");
    case Severity::Error: return QStringLiteral("error");
    }
    return QStringLiteral("error");
}

std::optional<Severity> severityFromName(const QString &name)
{
    for (Severity s : {Severity::Info, Severity::Warning, Severity::Error}) {
        if (severityName(s) == name)
            return s;
    }
    return std::nullopt;
}

DiagnosticCounts countDiagnostics(const Diagnostics &diagnostics)
{
    DiagnosticCounts counts;
    for (const Diagnostic &d : diagnostics) {
        switch (d.severity) {
        case Severity::Info: ++counts.infos; break;
        case Severity::Warning: ++counts.warnings; break;
        case Severity::Error: ++counts.errors; break;
        }
    }
    return counts;
}

bool hasErrors(const Diagnostics &diagnostics)
{
    return std::any_of(diagnostics.cbegin(), diagnostics.cend(),
                       [](const Diagnostic &d) { return d.severity == Severity::Error; });
}

} // namespace bpat

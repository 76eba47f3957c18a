#include "diagnostics/DiagnosticSink.h"

namespace bpat {

DiagnosticSink::DiagnosticSink(ValidationProfile profile, int maxIssues)
    : m_profile(profile)
    , m_maxIssues(qMax(0, maxIssues))
{
}

void DiagnosticSink::count(Severity severity)
{
    switch (severity) {
    case Severity::Error: ++m_result.counts.errors; break;
    case Severity::Warning: ++m_result.counts.warnings; break;
    case Severity::Info: ++m_result.counts.infos; break;
    }
}

void DiagnosticSink::report(const QString &code, std::optional<quint64> offset, const DiagnosticLocation &location,
                            const QString &message)
{
    const Severity severity = ValidationCodes::severity(code, m_profile);
    count(severity);
    if (full()) {
        m_result.truncated = true;
        return;
    }
    m_result.issues.append(Diagnostic{code, severity, message, offset, location});
}

void DiagnosticSink::countOnly(const QString &code)
{
    count(ValidationCodes::severity(code, m_profile));
    m_result.truncated = true;
}

} // namespace bpat

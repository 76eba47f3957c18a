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

void DiagnosticSink::add(Diagnostic diagnostic)
{
    diagnostic.severity = ValidationCodes::severity(diagnostic.code, m_profile);
    addAsIs(std::move(diagnostic));
}

void DiagnosticSink::addAsIs(Diagnostic diagnostic)
{
    count(diagnostic.severity);
    if (full()) {
        m_result.truncated = true;
        return;
    }
    m_result.issues.append(std::move(diagnostic));
}

void DiagnosticSink::absorb(const ValidationResult &later)
{
    for (const Diagnostic &d : later.issues)
        add(d);
    const DiagnosticCounts kept = countDiagnostics(later.issues);
    m_result.counts.errors += later.counts.errors - kept.errors;
    m_result.counts.warnings += later.counts.warnings - kept.warnings;
    m_result.counts.infos += later.counts.infos - kept.infos;
    m_result.truncated = m_result.truncated || later.truncated;
    m_result.cancelled = m_result.cancelled || later.cancelled;
}

void DiagnosticSink::countOnly(const QString &code)
{
    count(ValidationCodes::severity(code, m_profile));
    m_result.truncated = true;
}

} // namespace bpat

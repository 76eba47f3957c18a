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

bool DiagnosticSink::keeps(Severity severity) const
{
    if (m_maxIssues == 0 || m_keptTotal < m_maxIssues)
        return true;
    for (int s = 0; s < int(severity); ++s) // a less severe finding kept gives way
        if (!m_kept[size_t(s)].isEmpty())
            return true;
    return false;
}

void DiagnosticSink::keep(Diagnostic diagnostic)
{
    const Severity severity = diagnostic.severity;
    if (!keeps(severity)) {
        m_result.truncated = true;
        return;
    }
    if (m_maxIssues > 0 && m_keptTotal >= m_maxIssues) {
        for (auto &s : m_kept) { // the last one of the least severity kept
            if (!s.isEmpty()) {
                s.removeLast();
                --m_keptTotal;
                break;
            }
        }
        m_result.truncated = true;
    }
    m_kept[size_t(severity)].append(std::move(diagnostic));
    ++m_keptTotal;
    m_assembled = false;
}

void DiagnosticSink::report(const QString &code, std::optional<quint64> offset, const DiagnosticLocation &location,
                            const QString &message)
{
    const Severity severity = ValidationCodes::severity(code, m_profile);
    count(severity);
    keep(Diagnostic{code, severity, message, offset, location});
}

void DiagnosticSink::add(Diagnostic diagnostic)
{
    diagnostic.severity = ValidationCodes::severity(diagnostic.code, m_profile);
    addAsIs(std::move(diagnostic));
}

void DiagnosticSink::addAsIs(Diagnostic diagnostic)
{
    count(diagnostic.severity);
    keep(std::move(diagnostic));
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

const ValidationResult &DiagnosticSink::result() const
{
    if (!m_assembled) {
        m_result.issues.clear();
        m_result.issues.reserve(m_keptTotal);
        for (size_t s = m_kept.size(); s-- > 0;)
            m_result.issues += m_kept[s];
        m_assembled = true;
    }
    return m_result;
}

ValidationResult DiagnosticSink::take()
{
    result();
    for (Diagnostics &kept : m_kept)
        kept.clear();
    m_keptTotal = 0;
    return std::move(m_result);
}

ValidationResult DiagnosticSink::keepMostSevere(const Diagnostics &all, int maxIssues)
{
    ValidationResult result;
    result.counts = countDiagnostics(all);
    for (const Severity severity : {Severity::Error, Severity::Warning, Severity::Info}) {
        for (const Diagnostic &d : all) {
            if (d.severity != severity)
                continue;
            if (maxIssues > 0 && result.issues.size() >= maxIssues) {
                result.truncated = true;
                return result;
            }
            result.issues.append(d);
        }
    }
    return result;
}

} // namespace bpat

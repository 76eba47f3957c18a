#pragma once
// Collects a validator's findings: assigns each code its severity in the active profile, keeps
// the first `maxIssues` (0 = all) and counts every finding, kept or not, so a truncated list
// still tells whether the file has errors.
#include "diagnostics/Diagnostic.h"
#include "diagnostics/ValidationCodes.h"

namespace bpat {

struct ValidationResult
{
    Diagnostics issues;      // the kept findings, in the order they were found
    DiagnosticCounts counts; // every finding, including those past maxIssues
    bool truncated = false;  // findings were dropped because of maxIssues
    bool cancelled = false;  // deep checks stopped early on request
    bool valid() const { return counts.errors == 0; }
};

class DiagnosticSink
{
public:
    DiagnosticSink(ValidationProfile profile, int maxIssues);

    ValidationProfile profile() const { return m_profile; }
    bool full() const { return m_maxIssues > 0 && m_result.issues.size() >= m_maxIssues; }
    void report(const QString &code, std::optional<quint64> offset, const DiagnosticLocation &location, const QString &message);
    // Counts a finding without building its message (used in hot loops once full()).
    void countOnly(const QString &code);
    // Adds a finding made elsewhere (another sink, a check that ran ahead of time): its
    // severity becomes this profile's; kept or counted like report().
    void add(Diagnostic diagnostic);
    // Adds a finding with the severity it has (the motion lint's, whose codes are not in the
    // spec/game catalogue and whose severity depends on the finding): kept or counted like report().
    void addAsIs(Diagnostic diagnostic);
    // Appends another sink's result of the same profile as if its findings had been reported
    // here, in order: kept findings added, the ones it only counted counted. Lets checks run in
    // parallel chunks with one merge.
    void absorb(const ValidationResult &later);
    void setCancelled() { m_result.cancelled = true; }
    const ValidationResult &result() const { return m_result; }
    ValidationResult take() { return std::move(m_result); }

private:
    void count(Severity severity);

    ValidationProfile m_profile;
    int m_maxIssues;
    ValidationResult m_result;
};

} // namespace bpat

#pragma once
// Collects a validator's findings: assigns each code its severity in the active profile, keeps
// at most `maxIssues` (0 = all) and counts every finding, kept or not, so a truncated list
// still tells whether the file has errors.
//
// Errors come first: the kept list holds the errors, then the warnings, then the infos, each in
// the order found, and when it is full a more severe finding takes the place of the last one of
// the least severity kept, so warnings found first never push the errors out of a report cut at
// --max-issues.
#include "diagnostics/Diagnostic.h"
#include "diagnostics/ValidationCodes.h"

#include <array>

namespace bpat {

struct ValidationResult
{
    Diagnostics issues;      // the kept findings: errors, then warnings, then infos, each in the order found
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
    // No finding of any severity can be kept any more (the list is full of errors).
    bool full() const { return !keeps(Severity::Error); }
    // A finding of this code would not be kept: checks in hot loops then only count it
    // (countOnly) instead of wording it.
    bool full(const QString &code) const { return !keeps(ValidationCodes::severity(code, m_profile)); }
    void report(const QString &code, std::optional<quint64> offset, const DiagnosticLocation &location, const QString &message);
    // Counts a finding without building its message (used in hot loops once full(code)).
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
    const ValidationResult &result() const;
    ValidationResult take();

    // The same rule for findings gathered elsewhere (readers that report everything): every one
    // counted, at most `maxIssues` kept, most severe first.
    static ValidationResult keepMostSevere(const Diagnostics &all, int maxIssues);

private:
    bool keeps(Severity severity) const;
    void keep(Diagnostic diagnostic);
    void count(Severity severity);

    ValidationProfile m_profile;
    int m_maxIssues;
    std::array<Diagnostics, 3> m_kept; // by Severity (Info, Warning, Error)
    qsizetype m_keptTotal = 0;
    mutable ValidationResult m_result; // issues assembled from m_kept when asked for
    mutable bool m_assembled = true;
};

} // namespace bpat

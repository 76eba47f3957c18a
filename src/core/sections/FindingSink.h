#pragma once
// The findings of a validator of a sectioned file (BPRM, BPSM): each code's severity comes from
// the kind's code table; at most `maxPerCode` findings of one code are kept, the rest counted
// and summed up in one more finding of that code at the end, in the table's order (stable
// output). Parts of a file checked apart (on other threads) are merged in order with absorb().
#include "diagnostics/Diagnostic.h"

#include <QHash>
#include <QList>

namespace bpat {

// One code of a kind's table: stable name, severity, the line docs/validation.md lists.
struct FormatCodeInfo
{
    QString code;
    Severity severity = Severity::Error;
    QString description;

    // The entry of `code` in `table`, or nullptr.
    static const FormatCodeInfo *find(const QList<FormatCodeInfo> &table, const QString &code);
};

class FindingSink
{
public:
    FindingSink(int maxPerCode, const QList<FormatCodeInfo> &codes)
        : m_max(maxPerCode)
        , m_codes(&codes)
    {
    }
    void report(const QString &code, std::optional<quint64> offset, const DiagnosticLocation &location, const QString &message);
    // Takes over the findings of a later part of the file checked on its own (same cap), as if
    // they had been reported here in order.
    void absorb(const FindingSink &later);
    Diagnostics finish();

private:
    int m_max;
    const QList<FormatCodeInfo> *m_codes;
    QHash<QString, int> m_counts;
    Diagnostics m_out;
};

} // namespace bpat

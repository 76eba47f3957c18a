#pragma once
// BpsmValidator's findings: at most `maxPerCode` findings of one code are kept, the rest counted
// and summed up in one more finding of that code at the end. Parts of a file checked apart (on
// other threads) are merged in order with absorb().
#include "diagnostics/Diagnostic.h"

#include <QHash>

namespace bpat {

class BpsmSink
{
public:
    explicit BpsmSink(int maxPerCode)
        : m_max(maxPerCode)
    {
    }
    void report(const QString &code, std::optional<quint64> offset, const DiagnosticLocation &location, const QString &message);
    // Takes over the findings of a later part of the file checked on its own (same cap), as if
    // they had been reported here in order.
    void absorb(const BpsmSink &later);
    Diagnostics finish();

private:
    int m_max;
    QHash<QString, int> m_counts;
    Diagnostics m_out;
};

} // namespace bpat

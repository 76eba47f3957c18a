#include "bpsm/BpsmSink.h"

#include "bpsm/BpsmValidator.h"

namespace bpat {

void BpsmSink::report(const QString &code, std::optional<quint64> offset, const DiagnosticLocation &location,
                      const QString &message)
{
    const int n = ++m_counts[code];
    if (n > m_max)
        return;
    const BpsmCodeInfo *info = BpsmValidator::find(code);
    Q_ASSERT(info);
    m_out.append(Diagnostic{code, info ? info->severity : Severity::Error, message, offset, location});
}

void BpsmSink::absorb(const BpsmSink &later)
{
    QHash<QString, int> kept;
    for (const Diagnostic &d : later.m_out) {
        ++kept[d.code];
        report(d.code, d.offset, d.location, d.message);
    }
    for (auto it = later.m_counts.cbegin(); it != later.m_counts.cend(); ++it)
        m_counts[it.key()] += it.value() - kept.value(it.key());
}

Diagnostics BpsmSink::finish()
{
    for (auto it = m_counts.cbegin(); it != m_counts.cend(); ++it) {
        if (it.value() > m_max) {
            const BpsmCodeInfo *info = BpsmValidator::find(it.key());
            m_out.append(Diagnostic{it.key(), info ? info->severity : Severity::Error,
                                    QStringLiteral("%1 more findings of this kind not listed").arg(it.value() - m_max),
                                    std::nullopt, QString()});
        }
    }
    return m_out;
}

} // namespace bpat

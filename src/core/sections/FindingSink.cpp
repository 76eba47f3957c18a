#include "sections/FindingSink.h"

namespace bpat {

const FormatCodeInfo *FormatCodeInfo::find(const QList<FormatCodeInfo> &table, const QString &code)
{
    for (const FormatCodeInfo &c : table) {
        if (c.code == code)
            return &c;
    }
    return nullptr;
}

void FindingSink::report(const QString &code, std::optional<quint64> offset, const DiagnosticLocation &location,
                         const QString &message)
{
    if (++m_counts[code] > m_max)
        return;
    const FormatCodeInfo *info = FormatCodeInfo::find(*m_codes, code);
    Q_ASSERT(info);
    m_out.append(Diagnostic{code, info ? info->severity : Severity::Error, message, offset, location});
}

void FindingSink::absorb(const FindingSink &later)
{
    QHash<QString, int> kept;
    for (const Diagnostic &d : later.m_out) {
        ++kept[d.code];
        report(d.code, d.offset, d.location, d.message);
    }
    for (auto it = later.m_counts.cbegin(); it != later.m_counts.cend(); ++it)
        m_counts[it.key()] += it.value() - kept.value(it.key());
}

Diagnostics FindingSink::finish()
{
    for (const FormatCodeInfo &c : *m_codes) { // in the table's order: stable output
        const int n = m_counts.value(c.code);
        if (n > m_max)
            m_out.append(Diagnostic{c.code, c.severity, QStringLiteral("%1 more findings of this kind not listed").arg(n - m_max),
                                    std::nullopt, QString()});
    }
    return m_out;
}

} // namespace bpat

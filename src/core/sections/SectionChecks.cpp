#include "sections/SectionChecks.h"

#include "diagnostics/HexText.h"

namespace bpat {

SectionChecks::SectionChecks(FindingSink &sink, QString kind)
    : m_sink(sink)
    , m_kind(std::move(kind))
{
}

QString SectionChecks::code(const char *rule) const
{
    return m_kind + QLatin1Char('_') + QLatin1String(rule);
}

FormatCodeInfo SectionChecks::ioErrorCode(const QString &kind)
{
    return {kind + u"_IO_ERROR"_qs, Severity::Error,
            u"The file cannot be opened or mapped (missing, not a regular file, empty, unreadable)."_qs};
}

FormatCodeInfo SectionChecks::fileChangedCode(const QString &kind)
{
    return {kind + u"_FILE_CHANGED"_qs, Severity::Error,
            u"The file shrank while it was being validated: the other findings are unreliable; validate it again."_qs};
}

Diagnostic SectionChecks::ioError(const QString &kind, const QString &error)
{
    return Diagnostic{kind + u"_IO_ERROR"_qs, Severity::Error, error, std::nullopt, QString()};
}

Diagnostic SectionChecks::fileChanged(const QString &kind, quint64 mappedSize)
{
    return {kind + u"_FILE_CHANGED"_qs, Severity::Error,
            QStringLiteral("the file shrank below its mapped %1 bytes while it was being validated; the "
                           "findings below are unreliable: validate it again once it is written")
                .arg(mappedSize),
            std::nullopt, u"file"_qs};
}

bool SectionChecks::headerReadable(const SectionedFile &file, quint64 headerSize)
{
    if (!file.hasHeader()) {
        m_sink.report(code("FILE_TOO_SMALL"), 0, DiagnosticLocation::header(),
                      QStringLiteral("%1 bytes, expected at least %2").arg(file.fileSize()).arg(headerSize));
        return false;
    }
    if (!file.hasMagic()) {
        m_sink.report(code("BAD_MAGIC"), 0, DiagnosticLocation::header(u"magic"_qs), QStringLiteral("expected '%1'").arg(m_kind));
        return false;
    }
    return true;
}

void SectionChecks::version(quint32 version, quint32 expected, quint64 at)
{
    if (version != expected)
        m_sink.report(code("UNSUPPORTED_VERSION"), at, DiagnosticLocation::header(u"version"_qs),
                      QStringLiteral("version %1, expected %2").arg(version).arg(expected));
}

void SectionChecks::triangleMesh(quint32 vertexCount, quint64 vertexCountAt, quint32 indexCount, quint64 indexCountAt)
{
    if (vertexCount == 0 || indexCount == 0)
        m_sink.report(code("EMPTY_MESH"), vertexCountAt, DiagnosticLocation::header(u"vertex_count"_qs),
                      QStringLiteral("vertex_count %1, index_count %2, expected both >= 1").arg(vertexCount).arg(indexCount));
    if (indexCount % 3 != 0)
        m_sink.report(code("INDEX_COUNT_NOT_TRIANGLES"), indexCountAt, DiagnosticLocation::header(u"index_count"_qs),
                      QStringLiteral("index_count %1, expected a multiple of 3").arg(indexCount));
}

void SectionChecks::reserved(quint32 value, quint64 at)
{
    if (value != 0)
        m_sink.report(code("RESERVED_NONZERO"), at, DiagnosticLocation::header(u"reserved"_qs),
                      QStringLiteral("reserved %1, expected 0").arg(value));
}

void SectionChecks::bounds(const QList<PlacedSection> &sections, quint64 fileSize, const QString &overflowing)
{
    for (const PlacedSection &s : sections) {
        if (s.bounds.inBounds)
            continue;
        const quint64 begin = s.bounds.offset;
        m_sink.report(s.outOfBoundsCode, s.reportAt, s.location,
                      s.bounds.end ? QStringLiteral("%1 spans [%2, %3), expected within the file's %4 bytes")
                                         .arg(s.name, hex(begin), hex(*s.bounds.end))
                                         .arg(fileSize)
                                   : QStringLiteral("%1 at %2: its %3 overflows 64 bits").arg(s.name, hex(begin), overflowing));
    }
}

void SectionChecks::overlaps(quint64 headerSize, const QList<PlacedSection> &sections)
{
    struct Span
    {
        quint64 begin;
        quint64 end;
        const PlacedSection *section; // nullptr: the header
    };
    QList<Span> spans{{0, headerSize, nullptr}};
    for (const PlacedSection &s : sections) {
        if (s.bounds.holdsBytes())
            spans.append({s.bounds.offset, *s.bounds.end, &s});
    }
    const auto name = [](const Span &s) { return s.section ? s.section->name : u"header"_qs; };
    for (int i = 0; i < spans.size(); ++i)
        for (int j = i + 1; j < spans.size(); ++j)
            if (spans[i].begin < spans[j].end && spans[j].begin < spans[i].end)
                m_sink.report(code("SECTION_OVERLAP"), spans[j].begin, spans[j].section->overlapLocation,
                              QStringLiteral("%1 [%2, %3) overlaps %4 [%5, %6)")
                                  .arg(name(spans[j]), hex(spans[j].begin), hex(spans[j].end), name(spans[i]),
                                       hex(spans[i].begin), hex(spans[i].end)));
}

void SectionChecks::trailing(quint64 end, quint64 fileSize, const QString &what)
{
    if (end < fileSize)
        m_sink.report(code("TRAILING_BYTES"), end, DiagnosticLocation::region(u"EOF"_qs),
                      QStringLiteral("%1 bytes after %2, expected the file to end there").arg(fileSize - end).arg(what));
}

std::optional<quint64> SectionChecks::firstNonZero(QByteArrayView bytes, quint64 from, quint64 to, quint64 atMost)
{
    for (quint64 o = from; o < to && o < from + atMost && o < quint64(bytes.size()); ++o) {
        if (bytes[qsizetype(o)] != 0)
            return o;
    }
    return std::nullopt;
}

} // namespace bpat

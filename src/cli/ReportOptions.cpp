#include "ReportOptions.h"

#include "CliSupport.h"

#include <QCommandLineParser>

namespace bpat::cli {

ReportOptions::ReportOptions(const QString &textHelp)
    : m_json(QStringLiteral("json"), QStringLiteral("Same as --format json."))
    , m_format(QStringLiteral("format"),
               QStringLiteral("Report format: 'text' (%1; default), 'json' (one document: docs/cli.md), 'junit' (JUnit XML: "
                              "one test case per file) or 'github' (GitHub Actions annotations). Names that are not UTF-8 "
                              "are written with \\xNN, control characters escaped.")
                   .arg(textHelp),
               QStringLiteral("FORMAT"), QStringLiteral("text"))
{
}

void ReportOptions::addTo(QCommandLineParser &parser) const
{
    parser.addOptions({m_json, m_format});
}

std::optional<ReportWriter::Format> ReportOptions::format(const QCommandLineParser &parser, const QString &command,
                                                          int *exit) const
{
    const QString name = parser.isSet(m_json) ? QStringLiteral("json") : parser.value(m_format);
    const auto chosen = ReportWriter::formatFromName(name);
    if (!chosen) {
        *exit =
            usageError(parser, command, QStringLiteral("unknown format '%1' (expected text, json, junit or github)").arg(name));
        return std::nullopt;
    }
    if (parser.isSet(m_json) && parser.isSet(m_format) && parser.value(m_format) != QLatin1String("json")) {
        *exit = usageError(parser, command,
                           QStringLiteral("--json and --format %1 contradict each other").arg(parser.value(m_format)));
        return std::nullopt;
    }
    return chosen;
}

} // namespace bpat::cli

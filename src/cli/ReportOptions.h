#pragma once
// The report options commands share (`bpat validate`, `bpat diff`): `--format
// text|json|junit|github` and `--json` (the same as --format json), checked the same way, and the
// output written through the one report writer (diagnostics/ReportWriter). A command adds them
// to its parser and asks format() after parsing; printJson() and printOut() (CliSupport) write
// what the report writer made.
#include "diagnostics/ReportWriter.h"

#include <QCommandLineOption>
#include <optional>

class QCommandLineParser;

namespace bpat::cli {

class ReportOptions
{
public:
    // `textHelp`: what the text format prints ("one line per file").
    explicit ReportOptions(const QString &textHelp);
    void addTo(QCommandLineParser &parser) const;
    // The chosen format; nullopt after printing a usage error (*exit = 2): an unknown format,
    // or --json with another --format.
    std::optional<ReportWriter::Format> format(const QCommandLineParser &parser, const QString &command, int *exit) const;

private:
    QCommandLineOption m_json;
    QCommandLineOption m_format;
};

} // namespace bpat::cli

// `bpat diff A B [--tolerance T] [--clip NAME]... [--format text|json|junit|github]`: what
// changed between two BPAT files of any dialects (diff/FileDiff), as a summary line and one line
// per change, or as JSON; two files of another kind by their texts; two folders file by file,
// paired by relative path (diff/DirectoryDiff). `bpat diff --textconv FILE`: the stable text of
// one file for git's diff driver (diff/TextConv).
// Exit status as diff(1): 0 the same within the tolerance, 1 different, 2 trouble.
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "ReportOptions.h"
#include "diff/DiffReport.h"
#include "diff/DirectoryDiff.h"
#include "diff/PathDiff.h"
#include "diff/TextConv.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <cmath>

namespace bpat::cli {

namespace {

constexpr int ExitTrouble = 2;

int runDiff(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption tolerance(
        QStringLiteral("tolerance"),
        QStringLiteral("Largest difference that still counts as the same: metres for translations, "
                       "radians for rotations, and the same for markers, socket offsets and contacts "
                       "(fps and the other metadata compare exactly). Default 1e-5."),
        QStringLiteral("T"), QStringLiteral("1e-5"));
    const QCommandLineOption clip(
        QStringLiteral("clip"), QStringLiteral("Compare only this clip (a name in A or B); repeatable."), QStringLiteral("NAME"));
    const ReportOptions report(QStringLiteral("a summary line and one line per change"));
    const QCommandLineOption threads(QStringLiteral("threads"),
                                     QStringLiteral("Threads for the motion pass (default: one per core)."), QStringLiteral("N"),
                                     QStringLiteral("0"));
    const QCommandLineOption textconv(QStringLiteral("textconv"),
                                      QStringLiteral("Print the stable line-oriented text of one file (BPAT, BPSM, recording) "
                                                     "for git's diff driver: diff.bpat.textconv = \"bpat diff --textconv\"."));
    report.addTo(parser);
    parser.addOptions({tolerance, clip, threads, textconv});
    parser.addPositionalArgument(QStringLiteral("A"), QStringLiteral("The old file, or a folder."));
    parser.addPositionalArgument(QStringLiteral("B"),
                                 QStringLiteral("The new file, or a folder (files paired by relative path)."));
    if (const auto exit =
            parseArguments(parser, args,
                           QStringLiteral("Compares two BPAT files of any version: header, clips (added, removed, "
                                          "renamed, moved, metadata, motion of the global matrices, contacts), "
                                          "sockets, bind palette and parents; other files by their --textconv text; "
                                          "two folders file by file (paired by relative path). Exit status: 0 when "
                                          "the same within the tolerance, 1 when different, 2 on trouble.")))
        return *exit;
    bool ok = false;
    const double tol = parser.value(tolerance).toDouble(&ok);
    if (!ok || !std::isfinite(tol) || tol < 0.0)
        return usageError(parser, command,
                          QStringLiteral("--tolerance expects a non-negative number, got '%1'").arg(parser.value(tolerance)));
    const auto threadCount = parseUInt(parser.value(threads));
    if (!threadCount || *threadCount > 1024)
        return usageError(parser, command,
                          QStringLiteral("--threads expects a number from 0 to 1024, got '%1'").arg(parser.value(threads)));
    const QStringList paths = parser.positionalArguments();
    if (parser.isSet(textconv)) {
        if (paths.size() != 1)
            return usageError(parser, command, QStringLiteral("--textconv expects one file"));
        QString error;
        const auto text = diff::TextConv::ofPath(paths.at(0), &error);
        if (!text) {
            printErr(QStringLiteral("%1: %2\n").arg(command, error));
            return ExitTrouble;
        }
        printOut(text->join(QLatin1Char('\n')) + QLatin1Char('\n'));
        return ExitOk;
    }
    if (paths.size() != 2)
        return usageError(parser, command, QStringLiteral("expected two files or two folders, A and B"));
    int exit = ExitOk;
    const auto chosenFormat = report.format(parser, command, &exit);
    if (!chosenFormat)
        return exit;

    diff::DiffOptions options;
    options.tolerance = tol;
    options.clips = parser.values(clip);
    options.threads = int(*threadCount);
    options.releaseBehind = true; // each file is read once
    const bool dirA = QFileInfo(paths.at(0)).isDir(), dirB = QFileInfo(paths.at(1)).isDir();
    if (dirA != dirB)
        return usageError(parser, command, QStringLiteral("compare a folder with a folder, or a file with a file"));
    QList<diff::DiffResult> results;
    if (dirA) {
        const ExpandedPaths a = expandInputPaths({paths.at(0)}), b = expandInputPaths({paths.at(1)});
        results = diff::DirectoryDiff::compare(paths.at(0), a.files, paths.at(1), b.files, options);
        for (const UnreadableDirectory &u : a.unreadable + b.unreadable) { // its files would be missed
            diff::DiffResult r;
            r.relativePath = u.path;
            r.error = QStringLiteral("cannot list the directory (%1)").arg(u.why);
            results.append(r);
        }
    } else {
        results.append(diff::PathDiff::files(paths.at(0), paths.at(1), options));
        results.last().relativePath = results.last().pathB;
    }
    bool trouble = false, same = true;
    for (const diff::DiffResult &r : results) {
        trouble = trouble || !r.error.isEmpty();
        same = same && r.same();
    }
    if (*chosenFormat == ReportWriter::Format::Json) {
        printJson(dirA ? diff::DirectoryDiff::json(paths.at(0), paths.at(1), tol, results)
                       : diff::DiffReport::json(results.first()));
    } else if (*chosenFormat == ReportWriter::Format::JUnit) {
        printOut(QString::fromUtf8(diff::DirectoryDiff::junit(results)));
    } else if (*chosenFormat == ReportWriter::Format::GitHub) {
        printOut(diff::DirectoryDiff::github(results));
    } else if (dirA) {
        printOut(diff::DirectoryDiff::text(results));
    } else if (!trouble) {
        printOut(diff::DiffReport::text(results.first()));
    }
    for (const diff::DiffResult &r : results) {
        if (!r.error.isEmpty())
            printErr(
                QStringLiteral("%1: %2%3\n").arg(command, dirA ? r.relativePath + QStringLiteral(": ") : QString(), r.error));
    }
    if (trouble)
        return ExitTrouble;
    return same ? ExitOk : ExitFailure;
}

const CommandRegistrar registrar(
    {QStringLiteral("diff"),
     QStringLiteral("diff A B [--tolerance T] [--clip NAME]... [--format text|json|junit|github] | diff --textconv FILE"),
     runDiff});

} // namespace

} // namespace bpat::cli

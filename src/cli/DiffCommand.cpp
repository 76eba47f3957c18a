// `bpat diff A B [--tolerance T] [--clip NAME]... [--json]`: what changed between two BPAT files
// of any dialects (diff/FileDiff), as a summary line and one line per change, or as JSON; two
// files of another kind by their texts. `bpat diff --textconv FILE`: the stable text of one
// file for git's diff driver (diff/TextConv).
// Exit status as diff(1): 0 the same within the tolerance, 1 different, 2 trouble.
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "diff/DiffReport.h"
#include "diff/PathDiff.h"
#include "diff/TextConv.h"

#include <QCommandLineParser>

#include <cmath>

namespace bpat::cli {

namespace {

constexpr int ExitTrouble = 2;

int runDiff(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption tolerance(QStringLiteral("tolerance"),
                                       QStringLiteral("Largest difference that still counts as the same: metres for translations, "
                                                      "radians for rotations, and the same for markers, socket offsets and contacts "
                                                      "(fps: relative). Default 1e-5."),
                                       QStringLiteral("T"), QStringLiteral("1e-5"));
    const QCommandLineOption clip(QStringLiteral("clip"), QStringLiteral("Compare only this clip (a name in A or B); repeatable."),
                                  QStringLiteral("NAME"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the changes as JSON (docs/cli.md)."));
    const QCommandLineOption threads(QStringLiteral("threads"), QStringLiteral("Threads for the motion pass (default: one per core)."),
                                     QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption textconv(QStringLiteral("textconv"),
                                      QStringLiteral("Print the stable line-oriented text of one file (BPAT, BPSM, recording) "
                                                     "for git's diff driver: diff.bpat.textconv = \"bpat diff --textconv\"."));
    parser.addOptions({tolerance, clip, json, threads, textconv});
    parser.addPositionalArgument(QStringLiteral("A"), QStringLiteral("The old file."));
    parser.addPositionalArgument(QStringLiteral("B"), QStringLiteral("The new file."));
    if (const auto exit = parseArguments(parser, args,
                                         QStringLiteral("Compares two BPAT files of any version: header, clips (added, removed, "
                                                        "renamed, moved, metadata, motion of the global matrices, contacts), "
                                                        "sockets, bind palette and parents. Exit status: 0 when the same within "
                                                        "the tolerance, 1 when different, 2 on trouble.")))
        return *exit;
    bool ok = false;
    const double tol = parser.value(tolerance).toDouble(&ok);
    if (!ok || !std::isfinite(tol) || tol < 0.0)
        return usageError(parser, command, QStringLiteral("--tolerance expects a non-negative number, got '%1'").arg(parser.value(tolerance)));
    const auto threadCount = parseUInt(parser.value(threads));
    if (!threadCount || *threadCount > 1024)
        return usageError(parser, command, QStringLiteral("--threads expects a number from 0 to 1024, got '%1'").arg(parser.value(threads)));
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
        return usageError(parser, command, QStringLiteral("expected two files, A and B"));

    const bool asJson = parser.isSet(json);
    diff::DiffOptions options;
    options.tolerance = tol;
    options.clips = parser.values(clip);
    options.threads = int(*threadCount);
    options.releaseBehind = true; // each file is read once
    const diff::DiffResult result = diff::PathDiff::files(paths.at(0), paths.at(1), options);
    if (asJson)
        printJson(diff::DiffReport::json(result));
    else if (result.error.isEmpty())
        printOut(diff::DiffReport::text(result));
    if (!result.error.isEmpty()) {
        printErr(QStringLiteral("%1: %2\n").arg(command, result.error));
        return ExitTrouble;
    }
    return result.same() ? ExitOk : ExitFailure;
}

const CommandRegistrar registrar({QStringLiteral("diff"), QStringLiteral("diff A B [--tolerance T] [--clip NAME]... [--json] | diff --textconv FILE"), runDiff});

} // namespace

} // namespace bpat::cli

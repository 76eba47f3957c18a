// `bpat validate PATH... [--format text|json|junit|github] [--verbose] [--profile spec|game|motion]
// [--game-era v1|v2|v3-early|current] [--deep] [--max-issues N]`. Text prints one line per file
// (path, verdict, counts, root cause) by default, every issue with --verbose.
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "ReportOptions.h"
#include "io/RegularFile.h"
#include "diagnostics/ValidationReport.h"
#include "bpat/Validator.h"
#include "diagnostics/ValidationCodes.h"
#include "formats/FormatRegistry.h"
#include "io/NativeName.h"

#include <QCommandLineParser>

namespace bpat::cli {

namespace {

constexpr int DefaultMaxIssues = 1000;

int runValidate(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const ReportOptions report(QStringLiteral("one line per file; --verbose: one line per issue"));
    const QCommandLineOption verbose(
        QStringLiteral("verbose"),
        QStringLiteral("Text format: print every issue (path:offset: severity CODE message [location])."));
    const QCommandLineOption profile(
        QStringLiteral("profile"),
        QStringLiteral("Rules to check: 'spec' (the format documents, default), 'game' "
                       "(what the game accepts: by default the current game, whose reader "
                       "takes late v3 only, on today's rigs; see --game-era) or 'motion' (pops, "
                       "loop seams, bone stretch, feet below the ground, contacts: docs/validation.md)."),
        QStringLiteral("spec|game|motion"), QStringLiteral("spec"));
    const QCommandLineOption era(
        QStringLiteral("game-era"),
        QStringLiteral("With --profile game: whose reader and rigs judge the files: 'current' "
                       "(default: the game at 4c0caf75, late v3 only), or an older reader: 'v1', "
                       "'v2', 'v3-early' (for files meant for an older build). Alone, it implies --profile game."),
        QStringLiteral("ERA"), QStringLiteral("current"));
    const QCommandLineOption motionTolerance(QStringLiteral("motion-tolerance"),
                                             QStringLiteral("Motion profile: set a threshold, KEY=VALUE (keys: %1); repeatable.")
                                                 .arg(MotionThresholds::keys().join(QStringLiteral(", "))),
                                             QStringLiteral("KEY=VALUE"));
    const QCommandLineOption motionProfile(
        QStringLiteral("motion-profile"),
        QStringLiteral("Motion profile: read the thresholds from a JSON object of the same keys "
                       "(--motion-tolerance wins)."),
        QStringLiteral("FILE"));
    const QCommandLineOption deep(QStringLiteral("deep"),
                                  QStringLiteral("Also check every matrix and socket row (NaN/Inf, affine, column-major, "
                                                 "degenerate, socket data)."));
    const QCommandLineOption maxIssues(QStringLiteral("max-issues"),
                                       QStringLiteral("Report at most N issues per file (0: all; default %1). "
                                                      "Counts and exit status still cover every issue.")
                                           .arg(DefaultMaxIssues),
                                       QStringLiteral("N"), QString::number(DefaultMaxIssues));
    const QCommandLineOption summary(QStringLiteral("summary"), QStringLiteral("End the text output with a count line."));
    report.addTo(parser);
    parser.addOptions({verbose, profile, era, deep, maxIssues, summary, motionTolerance, motionProfile});
    parser.addPositionalArgument(
        QStringLiteral("PATH"),
        QStringLiteral(
            "BPAT, BPSM or BPRM files or input animation recordings, or directories searched recursively for *.bpat, *.bpsm and *.bprm."),
        QStringLiteral("PATH..."));
    if (const auto exit = parseArguments(parser, args,
                                         QStringLiteral("Validates BPAT files. Exit status: 0 when no file has an error, 1 when "
                                                        "any has, 2 for a usage error.")))
        return *exit;

    // --game-era alone means the game profile.
    const auto chosen = parser.isSet(era) && !parser.isSet(profile) ? std::optional(ValidationProfile::Game)
                                                                    : profileFromName(parser.value(profile));
    if (!chosen)
        return usageError(parser, command,
                          QStringLiteral("unknown profile '%1' (expected spec, game or motion)").arg(parser.value(profile)));
    const auto chosenEra = gameEra::fromName(parser.value(era));
    if (!chosenEra)
        return usageError(parser, command,
                          QStringLiteral("unknown game era '%1' (expected %2)")
                              .arg(parser.value(era), gameEra::names().join(QStringLiteral(", "))));
    if (parser.isSet(era) && *chosen != ValidationProfile::Game)
        return usageError(parser, command, QStringLiteral("--game-era judges the game profile: add --profile game"));
    MotionThresholds thresholds;
    if (parser.isSet(motionProfile)) {
        const RegularFile::Contents contents = RegularFile::read(parser.value(motionProfile), 1 << 20);
        QString why = contents.error;
        const std::optional<MotionThresholds> read =
            contents.ok() ? MotionThresholds::fromJson(contents.bytes, &why) : std::nullopt;
        if (!read)
            return usageError(parser, command, QStringLiteral("--motion-profile %1: %2").arg(parser.value(motionProfile), why));
        thresholds = *read;
    }
    for (const QString &keyValue : parser.values(motionTolerance)) {
        QString why;
        if (!thresholds.setFromText(keyValue, &why))
            return usageError(parser, command, QStringLiteral("--motion-tolerance %1").arg(why));
    }
    const auto limit = parseUInt(parser.value(maxIssues));
    if (!limit || *limit > quint32(std::numeric_limits<int>::max()))
        return usageError(parser, command,
                          QStringLiteral("--max-issues expects a non-negative integer, got '%1'").arg(parser.value(maxIssues)));
    if (parser.positionalArguments().isEmpty())
        return usageError(parser, command, QStringLiteral("expected at least one PATH"));
    int exit = ExitOk;
    const auto chosenFormat = report.format(parser, command, &exit);
    if (!chosenFormat)
        return exit;
    const bool text = *chosenFormat == ReportWriter::Format::Text;
    const ValidationReport::RunInfo run{
        *chosen, parser.isSet(deep), {}, *chosen == ValidationProfile::Game ? gameEra::name(*chosenEra) : QString()};

    const ExpandedPaths expanded = expandInputPaths(parser.positionalArguments());
    const QStringList &files = expanded.files;
    if (files.isEmpty() && expanded.unreadable.isEmpty())
        printErr(QStringLiteral("%1: no *.bpat, *.bpsm or *.bprm files found\n").arg(command));
    ValidationOptions options = ValidationOptions::make(*chosen, parser.isSet(deep), int(*limit));
    options.gameEra = *chosenEra;
    options.releaseBehind = true; // each file is mapped to be checked once
    options.motion = thresholds;
    QList<ValidatedFile> results;
    bool anyError = false;
    DiagnosticCounts total;
    // A directory that cannot be listed hides the files inside it: that fails the run as a
    // broken file would, instead of passing over them.
    QList<ValidatedFile> pending;
    for (const UnreadableDirectory &dir : expanded.unreadable) {
        ValidationResult r;
        r.issues.append({codes::IO_ERROR, Severity::Error,
                         QStringLiteral("cannot list the directory (%1): the files inside it were not validated").arg(dir.why),
                         std::nullopt, DiagnosticLocation::region(QStringLiteral("directory"))});
        r.counts.errors = 1;
        pending.append({NativeName::display(dir.path), r});
    }
    const auto validateOne = [&](const QString &path) {
        return ValidatedFile{NativeName::display(path), FormatRegistry::validate(path, options)};
    };
    for (qsizetype i = 0; i < files.size() + pending.size(); ++i) {
        ValidatedFile f = i < pending.size() ? pending.at(i) : validateOne(files.at(i - pending.size()));
        anyError |= !f.result.valid();
        total.errors += f.result.counts.errors;
        total.warnings += f.result.counts.warnings;
        total.infos += f.result.counts.infos;
        // Streamed: big trees show progress.
        if (text)
            printOut(parser.isSet(verbose) ? ValidationReport::humanText(f) : ValidationReport::summaryLine(f));
        else if (*chosenFormat == ReportWriter::Format::GitHub)
            printOut(ValidationReport::githubAnnotations(f));
        results.append(std::move(f));
    }
    if (*chosenFormat == ReportWriter::Format::Json) {
        printOut(QString::fromUtf8(ValidationReport::toJson(run, results)));
    } else if (*chosenFormat == ReportWriter::Format::JUnit) {
        printOut(QString::fromUtf8(ValidationReport::toJUnit(run, results)));
    } else if (text && parser.isSet(summary)) {
        const qsizetype invalid =
            std::count_if(results.cbegin(), results.cend(), [](const ValidatedFile &f) { return !f.result.valid(); });
        const QString rules = *chosen == ValidationProfile::Game
            ? (*chosenEra == GameEra::Current ? QStringLiteral("game profile, current game")
                                              : QStringLiteral("game profile, %1-era game").arg(gameEra::name(*chosenEra)))
            : QStringLiteral("%1 profile").arg(profileName(*chosen));
        printOut(QStringLiteral("%1 files checked (%2): %3 invalid; %4 errors, %5 warnings, %6 infos\n")
                     .arg(results.size())
                     .arg(rules)
                     .arg(invalid)
                     .arg(total.errors)
                     .arg(total.warnings)
                     .arg(total.infos));
    }
    return anyError ? ExitFailure : ExitOk;
}

const CommandRegistrar registrar(
    {QStringLiteral("validate"),
     QStringLiteral(
         "validate PATH... [--format text|json|junit|github] [--verbose] [--profile spec|game|motion] [--game-era v1|v2|v3-early|current] [--deep] [--max-issues N]"),
     runValidate});

} // namespace

} // namespace bpat::cli

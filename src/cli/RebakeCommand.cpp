// bpat rebake: input animation curves -> BPAT clips (see docs/cli.md and docs/rebake.md).
#include "CliSupport.h"
#include "CommandRegistry.h"

#include "rebake/RebakeManifest.h"
#include "rebake/BuiltinRecipes.h"
#include "rebake/RebakeJob.h"
#include "rebake/RecipeJson.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTextStream>
#include <algorithm>
#include <cmath>

namespace bpat::cli {

namespace {

void printDiagnostics(QTextStream &err, const Diagnostics &diagnostics)
{
    for (const Diagnostic &d : diagnostics)
        err << "bpat rebake: " << severityName(d.severity) << " [" << d.code << "] " << shown(d.message) << '\n';
}

std::optional<double> parseNumber(QCommandLineParser &parser, const QString &option, QTextStream &err, bool *bad)
{
    if (!parser.isSet(option))
        return std::nullopt;
    bool ok = false;
    const double v = parser.value(option).toDouble(&ok);
    if (!ok || !std::isfinite(v)) {
        err << "bpat rebake: --" << option << " '" << parser.value(option) << "': expected a number\n";
        *bad = true;
        return std::nullopt;
    }
    return v;
}

int runRebake(const QStringList &args)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Rebake input animation curves (.bin) into a BPAT clip, or a whole BPAT from a bake manifest."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("CURVES.bin"), QStringLiteral("The recording to rebake."));
    parser.addOptions({
        {{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("The BPAT file to write."), QStringLiteral("OUT.bpat")},
        {QStringLiteral("recipe"), QStringLiteral("hands (default), humanoid-upper-body, or a recipe JSON file."),
         QStringLiteral("RECIPE")},
        {QStringLiteral("fps"), QStringLiteral("Frames per second (default 60)."), QStringLiteral("FPS")},
        {QStringLiteral("from"), QStringLiteral("Start time in seconds (default 0)."), QStringLiteral("S")},
        {QStringLiteral("to"), QStringLiteral("End time in seconds (default: the recording's duration)."), QStringLiteral("S")},
        {QStringLiteral("clip"), QStringLiteral("Clip name (default: the recording's base name)."), QStringLiteral("NAME")},
        {QStringLiteral("loops"), QStringLiteral("Mark the clip as looping.")},
        {QStringLiteral("into"),
         QStringLiteral(
             "Add the clip to (or replace the clip of that name in) this BPAT; its other clips, sockets and species are kept."),
         QStringLiteral("EXISTING.bpat")},
        {QStringLiteral("manifest"), QStringLiteral("Rebake every clip of a bake manifest (JSON)."), QStringLiteral("BAKE.json")},
        {QStringLiteral("threads"),
         QStringLiteral(
             "Threads computing frames, 1 to the processor threads of the machine (default: all); the file is written alongside."),
         QStringLiteral("N")},
        {QStringLiteral("print-recipe"), QStringLiteral("Print a built-in recipe as JSON and exit."), QStringLiteral("NAME")},
        {QStringLiteral("quiet"), QStringLiteral("Print nothing on success.")},
        {QStringLiteral("overwrite-input"), QStringLiteral("Allow the output to replace a recording it is made from.")},
        {QStringLiteral("format-version"),
         QStringLiteral(
             "Write BPAT version 1, 2 or 3 (late v3, what the game reads today); "
             "default: late v3 for a new file (a recording has no version of its own), the target's version with --into."),
         QStringLiteral("V")},
    });
    addForceOption(parser);
    if (!parser.parse(args)) {
        err << "bpat rebake: " << parser.errorText() << "\n\n" << parser.helpText();
        return ExitUsage;
    }
    applyForceOption(parser);
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return ExitOk;
    }
    if (parser.isSet(QStringLiteral("print-recipe"))) {
        const std::optional<RebakeRecipe> r = BuiltinRecipes::byName(parser.value(QStringLiteral("print-recipe")));
        if (!r) {
            err << "bpat rebake: no built-in recipe '" << parser.value(QStringLiteral("print-recipe")) << "': expected "
                << BuiltinRecipes::names().join(QStringLiteral(", ")) << '\n';
            return ExitUsage;
        }
        out << RecipeJson::toJson(*r);
        return ExitOk;
    }

    RebakeOptions options;
    if (parser.isSet(QStringLiteral("threads"))) {
        bool ok = false;
        options.threads = parser.value(QStringLiteral("threads")).toInt(&ok);
        if (!ok || options.threads < 1) {
            err << "bpat rebake: --threads: expected a number >= 1\n";
            return ExitUsage;
        }
        if (options.threads > RebakeOptions::maxThreads()) {
            err << "bpat rebake: --threads " << parser.value(QStringLiteral("threads")) << ": at most "
                << RebakeOptions::maxThreads() << " (the processor threads of this machine; more would not be faster)\n";
            return ExitUsage;
        }
    }

    std::optional<RebakeRequest> request;
    const QStringList positional = parser.positionalArguments();
    if (parser.isSet(QStringLiteral("manifest"))) {
        for (const char *single : {"output", "recipe", "fps", "from", "to", "clip", "loops", "into"}) {
            if (parser.isSet(QLatin1String(single))) {
                err << "bpat rebake: --" << single << " does not go with --manifest (the manifest says it)\n";
                return ExitUsage;
            }
        }
        if (!positional.isEmpty()) {
            err << "bpat rebake: no CURVES.bin with --manifest\n";
            return ExitUsage;
        }
        Diagnostics diagnostics;
        request = RebakeManifest::readFile(parser.value(QStringLiteral("manifest")), &diagnostics);
        printDiagnostics(err, diagnostics);
        if (!request)
            return ExitFailure;
    } else {
        if (positional.size() != 1 || !parser.isSet(QStringLiteral("output"))) {
            err << "bpat rebake: expected CURVES.bin and -o OUT.bpat (or --manifest BAKE.json)\n\n" << parser.helpText();
            return ExitUsage;
        }
        bool bad = false;
        RebakeClipRequest clip;
        clip.curvesPath = positional.first();
        clip.name = parser.isSet(QStringLiteral("clip")) ? parser.value(QStringLiteral("clip"))
                                                         : QFileInfo(clip.curvesPath).completeBaseName();
        clip.loops = parser.isSet(QStringLiteral("loops"));
        clip.range.fps = parseNumber(parser, QStringLiteral("fps"), err, &bad).value_or(60.0);
        clip.range.from = parseNumber(parser, QStringLiteral("from"), err, &bad);
        clip.range.to = parseNumber(parser, QStringLiteral("to"), err, &bad);
        if (bad)
            return ExitUsage;
        if (clip.range.fps <= 0) {
            err << "bpat rebake: --fps: expected a number > 0\n";
            return ExitUsage;
        }
        Diagnostics diagnostics;
        const std::optional<RebakeRecipe> recipe = RebakeManifest::loadRecipe(
            parser.isSet(QStringLiteral("recipe")) ? parser.value(QStringLiteral("recipe")) : QStringLiteral("hands"),
            &diagnostics);
        printDiagnostics(err, diagnostics);
        if (!recipe)
            return ExitFailure;
        request = RebakeRequest{parser.value(QStringLiteral("output")), *recipe, {clip}, parser.value(QStringLiteral("into"))};
    }

    if (parser.isSet(QStringLiteral("format-version"))) {
        const auto version = parseFormatVersion(parser.value(QStringLiteral("format-version")));
        if (!version) {
            err << "bpat rebake: --format-version expects 1, 2, 3, v1, v2, v3-early or v3-late\n";
            return ExitUsage;
        }
        request->formatVersion = format::Dialect(*version);
    }

    request->overwriteInput = parser.isSet(QStringLiteral("overwrite-input"));
    QElapsedTimer timer;
    timer.start();
    const RebakeOutcome outcome = RebakeJob(*request).run(options);
    for (const QString &e : outcome.errors)
        err << "bpat rebake: " << shown(e) << '\n';
    for (const QString &w : outcome.warnings)
        err << "bpat rebake: warning: " << shown(w) << '\n';
    if (!outcome.ok)
        return ExitFailure;
    for (const Diagnostic &d : outcome.validation)
        err << "bpat rebake: output " << severityName(d.severity) << " [" << d.code << "] " << shown(d.message) << '\n';
    // What only the game profile says (the rig the game would load it into): warnings too.
    for (const Diagnostic &d : outcome.gameValidation) {
        const bool inSpec = std::any_of(outcome.validation.cbegin(), outcome.validation.cend(),
                                        [&d](const Diagnostic &s) { return s.code == d.code && s.location == d.location; });
        if (d.severity != Severity::Info && !inSpec)
            err << "bpat rebake: output " << severityName(d.severity) << " (game profile) [" << d.code << "] " << shown(d.message)
                << '\n';
    }
    if (!parser.isSet(QStringLiteral("quiet"))) {
        for (qsizetype i = 0; i < request->clips.size(); ++i) {
            out << "clip '" << shown(request->clips.at(i).name) << "': " << outcome.frameCounts.at(i) << " frames at "
                << request->clips.at(i).range.fps << " fps\n";
        }
        out << "wrote " << shown(request->outputPath) << " (" << outcome.bytesWritten << " bytes, "
            << outcome.document->clipCount() << " clips, " << outcome.document->boneCount() << " bones, recipe "
            << request->recipe.name << ") in " << timer.elapsed() << " ms\n";
    }
    return ExitOk;
}

const CommandRegistrar registrar(Command{
    QStringLiteral("rebake"),
    QStringLiteral(
        "rebake CURVES.bin -o OUT.bpat [--recipe R] [--fps N] [--from S] [--to S] [--clip NAME] [--loops] [--into BPAT] [--format-version 1|2|3] | --manifest BAKE.json"),
    runRebake});

} // namespace

} // namespace bpat::cli

// `bpat bake [OUT_DIR]`: writes the built-in creature set (every species in SpeciesCatalog:
// humanoid.bpat, humanoid_sword.bpat, horse.bpat + horse_minimal.bpsm, elephant.bpat +
// elephant_minimal.bpsm) into OUT_DIR (default ./creatures) and prints what it wrote.
// Exit 0 when every file was written, 1 when any failed (files are written atomically, so a
// failure leaves no half-written file), 2 on a usage error.
#include "bake/Baker.h"
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "bake/SpeciesCatalog.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QTextStream>

namespace bpat::cli {

namespace {

int runBake(const QStringList &args)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Bake the built-in creatures (humanoid, humanoid_sword, horse, elephant and the horse and\n"
                       "elephant minimal snapshot meshes) into OUT_DIR, default ./creatures.\n"
                       "\n"
                       "These are the v1-era creature set (the game's files of April 2026: 20-bone humanoids,\n"
                       "16-bone horse and elephant), written as v1 by default, the version they were made in.\n"
                       "The current game reads late v3 only and has replaced the horse and elephant rigs (50 and\n"
                       "32 bones): --format-version 3 writes files it loads, on the v1-era rigs (docs/baker.md)."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("OUT_DIR"), QStringLiteral("Output directory (created if needed)."),
                                 QStringLiteral("[OUT_DIR]"));
    const QCommandLineOption quiet(QStringList{QStringLiteral("q"), QStringLiteral("quiet")},
                                   QStringLiteral("Print only errors."));
    parser.addOption(quiet);
    const QCommandLineOption formatVersion(QStringLiteral("format-version"),
                                           QStringLiteral("Write BPAT version 1 (default: the v1-era set's own version), 2 or 3 "
                                                          "(late v3, what the current game reads)."),
                                           QStringLiteral("V"));
    parser.addOption(formatVersion);
    addForceOption(parser);
    if (!parser.parse(args)) {
        err << "bpat bake: " << parser.errorText() << "\nRun `bpat bake --help` for usage.\n";
        return ExitUsage;
    }
    applyForceOption(parser);
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText().replace(args.constFirst(), QStringLiteral("bpat bake"));
        return ExitOk;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        out << "bpat " << QCoreApplication::applicationVersion() << '\n';
        return ExitOk;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        err << "bpat bake: expected at most one OUT_DIR, got " << positional.size() << "\nRun `bpat bake --help` for usage.\n";
        return ExitUsage;
    }
    const QString outDir = positional.isEmpty() ? QStringLiteral("creatures") : positional.constFirst();

    QElapsedTimer timer;
    timer.start();
    Baker baker(SpeciesCatalog::builtIn());
    if (parser.isSet(formatVersion)) {
        const auto version = parseFormatVersion(parser.value(formatVersion));
        if (!version) {
            err << "bpat bake: --format-version expects 1, 2, 3, v1, v2, v3-early or v3-late\n";
            return ExitUsage;
        }
        baker.setFormatVersion(format::Dialect(*version));
    }
    const QList<BakeOutput> outputs = baker.bake(outDir);
    const qint64 ms = timer.elapsed();
    int failed = 0;
    for (const BakeOutput &o : outputs) {
        if (o.ok) {
            if (!parser.isSet(quiet))
                out << "wrote " << QDir::toNativeSeparators(o.path) << " (" << o.bytes << " bytes; " << o.contents << ")\n";
        } else {
            ++failed;
            err << "bpat bake: failed " << QDir::toNativeSeparators(o.path) << ": " << o.error << '\n';
        }
    }
    if (!parser.isSet(quiet)) {
        out << (outputs.size() - failed) << " of " << outputs.size() << " files written to " << QDir::toNativeSeparators(outDir)
            << " in " << ms << " ms\n";
        // What was baked, and for which game: the built-in set is the v1 era's.
        const QString version = parser.isSet(formatVersion) ? parser.value(formatVersion) : QStringLiteral("1");
        out << "these are the v1-era creatures (20-bone humanoids, 16-bone horse and elephant), written as "
            << (parser.isSet(formatVersion) ? QStringLiteral("version %1").arg(version)
                                            : QStringLiteral("v1, the version they were made in"))
            << ";\n"
            << (parser.isSet(formatVersion) && parseFormatVersion(version) == int(format::Dialect::V3Late)
                    ? "the current game loads them, but its horse and elephant rigs now have 50 and 32 bones "
                      "(RIG_BONE_COUNT_MISMATCH in `bpat validate --profile game`)\n"
                    : "the current game reads late v3 only: `bpat validate --profile game --game-era v1` judges them as the "
                      "v1-era game did; --format-version 3 writes what the current game loads\n");
    }
    out.flush();
    return failed == 0 && !outputs.isEmpty() ? ExitOk : ExitFailure;
}

const CommandRegistrar registrar(Command{
    QStringLiteral("bake"),
    QStringLiteral("bake [OUT_DIR] [--format-version 1|2|3]  write the built-in creatures (BPAT + BPSM) into OUT_DIR"),
    runBake,
});

} // namespace

} // namespace bpat::cli

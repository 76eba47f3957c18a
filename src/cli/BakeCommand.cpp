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
    parser.setApplicationDescription(QStringLiteral(
        "Bake the built-in creatures (humanoid, humanoid_sword, horse, elephant and the horse and\n"
        "elephant minimal snapshot meshes) into OUT_DIR, default ./creatures."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("OUT_DIR"), QStringLiteral("Output directory (created if needed)."),
                                 QStringLiteral("[OUT_DIR]"));
    const QCommandLineOption quiet(QStringList{QStringLiteral("q"), QStringLiteral("quiet")},
                                   QStringLiteral("Print only errors."));
    parser.addOption(quiet);
    const QCommandLineOption formatVersion(QStringLiteral("format-version"),
                                           QStringLiteral("Write BPAT version 1 (default), 2 or 3 (late v3, what the game reads today)."),
                                           QStringLiteral("V"));
    parser.addOption(formatVersion);
    if (!parser.parse(args)) {
        err << "bpat bake: " << parser.errorText() << "\nRun `bpat bake --help` for usage.\n";
        return ExitUsage;
    }
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
        err << "bpat bake: expected at most one OUT_DIR, got " << positional.size()
            << "\nRun `bpat bake --help` for usage.\n";
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
                out << "wrote " << QDir::toNativeSeparators(o.path) << " (" << o.bytes << " bytes; "
                    << o.contents << ")\n";
        } else {
            ++failed;
            err << "bpat bake: failed " << QDir::toNativeSeparators(o.path) << ": " << o.error << '\n';
        }
    }
    if (!parser.isSet(quiet))
        out << (outputs.size() - failed) << " of " << outputs.size() << " files written to "
            << QDir::toNativeSeparators(outDir) << " in " << ms << " ms\n";
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

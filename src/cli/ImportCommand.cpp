// `bpat import IN.glb|IN.gltf -o OUT.bpat [--species N] [--rig FILE] [--animations A,B,...]
// [--fps F] [--format-version 1|2|3]`: glTF 2.0 animations as BPAT clips. The result is validated
// before it is written, atomically; nothing is written on any error. See docs/gltf.md.
#include "bpat/BpatFormat.h"
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "io/AtomicFile.h"
#include "gltf/GltfImporter.h"
#include "io/RegularFile.h"
#include "species/Species.h"

#include <QCommandLineParser>

namespace bpat::cli {

namespace {

int runImport(const QStringList &args)
{
    const QString command = args.value(0);
    QStringList versions;
    for (int v : GltfImporter::writableFormatVersions())
        versions.append(QString::number(v));
    QCommandLineParser parser;
    const QCommandLineOption output = outputOption(QStringLiteral("The BPAT file to write (replaced atomically)."));
    const QCommandLineOption species(QStringLiteral("species"),
                                     QStringLiteral("Species id or name; the joints must then match its rig."),
                                     QStringLiteral("N"));
    const QCommandLineOption rig(QStringLiteral("rig"),
                                 QStringLiteral("A rig description (JSON, as in resources/rigs) the joints must match."),
                                 QStringLiteral("FILE"));
    const QCommandLineOption animations(QStringLiteral("animations"),
                                        QStringLiteral("Comma-separated animation names to import (default: all)."),
                                        QStringLiteral("A,B,..."));
    const QCommandLineOption fps(
        QStringLiteral("fps"),
        QStringLiteral("Sampling rate (default: the rate the exporter stored, else the key spacing, else 30)."),
        QStringLiteral("F"));
    const QCommandLineOption formatVersion(
        QStringLiteral("format-version"),
        QStringLiteral("BPAT version to write: %1 (3 = late v3, what the current game reads). Default: "
                       "the version of the BPAT file the glTF was exported from, else 3.")
            .arg(versions.join(QLatin1Char('|'))),
        QStringLiteral("V"));
    parser.addOptions({output, species, rig, animations, fps, formatVersion});
    addForceOption(parser);
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("The glTF 2.0 file (.glb or .gltf)."));
    if (const auto exit =
            parseOneInputOneOutput(parser, args,
                                   QStringLiteral("Imports glTF 2.0 animations as BPAT clips: each animation is sampled at a "
                                                  "fixed rate, joints map by name to the species' rig (or stay bones of their "
                                                  "own when no rig matches), and the result is validated before it is written."),
                                   output, QStringLiteral("IN file"), QStringLiteral("OUT.bpat")))
        return *exit;
    GltfImportOptions options;
    if (parser.isSet(species)) {
        const std::optional<quint32> id = Species::idOf(parser.value(species));
        if (!id)
            return usageError(parser, command,
                              QStringLiteral("--species: '%1' is no known species id or name").arg(parser.value(species)));
        options.speciesId = *id;
    }
    if (parser.isSet(rig)) {
        QString error;
        options.rig = RigDescription::fromFile(parser.value(rig), &error);
        if (!options.rig)
            return failure(command, QStringLiteral("--rig %1: %2").arg(parser.value(rig), error));
    }
    if (parser.isSet(animations))
        options.animations = parser.value(animations).split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (parser.isSet(fps)) {
        bool ok = false;
        const double f = parser.value(fps).toDouble(&ok);
        if (!ok || !(f > 0) || f > 1000)
            return usageError(parser, command,
                              QStringLiteral("--fps expects a number above 0 and at most 1000, got '%1'").arg(parser.value(fps)));
        options.fps = f;
    }
    std::optional<quint32> version;
    if (parser.isSet(formatVersion)) {
        version = parseUInt(parser.value(formatVersion));
        if (!version || !GltfImporter::writableFormatVersions().contains(int(*version)))
            return usageError(parser, command,
                              QStringLiteral("--format-version %1: this build writes version %2")
                                  .arg(parser.value(formatVersion), versions.join(QStringLiteral(", "))));
    }

    const QString out = parser.value(output);
    if (AtomicFile::sameFile(parser.positionalArguments().first(), out))
        return failure(command, QStringLiteral("%1 is the input: refusing to write BPAT over it").arg(out));
    if (parser.isSet(rig) && AtomicFile::sameFile(parser.value(rig), out))
        return failure(command, QStringLiteral("%1 is the --rig input: refusing to write BPAT over it").arg(out));
    const GltfImportResult result = GltfImporter::importFile(parser.positionalArguments().first(), options);
    for (const QString &note : result.notes)
        cli::note(command, note);
    if (!result.document)
        return failure(command, QStringLiteral("%1 not written: %2").arg(out, result.error));
    // Every file the import read is an input (the glTF's external buffers too), never an output.
    for (const QString &input : result.inputs) {
        if (AtomicFile::sameFile(input, out))
            return failure(command,
                           QStringLiteral("%1 is an input (a buffer %2 reads): refusing to write BPAT over it")
                               .arg(out, parser.positionalArguments().first()));
    }
    QStringList warnings;
    const int writeVersion = version ? int(*version) : GltfImporter::defaultFormatVersion(result);
    const BpatSaver::Result saved = GltfImporter::save(*result.document, out, writeVersion, &warnings);
    for (const QString &warning : warnings)
        cli::note(command, warning);
    if (!saved.saved)
        return failure(command, QStringLiteral("%1 not written: %2").arg(out, saved.error));
    const BpatDocument &doc = *result.document;
    printOut(QStringLiteral("wrote %1: version %8, species %2, %3 bones (%4), %5 clips, %6 frames, %7 sockets\n")
                 .arg(shown(out))
                 .arg(doc.speciesId())
                 .arg(doc.boneCount())
                 .arg(result.rigSource)
                 .arg(doc.clipCount())
                 .arg(doc.frameTotal())
                 .arg(doc.socketCount())
                 .arg(writeVersion == 3 ? QStringLiteral("3 (late)") : QString::number(writeVersion)));
    return ExitOk;
}

const CommandRegistrar importRegistrar(Command{
    QStringLiteral("import"),
    QStringLiteral(
        "import IN.glb|IN.gltf -o OUT.bpat [--species N] [--rig FILE] [--animations A,B,...] [--fps F] [--format-version 1|2|3]"),
    runImport});

} // namespace

} // namespace bpat::cli

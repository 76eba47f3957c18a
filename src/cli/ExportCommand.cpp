// `bpat export FILE -o OUT.glb|OUT.gltf [--clips A,B,...] [--mesh none|creature|body] [--body BODY.bprm]`:
// a BPAT file as glTF 2.0 (skeleton, one animation per clip, sockets, optionally the stand-in
// creature mesh or the game's body). The output is written atomically; see docs/gltf.md.
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "io/AtomicFile.h"
#include "gltf/GltfExporter.h"
#include "bprm/BodyFiles.h"
#include "bprm/BprmFile.h"

#include <QCommandLineParser>

namespace bpat::cli {

namespace {

int runExport(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption output =
        outputOption(QStringLiteral("The glTF file to write: .glb (binary) or .gltf (JSON, buffer embedded)."));
    const QCommandLineOption clips(QStringLiteral("clips"),
                                   QStringLiteral("Comma-separated clip names to export (default: all)."),
                                   QStringLiteral("A,B,..."));
    const QCommandLineOption mesh(QStringLiteral("mesh"),
                                  QStringLiteral("none (skeleton and motion only, the default), creature (the studio's stand-in "
                                                 "mesh, skinned) or body (the game's BPRM body found beside FILE, or --body: "
                                                 "skinned, with UVs and its colour roles as materials; late v3)."),
                                  QStringLiteral("none|creature|body"), QStringLiteral("none"));
    const QCommandLineOption body(QStringLiteral("body"),
                                  QStringLiteral("With --mesh body: this BPRM body instead of <species>_full.bprm beside FILE."),
                                  QStringLiteral("BODY.bprm"));
    parser.addOptions({output, clips, mesh, body});
    addForceOption(parser);
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The BPAT file to export."));
    if (const auto exit =
            parseOneInputOneOutput(parser, args,
                                   QStringLiteral("Exports a BPAT file as glTF 2.0: bones as nodes (named and parented by the "
                                                  "species' rig), one animation per clip, sockets as child nodes. glTF's X axis "
                                                  "is BPAT's mirrored, so a left hand stays a left hand (docs/gltf.md)."),
                                   output, QStringLiteral("FILE"), QStringLiteral("OUT.glb or -o OUT.gltf")))
        return *exit;
    const QString meshValue = parser.value(mesh);
    if (meshValue != QLatin1String("none") && meshValue != QLatin1String("creature") && meshValue != QLatin1String("body"))
        return usageError(parser, command, QStringLiteral("--mesh expects none, creature or body, got '%1'").arg(meshValue));
    if (parser.isSet(body) && meshValue != QLatin1String("body"))
        return usageError(parser, command, QStringLiteral("--body goes with --mesh body"));
    GltfExportOptions options;
    options.creatureMesh = meshValue == QLatin1String("creature");
    if (meshValue == QLatin1String("body")) {
        // The game's naming: <species>_full.bprm beside the file (else its minimal body).
        options.bodyPath = parser.value(body);
        const QString input = parser.positionalArguments().first();
        if (options.bodyPath.isEmpty()) {
            options.bodyPath = BodyFiles::exportBodyFor(input);
            if (options.bodyPath.isEmpty())
                return failure(
                    command,
                    QStringLiteral("no body beside %1 (<species>_full.bprm or _minimal.bprm): give one with --body").arg(input));
        }
    }
    if (parser.isSet(clips))
        options.clips = parser.value(clips).split(QLatin1Char(','), Qt::SkipEmptyParts);
    const QString out = parser.value(output);
    // A glTF written over the BPAT it comes from would destroy it: never what was meant.
    if (AtomicFile::sameFile(parser.positionalArguments().first(), out))
        return failure(command, QStringLiteral("%1 is the input: refusing to write glTF over it").arg(out));
    const GltfExportResult result = GltfExporter::exportFile(parser.positionalArguments().first(), out, options);
    for (const QString &note : result.notes)
        cli::note(command, note);
    if (!result.ok)
        return failure(command, QStringLiteral("%1 not written: %2").arg(out, result.error));
    printOut(QStringLiteral("wrote %1: %2 bytes, %3 animations, %4 nodes%5 (%6); largest global matrix error %7\n")
                 .arg(shown(out))
                 .arg(result.bytes)
                 .arg(result.animationCount)
                 .arg(result.nodeCount)
                 .arg(result.vertexCount > 0
                          ? QStringLiteral(", %1 of %2 vertices%3")
                                .arg(options.bodyPath.isEmpty() ? QStringLiteral("mesh") : QStringLiteral("body"))
                                .arg(result.vertexCount)
                                .arg(result.materialCount > 0 ? QStringLiteral(" in %1 materials").arg(result.materialCount)
                                                              : QString())
                          : QString())
                 .arg(result.skeletonSource)
                 .arg(result.maxGlobalError, 0, 'g', 3));
    return ExitOk;
}

const CommandRegistrar exportRegistrar(Command{
    QStringLiteral("export"),
    QStringLiteral("export FILE -o OUT.glb|OUT.gltf [--clips A,B,...] [--mesh none|creature|body] [--body BODY.bprm]"),
    runExport});

} // namespace

} // namespace bpat::cli

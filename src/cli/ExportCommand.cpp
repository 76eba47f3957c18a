// `bpat export FILE -o OUT.glb|OUT.gltf [--clips A,B,...] [--mesh none|creature]`: a BPAT file
// as glTF 2.0 (skeleton, one animation per clip, sockets, optionally the creature mesh). The
// output is written atomically; see docs/gltf.md for the mapping.
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "io/AtomicFile.h"
#include "gltf/GltfExporter.h"

#include <QCommandLineParser>

namespace bpat::cli {

namespace {

int runExport(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The glTF file to write: .glb (binary) or .gltf (JSON, buffer embedded)."),
                                    QStringLiteral("OUT"));
    const QCommandLineOption clips(QStringLiteral("clips"), QStringLiteral("Comma-separated clip names to export (default: all)."),
                                   QStringLiteral("A,B,..."));
    const QCommandLineOption mesh(QStringLiteral("mesh"),
                                  QStringLiteral("none (skeleton and motion only, the default) or creature (the viewport's mesh, skinned)."),
                                  QStringLiteral("none|creature"), QStringLiteral("none"));
    parser.addOptions({output, clips, mesh});
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The BPAT file to export."));
    if (const auto exit = parseArguments(parser, args,
                                         QStringLiteral("Exports a BPAT file as glTF 2.0: bones as nodes (named and parented by the "
                                                        "species' rig), one animation per clip, sockets as child nodes. glTF's X axis "
                                                        "is BPAT's mirrored, so a left hand stays a left hand (docs/gltf.md).")))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return usageError(parser, command, QStringLiteral("expected exactly one FILE"));
    if (!parser.isSet(output))
        return usageError(parser, command, QStringLiteral("-o OUT.glb or -o OUT.gltf is required"));
    const QString meshValue = parser.value(mesh);
    if (meshValue != QLatin1String("none") && meshValue != QLatin1String("creature"))
        return usageError(parser, command, QStringLiteral("--mesh expects none or creature, got '%1'").arg(meshValue));
    GltfExportOptions options;
    options.creatureMesh = meshValue == QLatin1String("creature");
    if (parser.isSet(clips))
        options.clips = parser.value(clips).split(QLatin1Char(','), Qt::SkipEmptyParts);
    const QString out = parser.value(output);
    // A glTF written over the BPAT it comes from would destroy it: never what was meant.
    if (AtomicFile::sameFile(parser.positionalArguments().first(), out))
        return failure(command, QStringLiteral("%1 is the input: refusing to write glTF over it").arg(out));
    const GltfExportResult result = GltfExporter::exportFile(parser.positionalArguments().first(), out, options);
    for (const QString &note : result.notes)
        printErr(QStringLiteral("%1: note: %2\n").arg(command, note));
    if (!result.ok)
        return failure(command, QStringLiteral("%1 not written: %2").arg(out, result.error));
    printOut(QStringLiteral("wrote %1: %2 bytes, %3 animations, %4 nodes%5 (%6); largest global matrix error %7\n")
                 .arg(out).arg(result.bytes).arg(result.animationCount).arg(result.nodeCount)
                 .arg(result.vertexCount > 0 ? QStringLiteral(", mesh of %1 vertices").arg(result.vertexCount) : QString())
                 .arg(result.skeletonSource).arg(result.maxGlobalError, 0, 'g', 3));
    return ExitOk;
}

const CommandRegistrar exportRegistrar(Command{
    QStringLiteral("export"), QStringLiteral("export FILE -o OUT.glb|OUT.gltf [--clips A,B,...] [--mesh none|creature]"), runExport});

} // namespace

} // namespace bpat::cli

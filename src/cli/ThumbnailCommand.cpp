// bpat thumbnail [-s SIZE] [--time-limit SECONDS] IN OUT.png
// The freedesktop thumbnailer (packaging/bpat.thumbnailer: Exec=bpat thumbnail -s %s %i %o): a
// square picture of a .bpat (its first clip at its middle frame, with its body when one is
// beside it), a .bprm (on the creature of the BPAT beside it) or a .bpsm (its first clip). The
// file is validated first (the spec profile's structure): one that does not validate gets no
// thumbnail. A watchdog ends the process after the time limit, and the picture is written
// atomically, so a hostile file costs at most that long and leaves nothing behind. Without
// OpenGL (a sandboxed file manager) the skeleton or the snapshot's points are sketched instead.
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "PictureSupport.h"

#include "bpat/BpatFile.h"
#include "bprm/BodyFiles.h"
#include "bpsm/BpsmFile.h"
#include "formats/FormatRegistry.h"
#include "io/AtomicFile.h"

#include <QCommandLineParser>
#include <csignal>
#include <unistd.h>

using namespace bpat;
using namespace bpat::cli;

namespace {

int runThumbnail(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption sizeOption({QStringLiteral("s"), QStringLiteral("size")},
                                        QStringLiteral("Width and height of the thumbnail in pixels (default 256)."),
                                        QStringLiteral("SIZE"), QStringLiteral("256"));
    const QCommandLineOption limitOption(QStringLiteral("time-limit"),
                                         QStringLiteral("Give up after this many seconds (default 10)."),
                                         QStringLiteral("SECONDS"), QStringLiteral("10"));
    const QCommandLineOption sketchOption(QStringLiteral("sketch"), QStringLiteral("Sketch without OpenGL even where it works."));
    parser.addOptions({sizeOption, limitOption, sketchOption});
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("A .bpat, .bprm or .bpsm file."));
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("The PNG to write."));
    if (const auto exit = parseArguments(parser, args,
                                         QStringLiteral("Writes a file manager's thumbnail of a BPAT, BPRM or BPSM file "
                                                        "(the freedesktop thumbnailer entry runs it).")))
        return *exit;
    if (parser.positionalArguments().size() != 2)
        return usageError(parser, command, QStringLiteral("expected IN and OUT"));
    const std::optional<quint32> side = parseUInt(parser.value(sizeOption));
    if (!side || *side < 16 || *side > 1024)
        return usageError(parser, command, QStringLiteral("-s expects a size from 16 to 1024"));
    const std::optional<quint32> limit = parseUInt(parser.value(limitOption));
    if (!limit || *limit < 1 || *limit > 600)
        return usageError(parser, command, QStringLiteral("--time-limit expects 1 to 600 seconds"));
    // The watchdog: SIGALRM's default action ends the process, wherever it is.
    std::signal(SIGALRM, SIG_DFL);
    ::alarm(*limit);

    const QString in = parser.positionalArguments().at(0), out = parser.positionalArguments().at(1);
    if (const QString refused = refuseOutput(out, {in}); !refused.isEmpty())
        return failure(command, QStringLiteral("%1; nothing was written").arg(refused));
    const FileKind kind = FormatRegistry::detect(in);
    if (kind != FileKind::Bpat && kind != FileKind::Bprm && kind != FileKind::Bpsm)
        return failure(command, QStringLiteral("%1: not a BPAT, BPRM or BPSM file").arg(shown(in)));
    ValidationOptions options;
    options.maxIssues = 1;
    const ValidationResult validation = FormatRegistry::validate(in, options);
    if (!validation.valid())
        return failure(command,
                       QStringLiteral("%1 does not validate (%2): no thumbnail")
                           .arg(shown(in), validation.issues.isEmpty() ? QString() : validation.issues.constFirst().code));

    studio::ClipRenderer renderer;
    QString error;
    const bool gl = !parser.isSet(sketchOption) && renderer.begin(&error);
    std::optional<BpatFile> bpat;
    if (kind == FileKind::Bpsm) {
        const auto snapshot = BpsmFile::open(in, &error);
        if (!snapshot || !renderer.setSnapshot(*snapshot, &error))
            return failure(command, QStringLiteral("%1: %2").arg(shown(in), error));
    } else {
        // A body is drawn on the creature of the BPAT it pairs with (bprm/BodyFiles).
        const QString bpatPath = kind == FileKind::Bpat ? in : BodyFiles::pairedRig(in).bpatPath;
        if (bpatPath.isEmpty())
            return failure(command, QStringLiteral("%1: no BPAT of its species beside it to wear it").arg(shown(in)));
        bpat = BpatFile::open(bpatPath, &error);
        if (!bpat || !renderer.setFile(*bpat, &error, kind == FileKind::Bprm ? in : QString()))
            return failure(command, QStringLiteral("%1: %2").arg(shown(bpatPath), error));
    }
    if (renderer.clips().isEmpty())
        return failure(command, QStringLiteral("%1: no clip to draw").arg(shown(in)));
    const QSize size{int(*side), int(*side)};
    const quint32 frame = renderer.clips().constFirst().frameCount / 2;
    renderer.setGrid(false);
    renderer.frame(studio::ClipRenderer::Camera::ThreeQuarter, 0, {frame}, size);
    const QImage picture = gl ? renderer.render(0, frame, size, &error) : renderer.sketch(0, frame, size);
    if (picture.isNull())
        return failure(command, QStringLiteral("%1: %2").arg(shown(in), error));
    if (!AtomicFile::write(out, pngBytes(picture), &error))
        return failure(command, error);
    return ExitOk;
}

const CommandRegistrar registrar({QStringLiteral("thumbnail"),
                                  QStringLiteral("thumbnail [-s SIZE] [--time-limit SECONDS] IN OUT.png"), runThumbnail, true});

} // namespace

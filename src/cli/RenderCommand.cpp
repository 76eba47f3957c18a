// bpat render FILE [--clip NAME] [--frames A:B:STEP | --phases P,...] [--size WxH]
//   [--camera front|side|three-quarter|top] [--body full|minimal|stand-in] [--compare OTHER]
//   [--fps N] [--no-grid] -o OUT.png|OUT.webp|OUT.gif
// Pictures of a clip without a window, drawn by the viewport's own renderer in an off-screen
// OpenGL context (studio::ClipRenderer): one frame, a filmstrip (one row, frame numbers) or an
// animated loop.
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "PictureSupport.h"

#include "AnimatedImage.h"
#include "Filmstrip.h"
#include "bpat/BpatFile.h"
#include "bpsm/BpsmFile.h"
#include "formats/FormatRegistry.h"
#include "diff/ClipPairing.h"
#include "io/AtomicFile.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>

using namespace bpat;
using namespace bpat::cli;

namespace {

int runRender(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption output =
        outputOption(QStringLiteral("The picture to write: .png (one frame, or a filmstrip of several in one "
                                    "row), .webp or .gif (an animated loop)."));
    const QCommandLineOption clipOption(
        QStringLiteral("clip"), QStringLiteral("The clip, by name or index (default: the first)."), QStringLiteral("NAME"));
    const QCommandLineOption framesOption(QStringLiteral("frames"),
                                          QStringLiteral("Frames of the clip: N, A:B or A:B:STEP (B inclusive). Default: frame 0 "
                                                         "for a .png, every frame for a loop."),
                                          QStringLiteral("A:B:STEP"));
    const QCommandLineOption phasesOption(QStringLiteral("phases"),
                                          QStringLiteral("Frames as phases of the clip in [0, 1], e.g. 0,0.25,0.5,0.75."),
                                          QStringLiteral("P,..."));
    const QCommandLineOption sizeOption(QStringLiteral("size"), QStringLiteral("Size of each frame in pixels (default 480x360)."),
                                        QStringLiteral("WxH"), QStringLiteral("480x360"));
    const QCommandLineOption cameraOption(
        QStringLiteral("camera"), QStringLiteral("front, side, three-quarter (the viewport's reset view, default) or top."),
        QStringLiteral("VIEW"), QStringLiteral("three-quarter"));
    const QCommandLineOption bodyOption(QStringLiteral("body"),
                                        QStringLiteral("full (the game's body beside FILE, the default), minimal or stand-in; "
                                                       "without a body the stand-in is drawn."),
                                        QStringLiteral("MODE"), QStringLiteral("full"));
    const QCommandLineOption compareOption(QStringLiteral("compare"),
                                           QStringLiteral("Draw this BPAT file's paired clip as the ghost over FILE, as the "
                                                          "window's compare mode does."),
                                           QStringLiteral("OTHER"));
    const QCommandLineOption fpsOption(QStringLiteral("fps"),
                                       QStringLiteral("Frames per second of a loop (default: the clip's)."), QStringLiteral("N"));
    const QCommandLineOption noGrid(QStringLiteral("no-grid"), QStringLiteral("Leave the ground grid out."));
    parser.addOptions(
        {output, clipOption, framesOption, phasesOption, sizeOption, cameraOption, bodyOption, compareOption, fpsOption, noGrid});
    addForceOption(parser);
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The BPAT file to draw."));
    if (const auto exit =
            parseOneInputOneOutput(parser, args,
                                   QStringLiteral("Renders a clip of a BPAT file without a window, with the viewport's "
                                                  "own renderer in an off-screen OpenGL context (needs X or Xvfb: "
                                                  "xvfb-run -a bpat render ...). The camera frames the creature over "
                                                  "the frames drawn."),
                                   output, QStringLiteral("FILE"), QStringLiteral("OUT.png, OUT.webp or OUT.gif")))
        return *exit;
    const QString input = parser.positionalArguments().constFirst();
    const QString out = parser.value(output);
    const QString suffix = QFileInfo(out).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("webp") && suffix != QLatin1String("gif"))
        return usageError(parser, command, QStringLiteral("the output must end in .png, .webp or .gif, not '%1'").arg(out));
    const bool loop = suffix != QLatin1String("png");
    if (parser.isSet(framesOption) && parser.isSet(phasesOption))
        return usageError(parser, command, QStringLiteral("--frames and --phases exclude each other"));
    const std::optional<QSize> size = parseSize(parser.value(sizeOption));
    if (!size)
        return usageError(parser, command,
                          QStringLiteral("--size expects WxH between 16 and 8192, not '%1'").arg(parser.value(sizeOption)));
    const auto camera = studio::ClipRenderer::cameraFromName(parser.value(cameraOption));
    if (!camera)
        return usageError(parser, command, QStringLiteral("--camera expects front, side, three-quarter or top"));
    const auto body = studio::ClipRenderer::bodyFromName(parser.value(bodyOption));
    if (!body)
        return usageError(parser, command, QStringLiteral("--body expects full, minimal or stand-in"));
    std::optional<quint32> fps;
    if (parser.isSet(fpsOption)) {
        fps = parseUInt(parser.value(fpsOption));
        if (!fps || *fps < 1 || *fps > 100)
            return usageError(parser, command, QStringLiteral("--fps expects an integer from 1 to 100"));
    }
    if (const QString refused = refuseOutput(out, {input, parser.value(compareOption)}); !refused.isEmpty())
        return failure(command, QStringLiteral("%1; nothing was written").arg(refused));

    QString error;
    // A BPAT file, or a BPSM snapshot mesh (drawn from its stored vertices, as the window does).
    const FileKind kind = FormatRegistry::detect(input);
    if (kind != FileKind::Bpat && kind != FileKind::Bpsm) {
        if (!BpatFile::open(input, &error)) // says why a path cannot be read (missing, a directory)
            return failure(command, error);
        return failure(command, QStringLiteral("%1 is not a BPAT file or a BPSM snapshot mesh").arg(shown(input)));
    }
    if (kind == FileKind::Bpsm && parser.isSet(compareOption))
        return usageError(parser, command, QStringLiteral("--compare draws BPAT files over BPAT files"));
    studio::ClipRenderer renderer;
    if (!renderer.begin(&error))
        return failure(command, error);
    std::optional<BpatFile> file;
    std::optional<BpsmFile> snapshot;
    if (kind == FileKind::Bpsm) {
        snapshot = BpsmFile::open(input, &error);
        if (!snapshot || !renderer.setSnapshot(*snapshot, &error))
            return failure(command, QStringLiteral("%1: %2").arg(shown(input), error));
    } else {
        file = BpatFile::open(input, &error);
        if (!file)
            return failure(command, error);
        if (!renderer.setFile(*file, &error))
            return failure(command, QStringLiteral("%1: %2").arg(shown(input), error));
    }
    // The clip by name (the first of that name) or index, among the clips that can be drawn.
    int clip = 0;
    if (parser.isSet(clipOption)) {
        const QString wanted = parser.value(clipOption);
        clip = -1;
        for (int c = 0; c < renderer.clips().size() && clip < 0; ++c)
            clip = renderer.clips().at(c).name == wanted ? c : -1;
        if (const std::optional<quint32> index = parseUInt(wanted);
            clip < 0 && index && *index < quint32(renderer.clips().size()))
            clip = int(*index);
    }
    if (clip < 0 || clip >= renderer.clips().size())
        return failure(command,
                       parser.isSet(clipOption)
                           ? QStringLiteral("%1 has no clip '%2'").arg(shown(input), shown(parser.value(clipOption)))
                           : QStringLiteral("%1 has no clip to draw").arg(shown(input)));
    renderer.setBody(*body);
    renderer.setGrid(!parser.isSet(noGrid));
    std::optional<BpatFile> other;
    if (parser.isSet(compareOption)) {
        other = BpatFile::open(parser.value(compareOption), &error);
        if (!other)
            return failure(command, QStringLiteral("%1: %2").arg(shown(parser.value(compareOption)), error));
        const auto ghost = studio::CompareGhost::build(*file, *other, diff::ClipPairing::pair(*file, *other, 1e-4), &error);
        if (!ghost)
            return failure(
                command,
                QStringLiteral("cannot draw %1 over %2: %3").arg(shown(parser.value(compareOption)), shown(input), error));
        renderer.setCompareGhost(ghost);
    }

    const studio::PaletteClip &c = renderer.clips().at(clip);
    std::optional<QList<quint32>> frames;
    if (parser.isSet(framesOption))
        frames = parseFrames(parser.value(framesOption), c.frameCount, &error);
    else if (parser.isSet(phasesOption))
        frames = parsePhases(parser.value(phasesOption), c.frameCount, &error);
    else if (loop)
        frames = spreadFrames(c.frameCount, int(c.frameCount));
    else
        frames = QList<quint32>{0};
    if (!frames)
        return usageError(parser, command, error);

    QElapsedTimer timer;
    timer.start();
    const QList<QImage> images = renderFrames(renderer, clip, *frames, *size, *camera, !loop && frames->size() > 1, &error);
    if (images.isEmpty())
        return failure(command, error);
    QByteArray bytes;
    if (!loop) {
        const QImage picture = images.size() == 1 ? images.constFirst() : studio::Filmstrip::compose(images, {});
        if (picture.isNull())
            return failure(command,
                           QStringLiteral("a filmstrip of %1 frames of %2 pixels is wider than %3 pixels")
                               .arg(images.size())
                               .arg(size->width())
                               .arg(studio::Filmstrip::kMaxWidth));
        bytes = pngBytes(picture);
    } else {
        const double rate = fps ? double(*fps) : (c.fps > 0 && c.fps <= 1000 ? double(c.fps) : 30.0);
        bytes = studio::AnimatedImage::encode(suffix == QLatin1String("webp") ? studio::AnimatedImage::Format::Webp
                                                                              : studio::AnimatedImage::Format::Gif,
                                              images, int(std::lround(1000.0 / rate)), &error);
    }
    if (bytes.isEmpty())
        return failure(command, error.isEmpty() ? QStringLiteral("the picture could not be encoded") : error);
    if (!AtomicFile::write(out, bytes, &error))
        return failure(command, error);
    printOut(QStringLiteral("wrote %1: %2 of clip %3, %4 frame%5 of %6x%7 in %8 ms (%9; %10)\n")
                 .arg(shown(out),
                      loop                    ? QStringLiteral("a loop")
                          : images.size() > 1 ? QStringLiteral("a filmstrip")
                                              : QStringLiteral("a picture"))
                 .arg(shown(c.name))
                 .arg(images.size())
                 .arg(images.size() == 1 ? QString() : QStringLiteral("s"))
                 .arg(size->width())
                 .arg(size->height())
                 .arg(timer.elapsed())
                 .arg(renderer.bodyStatus(), renderer.glRendererName()));
    return ExitOk;
}

const CommandRegistrar registrar({QStringLiteral("render"),
                                  QStringLiteral("render FILE [--clip NAME] [--frames A:B:STEP|--phases P,...] [--size WxH] "
                                                 "[--camera VIEW] [--body MODE] [--compare OTHER] -o OUT.png|.webp|.gif"),
                                  runRender, true});

} // namespace

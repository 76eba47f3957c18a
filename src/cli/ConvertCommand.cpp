// `bpat convert IN -o OUT --to-version 1|2|3`: rewrites a BPAT file in another version (3 is late
// v3, what the game reads today). Global bone matrices are kept; going up, the bind pose, parents,
// feet and contacts are filled in (VersionConverter); going down, what the target cannot hold is
// dropped and listed as a warning. The frames stream from the mapped input to the output a run
// at a time (FileConverter), so memory stays flat whatever the file's size; the result is
// validated before it replaces the output atomically.
#include "bpat/BpatFile.h"
#include "bpat/FileConverter.h"
#include "bpat/VersionConverter.h"
#include "io/AtomicFile.h"
#include "CliSupport.h"
#include "CommandRegistry.h"

#include <QCommandLineParser>

namespace bpat::cli {

namespace {

// The file, mapped, and its document without the frames (they stay in the mapping).
struct Input
{
    BpatFile file;
    BpatDocument plan;
};

std::optional<Input> load(const QString &command, const QString &path, int *exit)
{
    QString error;
    auto file = BpatFile::open(path, &error);
    if (!file) {
        *exit = failure(command, error);
        return std::nullopt;
    }
    auto plan = BpatDocument::planFromFile(*file, &error);
    if (!plan) {
        *exit = failure(command, QStringLiteral("%1: cannot be read: %2 (run `bpat validate` for details)").arg(path, error));
        return std::nullopt;
    }
    return Input{std::move(*file), std::move(*plan)};
}

int runConvert(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption output = outputOption(QStringLiteral("The file to write."));
    const QCommandLineOption toVersion(
        QStringLiteral("to-version"),
        QStringLiteral("1, 2 or 3 (late v3, what the game reads today); or v1, v2, v3-early, v3-late."), QStringLiteral("V"));
    const QCommandLineOption bindClip(
        QStringLiteral("bind-clip"),
        QStringLiteral("Going up: the clip (name or index) whose frame is the bind pose (default: the first clip)."),
        QStringLiteral("NAME"));
    const QCommandLineOption bindFrame(QStringLiteral("bind-frame"), QStringLiteral("The frame of --bind-clip (default 0)."),
                                       QStringLiteral("N"));
    const QCommandLineOption bindFrom(QStringLiteral("bind-from"),
                                      QStringLiteral("Take the bind pose from this BPAT file: its bind palette (late v3), "
                                                     "else the first frame of its first clip."),
                                      QStringLiteral("FILE"));
    const QCommandLineOption rigOption(
        QStringLiteral("rig"),
        QStringLiteral("A rig description (JSON) giving parents and feet (default: the project's rig "
                       "of the species and bone count)."),
        QStringLiteral("FILE"));
    const QCommandLineOption overwriteInput(QStringLiteral("overwrite-input"),
                                            QStringLiteral("Allow OUT to be IN (the file is replaced by its conversion)."));
    parser.addOptions({output, toVersion, bindClip, bindFrame, bindFrom, rigOption, overwriteInput});
    addForceOption(parser);
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("The BPAT file to convert."));
    if (const auto exit = parseArguments(parser, args,
                                         QStringLiteral("Writes a BPAT file in another version. Global bone matrices survive; "
                                                        "what the target version cannot hold is dropped with a warning.")))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return usageError(parser, command, QStringLiteral("expected exactly one IN file"));
    if (!parser.isSet(output) || !parser.isSet(toVersion))
        return usageError(parser, command, QStringLiteral("-o OUT and --to-version are required"));
    const auto target = parseFormatVersion(parser.value(toVersion));
    if (!target)
        return usageError(
            parser, command,
            QStringLiteral("--to-version expects 1, 2, 3, v1, v2, v3-early or v3-late, got '%1'").arg(parser.value(toVersion)));
    if (parser.isSet(bindFrom) && (parser.isSet(bindClip) || parser.isSet(bindFrame)))
        return usageError(parser, command, QStringLiteral("--bind-from excludes --bind-clip and --bind-frame"));

    // Going down drops data (markers, contacts, bind palette): over the input it is lost for
    // good, so only when asked for.
    if (!parser.isSet(overwriteInput) && AtomicFile::sameFile(parser.positionalArguments().constFirst(), parser.value(output)))
        return failure(command,
                       QStringLiteral("%1 is the input: refusing to write over it (choose another OUT, or pass "
                                      "--overwrite-input to replace it)")
                           .arg(parser.value(output)));
    int exit = ExitOk;
    auto input = load(command, parser.positionalArguments().constFirst(), &exit);
    if (!input)
        return exit;
    const BpatDocument *doc = &input->plan;

    ConvertOptions options;
    options.target = format::Dialect(*target);
    if (parser.isSet(bindClip) || parser.isSet(bindFrame)) {
        const QString clipText = parser.value(bindClip);
        int clip = 0;
        if (parser.isSet(bindClip)) {
            clip = doc->findClip(clipText);
            bool number = false;
            const uint index = clipText.toUInt(&number);
            if (clip < 0 && number && index < uint(doc->clipCount()))
                clip = int(index);
            if (clip < 0)
                return failure(command, QStringLiteral("--bind-clip: no clip named or numbered '%1'").arg(clipText));
        }
        const auto frame = parser.isSet(bindFrame) ? parseUInt(parser.value(bindFrame)) : std::optional<quint32>(0);
        if (!frame)
            return usageError(parser, command, QStringLiteral("--bind-frame expects a non-negative integer"));
        QString error;
        options.bindGlobals = FileConverter::framePose(input->file, clip, *frame, &error);
        if (!options.bindGlobals)
            return failure(command, QStringLiteral("--bind-clip/--bind-frame: %1").arg(error));
    } else if (parser.isSet(bindFrom)) {
        QString error;
        const auto source = BpatFile::open(parser.value(bindFrom), &error);
        const auto bind = source ? FileConverter::bindPoseFrom(*source, doc->boneCount(), &error) : std::nullopt;
        if (!bind)
            return failure(command, QStringLiteral("--bind-from: %1").arg(error));
        options.bindGlobals = *bind;
    }
    if (parser.isSet(rigOption)) {
        QString error;
        options.rig = RigDescription::fromFile(parser.value(rigOption), &error);
        if (!options.rig)
            return failure(command, QStringLiteral("--rig: %1: %2").arg(parser.value(rigOption), error));
    }

    const format::Dialect from = doc->dialect();
    const QString out = parser.value(output);
    const FileConvertResult converted = FileConverter::convert(input->file, input->plan, options, out);
    if (!converted.converted)
        return failure(command, QStringLiteral("cannot convert: %1; nothing was written").arg(converted.error));
    for (const QString &w : converted.warnings)
        warn(command, w);
    if (!converted.saved)
        return failure(command, QStringLiteral("%1 not written: %2").arg(out, converted.error));
    const BpatDocument &written = *converted.plan;
    printOut(QStringLiteral("wrote %1: %2 -> %3, %4 clips, %5 frames, %6 bones\n")
                 .arg(shown(out), format::dialectName(from), format::dialectName(written.dialect()))
                 .arg(written.clipCount())
                 .arg(written.frameTotal())
                 .arg(written.boneCount()));
    return ExitOk;
}

const CommandRegistrar registrar(Command{
    QStringLiteral("convert"),
    QStringLiteral(
        "convert IN -o OUT --to-version 1|2|3 [--bind-clip NAME] [--bind-frame N] [--bind-from FILE] [--rig FILE] [--overwrite-input]"),
    runConvert});

} // namespace

} // namespace bpat::cli

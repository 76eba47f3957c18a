// `bpat edit FILE -o OUT [operations...]` and `bpat merge A.bpat B.bpat... -o OUT`: the GUI's
// edits for pipelines. Operations apply in the order given; the result is validated before
// it replaces anything (written atomically), so a refused edit leaves OUT untouched.
#include "bpat/BpatFile.h"
#include "bpat/BpatSaver.h"
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "MotionEditOperations.h"
#include "bpat/DocumentEditor.h"
#include "bpat/VersionConverter.h"
#include "mesh/Rig.h"
#include "species/SpeciesRig.h"

#include <QCommandLineParser>
#include <functional>

namespace bpat::cli {

namespace {

struct Operation
{
    QString option;
    QString value;
};

std::optional<BpatDocument> loadDocument(const QString &command, const QString &path, int *exitCode)
{
    QString error;
    const auto file = BpatFile::open(path, &error);
    if (!file) {
        *exitCode = failure(command, error);
        return std::nullopt;
    }
    auto doc = BpatDocument::fromFile(*file, &error);
    if (!doc) {
        *exitCode =
            failure(command, QStringLiteral("%1: cannot be edited: %2 (run `bpat validate` for details)").arg(path, error));
        return std::nullopt;
    }
    return doc;
}

int saveDocument(const QString &command, const BpatDocument &doc, const QString &out)
{
    const BpatSaver::Result result = BpatSaver::save(doc, out);
    if (!result.saved)
        return failure(command, QStringLiteral("%1 not written: %2").arg(out, result.error));
    printOut(QStringLiteral("wrote %1: %2 clips, %3 frames, %4 sockets\n")
                 .arg(shown(out))
                 .arg(doc.clipCount())
                 .arg(doc.frameTotal())
                 .arg(doc.socketCount()));
    return ExitOk;
}

// "NAME=VALUE" split at the first '=' (names may not contain '=').
bool splitPair(const QString &text, QString *left, QString *right)
{
    const qsizetype eq = text.indexOf(QLatin1Char('='));
    if (eq <= 0)
        return false;
    const QString whole = text; // `left` or `right` may alias `text`
    *left = whole.left(eq);
    *right = whole.mid(eq + 1);
    return true;
}

int clipIndex(const BpatDocument &doc, const QString &nameOrIndex)
{
    const int byName = doc.findClip(nameOrIndex);
    if (byName >= 0)
        return byName;
    const auto index = parseUInt(nameOrIndex);
    return index && *index < quint32(doc.clipCount()) ? int(*index) : -1;
}

int socketIndex(const BpatDocument &doc, const QString &nameOrIndex)
{
    const int byName = doc.findSocket(nameOrIndex);
    if (byName >= 0)
        return byName;
    const auto index = parseUInt(nameOrIndex);
    return index && *index < quint32(doc.socketCount()) ? int(*index) : -1;
}

std::optional<quint32> boneIndex(const BpatDocument &doc, const QString &nameOrIndex)
{
    if (const SpeciesRig *rig = SpeciesRig::game(doc.speciesId(), int(doc.boneCount()))) {
        const int byName = rig->rig().indexOf(nameOrIndex);
        if (byName >= 0)
            return quint32(byName);
    }
    return parseUInt(nameOrIndex);
}

std::optional<QVector3D> parseVector(const QString &text)
{
    const QStringList parts = text.split(QLatin1Char(','));
    if (parts.size() != 3)
        return std::nullopt;
    float v[3];
    for (int i = 0; i < 3; ++i) {
        bool ok = false;
        v[i] = parts.at(i).trimmed().toFloat(&ok);
        if (!ok)
            return std::nullopt;
    }
    return QVector3D(v[0], v[1], v[2]);
}

// Applies one operation; returns an empty string on success, else the reason.
QString apply(BpatDocument &doc, const Operation &op, const MotionOperationContext &motion)
{
    if (isMotionOperation(op.option))
        return applyMotionOperation(doc, op.option, op.value, motion);
    DocumentEditor editor(doc);
    QString error, left, right;
    const auto needPair = [&](const char *form) -> QString {
        return splitPair(op.value, &left, &right)
            ? QString()
            : QStringLiteral("--%1 expects %2, got '%3'").arg(op.option, QLatin1String(form), op.value);
    };
    const auto clipOf = [&](const QString &name, int *index) -> QString {
        *index = clipIndex(doc, name);
        return *index >= 0 ? QString() : QStringLiteral("no clip named or numbered '%1'").arg(name);
    };
    const auto socketOf = [&](const QString &name, int *index) -> QString {
        *index = socketIndex(doc, name);
        return *index >= 0 ? QString() : QStringLiteral("no socket named or numbered '%1'").arg(name);
    };
    int clip = -1;
    int socket = -1;
    bool ok = false;
    const QString &o = op.option;
    if (o == QLatin1String("rename-clip")) {
        if (QString e = needPair("OLD=NEW"); !e.isEmpty())
            return e;
        if (QString e = clipOf(left, &clip); !e.isEmpty())
            return e;
        ok = editor.renameClip(clip, right, &error);
    } else if (o == QLatin1String("set-fps")) {
        if (QString e = needPair("CLIP=FPS"); !e.isEmpty())
            return e;
        if (QString e = clipOf(left, &clip); !e.isEmpty())
            return e;
        bool number = false;
        const float fps = right.toFloat(&number);
        if (!number)
            return QStringLiteral("--set-fps: '%1' is not a number").arg(right);
        ok = editor.setClipFps(clip, fps, &error);
    } else if (o == QLatin1String("set-loops")) {
        if (QString e = needPair("CLIP=0|1"); !e.isEmpty())
            return e;
        if (QString e = clipOf(left, &clip); !e.isEmpty())
            return e;
        if (right != QLatin1String("0") && right != QLatin1String("1"))
            return QStringLiteral("--set-loops expects 0 or 1, got '%1'").arg(right);
        ok = editor.setClipLoops(clip, right == QLatin1String("1"), &error);
    } else if (o == QLatin1String("set-marker") || o == QLatin1String("clear-marker")) {
        // CLIP:NAME=PHASE / CLIP:NAME (the clip name may itself hold ':', the marker never does).
        const bool set = o == QLatin1String("set-marker");
        QString target = op.value, phaseText;
        if (set && !splitPair(op.value, &target, &phaseText))
            return QStringLiteral("--set-marker expects CLIP:NAME=PHASE, got '%1'").arg(op.value);
        const qsizetype colon = target.lastIndexOf(QLatin1Char(':'));
        if (colon <= 0)
            return QStringLiteral("--%1 expects CLIP:NAME%2, got '%3'")
                .arg(o, set ? QStringLiteral("=PHASE") : QString(), op.value);
        if (QString e = clipOf(target.left(colon), &clip); !e.isEmpty())
            return e;
        const int marker = format::markerIndex(target.mid(colon + 1));
        if (marker < 0)
            return QStringLiteral("--%1: no marker '%2' (expected anticipation_start, weapon_release, contact, recover_unlocked "
                                  "or exit_safe)")
                .arg(o, target.mid(colon + 1));
        bool number = true;
        const float phase = set ? phaseText.toFloat(&number) : -1.0f;
        if (!number)
            return QStringLiteral("--set-marker: '%1' is not a number").arg(phaseText);
        // -1 is how a file stores "unset", not a phase: --clear-marker unsets.
        if (set && !(phase >= 0.0f && phase <= 1.0f))
            return QStringLiteral("--set-marker: a phase is in [0, 1], got '%1' (--clear-marker %2 unsets it)")
                .arg(phaseText, target);
        ok = editor.setClipMarker(clip, marker, phase, &error);
    } else if (o == QLatin1String("remove-clip")) {
        if (QString e = clipOf(op.value, &clip); !e.isEmpty())
            return e;
        ok = editor.removeClip(clip, &error);
    } else if (o == QLatin1String("duplicate-clip")) {
        QString source = op.value, name;
        splitPair(op.value, &source, &name);
        if (QString e = clipOf(source, &clip); !e.isEmpty())
            return e;
        ok = editor.duplicateClip(clip, name, &error);
    } else if (o == QLatin1String("trim-clip")) {
        if (QString e = needPair("CLIP=FIRST:LAST"); !e.isEmpty())
            return e;
        if (QString e = clipOf(left, &clip); !e.isEmpty())
            return e;
        const QStringList range = right.split(QLatin1Char(':'));
        const auto first = parseUInt(range.value(0));
        const auto last = parseUInt(range.value(1));
        if (range.size() != 2 || !first || !last)
            return QStringLiteral("--trim-clip expects CLIP=FIRST:LAST frame numbers, got '%1'").arg(op.value);
        ok = editor.trimClip(clip, *first, *last, &error);
    } else if (o == QLatin1String("split-clip")) {
        if (QString e = needPair("CLIP=FRAME"); !e.isEmpty())
            return e;
        if (QString e = clipOf(left, &clip); !e.isEmpty())
            return e;
        const auto frame = parseUInt(right);
        if (!frame)
            return QStringLiteral("--split-clip expects CLIP=FRAME, got '%1'").arg(op.value);
        ok = editor.splitClip(clip, *frame, QString(), &error);
    } else if (o == QLatin1String("add-socket")) {
        const QStringList parts = op.value.split(QLatin1Char(':'));
        if (parts.size() != 3)
            return QStringLiteral("--add-socket expects NAME:BONE:X,Y,Z, got '%1'").arg(op.value);
        const auto bone = boneIndex(doc, parts.at(1));
        const auto offset = parseVector(parts.at(2));
        if (!bone)
            return QStringLiteral("--add-socket: no bone named or numbered '%1'").arg(parts.at(1));
        if (!offset)
            return QStringLiteral("--add-socket: '%1' is not X,Y,Z").arg(parts.at(2));
        ok = editor.addSocket(BpatSocket{parts.at(0), *bone, *offset}, &error);
    } else if (o == QLatin1String("remove-socket")) {
        if (QString e = socketOf(op.value, &socket); !e.isEmpty())
            return e;
        ok = editor.removeSocket(socket, &error);
    } else if (o == QLatin1String("rename-socket")) {
        if (QString e = needPair("OLD=NEW"); !e.isEmpty())
            return e;
        if (QString e = socketOf(left, &socket); !e.isEmpty())
            return e;
        ok = editor.renameSocket(socket, right, &error);
    } else if (o == QLatin1String("set-socket-anchor")) {
        if (QString e = needPair("SOCKET=BONE"); !e.isEmpty())
            return e;
        if (QString e = socketOf(left, &socket); !e.isEmpty())
            return e;
        const auto bone = boneIndex(doc, right);
        if (!bone)
            return QStringLiteral("--set-socket-anchor: no bone named or numbered '%1'").arg(right);
        ok = editor.setSocketAnchor(socket, *bone, &error);
    } else if (o == QLatin1String("set-socket-offset")) {
        if (QString e = needPair("SOCKET=X,Y,Z"); !e.isEmpty())
            return e;
        if (QString e = socketOf(left, &socket); !e.isEmpty())
            return e;
        const auto offset = parseVector(right);
        if (!offset)
            return QStringLiteral("--set-socket-offset: '%1' is not X,Y,Z").arg(right);
        ok = editor.setSocketOffset(socket, *offset, &error);
    }
    return ok ? QString() : error;
}

const QList<std::pair<const char *, const char *>> &operationOptions()
{
    static const QList<std::pair<const char *, const char *>> list{
        {"rename-clip", "OLD=NEW"},
        {"set-fps", "CLIP=FPS"},
        {"set-loops", "CLIP=0|1"},
        {"remove-clip", "CLIP"},
        {"duplicate-clip", "CLIP[=NEW]"},
        {"trim-clip", "CLIP=FIRST:LAST"},
        {"split-clip", "CLIP=FRAME"},
        {"add-socket", "NAME:BONE:X,Y,Z"},
        {"remove-socket", "SOCKET"},
        {"rename-socket", "OLD=NEW"},
        {"set-socket-anchor", "SOCKET=BONE"},
        {"set-socket-offset", "SOCKET=X,Y,Z"},
        {"set-marker", "CLIP:NAME=PHASE"},
        {"clear-marker", "CLIP:NAME"},
    };
    static const QList<std::pair<const char *, const char *>> withMotion = list + motionOperationOptions();
    return withMotion;
}

// The operations in command-line order (QCommandLineParser groups values per option).
QList<Operation> orderedOperations(const QStringList &args)
{
    QList<Operation> ops;
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        if (!arg.startsWith(QLatin1String("--")))
            continue;
        QString name = arg.mid(2), value;
        const bool inlineValue = splitPair(name, &name, &value);
        for (const auto &[option, form] : operationOptions()) {
            Q_UNUSED(form);
            if (name == QLatin1String(option)) {
                if (!inlineValue)
                    value = args.value(++i);
                ops.append(Operation{name, value});
            }
        }
    }
    return ops;
}

int runEdit(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption output =
        outputOption(QStringLiteral("Where to write the result (may be FILE itself; replaced atomically)."));
    parser.addOption(output);
    const QCommandLineOption eulerOrder(QStringLiteral("euler-order"),
                                        QStringLiteral("The Euler order of --offset's rotation channels (default XYZ, as the "
                                                       "bone graph shows them)."),
                                        QStringLiteral("ORDER"), QStringLiteral("XYZ"));
    parser.addOption(eulerOrder);
    addForceOption(parser);
    for (const auto &[option, form] : operationOptions())
        parser.addOption(
            QCommandLineOption(QLatin1String(option), QStringLiteral("Edit operation (repeatable)."), QLatin1String(form)));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The BPAT file to edit."));
    if (const auto exit =
            parseOneInputOneOutput(parser, args,
                                   QStringLiteral("Edits clips, sockets and motion of a BPAT file. Operations run in the order "
                                                  "given; CLIP and SOCKET are names or indices, BONE a bone name of the species' "
                                                  "rig or an index, CHANNEL one of the bone graph's (RotationX..Z in degrees, "
                                                  "TranslationX..Z, ScaleX..Z). The result is validated before it is written."),
                                   output, QStringLiteral("FILE"), QStringLiteral("OUT")))
        return *exit;
    const QList<Operation> ops = orderedOperations(args);
    if (ops.isEmpty())
        return usageError(parser, command, QStringLiteral("no edit operation given"));

    const std::optional<EulerOrder> order = euler::orderFromName(parser.value(eulerOrder));
    if (!order)
        return usageError(parser, command, QStringLiteral("--euler-order expects XYZ, XZY, YXZ, YZX, ZXY or ZYX"));

    int exitCode = ExitOk;
    auto doc = loadDocument(command, parser.positionalArguments().first(), &exitCode);
    if (!doc)
        return exitCode;
    QStringList notes;
    const MotionOperationContext motion{[&doc](const QString &name) { return clipIndex(*doc, name); }, *order, &notes};
    for (const Operation &op : ops) {
        const QString error = apply(*doc, op, motion);
        if (!error.isEmpty())
            return failure(command, QStringLiteral("--%1 %2 refused: %3; nothing was written").arg(op.option, op.value, error));
    }
    // Markers set out of the order the game's markers keep are written, with a warning (no
    // reader checks the order; the window warns the same way): judged after every operation,
    // so a clip's markers may pass through another order on the way.
    QList<int> warned;
    for (const Operation &op : ops) {
        if (op.option != QLatin1String("set-marker") && op.option != QLatin1String("clear-marker"))
            continue;
        const int clip = clipIndex(*doc, op.value.section(QLatin1Char('='), 0, 0).section(QLatin1Char(':'), 0, -2));
        if (clip < 0 || warned.contains(clip))
            continue;
        warned.append(clip);
        const QString warning = DocumentEditor::markerOrderWarning(*doc, clip);
        if (!warning.isEmpty())
            warn(command, warning);
    }
    for (const QString &note : std::as_const(notes))
        printOut(note + QLatin1Char('\n'));
    return saveDocument(command, *doc, parser.value(output));
}

int runMerge(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption output = outputOption(QStringLiteral("Where to write the merged file."));
    const QCommandLineOption rename(
        QStringLiteral("rename-on-conflict"),
        QStringLiteral("Rename clips whose name already exists (walk -> walk_2) instead of failing."));
    const QCommandLineOption otherSpecies(
        QStringLiteral("allow-other-species"),
        QStringLiteral("Merge files of another species (same bone count) anyway; refused by default."));
    const QCommandLineOption formatVersion(
        QStringLiteral("format-version"),
        QStringLiteral("Write BPAT version 1, 2 or 3 (late v3); default: the first file's version."), QStringLiteral("V"));
    parser.addOptions({output, rename, otherSpecies, formatVersion});
    addForceOption(parser);
    parser.addPositionalArgument(QStringLiteral("FILES"),
                                 QStringLiteral("Two or more BPAT files of the same species and bone count."),
                                 QStringLiteral("A.bpat B.bpat..."));
    if (const auto exit =
            parseArguments(parser, args,
                           QStringLiteral("Merges the clips of several BPAT files into one. Species and sockets come "
                                          "from the first file; socket rows are recomputed for imported clips.")))
        return *exit;
    const QStringList inputs = parser.positionalArguments();
    if (inputs.size() < 2)
        return usageError(parser, command, QStringLiteral("expected at least two input files"));
    if (!parser.isSet(output))
        return usageError(parser, command, QStringLiteral("-o OUT is required"));

    int exitCode = ExitOk;
    auto merged = loadDocument(command, inputs.first(), &exitCode);
    if (!merged)
        return exitCode;
    for (qsizetype i = 1; i < inputs.size(); ++i) {
        const auto other = loadDocument(command, inputs.at(i), &exitCode);
        if (!other)
            return exitCode;
        QString error;
        DocumentEditor::ImportOptions importOptions;
        importOptions.renameOnConflict = parser.isSet(rename);
        importOptions.allowOtherSpecies = parser.isSet(otherSpecies);
        if (!DocumentEditor(*merged).importClips(*other, {}, importOptions, &error)) {
            if (error.startsWith(QLatin1String("SPECIES_MISMATCH")))
                error += QStringLiteral(" (--allow-other-species merges anyway)");
            return failure(
                command,
                QStringLiteral("cannot merge %1 into %2: %3; nothing was written").arg(inputs.at(i), inputs.first(), error));
        }
    }
    QStringList warnings;
    if (parser.isSet(formatVersion)) {
        const auto version = parseFormatVersion(parser.value(formatVersion));
        if (!version)
            return usageError(parser, command, QStringLiteral("--format-version expects 1, 2, 3, v1, v2, v3-early or v3-late"));
        // Clips from files of other versions carry what their version had: settle it first.
        warnings << VersionConverter::completeNewClips(*merged);
        const ConvertResult converted = VersionConverter::convert(*merged, ConvertOptions{format::Dialect(*version), {}, {}});
        if (!converted.ok)
            return failure(command,
                           QStringLiteral("cannot write version %1: %2; nothing was written")
                               .arg(parser.value(formatVersion), converted.error));
        warnings << converted.warnings;
    } else {
        warnings << VersionConverter::completeNewClips(*merged);
    }
    for (const QString &w : warnings)
        warn(command, w);
    return saveDocument(command, *merged, parser.value(output));
}

const CommandRegistrar editRegistrar(Command{
    QStringLiteral("edit"),
    QStringLiteral(
        "edit FILE -o OUT [--rename-clip OLD=NEW] [--set-fps CLIP=F] [--set-loops CLIP=0|1] [--remove-clip CLIP] "
        "[--add-socket NAME:BONE:X,Y,Z] [--remove-socket NAME] [--set-marker CLIP:NAME=PHASE] [--clear-marker CLIP:NAME] "
        "[--offset CLIP:BONE:CHANNEL=FRAME:VALUE,...] [--resample CLIP=FRAMES] [--time-warp CLIP=FROM:TO] [--reverse CLIP] "
        "[--mirror CLIP[=NEW]] [--mirror-in-place CLIP] ..."),
    runEdit});
const CommandRegistrar mergeRegistrar(Command{
    QStringLiteral("merge"),
    QStringLiteral("merge A.bpat B.bpat... -o OUT [--rename-on-conflict] [--allow-other-species] [--format-version 1|2|3]"),
    runMerge});

} // namespace

} // namespace bpat::cli

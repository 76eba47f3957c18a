// `bpat anim info|sample|convert`: input animation recordings (.bin) from the command line.
// JSON keys and exit codes are documented in docs/cli.md ("bpat anim").
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "io/NativeName.h"

#include "anim/CurveCursor.h"
#include "anim/InputAnimationReader.h"
#include "anim/InputAnimationWriter.h"
#include "io/AtomicFile.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <optional>

namespace bpat::cli {

namespace {

constexpr qint64 MaxSamples = 10'000'000;

// The float as a JSON number printed with its shortest Float32 digits (0.1f -> 0.1, not
// 0.10000000149011612); null for NaN/inf, which JSON lacks.
QJsonValue floatJson(float value)
{
    if (!std::isfinite(value))
        return QJsonValue(QJsonValue::Null);
    return formatFloat(value).toDouble();
}

QString doubleText(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

void printDiagnostics(const QString &command, const Diagnostics &diagnostics)
{
    for (const Diagnostic &d : diagnostics)
        printErr(QStringLiteral("%1: %2 %3: %4\n").arg(command, severityName(d.severity), d.code, shown(d.message)));
}

// Reads a recording; its diagnostics (warnings too) go to stderr. With `json`, a failure also
// prints {"error": ...} with the first error found on stdout.
std::optional<InputAnimation> load(const QString &command, const QString &path, bool json = false)
{
    InputAnimationReader reader;
    std::optional<InputAnimation> animation = reader.readFile(path);
    printDiagnostics(command, reader.diagnostics());
    if (!animation && json) {
        const Diagnostics &found = reader.diagnostics();
        const auto first =
            std::find_if(found.cbegin(), found.cend(), [](const Diagnostic &d) { return d.severity == Severity::Error; });
        printJson(first == found.cend() ? errorJson(QStringLiteral("ANIM_READ_ERROR"), path, QStringLiteral("cannot be read"))
                                        : errorJson(first->code, path, first->message));
    }
    return animation;
}

std::optional<QList<double>> parseNumbers(const QString &text)
{
    QList<double> values;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const double v = part.trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(v))
            return std::nullopt;
        values.append(v);
    }
    return values;
}

QJsonObject infoJson(const QString &path, const InputAnimation &animation)
{
    QJsonArray curves;
    for (const CurveRef &ref : animation.curves()) {
        curves.append(QJsonObject{{QStringLiteral("name"), ref.name},
                                  {QStringLiteral("type"), curveTypeName(ref.type())},
                                  {QStringLiteral("keys"), ref.keyCount()},
                                  {QStringLiteral("pre_wrap"), wrapModeName(ref.preWrap())},
                                  {QStringLiteral("post_wrap"), wrapModeName(ref.postWrap())}});
    }
    QJsonArray markers;
    for (const InputAnimationMarker &m : animation.markers())
        markers.append(QJsonObject{{QStringLiteral("time"), floatJson(m.time)}, {QStringLiteral("name"), m.name}});
    return QJsonObject{{QStringLiteral("path"), NativeName::display(path)},
                       {QStringLiteral("version"), animation.versionString()},
                       {QStringLiteral("has_camera"), animation.hasCamera()},
                       {QStringLiteral("has_hands"), animation.hasHands()},
                       {QStringLiteral("has_eye_gaze"), animation.hasEyeGaze()},
                       {QStringLiteral("duration"), floatJson(float(animation.duration()))},
                       {QStringLiteral("curve_count"), animation.curveCount()},
                       {QStringLiteral("key_count"), animation.keyCount()},
                       {QStringLiteral("curves"), curves},
                       {QStringLiteral("markers"), markers}};
}

QString infoText(const QString &path, const InputAnimation &animation)
{
    QStringList sections;
    if (animation.hasCamera())
        sections << QStringLiteral("camera");
    if (animation.hasHands())
        sections << QStringLiteral("hands");
    if (animation.hasEyeGaze())
        sections << QStringLiteral("eye gaze");
    QString text = QStringLiteral("path: %1\nversion: %2\nsections: %3\nduration: %4 s (first key at %5 s)\n"
                                  "curves: %6 (%7 keys)\nmarkers: %8\n")
                       .arg(shown(path), animation.versionString(),
                            sections.isEmpty() ? QStringLiteral("none") : sections.join(QStringLiteral(", ")),
                            formatFloat(float(animation.duration())), formatFloat(float(animation.startTime())))
                       .arg(animation.curveCount())
                       .arg(animation.keyCount())
                       .arg(animation.markers().size());
    for (const InputAnimationMarker &m : animation.markers())
        text += QStringLiteral("  %1 s  %2\n").arg(formatFloat(m.time), shown(m.name));
    text += QStringLiteral("curve keys wrap(pre/post):\n");
    for (const CurveRef &ref : animation.curves()) {
        text += QStringLiteral("  %1  %2  %3  %4/%5\n")
                    .arg(shown(ref.name), curveTypeName(ref.type()))
                    .arg(ref.keyCount())
                    .arg(wrapModeName(ref.preWrap()), wrapModeName(ref.postWrap()));
    }
    return text;
}

int runInfo(const QStringList &args)
{
    const QString command = args.constFirst();
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Input animation recording (.bin)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON instead of text."));
    parser.addOption(json);
    if (const auto stop = parseArguments(
            parser, args, QStringLiteral("Print the version, sections, curves and markers of an input animation recording.")))
        return *stop;
    if (parser.positionalArguments().size() != 1)
        return usageError(parser, command, QStringLiteral("expected one FILE"));
    const QString path = parser.positionalArguments().constFirst();
    const std::optional<InputAnimation> animation = load(command, path, parser.isSet(json));
    if (!animation)
        return ExitFailure;
    if (parser.isSet(json))
        printJson(infoJson(path, *animation));
    else
        printOut(infoText(path, *animation));
    return ExitOk;
}

// Evaluates each curve at every time with one forward cursor per curve and prints the table.
void printSamples(const QList<CurveRef> &curves, const QList<double> &times, bool json)
{
    QList<QList<double>> values(curves.size());
    for (qsizetype c = 0; c < curves.size(); ++c) {
        CurveCursor cursor = curves[c].boolCurve ? CurveCursor(*curves[c].boolCurve) : CurveCursor(*curves[c].floatCurve);
        values[c].reserve(times.size());
        for (double t : times)
            values[c].append(cursor.value(t));
    }
    const auto cell = [&](qsizetype c, qsizetype i) {
        return curves[c].boolCurve ? QString::number(int(values[c][i])) : formatFloat(float(values[c][i]));
    };
    if (json) {
        QJsonArray timeArray;
        for (double t : times)
            timeArray.append(t);
        QJsonObject curveObject;
        for (qsizetype c = 0; c < curves.size(); ++c) {
            QJsonArray column;
            for (qsizetype i = 0; i < times.size(); ++i)
                column.append(curves[c].boolCurve ? QJsonValue(int(values[c][i])) : floatJson(float(values[c][i])));
            curveObject.insert(curves[c].name, column);
        }
        const QJsonObject root{{QStringLiteral("times"), timeArray}, {QStringLiteral("curves"), curveObject}};
        printOut(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Compact)) + QLatin1Char('\n'));
        return;
    }
    QString text = QStringLiteral("time");
    for (const CurveRef &ref : curves)
        text += QLatin1Char(',') + shown(ref.name);
    text += QLatin1Char('\n');
    for (qsizetype i = 0; i < times.size(); ++i) {
        text += doubleText(times[i]);
        for (qsizetype c = 0; c < curves.size(); ++c)
            text += QLatin1Char(',') + cell(c, i);
        text += QLatin1Char('\n');
    }
    printOut(text);
}

int runSample(const QStringList &args)
{
    const QString command = args.constFirst();
    QCommandLineParser parser;
    parser.addPositionalArgument(
        QStringLiteral("FILE"), QStringLiteral("Input animation recording (.bin)."),
        QStringLiteral("FILE (--times T1,T2,... | --fps F [--from A] [--to B]) [--curves N1,N2,...] [--json|--csv]"));
    const QCommandLineOption times(QStringLiteral("times"), QStringLiteral("Comma-separated sample times in seconds."),
                                   QStringLiteral("T1,T2,..."));
    const QCommandLineOption fps(QStringLiteral("fps"), QStringLiteral("Sample F times per second from --from to --to."),
                                 QStringLiteral("F"));
    const QCommandLineOption from(QStringLiteral("from"), QStringLiteral("First time with --fps (default 0)."),
                                  QStringLiteral("A"));
    const QCommandLineOption to(QStringLiteral("to"), QStringLiteral("Last time with --fps (default: the duration)."),
                                QStringLiteral("B"));
    const QCommandLineOption curvesOption(QStringLiteral("curves"),
                                          QStringLiteral("Comma-separated curve names (default: every curve of the file)."),
                                          QStringLiteral("N1,N2,..."));
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("Print JSON: {\"times\": [...], \"curves\": {name: [...]}}."));
    const QCommandLineOption csv(QStringLiteral("csv"),
                                 QStringLiteral("Print CSV: a time column and one column per curve (the default)."));
    parser.addOptions({times, fps, from, to, curvesOption, json, csv});
    if (const auto stop = parseArguments(
            parser, args,
            QStringLiteral(
                "Evaluate curves of an input animation recording at given times (Unity AnimationCurve semantics; bools as 0/1).")))
        return *stop;
    if (parser.positionalArguments().size() != 1)
        return usageError(parser, command, QStringLiteral("expected one FILE"));
    if (parser.isSet(times) == parser.isSet(fps))
        return usageError(parser, command, QStringLiteral("give either --times or --fps"));
    if (parser.isSet(json) && parser.isSet(csv))
        return usageError(parser, command, QStringLiteral("give --json or --csv, not both"));
    if (parser.isSet(times) && (parser.isSet(from) || parser.isSet(to)))
        return usageError(parser, command, QStringLiteral("--from and --to go with --fps"));
    std::optional<double> rate, start, end;
    for (const auto &[option, target] : {std::pair{&fps, &rate}, std::pair{&from, &start}, std::pair{&to, &end}}) {
        if (!parser.isSet(*option))
            continue;
        const auto value = parseNumbers(parser.value(*option));
        if (!value || value->size() != 1)
            return usageError(parser, command, QStringLiteral("--%1 needs one finite number").arg(option->names().constFirst()));
        *target = value->constFirst();
    }
    if (rate && !(*rate > 0))
        return usageError(parser, command, QStringLiteral("--fps must be greater than 0"));
    QStringList names;
    if (parser.isSet(curvesOption)) {
        const QStringList known = InputAnimation::allCurveNames();
        for (const QString &name : parser.value(curvesOption).split(u',', Qt::SkipEmptyParts)) {
            if (!known.contains(name.trimmed())) {
                return usageError(parser, command,
                                  QStringLiteral("unknown curve name '%1' (names look like Camera/PositionX, "
                                                 "LeftHand/IndexTip/RotationW, LeftHand/Tracked, EyeGaze/DirectionZ)")
                                      .arg(name));
            }
            names.append(name.trimmed());
        }
    }
    QList<double> sampleTimes;
    if (parser.isSet(times)) {
        const auto parsed = parseNumbers(parser.value(times));
        if (!parsed || parsed->isEmpty())
            return usageError(parser, command, QStringLiteral("--times needs finite numbers separated by commas"));
        sampleTimes = *parsed;
    }

    const QString path = parser.positionalArguments().constFirst();
    const std::optional<InputAnimation> animation = load(command, path, parser.isSet(json));
    if (!animation)
        return ExitFailure;
    QList<CurveRef> curves;
    if (names.isEmpty())
        curves = animation->curves();
    for (const QString &name : names) {
        const CurveRef ref = animation->curve(name);
        if (ref.isNull())
            return jsonFailure(command, parser.isSet(json), QStringLiteral("CURVE_NOT_FOUND"), path,
                               QStringLiteral("%1 has no curve %2 (its section is absent)").arg(path, name));
        curves.append(ref);
    }
    if (rate) {
        const double a = start.value_or(0.0);
        const double b = end.value_or(animation->duration());
        if (b < a)
            return usageError(parser, command,
                              QStringLiteral("--to (%1) is before --from (%2)").arg(doubleText(b), doubleText(a)));
        const double count = std::floor((b - a) * *rate + 1e-9) + 1;
        if (count * double(std::max<qsizetype>(curves.size(), 1)) > double(MaxSamples))
            return usageError(parser, command,
                              QStringLiteral("%1 times x %2 curves requested; at most %3 samples")
                                  .arg(doubleText(count))
                                  .arg(curves.size())
                                  .arg(MaxSamples));
        for (qint64 i = 0; i < qint64(count); ++i)
            sampleTimes.append(a + double(i) / *rate);
    }
    printSamples(curves, sampleTimes, parser.isSet(json));
    return ExitOk;
}

int runConvert(const QStringList &args)
{
    const QString command = args.constFirst();
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("Input animation recording (.bin)."));
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("File to write (replaced atomically)."));
    const QCommandLineOption version(QStringLiteral("version"), QStringLiteral("Version to write: 1.0 or 1.1."),
                                     QStringLiteral("1.0|1.1"));
    const QCommandLineOption overwriteInput(QStringLiteral("overwrite-input"),
                                            QStringLiteral("Allow OUT to be IN (the recording is replaced by its conversion)."));
    parser.addOptions({version, overwriteInput});
    addForceOption(parser);
    if (const auto stop =
            parseArguments(parser, args,
                           QStringLiteral("Write an input animation recording as version 1.0 or 1.1. 1.1 keeps only key "
                                          "times and values; 1.0 has no eye gaze (both reported as warnings)."),
                           VersionOption::Omit))
        return *stop;
    if (parser.positionalArguments().size() != 2)
        return usageError(parser, command, QStringLiteral("expected IN and OUT"));
    if (!parser.isSet(version))
        return usageError(parser, command, QStringLiteral("--version 1.0|1.1 is required"));
    const QString target = parser.value(version);
    if (target != QLatin1String("1.0") && target != QLatin1String("1.1"))
        return usageError(parser, command, QStringLiteral("--version must be 1.0 or 1.1, not '%1'").arg(target));
    const QString inPath = parser.positionalArguments().at(0);
    const QString outPath = parser.positionalArguments().at(1);
    // Converting to the other version drops data (tangents, eye gaze): over the input, that
    // is lost for good, so only when asked for.
    if (!parser.isSet(overwriteInput) && AtomicFile::sameFile(inPath, outPath))
        return failure(command,
                       QStringLiteral("%1 is the input: refusing to write over it (choose another OUT, or pass "
                                      "--overwrite-input to replace it)")
                           .arg(outPath));
    const std::optional<InputAnimation> animation = load(command, inPath);
    if (!animation)
        return ExitFailure;
    InputAnimationWriter writer;
    writer.setVersion(1, target == QLatin1String("1.1") ? 1 : 0);
    const bool ok = writer.writeFile(*animation, outPath);
    printDiagnostics(command, writer.diagnostics());
    if (!ok)
        return ExitFailure;
    printOut(QStringLiteral("wrote %1 as version %2 (from %3 curves, %4 keys)\n")
                 .arg(shown(outPath), target)
                 .arg(animation->curveCount())
                 .arg(animation->keyCount()));
    return ExitOk;
}

QString animUsage()
{
    return QStringLiteral("Usage: bpat anim <subcommand> [options]\n\n"
                          "Input animation recordings (.bin, versions 1.0 and 1.1).\n\n"
                          "Subcommands:\n"
                          "  info FILE [--json]                      version, sections, curves, markers\n"
                          "  sample FILE (--times T1,T2,... | --fps F [--from A] [--to B])\n"
                          "         [--curves N1,N2,...] [--json|--csv]  evaluate curves at times\n"
                          "  convert IN OUT --version 1.0|1.1         rewrite in another version\n\n"
                          "Run `bpat anim <subcommand> --help` for a subcommand's options.\n");
}

int runAnim(const QStringList &args)
{
    if (args.size() < 2) {
        printErr(animUsage());
        return ExitUsage;
    }
    const QString sub = args.at(1);
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h") || sub == QLatin1String("help")) {
        printOut(animUsage());
        return ExitOk;
    }
    QStringList subArgs = args.mid(2);
    subArgs.prepend(args.constFirst() + QLatin1Char(' ') + sub);
    if (sub == QLatin1String("info"))
        return runInfo(subArgs);
    if (sub == QLatin1String("sample"))
        return runSample(subArgs);
    if (sub == QLatin1String("convert"))
        return runConvert(subArgs);
    printErr(QStringLiteral("bpat anim: unknown subcommand '%1'\n\n").arg(sub) + animUsage());
    return ExitUsage;
}

const CommandRegistrar registrar(Command{
    QStringLiteral("anim"),
    QStringLiteral("anim info|sample|convert   input animation recordings (.bin): inspect, evaluate curves, convert 1.0/1.1"),
    runAnim});

} // namespace

} // namespace bpat::cli

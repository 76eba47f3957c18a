// `bpat anim info|sample|convert`: input animation recordings (.bin) from the command line.
// JSON keys and exit codes are documented in docs/cli.md ("bpat anim").
#include "CommandRegistry.h"

#include "CurveCursor.h"
#include "InputAnimationReader.h"
#include "InputAnimationWriter.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <charconv>
#include <cmath>
#include <optional>

namespace bpat::cli {

namespace {

constexpr qint64 MaxSamples = 10'000'000;

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

// Shortest text that reads back as the same float (curve data is Float32).
QString floatText(float value)
{
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return QString::fromLatin1(buffer, result.ptr - buffer);
}

// The float as a JSON number printed with its shortest float digits (0.1f -> 0.1).
QJsonValue floatJson(float value)
{
    if (!std::isfinite(value))
        return QJsonValue(); // JSON has no NaN/inf: null
    return floatText(value).toDouble();
}

QString doubleText(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

void printDiagnostics(const QString &command, const Diagnostics &diagnostics)
{
    for (const Diagnostic &d : diagnostics)
        err() << command << ": " << severityName(d.severity) << ' ' << d.code << ": " << d.message << '\n';
    err().flush();
}

// Parses `args` (args[0] is the command's name); handles --help. Returns an exit code to stop
// with, or nullopt to go on.
std::optional<int> parse(QCommandLineParser &parser, const QStringList &args, const QString &description,
                         const QString &positional)
{
    parser.setApplicationDescription(description);
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(args)) {
        err() << args.constFirst() << ": " << parser.errorText() << "\nRun `" << args.constFirst() << " --help`.\n";
        return ExitUsage;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        const qsizetype lineEnd = text.indexOf(u'\n');
        text.replace(0, lineEnd, QStringLiteral("Usage: %1 [options] %2").arg(args.constFirst(), positional));
        out() << text;
        return ExitOk;
    }
    return std::nullopt;
}

std::optional<InputAnimation> load(const QString &command, const QString &path)
{
    InputAnimationReader reader;
    std::optional<InputAnimation> animation = reader.readFile(path);
    printDiagnostics(command, reader.diagnostics()); // warnings too: they go to stderr
    return animation;
}

int usageError(const QString &command, const QString &message)
{
    err() << command << ": " << message << "\nRun `" << command << " --help`.\n";
    return ExitUsage;
}

int runInfo(const QStringList &args)
{
    const QString command = args.constFirst();
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("Input animation recording (.bin)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON instead of text."));
    parser.addOption(json);
    if (const auto stop = parse(parser, args, QStringLiteral("Print the version, sections, curves and markers of an input animation recording."), QStringLiteral("FILE")))
        return *stop;
    if (parser.positionalArguments().size() != 1)
        return usageError(command, QStringLiteral("expected one FILE"));
    const QString path = parser.positionalArguments().constFirst();
    const std::optional<InputAnimation> animation = load(command, path);
    if (!animation)
        return ExitFailure;
    const QList<CurveRef> curves = animation->curves();
    if (parser.isSet(json)) {
        QJsonArray curveArray;
        for (const CurveRef &ref : curves) {
            curveArray.append(QJsonObject{{QStringLiteral("name"), ref.name},
                                          {QStringLiteral("type"), curveTypeName(ref.type())},
                                          {QStringLiteral("keys"), ref.keyCount()},
                                          {QStringLiteral("pre_wrap"), wrapModeName(ref.preWrap())},
                                          {QStringLiteral("post_wrap"), wrapModeName(ref.postWrap())}});
        }
        QJsonArray markerArray;
        for (const InputAnimationMarker &m : animation->markers())
            markerArray.append(QJsonObject{{QStringLiteral("time"), floatJson(m.time)}, {QStringLiteral("name"), m.name}});
        const QJsonObject root{{QStringLiteral("path"), path},
                               {QStringLiteral("version"), animation->versionString()},
                               {QStringLiteral("has_camera"), animation->hasCamera()},
                               {QStringLiteral("has_hands"), animation->hasHands()},
                               {QStringLiteral("has_eye_gaze"), animation->hasEyeGaze()},
                               {QStringLiteral("duration"), floatJson(float(animation->duration()))},
                               {QStringLiteral("curve_count"), animation->curveCount()},
                               {QStringLiteral("key_count"), animation->keyCount()},
                               {QStringLiteral("curves"), curveArray},
                               {QStringLiteral("markers"), markerArray}};
        out() << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    QStringList sections;
    if (animation->hasCamera())
        sections << QStringLiteral("camera");
    if (animation->hasHands())
        sections << QStringLiteral("hands");
    if (animation->hasEyeGaze())
        sections << QStringLiteral("eye gaze");
    out() << "path: " << path << '\n'
          << "version: " << animation->versionString() << '\n'
          << "sections: " << (sections.isEmpty() ? QStringLiteral("none") : sections.join(QStringLiteral(", "))) << '\n'
          << "duration: " << floatText(float(animation->duration())) << " s (first key at "
          << floatText(float(animation->startTime())) << " s)\n"
          << "curves: " << animation->curveCount() << " (" << animation->keyCount() << " keys)\n"
          << "markers: " << animation->markers().size() << '\n';
    for (const InputAnimationMarker &m : animation->markers())
        out() << "  " << floatText(m.time) << " s  " << m.name << '\n';
    out() << "curve keys wrap(pre/post):\n";
    for (const CurveRef &ref : curves) {
        out() << "  " << ref.name << "  " << curveTypeName(ref.type()) << "  " << ref.keyCount() << "  "
              << wrapModeName(ref.preWrap()) << '/' << wrapModeName(ref.postWrap()) << '\n';
    }
    return ExitOk;
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

int runSample(const QStringList &args)
{
    const QString command = args.constFirst();
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("Input animation recording (.bin)."));
    const QCommandLineOption times(QStringLiteral("times"), QStringLiteral("Comma-separated sample times in seconds."), QStringLiteral("T1,T2,..."));
    const QCommandLineOption fps(QStringLiteral("fps"), QStringLiteral("Sample F times per second from --from to --to."), QStringLiteral("F"));
    const QCommandLineOption from(QStringLiteral("from"), QStringLiteral("First time with --fps (default 0)."), QStringLiteral("A"));
    const QCommandLineOption to(QStringLiteral("to"), QStringLiteral("Last time with --fps (default: the duration)."), QStringLiteral("B"));
    const QCommandLineOption curvesOption(QStringLiteral("curves"), QStringLiteral("Comma-separated curve names (default: every curve of the file)."), QStringLiteral("N1,N2,..."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON: {\"times\": [...], \"curves\": {name: [...]}}."));
    const QCommandLineOption csv(QStringLiteral("csv"), QStringLiteral("Print CSV: a time column and one column per curve (the default)."));
    parser.addOptions({times, fps, from, to, curvesOption, json, csv});
    if (const auto stop = parse(parser, args, QStringLiteral("Evaluate curves of an input animation recording at given times (Unity AnimationCurve semantics; bools as 0/1)."),
                                QStringLiteral("FILE (--times T1,T2,... | --fps F [--from A] [--to B]) [--curves N1,N2,...] [--json|--csv]")))
        return *stop;
    if (parser.positionalArguments().size() != 1)
        return usageError(command, QStringLiteral("expected one FILE"));
    if (parser.isSet(times) == parser.isSet(fps))
        return usageError(command, QStringLiteral("give either --times or --fps"));
    if (parser.isSet(json) && parser.isSet(csv))
        return usageError(command, QStringLiteral("give --json or --csv, not both"));
    if (parser.isSet(times) && (parser.isSet(from) || parser.isSet(to)))
        return usageError(command, QStringLiteral("--from and --to go with --fps"));
    std::optional<double> rate, start, end;
    for (const auto &[option, target] : {std::pair{&fps, &rate}, std::pair{&from, &start}, std::pair{&to, &end}}) {
        if (!parser.isSet(*option))
            continue;
        const auto value = parseNumbers(parser.value(*option));
        if (!value || value->size() != 1)
            return usageError(command, QStringLiteral("--%1 needs one finite number").arg(option->names().constFirst()));
        *target = value->constFirst();
    }
    if (rate && !(*rate > 0))
        return usageError(command, QStringLiteral("--fps must be greater than 0"));
    QStringList names;
    if (parser.isSet(curvesOption)) {
        const QStringList known = InputAnimation::allCurveNames();
        for (const QString &name : parser.value(curvesOption).split(u',', Qt::SkipEmptyParts)) {
            if (!known.contains(name.trimmed()))
                return usageError(command, QStringLiteral("unknown curve name '%1' (names look like Camera/PositionX, LeftHand/IndexTip/RotationW, LeftHand/Tracked, EyeGaze/DirectionZ)").arg(name));
            names.append(name.trimmed());
        }
    }
    QList<double> sampleTimes;
    if (parser.isSet(times)) {
        const auto parsed = parseNumbers(parser.value(times));
        if (!parsed || parsed->isEmpty())
            return usageError(command, QStringLiteral("--times needs finite numbers separated by commas"));
        sampleTimes = *parsed;
    }

    const QString path = parser.positionalArguments().constFirst();
    const std::optional<InputAnimation> animation = load(command, path);
    if (!animation)
        return ExitFailure;
    QList<CurveRef> curves;
    if (names.isEmpty()) {
        curves = animation->curves();
    } else {
        for (const QString &name : names) {
            const CurveRef ref = animation->curve(name);
            if (ref.isNull()) {
                err() << command << ": " << path << " has no curve " << name << " (its section is absent)\n";
                return ExitFailure;
            }
            curves.append(ref);
        }
    }
    if (rate) {
        const double a = start.value_or(0.0);
        const double b = end.value_or(animation->duration());
        if (b < a)
            return usageError(command, QStringLiteral("--to (%1) is before --from (%2)").arg(doubleText(b), doubleText(a)));
        const double count = std::floor((b - a) * *rate + 1e-9) + 1;
        if (count > double(MaxSamples))
            return usageError(command, QStringLiteral("%1 samples requested; at most %2").arg(doubleText(count)).arg(MaxSamples));
        for (qint64 i = 0; i < qint64(count); ++i)
            sampleTimes.append(a + double(i) / *rate);
    }

    // One forward cursor per curve: amortized O(1) per sample at increasing times.
    QList<QList<double>> values(curves.size());
    for (qsizetype c = 0; c < curves.size(); ++c) {
        CurveCursor cursor = curves[c].boolCurve ? CurveCursor(*curves[c].boolCurve) : CurveCursor(*curves[c].floatCurve);
        values[c].reserve(sampleTimes.size());
        for (double t : sampleTimes)
            values[c].append(cursor.value(t));
    }
    if (parser.isSet(json)) {
        QJsonArray timeArray;
        for (double t : sampleTimes)
            timeArray.append(t);
        QJsonObject curveObject;
        for (qsizetype c = 0; c < curves.size(); ++c) {
            QJsonArray column;
            for (double v : values[c])
                column.append(curves[c].boolCurve ? QJsonValue(int(v)) : floatJson(float(v)));
            curveObject.insert(curves[c].name, column);
        }
        out() << QJsonDocument(QJsonObject{{QStringLiteral("times"), timeArray}, {QStringLiteral("curves"), curveObject}})
                     .toJson(QJsonDocument::Compact)
              << '\n';
        return ExitOk;
    }
    out() << "time";
    for (const CurveRef &ref : curves)
        out() << ',' << ref.name;
    out() << '\n';
    for (qsizetype i = 0; i < sampleTimes.size(); ++i) {
        out() << doubleText(sampleTimes[i]);
        for (qsizetype c = 0; c < curves.size(); ++c)
            out() << ',' << (curves[c].boolCurve ? QString::number(int(values[c][i])) : floatText(float(values[c][i])));
        out() << '\n';
    }
    return ExitOk;
}

int runConvert(const QStringList &args)
{
    const QString command = args.constFirst();
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("in"), QStringLiteral("Input animation recording (.bin)."));
    parser.addPositionalArgument(QStringLiteral("out"), QStringLiteral("File to write (replaced atomically)."));
    const QCommandLineOption version(QStringLiteral("version"), QStringLiteral("Version to write: 1.0 or 1.1."), QStringLiteral("1.0|1.1"));
    parser.addOption(version);
    if (const auto stop = parse(parser, args, QStringLiteral("Write an input animation recording as version 1.0 or 1.1. 1.1 keeps only key times and values; 1.0 has no eye gaze (both reported as warnings)."),
                                QStringLiteral("IN OUT --version 1.0|1.1")))
        return *stop;
    if (parser.positionalArguments().size() != 2)
        return usageError(command, QStringLiteral("expected IN and OUT"));
    if (!parser.isSet(version))
        return usageError(command, QStringLiteral("--version 1.0|1.1 is required"));
    const QString target = parser.value(version);
    if (target != QLatin1String("1.0") && target != QLatin1String("1.1"))
        return usageError(command, QStringLiteral("--version must be 1.0 or 1.1, not '%1'").arg(target));
    const QString inPath = parser.positionalArguments().at(0);
    const QString outPath = parser.positionalArguments().at(1);
    const std::optional<InputAnimation> animation = load(command, inPath);
    if (!animation)
        return ExitFailure;
    InputAnimationWriter writer;
    writer.setVersion(1, target == QLatin1String("1.1") ? 1 : 0);
    const bool ok = writer.writeFile(*animation, outPath);
    printDiagnostics(command, writer.diagnostics());
    if (!ok)
        return ExitFailure;
    out() << "wrote " << outPath << " as version " << target << " (" << animation->curveCount() << " curves, "
          << animation->keyCount() << " keys)\n";
    return ExitOk;
}

void printAnimUsage(QTextStream &stream)
{
    stream << "Usage: bpat anim <subcommand> [options]\n\n"
              "Input animation recordings (.bin, versions 1.0 and 1.1).\n\n"
              "Subcommands:\n"
              "  info FILE [--json]                      version, sections, curves, markers\n"
              "  sample FILE (--times T1,T2,... | --fps F [--from A] [--to B])\n"
              "         [--curves N1,N2,...] [--json|--csv]  evaluate curves at times\n"
              "  convert IN OUT --version 1.0|1.1         rewrite in another version\n\n"
              "Run `bpat anim <subcommand> --help` for a subcommand's options.\n";
}

int runAnim(const QStringList &args)
{
    if (args.size() < 2) {
        printAnimUsage(err());
        return ExitUsage;
    }
    const QString sub = args.at(1);
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h") || sub == QLatin1String("help")) {
        printAnimUsage(out());
        return ExitOk;
    }
    QStringList subArgs = args.mid(2);
    subArgs.prepend(args.constFirst() + QLatin1Char(' ') + sub);
    int code = ExitUsage;
    if (sub == QLatin1String("info"))
        code = runInfo(subArgs);
    else if (sub == QLatin1String("sample"))
        code = runSample(subArgs);
    else if (sub == QLatin1String("convert"))
        code = runConvert(subArgs);
    else {
        err() << "bpat anim: unknown subcommand '" << sub << "'\n\n";
        printAnimUsage(err());
    }
    out().flush();
    err().flush();
    return code;
}

const CommandRegistrar registrar(Command{
    QStringLiteral("anim"),
    QStringLiteral("anim info|sample|convert   input animation recordings (.bin): inspect, evaluate curves, convert 1.0/1.1"),
    runAnim});

} // namespace

} // namespace bpat::cli

#include "CliSupport.h"

#include "bpat/BpatFormat.h"

#include "CommandRegistry.h"
#include "diagnostics/ReportWriter.h"
#include "io/AtomicFile.h"
#include "formats/FormatRegistry.h"
#include "io/NativeName.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDirIterator>
#include <QFileInfo>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <sys/stat.h>
#endif

namespace bpat::cli {

namespace {

// The command was asked for JSON (--json, --format json): its usage errors print a JSON error
// object too, so a script never parses an empty document (a command runs once per process).
bool s_jsonRequested = false;
bool s_forceOption = false; // the command has --force

bool asksForJson(const QStringList &args)
{
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString &a = args.at(i);
        if (a == QLatin1String("--"))
            break;
        if (a == QLatin1String("--json") || a == QLatin1String("--format=json")
            || (a == QLatin1String("--format") && args.value(i + 1) == QLatin1String("json")))
            return true;
    }
    return false;
}

} // namespace

std::optional<int> parseArguments(QCommandLineParser &parser, const QStringList &args, const QString &description,
                                  VersionOption versionOption)
{
    s_jsonRequested = asksForJson(args);
    parser.setApplicationDescription(description);
    const QCommandLineOption help = parser.addHelpOption();
    const bool withVersion = versionOption == VersionOption::Add;
    const QCommandLineOption version = withVersion ? parser.addVersionOption() : QCommandLineOption(QStringLiteral("v"));
    const QString command = args.value(0, QStringLiteral("bpat"));
    if (!parser.parse(args))
        return usageError(parser, command, parser.errorText());
    applyForceOption(parser);
    if (parser.isSet(help)) {
        // helpText() names the program from argv[0]; show the command instead.
        QString text = parser.helpText();
        const QString program = QCoreApplication::arguments().value(0);
        const qsizetype at = text.indexOf(program);
        if (at >= 0)
            text.replace(at, program.size(), command);
        printOut(text);
        return ExitOk;
    }
    if (withVersion && parser.isSet(version)) {
        printOut(QStringLiteral("bpat %1\n").arg(QCoreApplication::applicationVersion()));
        return ExitOk;
    }
    return std::nullopt;
}

QCommandLineOption outputOption(const QString &description, const QString &valueName)
{
    return QCommandLineOption({QStringLiteral("o"), QStringLiteral("output")}, description, valueName);
}

std::optional<int> parseOneInputOneOutput(QCommandLineParser &parser, const QStringList &args, const QString &description,
                                          const QCommandLineOption &output, const QString &input, const QString &out)
{
    if (const auto exit = parseArguments(parser, args, description))
        return exit;
    const QString command = args.value(0);
    if (parser.positionalArguments().size() != 1)
        return usageError(parser, command, QStringLiteral("expected exactly one %1").arg(input));
    if (!parser.isSet(output))
        return usageError(parser, command, QStringLiteral("-o %1 is required").arg(out));
    return std::nullopt;
}

void addForceOption(QCommandLineParser &parser)
{
    parser.addOption(QCommandLineOption(QStringLiteral("force"),
                                        QStringLiteral("Replace an output that is read-only (every write bit off) instead of "
                                                       "refusing it.")));
    s_forceOption = true;
}

void applyForceOption(const QCommandLineParser &parser)
{
    if (s_forceOption)
        AtomicFile::setReplaceReadOnly(parser.isSet(QStringLiteral("force")));
}

int usageError(const QCommandLineParser &, const QString &command, const QString &message)
{
    if (s_jsonRequested)
        printJson(QJsonObject{{QStringLiteral("error"),
                               QJsonObject{{QStringLiteral("code"), QStringLiteral("USAGE")},
                                           {QStringLiteral("message"), message},
                                           {QStringLiteral("path"), QJsonValue::Null}}}});
    printErr(QStringLiteral("%1: %2\nRun '%1 --help' for usage.\n").arg(command, shown(message)));
    return ExitUsage;
}

int failure(const QString &command, const QString &message)
{
    printErr(QStringLiteral("%1: %2\n").arg(command, shown(message)));
    return ExitFailure;
}

QString shown(const QString &name)
{
    return ReportWriter::line(name);
}

void warn(const QString &command, const QString &message)
{
    printErr(QStringLiteral("%1: warning: %2\n").arg(command, shown(message)));
}

void note(const QString &command, const QString &message)
{
    printErr(QStringLiteral("%1: note: %2\n").arg(command, shown(message)));
}

QJsonObject errorJson(const QString &code, const QString &path, const QString &message)
{
    return QJsonObject{{QStringLiteral("error"),
                        QJsonObject{{QStringLiteral("code"), code},
                                    {QStringLiteral("message"), message},
                                    {QStringLiteral("path"), NativeName::display(path)}}}};
}

int jsonFailure(const QString &command, bool json, const QString &code, const QString &path, const QString &message)
{
    if (json)
        printJson(errorJson(code, path, message));
    return failure(command, message);
}

void printOut(const QString &text)
{
    // A file name that is not UTF-8 holds escaped bytes (NativeName): shown as \xNN.
    const QByteArray utf8 = NativeName::display(text).toUtf8();
    std::fwrite(utf8.constData(), 1, size_t(utf8.size()), stdout);
    std::fflush(stdout);
}

void printErr(const QString &text)
{
    // A file name that is not UTF-8 holds escaped bytes (NativeName): shown as \xNN.
    const QByteArray utf8 = NativeName::display(text).toUtf8();
    std::fwrite(utf8.constData(), 1, size_t(utf8.size()), stderr);
    std::fflush(stderr);
}

void printJson(const QJsonObject &object)
{
    // Every string through the one report writer: a name that is not UTF-8 as \xNN.
    printOut(QString::fromUtf8(ReportWriter::jsonDocument(object)));
}

std::optional<quint32> parseUInt(const QString &text)
{
    if (text.isEmpty() || !std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.isDigit(); }))
        return std::nullopt;
    bool ok = false;
    const uint value = text.toUInt(&ok);
    return ok ? std::optional<quint32>(value) : std::nullopt;
}

QString formatFloat(float value)
{
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value); // shortest round-trip text
    return QString::fromLatin1(buffer, result.ptr - buffer);
}

QJsonArray floatArray(const float *values, int count)
{
    QJsonArray array;
    for (int i = 0; i < count; ++i) {
        // JSON has no NaN or infinity: those become null.
        array.append(std::isfinite(values[i]) ? QJsonValue(double(values[i])) : QJsonValue(QJsonValue::Null));
    }
    return array;
}

namespace {

// A kind FormatRegistry looks for in folders (*.bpat, *.bpsm).
bool isInputName(const QString &name)
{
    const auto &formats = FormatRegistry::formats();
    return std::any_of(formats.cbegin(), formats.cend(), [&](const FileFormat &f) { return f.inFolders && f.hasSuffix(name); });
}

#ifdef Q_OS_UNIX
// Walks `dir` with the system's own calls: QDirIterator passes over names that are not UTF-8
// and says nothing about a subdirectory it cannot open. Symbolic links to directories are not
// followed (as QDirIterator did), so a link loop cannot make the walk endless.
void walk(const QString &dir, QStringList *found, QList<UnreadableDirectory> *unreadable)
{
    DIR *handle = ::opendir(NativeName::encode(dir).constData());
    if (!handle) {
        unreadable->append({dir, QString::fromLocal8Bit(std::strerror(errno))});
        return;
    }
    QStringList subdirs;
    while (const dirent *entry = ::readdir(handle)) {
        const QByteArray raw(entry->d_name);
        if (raw == "." || raw == "..")
            continue;
        const QString path = dir + QLatin1Char('/') + NativeName::decode(raw);
        struct stat st;
        if (::lstat(NativeName::encode(path).constData(), &st) != 0)
            continue; // gone since it was listed
        if (S_ISDIR(st.st_mode))
            subdirs.append(path);
        else if (isInputName(path))
            found->append(path); // whatever it is: validating it says what is wrong
    }
    ::closedir(handle);
    subdirs.sort();
    for (const QString &sub : std::as_const(subdirs))
        walk(sub, found, unreadable);
}
#endif

} // namespace

ExpandedPaths expandInputPaths(const QStringList &paths)
{
    ExpandedPaths out;
    for (const QString &path : paths) {
#ifdef Q_OS_UNIX
        struct stat st;
        if (::stat(NativeName::encode(path).constData(), &st) != 0 || !S_ISDIR(st.st_mode)) {
            out.files << path;
            continue;
        }
        QStringList found;
        QString root = path;
        while (root.size() > 1 && root.endsWith(QLatin1Char('/')))
            root.chop(1);
        walk(root, &found, &out.unreadable);
#else
        const QFileInfo info(path);
        if (!info.isDir()) {
            out.files << path;
            continue;
        }
        QStringList found;
        QDirIterator it(path, FormatRegistry::folderGlobs(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext())
            found << it.next();
#endif
        found.sort();
        out.files << found;
    }
    return out;
}

std::optional<int> parseFormatVersion(const QString &text)
{
    const auto dialect = bpat::format::dialectToWrite(text);
    return dialect ? std::optional<int>(int(*dialect)) : std::nullopt;
}

} // namespace bpat::cli

#pragma once
// Helpers every `bpat` command shares: argument parsing with --help/--version and usage
// errors (exit 2), output to stdout/stderr, JSON writing, number parsing and expanding
// directories to the *.bpat files inside them.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>

class QCommandLineOption;
class QCommandLineParser;

namespace bpat::cli {

// Sets the description, adds --help and --version, and parses `args` (args[0] is
// "bpat <name>"). Returns an exit code when the command must stop now: 0 after printing help
// or the version, 2 after printing a usage error; nullopt to go on.
// Commands with an option of their own named --version (`bpat anim convert`) pass Omit.
enum class VersionOption {
    Add,
    Omit
};
std::optional<int> parseArguments(QCommandLineParser &parser, const QStringList &args, const QString &description,
                                  VersionOption versionOption = VersionOption::Add);

// -o/--output OUT (the file a command writes), with the command's word on what it is.
QCommandLineOption outputOption(const QString &description, const QString &valueName = QStringLiteral("OUT"));
// parseArguments(), then the usage errors of a command that reads one input and writes -o:
// "expected exactly one <input>" unless one positional argument was given, "-o <out> is
// required" without `output`. Returns the exit code when the command must stop.
std::optional<int> parseOneInputOneOutput(QCommandLineParser &parser, const QStringList &args, const QString &description,
                                          const QCommandLineOption &output, const QString &input, const QString &out);

// --force, for the commands that write: an output that is read-only (every write bit off) is
// replaced instead of refused (io/AtomicFile::setReplaceReadOnly). Added before parsing;
// parseArguments() applies it (commands with a parse of their own call applyForceOption()).
void addForceOption(QCommandLineParser &parser);
void applyForceOption(const QCommandLineParser &parser);

// Prints "<command>: <message>" and the hint to use --help to stderr; returns ExitUsage (2).
// When the arguments asked for JSON (--json, --format json), also {"error": {"code": "USAGE",
// "message", "path": null}} on stdout.
int usageError(const QCommandLineParser &parser, const QString &command, const QString &message);
// Prints "<command>: <message>" to stderr; returns ExitFailure (1).
int failure(const QString &command, const QString &message);

// failure(), and with --json also {"error": {"code", "message", "path"}} on stdout, so a script
// parsing the output reads why instead of an empty document. `code` is a validation code where
// one fits (IO_ERROR, BAD_MAGIC, FILE_TOO_SMALL, CLIP_TABLE_OUT_OF_BOUNDS) or a command's own
// (CLIP_NOT_FOUND, FRAME_NOT_FOUND, CURVE_NOT_FOUND, ANIM_READ_ERROR).
int jsonFailure(const QString &command, bool json, const QString &code, const QString &path, const QString &message);
QJsonObject errorJson(const QString &code, const QString &path, const QString &message);

// A name or path as one line of text output (ReportWriter::line): bytes that are not UTF-8 and
// control characters as \xNN, so a clip named "a\nfake" or a file named "x\n::error::..." cannot
// forge a line or a GitHub annotation. Text builders pass every name they insert through it.
QString shown(const QString &name);
// "<command>: warning: <message>" / "<command>: note: <message>" on stderr, one line each.
void warn(const QString &command, const QString &message);
void note(const QString &command, const QString &message);

void printOut(const QString &text);        // UTF-8 to stdout, as is
void printErr(const QString &text);        // UTF-8 to stderr, as is
void printJson(const QJsonObject &object); // indented JSON to stdout

// A decimal non-negative integer that fits in 32 bits, or nullopt.
std::optional<quint32> parseUInt(const QString &text);
// Shortest text that reads back as the same float ("0.1", "1e-07", "nan").
QString formatFloat(float value);
QJsonArray floatArray(const float *values, int count);

// A BPAT version for --to-version / --format-version: "1", "2", "3" (late v3, what the game
// reads today), or a dialect name ("v1", "v2", "v3-early", "v3-late"); nullopt otherwise.
std::optional<int> parseFormatVersion(const QString &text); // a format::Dialect value

// Files stay as given; directories are searched recursively for the kinds FormatRegistry
// looks for in folders (*.bpat and *.bpsm), sorted. Paths that do not exist are kept too, so
// that validating them reports an IO error. Every directory under a given one that could not be
// listed is named (and why), so that a caller can report it instead of passing over the files
// inside. Names that are not
// valid UTF-8 are kept byte for byte (NativeName) and open as they are.
struct UnreadableDirectory
{
    QString path;
    QString why; // "Permission denied"
};
struct ExpandedPaths
{
    QStringList files;
    QList<UnreadableDirectory> unreadable;
};
ExpandedPaths expandInputPaths(const QStringList &paths);

} // namespace bpat::cli

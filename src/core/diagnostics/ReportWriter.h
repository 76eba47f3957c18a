#pragma once
// The one writer of the reports commands print for people and for CI: text lines, JSON, JUnit
// XML and GitHub Actions workflow commands. `bpat validate` (ValidationReport), `bpat diff`
// (DiffReport, DirectoryDiff) and the window's report export build their content and hand every
// name, path and message through here, so what a file calls itself can neither break the
// format nor forge a line:
// - bytes of a file name that are not UTF-8 (NativeName's escapes) are written as \xNN in
//   every format (JSON included: the documented form, never Python's "\udcff");
// - control characters (C0, DEL, C1, and the Unicode line and paragraph separators) in a
//   name or message are written as \xNN (\u2028) in text, JUnit and GitHub output, so a clip
//   named "a\nsocket fake: ..." or a file named "nl\n::error file=X::forged" stays one line
//   and forges no annotation; JSON keeps them as JSON escapes (lossless and safe);
// - XML and GitHub's own escaping on top (QXmlStreamWriter; %25, %0D, %0A, and in properties
//   %3A, %2C).
#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace bpat {

class ReportWriter
{
public:
    enum class Format {
        Text,
        Json,
        JUnit,
        GitHub
    };
    // "text", "json", "junit", "github"; nullopt for anything else.
    static std::optional<Format> formatFromName(const QString &name);
    static QStringList formatNames();

    // `text` as one line of a report: not-UTF-8 bytes and control characters as \xNN.
    static QString line(const QString &text);
    // Each line of `text` through line(), the line breaks kept.
    static QString lines(const QString &text);
    // True when line() would change `text` because of a control character. The one definition
    // of a control character: names written refuse them, names read are flagged
    // (NAME_CONTROL_CHARACTER). controlCharacterAt() is the first one's index, or -1.
    static bool hasControlCharacters(const QString &text) { return controlCharacterAt(text) >= 0; }
    static qsizetype controlCharacterAt(const QString &text);
    // Why a name (a clip's, a socket's) may not be written, or empty: "the clip name 'a\x0ab' holds
    // a control character (U+000A at 1); names are identifiers".
    static QString nameProblem(const QString &what, const QString &name);

    // A JSON value with every string (keys too) in the display form: \xNN for bytes that are
    // not UTF-8 (NativeName::display).
    static QJsonValue json(const QJsonValue &value);
    static QJsonObject json(const QJsonObject &object);
    // The indented JSON document of `object`, through json(); ends with a newline.
    static QByteArray jsonDocument(const QJsonObject &object);

    // JUnit XML: one <testsuite> in <testsuites>.
    struct Problem
    {
        enum class Kind {
            Failure, // the test case failed: an error in the file, a change between files
            Error    // the test case could not run: a file that cannot be compared
        };
        Kind kind = Kind::Failure;
        QString type;    // a code: "BONE_COUNT_OUT_OF_RANGE", "clip_metadata", "trouble"
        QString message; // one line
        QString text;    // the element's text (lines); none when empty
    };
    struct Case
    {
        QString name;      // the file's path, as given
        QString className; // "bpat.validate"
        QList<Problem> problems;
        QString systemOut; // lines, or empty
    };
    struct Suite
    {
        QString name; // "bpat validate (spec profile)"
        QString timestamp;
        QList<std::pair<QString, QString>> properties; // empty values are left out
        QList<Case> cases;
    };
    // failures: cases with a failure and no error; errors: cases with an error.
    static QByteArray junit(const Suite &suite);

    // One GitHub Actions workflow command, with its newline:
    // `::error file=PATH,title=TITLE::MESSAGE`.
    enum class Level {
        Error,
        Warning,
        Notice
    };
    static QString github(Level level, const QString &file, const QString &title, const QString &message);
};

} // namespace bpat

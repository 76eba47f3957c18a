#pragma once
// Reading a JSON document into typed values with findings that name the JSON path
// ("bones[3].drive.curve", "clips[0].fps") and what was expected: the one error model of the
// recipe parser (rebake/RecipeJsonParser), the rebake manifests (rebake/RebakeManifest) and the
// rig descriptions (mesh/RigDescription). Each finding is a Diagnostic whose message starts with
// its path ("clips[0].fps: expected a number > 0") and whose location is that path; the reader
// remembers whether an error was reported. The codes are the caller's (RECIPE_BAD_TYPE,
// MANIFEST_BAD_VALUE...).
#include "diagnostics/Diagnostic.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <initializer_list>
#include <optional>

namespace bpat {

class JsonReader
{
public:
    struct Codes
    {
        QString badType;    // a value of the wrong JSON type (expected())
        QString badValue;   // a value of the right type that is not allowed (fail(), number())
        QString unknownKey; // a key the format does not have (checkKeys(), a warning)
    };

    // `out` may be null: findings are then only counted as failed().
    JsonReader(Diagnostics *out, Codes codes)
        : m_out(out)
        , m_codes(std::move(codes))
    {
    }

    bool failed() const { return m_failed; } // an error was reported
    // The first error's message ("bones[1].name: expected ..."), empty when there was none.
    QString firstError() const { return m_firstError; }

    void error(const QString &code, const QString &path, const QString &message);
    void warning(const QString &code, const QString &path, const QString &message);
    // badValue error; returns false so that readers can `return fail(...)`.
    bool fail(const QString &path, const QString &message);
    // badType error: "expected <what>, found <the JSON type of found>".
    void expected(const QString &path, const QString &what, const QJsonValue &found);
    // unknownKey warnings ("unknown key, ignored") for keys of `o` not in `known`.
    void checkKeys(const QJsonObject &o, const QString &path, std::initializer_list<const char *> known);
    // A finite number (> 0 when `positive`); otherwise a badValue error "expected <what>" where
    // what defaults to "a finite number" (or "a number > 0").
    std::optional<double> number(const QJsonValue &v, const QString &path, bool positive = false,
                                 const QString &what = QString());

    static QString join(const QString &path, const QString &key); // "bones[2]" + "name"
    static QString at(const QString &path, qsizetype i);          // "bones" + 2
    static QString typeName(const QJsonValue &v);                 // "a number", "an array"...

private:
    Diagnostics *m_out;
    Codes m_codes;
    bool m_failed = false;
    QString m_firstError;
};

} // namespace bpat

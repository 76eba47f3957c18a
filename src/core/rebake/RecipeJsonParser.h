#pragma once
// One parse of a rebake recipe (RecipeJson::parse): reads JSON values into recipe types and
// collects diagnostics that name the JSON path ("bones[3].drive.curve") and what was expected
// (RECIPE_BAD_TYPE, RECIPE_BAD_VALUE, RECIPE_UNKNOWN_BONE, RECIPE_UNKNOWN_CURVE,
// RECIPE_UNKNOWN_KEY). RecipeJson assembles the recipe from these pieces.
#include "diagnostics/Diagnostic.h"
#include "rebake/RebakeRecipe.h"

#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QVector3D>
#include <initializer_list>
#include <optional>

namespace bpat {

class RecipeJsonParser
{
public:
    explicit RecipeJsonParser(Diagnostics *out) : m_out(out) {}

    bool failed() const { return m_failed; } // an error was reported

    void error(const QString &code, const QString &path, const QString &message);
    void warning(const QString &code, const QString &path, const QString &message);
    // RECIPE_BAD_TYPE: "expected <what>, found <the JSON type of found>".
    void expected(const QString &path, const QString &what, const QJsonValue &found);
    // RECIPE_UNKNOWN_KEY warnings for keys of `o` not in `known`.
    void checkKeys(const QJsonObject &o, const QString &path, std::initializer_list<const char *> known);

    static QString join(const QString &path, const QString &key); // "bones[2]" + "name"
    static QString at(const QString &path, qsizetype i);          // "bones" + 2

    std::optional<QVector3D> vector(const QJsonValue &v, const QString &path); // [x, y, z]
    RigidTransform transform(const QJsonValue &v, const QString &path);        // identity if absent
    // Resolves a bone name; reports RECIPE_UNKNOWN_BONE otherwise (-1).
    int bone(const QJsonValue &v, const QString &path, const QHash<QString, int> &names);
    // A bone's "drive" object: curve group, mode, offset.
    void drive(const QJsonValue &v, const QString &path, RecipeBone &bone);

private:
    Diagnostics *m_out;
    bool m_failed = false;
};

} // namespace bpat

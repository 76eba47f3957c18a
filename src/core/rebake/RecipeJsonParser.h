#pragma once
// One parse of a rebake recipe (RecipeJson::parse): reads JSON values into recipe types and
// collects diagnostics that name the JSON path ("bones[3].drive.curve") and what was expected
// (RECIPE_BAD_TYPE, RECIPE_BAD_VALUE, RECIPE_UNKNOWN_BONE, RECIPE_UNKNOWN_CURVE,
// RECIPE_UNKNOWN_KEY) through the shared JsonReader. RecipeJson assembles the recipe from these
// pieces.
#include "diagnostics/JsonReader.h"
#include "rebake/RebakeRecipe.h"

#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QVector3D>
#include <optional>

namespace bpat {

class RecipeJsonParser : public JsonReader
{
public:
    explicit RecipeJsonParser(Diagnostics *out)
        : JsonReader(
            out, {QStringLiteral("RECIPE_BAD_TYPE"), QStringLiteral("RECIPE_BAD_VALUE"), QStringLiteral("RECIPE_UNKNOWN_KEY")})
    {
    }

    std::optional<QVector3D> vector(const QJsonValue &v, const QString &path); // [x, y, z]
    RigidTransform transform(const QJsonValue &v, const QString &path);        // identity if absent
    // Resolves a bone name; reports RECIPE_UNKNOWN_BONE otherwise (-1).
    int bone(const QJsonValue &v, const QString &path, const QHash<QString, int> &names);
    // A bone's "drive" object: curve group, mode, offset.
    void drive(const QJsonValue &v, const QString &path, RecipeBone &bone);
};

} // namespace bpat

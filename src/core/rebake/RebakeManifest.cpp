#include "rebake/RebakeManifest.h"

#include "rebake/BuiltinRecipes.h"
#include "rebake/RecipeJson.h"
#include "diagnostics/JsonReader.h"
#include "io/RegularFile.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace bpat {

std::optional<RebakeRecipe> RebakeManifest::loadRecipe(const QString &nameOrPath, Diagnostics *diagnostics)
{
    if (std::optional<RebakeRecipe> builtin = BuiltinRecipes::byName(nameOrPath))
        return builtin;
    if (!QFileInfo::exists(nameOrPath)) {
        if (diagnostics)
            diagnostics->append(Diagnostic{QStringLiteral("RECIPE_UNKNOWN"), Severity::Error,
                                           QStringLiteral("recipe '%1': expected %2 or a recipe JSON file")
                                               .arg(nameOrPath, BuiltinRecipes::names().join(QStringLiteral(", "))),
                                           std::nullopt, QString()});
        return std::nullopt;
    }
    return RecipeJson::readFile(nameOrPath, diagnostics);
}

std::optional<RebakeRequest> RebakeManifest::parse(const QByteArray &json, const QString &baseDir, Diagnostics *diagnostics)
{
    QJsonParseError jsonError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &jsonError);
    if (jsonError.error != QJsonParseError::NoError || !doc.isObject()) {
        if (diagnostics)
            diagnostics->append(Diagnostic{
                QStringLiteral("MANIFEST_BAD_JSON"), Severity::Error,
                jsonError.error != QJsonParseError::NoError
                    ? QStringLiteral("not valid JSON: %1 at byte %2").arg(jsonError.errorString()).arg(jsonError.offset)
                    : QStringLiteral("expected a JSON object"),
                jsonError.error != QJsonParseError::NoError ? std::optional<quint64>(quint64(std::max(0, jsonError.offset)))
                                                            : std::nullopt,
                QStringLiteral("$")});
        return std::nullopt;
    }
    const QDir base(baseDir);
    auto resolve = [&base](const QString &p) { return QDir::cleanPath(base.absoluteFilePath(p)); };
    const QJsonObject root = doc.object();
    JsonReader reader(
        diagnostics,
        {QStringLiteral("MANIFEST_BAD_VALUE"), QStringLiteral("MANIFEST_BAD_VALUE"), QStringLiteral("MANIFEST_UNKNOWN_KEY")});
    bool failed = false; // the recipe failed to load (its findings are the recipe's)
    auto error = [&](const QString &path, const QString &message) { reader.fail(path, message); };
    reader.checkKeys(root, QString(), {"output", "recipe", "into", "clips"});
    RebakeRequest req;
    if (!root.value(u"output").isString() || root.value(u"output").toString().isEmpty())
        error(QStringLiteral("output"), QStringLiteral("expected the output file path (string)"));
    else
        req.outputPath = resolve(root.value(u"output").toString());
    if (root.contains(u"into")) {
        if (!root.value(u"into").isString() || root.value(u"into").toString().isEmpty())
            error(QStringLiteral("into"), QStringLiteral("expected an existing BPAT file path (string)"));
        else
            req.intoPath = resolve(root.value(u"into").toString());
    }
    const QJsonValue recipe = root.value(u"recipe");
    if (recipe.isUndefined()) {
        req.recipe = BuiltinRecipes::hands();
    } else if (!recipe.isString()) {
        error(QStringLiteral("recipe"), QStringLiteral("expected a built-in recipe name or a recipe file path (string)"));
    } else {
        const QString r = recipe.toString();
        Diagnostics recipeDiagnostics;
        const std::optional<RebakeRecipe> loaded = loadRecipe(BuiltinRecipes::byName(r) ? r : resolve(r), &recipeDiagnostics);
        for (Diagnostic d : recipeDiagnostics) {
            d.message = QStringLiteral("recipe %1: %2").arg(r, d.message);
            if (d.location.isEmpty())
                d.location = QStringLiteral("recipe"); // the file itself: name the manifest key
            if (diagnostics)
                diagnostics->append(d);
        }
        if (loaded)
            req.recipe = *loaded;
        else
            failed = true;
    }
    const QJsonValue clips = root.value(u"clips");
    if (!clips.isArray() || clips.toArray().isEmpty()) {
        error(QStringLiteral("clips"), QStringLiteral("expected a non-empty array of clip objects"));
    } else {
        const QJsonArray a = clips.toArray();
        QSet<QString> names;
        for (qsizetype i = 0; i < a.size(); ++i) {
            const QString path = JsonReader::at(QStringLiteral("clips"), i);
            if (!a.at(i).isObject()) {
                error(path, QStringLiteral("expected a clip object"));
                continue;
            }
            const QJsonObject o = a.at(i).toObject();
            RebakeClipRequest c;
            if (!o.value(u"curves").isString() || o.value(u"curves").toString().isEmpty()) {
                error(path + QStringLiteral(".curves"), QStringLiteral("expected the recording's path (string)"));
                continue;
            }
            c.curvesPath = resolve(o.value(u"curves").toString());
            c.name = o.contains(u"name") ? o.value(u"name").toString() : QFileInfo(c.curvesPath).completeBaseName();
            if (c.name.isEmpty())
                error(path + QStringLiteral(".name"), QStringLiteral("expected a non-empty clip name"));
            else if (names.contains(c.name))
                error(path + QStringLiteral(".name"), QStringLiteral("duplicate clip name '%1'").arg(c.name));
            names.insert(c.name);
            auto number = [&](const char *key, std::optional<double> *into, bool positive) {
                const QJsonValue v = o.value(QLatin1String(key));
                if (v.isUndefined())
                    return;
                const std::optional<double> n =
                    reader.number(v, JsonReader::join(path, QLatin1String(key)), positive,
                                  positive ? QStringLiteral("a number > 0") : QStringLiteral("a number (seconds)"));
                if (n)
                    *into = n;
            };
            std::optional<double> fps;
            number("fps", &fps, true);
            c.range.fps = fps.value_or(60.0);
            number("from", &c.range.from, false);
            number("to", &c.range.to, false);
            if (o.contains(u"loops")) {
                if (!o.value(u"loops").isBool())
                    error(path + QStringLiteral(".loops"), QStringLiteral("expected true or false"));
                c.loops = o.value(u"loops").toBool();
            }
            reader.checkKeys(o, path, {"curves", "name", "fps", "loops", "from", "to"});
            req.clips.append(c);
        }
    }
    if (failed || reader.failed())
        return std::nullopt;
    return req;
}

std::optional<RebakeRequest> RebakeManifest::readFile(const QString &path, Diagnostics *diagnostics)
{
    const RegularFile::Contents file = RegularFile::read(path, MaxFileBytes);
    if (!file.ok()) {
        if (diagnostics)
            diagnostics->append(Diagnostic{QStringLiteral("MANIFEST_UNREADABLE"), Severity::Error,
                                           QStringLiteral("cannot read manifest %1: %2").arg(path, file.error), std::nullopt,
                                           QString()});
        return std::nullopt;
    }
    return parse(file.bytes, QFileInfo(path).absolutePath(), diagnostics);
}

} // namespace bpat

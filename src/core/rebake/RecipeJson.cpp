#include "rebake/RecipeJson.h"

#include "rebake/RecipeJsonParser.h"
#include "io/RegularFile.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <cmath>

namespace bpat {

std::optional<RebakeRecipe> RecipeJson::parse(const QByteArray &json, Diagnostics *diagnostics, const QString &fallbackName)
{
    RecipeJsonParser p(diagnostics);
    QJsonParseError jsonError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &jsonError);
    if (jsonError.error != QJsonParseError::NoError) {
        if (diagnostics)
            diagnostics->append(
                Diagnostic{QStringLiteral("RECIPE_BAD_JSON"), Severity::Error,
                           QStringLiteral("not valid JSON: %1 at byte %2").arg(jsonError.errorString()).arg(jsonError.offset),
                           quint64(std::max(0, jsonError.offset)), QStringLiteral("$")});
        return std::nullopt;
    }
    if (!doc.isObject()) {
        p.expected(QStringLiteral("$"), QStringLiteral("a JSON object"), doc.isArray() ? QJsonValue(doc.array()) : QJsonValue());
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    p.checkKeys(root, QString(), {"name", "species_id", "convert_coordinates", "untracked_hands", "bones", "sockets"});
    RebakeRecipe r;
    r.name = fallbackName;
    if (root.contains(u"name")) {
        if (root.value(u"name").isString())
            r.name = root.value(u"name").toString();
        else
            p.expected(QStringLiteral("name"), QStringLiteral("a string"), root.value(u"name"));
    }
    if (root.contains(u"species_id")) {
        const QJsonValue v = root.value(u"species_id");
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d < 0 || d > 4294967295.0 || d != std::floor(d))
            p.expected(QStringLiteral("species_id"), QStringLiteral("an integer in 0..4294967295"), v);
        else
            r.speciesId = quint32(d);
    }
    if (root.contains(u"convert_coordinates")) {
        const QJsonValue v = root.value(u"convert_coordinates");
        if (!v.isBool())
            p.expected(QStringLiteral("convert_coordinates"), QStringLiteral("true or false"), v);
        r.convertCoordinates = v.toBool(true);
    }
    if (root.contains(u"untracked_hands")) {
        const QJsonValue v = root.value(u"untracked_hands");
        if (v == QJsonValue(QStringLiteral("rest")))
            r.untracked = UntrackedHands::Rest;
        else if (v != QJsonValue(QStringLiteral("collapse")))
            p.expected(QStringLiteral("untracked_hands"), QStringLiteral("\"collapse\" or \"rest\""), v);
    }

    const QJsonValue bonesValue = root.value(u"bones");
    if (!bonesValue.isArray() || bonesValue.toArray().isEmpty()) {
        p.expected(QStringLiteral("bones"), QStringLiteral("a non-empty array of bone objects"), bonesValue);
        return std::nullopt;
    }
    const QJsonArray bones = bonesValue.toArray();
    if (bones.size() > RebakeRecipe::MaxBones) {
        p.error(QStringLiteral("RECIPE_TOO_MANY_BONES"), QStringLiteral("bones"),
                QStringLiteral("%1 bones: expected at most %2 (BPAT v1 bone_count limit)")
                    .arg(bones.size())
                    .arg(RebakeRecipe::MaxBones));
        return std::nullopt;
    }
    // Pass 1: names. Pass 2: everything that refers to bones by name.
    QHash<QString, int> names;
    for (qsizetype i = 0; i < bones.size(); ++i) {
        const QString path = RecipeJsonParser::at(QStringLiteral("bones"), i);
        RecipeBone bone;
        const QJsonObject o = bones.at(i).toObject();
        if (!bones.at(i).isObject()) {
            p.expected(path, QStringLiteral("a bone object"), bones.at(i));
        } else if (!o.value(u"name").isString() || o.value(u"name").toString().isEmpty()) {
            p.expected(RecipeJsonParser::join(path, QStringLiteral("name")), QStringLiteral("a non-empty string"),
                       o.value(u"name"));
        } else if (names.contains(o.value(u"name").toString())) {
            p.error(QStringLiteral("RECIPE_DUPLICATE_BONE"), RecipeJsonParser::join(path, QStringLiteral("name")),
                    QStringLiteral("duplicate bone name '%1': expected unique names").arg(o.value(u"name").toString()));
        } else {
            bone.name = o.value(u"name").toString();
            names.insert(bone.name, int(i));
        }
        r.bones.append(bone);
    }
    for (qsizetype i = 0; i < bones.size(); ++i) {
        const QString path = RecipeJsonParser::at(QStringLiteral("bones"), i);
        const QJsonObject o = bones.at(i).toObject();
        RecipeBone &bone = r.bones[i];
        p.checkKeys(o, path, {"name", "parent", "rest", "drive", "ik"});
        const QJsonValue parent = o.value(u"parent");
        if (!parent.isUndefined() && !parent.isNull())
            bone.parent = p.bone(parent, RecipeJsonParser::join(path, QStringLiteral("parent")), names);
        bone.rest = p.transform(o.value(u"rest"), RecipeJsonParser::join(path, QStringLiteral("rest")));
        if (o.contains(u"drive"))
            p.drive(o.value(u"drive"), RecipeJsonParser::join(path, QStringLiteral("drive")), bone);
        if (o.contains(u"ik")) {
            const QString ip = RecipeJsonParser::join(path, QStringLiteral("ik"));
            const QJsonObject ik = o.value(u"ik").toObject();
            if (!o.value(u"ik").isObject()) {
                p.expected(ip, QStringLiteral("an object with middle, end and pole"), o.value(u"ik"));
                continue;
            }
            p.checkKeys(ik, ip, {"middle", "end", "pole"});
            RecipeIk chain;
            chain.middle = p.bone(ik.value(u"middle"), RecipeJsonParser::join(ip, QStringLiteral("middle")), names);
            chain.end = p.bone(ik.value(u"end"), RecipeJsonParser::join(ip, QStringLiteral("end")), names);
            const QJsonObject pole = ik.value(u"pole").toObject();
            const QString pp = RecipeJsonParser::join(ip, QStringLiteral("pole"));
            if (!ik.value(u"pole").isObject()) {
                p.expected(pp, QStringLiteral("an object with direction (and bone)"), ik.value(u"pole"));
            } else {
                p.checkKeys(pole, pp, {"bone", "direction"});
                if (pole.contains(u"bone"))
                    chain.poleBone = p.bone(pole.value(u"bone"), RecipeJsonParser::join(pp, QStringLiteral("bone")), names);
                chain.poleDirection = p.vector(pole.value(u"direction"), RecipeJsonParser::join(pp, QStringLiteral("direction")))
                                          .value_or(QVector3D(0, 0, 1));
            }
            bone.ik = chain;
        }
    }
    if (p.failed())
        return std::nullopt;
    // Parent cycles: report each cycle once, at the first bone on it.
    QSet<int> reported;
    for (int i = 0; i < r.boneCount(); ++i) {
        QList<int> chain{i};
        int b = r.bones.at(i).parent;
        while (b >= 0 && !chain.contains(b) && chain.size() <= r.boneCount()) {
            chain.append(b);
            b = r.bones.at(b).parent;
        }
        if (b < 0 || reported.contains(b))
            continue;
        QStringList cycle;
        for (qsizetype k = chain.indexOf(b); k < chain.size(); ++k) {
            cycle << r.bones.at(chain.at(k)).name;
            reported.insert(chain.at(k));
        }
        cycle << r.bones.at(b).name;
        p.error(QStringLiteral("RECIPE_PARENT_CYCLE"),
                RecipeJsonParser::join(RecipeJsonParser::at(QStringLiteral("bones"), b), QStringLiteral("parent")),
                QStringLiteral("parent cycle %1: expected every parent chain to end at a root bone")
                    .arg(cycle.join(QStringLiteral(" -> "))));
    }
    if (p.failed())
        return std::nullopt;

    const QJsonValue socketsValue = root.value(u"sockets");
    if (!socketsValue.isUndefined() && !socketsValue.isArray())
        p.expected(QStringLiteral("sockets"), QStringLiteral("an array of socket objects"), socketsValue);
    const QJsonArray sockets = socketsValue.toArray();
    QSet<QString> socketNames;
    for (qsizetype i = 0; i < sockets.size(); ++i) {
        const QString path = RecipeJsonParser::at(QStringLiteral("sockets"), i);
        const QJsonObject o = sockets.at(i).toObject();
        if (!sockets.at(i).isObject()) {
            p.expected(path, QStringLiteral("a socket object"), sockets.at(i));
            continue;
        }
        p.checkKeys(o, path, {"name", "bone", "offset"});
        RecipeSocket s;
        s.name = o.value(u"name").toString();
        if (s.name.isEmpty())
            p.expected(RecipeJsonParser::join(path, QStringLiteral("name")), QStringLiteral("a non-empty string"),
                       o.value(u"name"));
        else if (socketNames.contains(s.name))
            p.error(QStringLiteral("RECIPE_DUPLICATE_SOCKET"), RecipeJsonParser::join(path, QStringLiteral("name")),
                    QStringLiteral("duplicate socket name '%1'").arg(s.name));
        socketNames.insert(s.name);
        s.anchor = p.bone(o.value(u"bone"), RecipeJsonParser::join(path, QStringLiteral("bone")), names);
        if (o.contains(u"offset"))
            s.offset = p.vector(o.value(u"offset"), RecipeJsonParser::join(path, QStringLiteral("offset"))).value_or(QVector3D());
        r.sockets.append(s);
    }
    if (p.failed())
        return std::nullopt;
    // Structural rules (IK chains) not tied to one key.
    for (const RebakeRecipe::Problem &problem : r.rigProblems())
        p.error(QStringLiteral("RECIPE_BAD_RIG"), problem.location, problem.message);
    if (p.failed())
        return std::nullopt;
    return r;
}

std::optional<RebakeRecipe> RecipeJson::readFile(const QString &path, Diagnostics *diagnostics)
{
    // Recipes are small: a regular file of at most 16 MiB, whatever size() says (/dev/zero
    // says 0 and never ends; a FIFO would block).
    const RegularFile::Contents file = RegularFile::read(path, MaxFileBytes);
    if (!file.ok()) {
        const bool tooLarge = file.status == RegularFile::Status::TooLarge;
        if (diagnostics)
            diagnostics->append(Diagnostic{tooLarge ? QStringLiteral("RECIPE_TOO_LARGE") : QStringLiteral("RECIPE_UNREADABLE"),
                                           Severity::Error, QStringLiteral("cannot read recipe %1: %2").arg(path, file.error),
                                           std::nullopt, QString()});
        return std::nullopt;
    }
    return parse(file.bytes, diagnostics, QFileInfo(path).completeBaseName());
}

namespace {

QJsonArray toArray(const QVector3D &v)
{
    return QJsonArray{v.x(), v.y(), v.z()};
}

QJsonObject toObject(const RigidTransform &t)
{
    QJsonObject o;
    if (!t.translation.isNull())
        o.insert(u"translation", toArray(t.translation));
    if (!t.rotation.isIdentity())
        o.insert(u"rotation", QJsonArray{t.rotation.x(), t.rotation.y(), t.rotation.z(), t.rotation.scalar()});
    return o;
}

} // namespace

QByteArray RecipeJson::toJson(const RebakeRecipe &recipe)
{
    QJsonObject root;
    root.insert(u"name", recipe.name);
    root.insert(u"species_id", qint64(recipe.speciesId));
    root.insert(u"convert_coordinates", recipe.convertCoordinates);
    root.insert(u"untracked_hands",
                recipe.untracked == UntrackedHands::Rest ? QStringLiteral("rest") : QStringLiteral("collapse"));
    QJsonArray bones;
    for (const RecipeBone &b : recipe.bones) {
        QJsonObject o;
        o.insert(u"name", b.name);
        if (b.parent >= 0)
            o.insert(u"parent", recipe.bones.at(b.parent).name);
        if (!b.rest.isIdentity())
            o.insert(u"rest", toObject(b.rest));
        if (b.drive != DriveKind::Rest) {
            QJsonObject d;
            d.insert(u"curve", b.curve.name());
            if (b.drive == DriveKind::Ground)
                d.insert(u"mode", QStringLiteral("ground"));
            if (!b.offset.isIdentity())
                d.insert(u"offset", toObject(b.offset));
            o.insert(u"drive", d);
        }
        if (b.ik) {
            QJsonObject pole;
            if (b.ik->poleBone >= 0)
                pole.insert(u"bone", recipe.bones.at(b.ik->poleBone).name);
            pole.insert(u"direction", toArray(b.ik->poleDirection));
            o.insert(u"ik",
                     QJsonObject{{QStringLiteral("middle"), recipe.bones.at(b.ik->middle).name},
                                 {QStringLiteral("end"), recipe.bones.at(b.ik->end).name},
                                 {QStringLiteral("pole"), pole}});
        }
        bones.append(o);
    }
    root.insert(u"bones", bones);
    QJsonArray sockets;
    for (const RecipeSocket &s : recipe.sockets) {
        QJsonObject o{{QStringLiteral("name"), s.name}, {QStringLiteral("bone"), recipe.bones.at(s.anchor).name}};
        if (!s.offset.isNull())
            o.insert(u"offset", toArray(s.offset));
        sockets.append(o);
    }
    root.insert(u"sockets", sockets);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace bpat

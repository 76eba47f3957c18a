#include "mesh/RigDescription.h"

#include "diagnostics/JsonReader.h"
#include "io/RegularFile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

// The rig resources live in bpatcore (a static library): make sure they are registered.
static void ensureRigResources()
{
    static const bool once = [] {
        Q_INIT_RESOURCE(rigs);
        return true;
    }();
    Q_UNUSED(once);
}

namespace bpat {

namespace {

// Reads the shapes of a rig on the shared JsonReader; the first error ("bones[2].parts[0].radius:
// expected a number > 0") is the one fromJson() returns.
class Parser
{
public:
    JsonReader reader{nullptr,
                      {QStringLiteral("RIG_BAD_TYPE"), QStringLiteral("RIG_BAD_VALUE"), QStringLiteral("RIG_UNKNOWN_KEY")}};

    bool fail(const QString &path, const QString &what) { return reader.fail(path, what); }

    bool number(const QJsonValue &value, const QString &path, float *out, bool positive = false)
    {
        const std::optional<double> n = reader.number(value, path, positive);
        if (!n)
            return false;
        *out = float(*n);
        return true;
    }

    bool vector(const QJsonValue &value, const QString &path, QVector3D *out, bool positive = false)
    {
        const QJsonArray array = value.toArray();
        if (!value.isArray() || array.size() != 3)
            return fail(path, QStringLiteral("expected an array of 3 numbers"));
        float c[3];
        for (int i = 0; i < 3; ++i) {
            if (!number(array.at(i), path + QStringLiteral("[%1]").arg(i), &c[i], positive))
                return false;
        }
        *out = QVector3D(c[0], c[1], c[2]);
        return true;
    }

    // [x,y,z] or {"tail": f, "offset": [x,y,z]}
    bool point(const QJsonValue &value, const QString &path, RigPoint *out)
    {
        if (value.isArray())
            return vector(value, path, &out->offset);
        if (!value.isObject())
            return fail(path, QStringLiteral("expected [x,y,z] or {\"tail\": f, \"offset\": [x,y,z]}"));
        const QJsonObject object = value.toObject();
        if (object.contains(u"tail") && !number(object.value(u"tail"), path + QStringLiteral(".tail"), &out->tailFraction))
            return false;
        if (object.contains(u"offset") && !vector(object.value(u"offset"), path + QStringLiteral(".offset"), &out->offset))
            return false;
        return true;
    }

    bool radius(const QJsonValue &value, const QString &path, RigShapePart *part)
    {
        if (value.isArray()) {
            const QJsonArray array = value.toArray();
            if (array.size() != 2)
                return fail(path, QStringLiteral("expected a number or [from, to]"));
            return number(array.at(0), path + QStringLiteral("[0]"), &part->radiusFrom, true)
                && number(array.at(1), path + QStringLiteral("[1]"), &part->radiusTo, true);
        }
        if (!number(value, path, &part->radiusFrom, true))
            return false;
        part->radiusTo = part->radiusFrom;
        return true;
    }

    bool role(const QJsonValue &value, const QString &path, ColorRole *out)
    {
        static const QStringList names = {QStringLiteral("body"),      QStringLiteral("limb"),   QStringLiteral("head"),
                                          QStringLiteral("extremity"), QStringLiteral("accent"), QStringLiteral("eye"),
                                          QStringLiteral("joint")};
        if (value.isUndefined())
            return true;
        const int index = int(names.indexOf(value.toString()));
        if (index < 0)
            return fail(path, QStringLiteral("expected one of ") + names.join(u", "));
        *out = ColorRole(index);
        return true;
    }

    bool part(const QJsonObject &object, const QString &path, const RigDescription &rig, RigShapePart *out)
    {
        const QString shape = object.value(u"shape").toString();
        if (!role(object.value(u"role"), path + QStringLiteral(".role"), &out->role))
            return false;
        if (shape == u"ellipsoid" || shape == u"box") {
            out->shape = shape == u"box" ? RigShapePart::Shape::Box : RigShapePart::Shape::Ellipsoid;
            const QString key = shape == u"box" ? QStringLiteral("half") : QStringLiteral("radii");
            if (!point(object.value(u"center"), path + QStringLiteral(".center"), &out->center)
                || !vector(object.value(key), path + u'.' + key, &out->radii, true))
                return false;
            if (object.contains(u"rotate")
                && !vector(object.value(u"rotate"), path + QStringLiteral(".rotate"), &out->rotationDegrees))
                return false;
            return true;
        }
        if (shape == u"capsule" || shape == u"link") {
            out->shape = shape == u"link" ? RigShapePart::Shape::Link : RigShapePart::Shape::Capsule;
            if (!point(object.value(u"from"), path + QStringLiteral(".from"), &out->from)
                || !point(object.value(u"to"), path + QStringLiteral(".to"), &out->to)
                || !radius(object.value(u"radius"), path + QStringLiteral(".radius"), out))
                return false;
            if (out->shape == RigShapePart::Shape::Link) {
                out->targetBone = rig.indexOf(object.value(u"bone").toString());
                if (out->targetBone < 0)
                    return fail(path + QStringLiteral(".bone"), QStringLiteral("expected the name of a bone of this rig"));
            }
            return true;
        }
        return fail(path + QStringLiteral(".shape"), QStringLiteral("expected ellipsoid, box, capsule or link"));
    }
};

// "legs": one {"chain": [hip, knee, end], "pole": name} per foot; empty when absent.
QString parseLegs(const QJsonValue &value, RigDescription *rig)
{
    if (value.isUndefined())
        return {};
    const QJsonArray legs = value.toArray();
    if (!value.isArray() || legs.size() != rig->footBones.size())
        return QStringLiteral("legs: expected one leg per foot (%1)").arg(rig->footBones.size());
    const auto bone = [rig](const QJsonValue &name) { return rig->indexOf(name.toString()); };
    for (qsizetype l = 0; l < legs.size(); ++l) {
        const QString path = QStringLiteral("legs[%1]").arg(l);
        const QJsonObject leg = legs.at(l).toObject();
        const QJsonArray chain = leg.value(u"chain").toArray();
        if (chain.size() != 3)
            return path + QStringLiteral(".chain: expected [hip, knee, end], three bone names");
        RigLegDescription d{bone(chain.at(0)), bone(chain.at(1)), bone(chain.at(2)), -1};
        if (d.hip < 0 || d.knee < 0 || d.end < 0)
            return path + QStringLiteral(".chain: expected the names of bones of this rig");
        if (rig->bones.at(d.knee).parent != d.hip)
            return path + QStringLiteral(".chain: the knee's parent is not the hip");
        if (leg.contains(u"pole") && (d.pole = bone(leg.value(u"pole"))) < 0)
            return path + QStringLiteral(".pole: expected the name of a bone of this rig");
        rig->legs.append(d);
    }
    return {};
}

// "sides": {"left": "L", "right": "R", "mark": "suffix" | "prefix" | "word"}.
QString parseSides(const QJsonValue &value, RigDescription *rig)
{
    if (value.isUndefined())
        return {};
    const QJsonObject sides = value.toObject();
    const QString mark = sides.value(u"mark").toString(QStringLiteral("suffix"));
    SideNaming naming{sides.value(u"left").toString(), sides.value(u"right").toString(), SideNaming::Mark::Suffix};
    if (mark == u"prefix")
        naming.mark = SideNaming::Mark::Prefix;
    else if (mark == u"word")
        naming.mark = SideNaming::Mark::Word;
    else if (mark != u"suffix")
        return QStringLiteral("sides.mark: expected \"suffix\", \"prefix\" or \"word\"");
    if (!naming.isValid())
        return QStringLiteral("sides: expected {\"left\": text, \"right\": other text}");
    rig->sides = naming;
    return {};
}

} // namespace

QList<QVector3D> RigDescription::defaultRoleColors()
{
    return {{0.36f, 0.47f, 0.66f},  // body
            {0.80f, 0.66f, 0.52f},  // limb
            {0.86f, 0.71f, 0.58f},  // head
            {0.33f, 0.24f, 0.18f},  // extremity
            {0.28f, 0.20f, 0.14f},  // accent
            {0.06f, 0.06f, 0.07f},  // eye
            {0.85f, 0.78f, 0.35f}}; // joint
}

int RigDescription::indexOf(const QString &boneName) const
{
    for (int i = 0; i < bones.size(); ++i) {
        if (bones.at(i).name == boneName)
            return i;
    }
    return -1;
}

Rig RigDescription::rig() const
{
    QList<RigBone> list;
    for (const RigBoneDescription &bone : bones)
        list.append(RigBone{bone.name, bone.parent, bone.control, bone.tailBone});
    return Rig(name, list);
}

std::optional<RigDescription> RigDescription::fromFile(const QString &path, QString *error, bool *unreadable)
{
    const RegularFile::Contents contents = RegularFile::read(path, qint64(16) << 20);
    if (unreadable)
        *unreadable = !contents.ok();
    if (!contents.ok()) {
        if (error)
            *error = contents.error;
        return std::nullopt;
    }
    return fromJson(contents.bytes, error);
}

std::optional<RigDescription> RigDescription::fromJson(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    Parser parser;
    RigDescription rig;
    auto failed = [&](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (document.isNull())
        return failed(QStringLiteral("offset %1: %2").arg(parseError.offset).arg(parseError.errorString()));
    const QJsonObject root = document.object();
    rig.name = root.value(u"name").toString();
    if (rig.name.isEmpty())
        return failed(QStringLiteral("name: expected a non-empty string"));
    const QJsonObject colors = root.value(u"colors").toObject();
    for (auto it = colors.begin(); it != colors.end(); ++it) {
        ColorRole role = ColorRole::Body;
        QVector3D color;
        const QString path = QStringLiteral("colors.") + it.key();
        if (!parser.role(QJsonValue(it.key()), path, &role) || !parser.vector(it.value(), path, &color))
            return failed(parser.reader.firstError());
        rig.roleColors[int(role)] = color;
    }
    for (const QJsonValue id : root.value(u"species").toArray())
        rig.speciesIds.append(quint32(id.toInt()));
    const QJsonArray bones = root.value(u"bones").toArray();
    if (bones.isEmpty() || bones.size() > 64)
        return failed(QStringLiteral("bones: expected 1..64 bones"));
    // Names and parents first, so links and tails can refer to any bone.
    for (int b = 0; b < bones.size(); ++b) {
        const QJsonObject object = bones.at(b).toObject();
        RigBoneDescription bone;
        bone.name = object.value(u"name").toString();
        if (bone.name.isEmpty() || rig.indexOf(bone.name) >= 0)
            return failed(QStringLiteral("bones[%1].name: expected a unique non-empty name").arg(b));
        if (object.contains(u"control")) {
            bone.control = object.value(u"control").toString();
            if (bone.control.isEmpty())
                return failed(
                    QStringLiteral("bones[%1].control: expected a non-empty string (\"IK target\", \"pole target\", \"root\")")
                        .arg(b));
        }
        const QString parent = object.value(u"parent").toString();
        bone.parent = parent.isEmpty() ? -1 : rig.indexOf(parent);
        if (!parent.isEmpty() && bone.parent < 0)
            return failed(QStringLiteral("bones[%1].parent: \"%2\" is not an earlier bone").arg(b).arg(parent));
        rig.bones.append(bone);
    }
    const QJsonArray feet = root.value(u"feet").toArray();
    for (int f = 0; f < feet.size(); ++f) {
        const int index = rig.indexOf(feet.at(f).toString());
        if (index < 0)
            return failed(QStringLiteral("feet[%1]: expected the name of a bone").arg(f));
        rig.footBones.append(index);
    }
    const QJsonArray footNames = root.value(u"foot_names").toArray();
    if (!footNames.isEmpty() && footNames.size() != rig.footBones.size())
        return failed(QStringLiteral("foot_names: expected one name per foot (%1)").arg(rig.footBones.size()));
    for (int f = 0; f < footNames.size(); ++f) {
        if (footNames.at(f).toString().isEmpty())
            return failed(QStringLiteral("foot_names[%1]: expected a non-empty string").arg(f));
        rig.footNames.append(footNames.at(f).toString());
    }
    for (const QJsonValue socket : root.value(u"baked_sockets").toArray())
        rig.bakedSockets.append(socket.toString());
    const QJsonArray unnamed = root.value(u"unnamed_pairs").toArray();
    for (qsizetype p = 0; p < unnamed.size(); ++p) {
        const QJsonArray pair = unnamed.at(p).toArray();
        const QString left = pair.at(0).toString(), right = pair.at(1).toString();
        if (pair.size() != 2 || rig.indexOf(left) < 0 || rig.indexOf(right) < 0 || left == right)
            return failed(QStringLiteral("unnamed_pairs[%1]: expected [left, right], two bones of the rig").arg(p));
        rig.unnamedPairs.append({left, right});
    }
    const QString sole = root.value(u"sole").toString(QStringLiteral("skin"));
    const QLatin1String humanoidSole("humanoid"); // the rule's JSON name, not a species (check-layers: not a species)
    if (sole != QLatin1String("skin") && sole != humanoidSole)
        return failed(QStringLiteral("sole: expected \"skin\" or \"humanoid\""));
    rig.soleRule = sole == humanoidSole ? SoleRule::Humanoid : SoleRule::Skin;
    if (QString why = parseLegs(root.value(u"legs"), &rig); !why.isEmpty())
        return failed(why);
    if (QString why = parseSides(root.value(u"sides"), &rig); !why.isEmpty())
        return failed(why);
    for (int b = 0; b < bones.size(); ++b) {
        const QJsonObject object = bones.at(b).toObject();
        RigBoneDescription &bone = rig.bones[b];
        const QString path = JsonReader::at(QStringLiteral("bones"), b);
        if (object.contains(u"length") && !parser.number(object.value(u"length"), path + QStringLiteral(".length"), &bone.length))
            return failed(parser.reader.firstError());
        if (object.contains(u"tail")) {
            bone.tailBone = rig.indexOf(object.value(u"tail").toString());
            if (bone.tailBone < 0 || rig.bones.at(bone.tailBone).parent != b)
                return failed(path + QStringLiteral(".tail: expected the name of a child bone"));
        }
        const QJsonArray parts = object.value(u"parts").toArray();
        for (int p = 0; p < parts.size(); ++p) {
            RigShapePart part;
            if (!parser.part(parts.at(p).toObject(), path + QStringLiteral(".parts[%1]").arg(p), rig, &part))
                return failed(parser.reader.firstError());
            bone.parts.append(part);
        }
    }
    return rig;
}

QStringList RigDescription::builtinResources()
{
    ensureRigResources();
    QStringList paths;
    const QStringList names = QDir(QStringLiteral(":/rigs")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QString &name : names)
        paths.append(QStringLiteral(":/rigs/") + name);
    return paths;
}

} // namespace bpat

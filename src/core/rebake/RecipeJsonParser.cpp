#include "rebake/RecipeJsonParser.h"

#include <QJsonArray>
#include <QQuaternion>
#include <cmath>

namespace bpat {

std::optional<QVector3D> RecipeJsonParser::vector(const QJsonValue &v, const QString &path)
{
    if (!v.isArray() || v.toArray().size() != 3) {
        expected(path, QStringLiteral("an array of 3 numbers"), v);
        return std::nullopt;
    }
    float c[3];
    for (int i = 0; i < 3; ++i) {
        const QJsonValue e = v.toArray().at(i);
        if (!e.isDouble() || !std::isfinite(e.toDouble())) {
            expected(at(path, i), QStringLiteral("a finite number"), e);
            return std::nullopt;
        }
        c[i] = float(e.toDouble());
    }
    return QVector3D(c[0], c[1], c[2]);
}

RigidTransform RecipeJsonParser::transform(const QJsonValue &v, const QString &path)
{
    RigidTransform t;
    if (v.isUndefined())
        return t;
    if (!v.isObject()) {
        expected(path, QStringLiteral("an object with translation and/or rotation"), v);
        return t;
    }
    const QJsonObject o = v.toObject();
    checkKeys(o, path, {"translation", "rotation"});
    if (o.contains(u"translation"))
        t.translation = vector(o.value(u"translation"), join(path, QStringLiteral("translation"))).value_or(QVector3D());
    if (o.contains(u"rotation")) {
        const QString rp = join(path, QStringLiteral("rotation"));
        const QJsonValue r = o.value(u"rotation");
        const QJsonArray a = r.toArray();
        bool ok = r.isArray() && a.size() == 4;
        for (int i = 0; ok && i < 4; ++i)
            ok = a.at(i).isDouble() && std::isfinite(a.at(i).toDouble());
        if (!ok) {
            expected(rp, QStringLiteral("a quaternion [x, y, z, w] of 4 finite numbers"), r);
            return t;
        }
        const QQuaternion q(float(a.at(3).toDouble()), float(a.at(0).toDouble()), float(a.at(1).toDouble()),
                            float(a.at(2).toDouble()));
        if (q.length() < 1e-6f)
            error(QStringLiteral("RECIPE_BAD_VALUE"), rp, QStringLiteral("expected a non-zero quaternion"));
        else
            t.rotation = q.normalized();
    }
    return t;
}

int RecipeJsonParser::bone(const QJsonValue &v, const QString &path, const QHash<QString, int> &names)
{
    if (!v.isString()) {
        expected(path, QStringLiteral("a bone name (string)"), v);
        return -1;
    }
    const auto it = names.constFind(v.toString());
    if (it == names.constEnd()) {
        error(QStringLiteral("RECIPE_UNKNOWN_BONE"), path,
              QStringLiteral("unknown bone '%1': expected the name of a bone in \"bones\"").arg(v.toString()));
        return -1;
    }
    return *it;
}

void RecipeJsonParser::drive(const QJsonValue &v, const QString &path, RecipeBone &bone)
{
    if (!v.isObject()) {
        expected(path, QStringLiteral("an object with \"curve\""), v);
        return;
    }
    const QJsonObject o = v.toObject();
    checkKeys(o, path, {"curve", "mode", "offset"});
    const QString cp = join(path, QStringLiteral("curve"));
    const QJsonValue curve = o.value(u"curve");
    if (!curve.isString()) {
        expected(cp, QStringLiteral("a curve group name such as \"Camera\" or \"RightHand/IndexTip\""), curve);
        return;
    }
    const std::optional<CurveGroup> group = CurveGroup::fromName(curve.toString());
    if (!group) {
        error(QStringLiteral("RECIPE_UNKNOWN_CURVE"), cp,
              QStringLiteral("unknown curve group '%1': expected \"Camera\" or \"LeftHand/<joint>\" / "
                             "\"RightHand/<joint>\" with a joint from Wrist to PinkyTip")
                  .arg(curve.toString()));
        return;
    }
    bone.curve = *group;
    bone.drive = DriveKind::Pose;
    const QJsonValue mode = o.value(u"mode");
    if (!mode.isUndefined()) {
        if (mode == QJsonValue(QStringLiteral("ground")))
            bone.drive = DriveKind::Ground;
        else if (mode != QJsonValue(QStringLiteral("pose")))
            expected(join(path, QStringLiteral("mode")), QStringLiteral("\"pose\" or \"ground\""), mode);
    }
    bone.offset = transform(o.value(u"offset"), join(path, QStringLiteral("offset")));
}

} // namespace bpat

#include "bprm/BodyInfo.h"

#include "bprm/BprmFile.h"

#include <QJsonArray>
#include <cmath>

namespace bpat {

namespace {

QJsonArray vec(const QVector3D &v)
{
    return QJsonArray{double(v.x()), double(v.y()), double(v.z())};
}

QJsonObject counts(const QMap<int, int> &map)
{
    QJsonObject o;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        o.insert(QString::number(it.key()), it.value());
    return o;
}

} // namespace

BodyInfo BodyInfo::of(const BprmFile &file, const QString &path)
{
    BodyInfo s;
    s.inBounds = file.indexDataInBounds() && file.vertexDataInBounds();
    s.rig = BodyFiles::pairedRig(path);
    s.species = BodyFiles::speciesOfBody(path);
    if (!file.vertexDataInBounds())
        return s;
    for (quint32 i = 0; i < file.header().vertexCount; ++i) {
        const CreatureVertex v = *file.vertex(i);
        const QVector3D p(v.position[0], v.position[1], v.position[2]);
        if (std::isfinite(p.x()) && std::isfinite(p.y()) && std::isfinite(p.z())) {
            s.lo = QVector3D(std::min(s.lo.x(), p.x()), std::min(s.lo.y(), p.y()), std::min(s.lo.z(), p.z()));
            s.hi = QVector3D(std::max(s.hi.x(), p.x()), std::max(s.hi.y(), p.y()), std::max(s.hi.z(), p.z()));
        }
        ++s.roles[v.colorRole];
        int used = 0;
        for (int k = 0; k < 4; ++k) {
            if (v.weights[k] != 0.0f) {
                ++used;
                s.highestBone = std::max(s.highestBone, int(v.bones[k]));
            }
        }
        ++s.influences[used];
        s.hasUv = s.hasUv || v.uv[0] != 0.0f || v.uv[1] != 0.0f;
    }
    return s;
}

QJsonObject BodyInfo::toJson(const BprmFile &file, const QString &displayPath) const
{
    const BprmHeader &h = file.header();
    QJsonObject o{
        {QStringLiteral("path"), displayPath},
        {QStringLiteral("format"), QStringLiteral("bprm")},
        {QStringLiteral("file_size"), qint64(file.fileSize())},
        {QStringLiteral("version"), qint64(h.version)},
        {QStringLiteral("lod"), qint64(h.lod)},
        {QStringLiteral("lod_name"), file.lodName()},
        {QStringLiteral("vertex_count"), qint64(h.vertexCount)},
        {QStringLiteral("index_count"), qint64(h.indexCount)},
        {QStringLiteral("triangle_count"), qint64(h.indexCount / 3)},
        {QStringLiteral("reserved"), qint64(h.reserved)},
        {QStringLiteral("index_data_offset"), double(h.indexDataOffset)},
        {QStringLiteral("vertex_data_offset"), double(h.vertexDataOffset)},
        {QStringLiteral("sections_in_file"), inBounds},
        {QStringLiteral("species"), species ? QJsonValue(BodyFiles::bodyNames(*species).value(0)) : QJsonValue()},
        {QStringLiteral("rig"),
         rig.boneCount > 0
             ? QJsonValue(QJsonObject{{QStringLiteral("bone_count"), rig.boneCount}, {QStringLiteral("source"), rig.source}})
             : QJsonValue()},
        {QStringLiteral("highest_weighted_bone"), highestBone},
        {QStringLiteral("color_roles"), counts(roles)},
        {QStringLiteral("influences"), counts(influences)},
        {QStringLiteral("has_uv"), hasUv},
    };
    if (hasBounds())
        o.insert(QStringLiteral("bounds"), QJsonObject{{QStringLiteral("min"), vec(lo)}, {QStringLiteral("max"), vec(hi)}});
    return o;
}

} // namespace bpat

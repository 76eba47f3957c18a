#include "BodySource.h"

#include "bprm/BodyColors.h"
#include "bprm/BprmFormat.h"

#include <QFileInfo>
#include <cmath>

namespace bpat::studio {

BodySource BodySource::fromFile(const bpat::BprmFile &file, int rigBones, QString *why)
{
    auto fail = [why](const QString &reason) {
        if (why)
            *why = reason;
        return BodySource();
    };
    if (!file.hasMagic())
        return fail(QStringLiteral("not a BPRM file"));
    if (file.header().version != bpat::bprm::CurrentVersion)
        return fail(QStringLiteral("BPRM version %1, expected 1").arg(file.header().version));
    if (rigBones < 1 || rigBones > bpat::bprm::MaxBones)
        return fail(QStringLiteral("no rig of 1..64 bones to skin it with"));
    QString error;
    std::optional<bpat::CreatureMesh> mesh = file.toMesh(rigBones, &error); // sections, triangles, indices
    if (!mesh)
        return fail(error);
    const int highest = file.highestWeightedBone();
    if (highest >= rigBones)
        return fail(QStringLiteral("its vertices use bone %1, but the file has %2 bones: it belongs to another rig")
                        .arg(highest)
                        .arg(rigBones));
    for (const bpat::CreatureVertex &v : mesh->vertices()) {
        for (float w : v.weights) {
            if (!std::isfinite(w))
                return fail(QStringLiteral("a bone weight is not finite (run bpat validate)"));
        }
    }
    BodySource s;
    s.m_file = file;
    s.m_mesh = std::move(*mesh);
    return s;
}

BodySource BodySource::open(const QString &path, int rigBones, QString *why)
{
    QString error;
    const std::optional<bpat::BprmFile> file = bpat::BprmFile::open(path, &error);
    if (!file) {
        if (why)
            *why = error;
        return BodySource();
    }
    return fromFile(*file, rigBones, why);
}

QString BodySource::label() const
{
    return QStringLiteral("%1 (%2, %3 vertices)").arg(QFileInfo(path()).fileName(), m_file.lodName()).arg(vertexCount());
}

void BodySource::bounds(const QList<QMatrix4x4> &skin, QVector3D *lo, QVector3D *hi) const
{
    QVector3D l(INFINITY, INFINITY, INFINITY), h(-INFINITY, -INFINITY, -INFINITY);
    for (const bpat::CreatureVertex &v : m_mesh.vertices()) {
        const QVector3D p(v.position[0], v.position[1], v.position[2]);
        QVector3D q;
        for (int k = 0; k < 4; ++k) {
            if (v.weights[k] != 0.0f && v.bones[k] < skin.size())
                q += v.weights[k] * skin.at(v.bones[k]).map(p);
        }
        if (!std::isfinite(q.x()) || !std::isfinite(q.y()) || !std::isfinite(q.z()))
            continue;
        for (int i = 0; i < 3; ++i) {
            l[i] = std::min(l[i], q[i]);
            h[i] = std::max(h[i], q[i]);
        }
    }
    *lo = l;
    *hi = h;
}

QList<QVector3D> BodySource::roleColors()
{
    return bpat::BodyColors::roles();
}

} // namespace bpat::studio

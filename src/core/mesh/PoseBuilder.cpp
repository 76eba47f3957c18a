#include "mesh/PoseBuilder.h"

#include <QByteArray>
#include <cmath>

namespace bpat {

PoseBuilder::PoseBuilder(Rig rig)
    : m_rig(std::move(rig))
    , m_locals(m_rig.boneCount())
{
    for (int b = 0; b < m_rig.boneCount(); ++b)
        Q_ASSERT_X(m_rig.bone(b).parent < b, "PoseBuilder", "rig bones must be ordered parents first");
}

int PoseBuilder::boneIndex(const char *name) const
{
    const int index = m_rig.indexOf(QString::fromLatin1(name));
    Q_ASSERT_X(index >= 0, "PoseBuilder::boneIndex", name);
    return index;
}

void PoseBuilder::setLocal(int bone, const QMatrix4x4 &local)
{
    m_locals[bone] = local;
}

void PoseBuilder::setLocal(int bone, const QVector3D &translation, const QQuaternion &rotation)
{
    QMatrix4x4 m;
    m.translate(translation);
    m.rotate(rotation);
    m_locals[bone] = m;
}

void PoseBuilder::setGlobal(int bone, const QMatrix4x4 &globalTransform)
{
    const int parent = m_rig.bone(bone).parent;
    if (parent < 0) {
        m_locals[bone] = globalTransform;
        return;
    }
    bool invertible = false;
    const QMatrix4x4 parentInverse = global(parent).inverted(&invertible);
    Q_ASSERT(invertible);
    m_locals[bone] = parentInverse * globalTransform;
}

void PoseBuilder::setGlobal(int bone, const QVector3D &origin, const QQuaternion &rotation)
{
    QMatrix4x4 m;
    m.translate(origin);
    m.rotate(rotation);
    setGlobal(bone, m);
}

QMatrix4x4 PoseBuilder::global(int bone) const
{
    QMatrix4x4 result = m_locals.at(bone);
    for (int p = m_rig.bone(bone).parent; p >= 0; p = m_rig.bone(p).parent)
        result = m_locals.at(p) * result;
    return result;
}

QList<QMatrix4x4> PoseBuilder::palette() const
{
    QList<QMatrix4x4> globals(m_rig.boneCount());
    for (int b = 0; b < m_rig.boneCount(); ++b) {
        const int parent = m_rig.bone(b).parent;
        globals[b] = parent < 0 ? m_locals.at(b) : globals.at(parent) * m_locals.at(b);
    }
    return globals;
}

QQuaternion PoseBuilder::frameFromY(const QVector3D &yAxis, const QVector3D &xHint)
{
    const QVector3D y = yAxis.normalized();
    QVector3D x = xHint - QVector3D::dotProduct(xHint, y) * y;
    if (x.lengthSquared() < 1e-8f) {
        const QVector3D fallback = std::abs(y.z()) < 0.9f ? QVector3D(0, 0, 1) : QVector3D(0, 1, 0);
        x = fallback - QVector3D::dotProduct(fallback, y) * y;
    }
    x.normalize();
    const QVector3D z = QVector3D::crossProduct(x, y);
    return QQuaternion::fromAxes(x, y, z);
}

} // namespace bpat

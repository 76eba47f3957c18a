#include "BonePicker.h"

#include <QLineF>
#include <algorithm>
#include <cmath>
#include <limits>

namespace bpat::studio {

namespace {

double segmentDistance(QPointF p, QPointF a, QPointF b)
{
    const QPointF ab = b - a;
    const double length2 = ab.x() * ab.x() + ab.y() * ab.y();
    double t = length2 > 0.0 ? ((p.x() - a.x()) * ab.x() + (p.y() - a.y()) * ab.y()) / length2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    return QLineF(p, a + ab * t).length();
}

bool finite(const QVector3D &v)
{
    return std::isfinite(v.x()) && std::isfinite(v.y()) && std::isfinite(v.z());
}

} // namespace

bool BonePicker::project(const QVector3D &point, QPointF *out) const
{
    const QVector4D clip = m_viewProjection * QVector4D(point, 1);
    if (clip.w() <= 1e-6f || !finite(point))
        return false;
    const QVector3D ndc = clip.toVector3DAffine();
    *out = QPointF((ndc.x() + 1) / 2 * m_size.width(), (1 - ndc.y()) / 2 * m_size.height());
    return true;
}

int BonePicker::jointAt(QPointF position, const QList<QVector3D> &joints, double radius) const
{
    int best = -1;
    double bestDistance = radius;
    for (int b = 0; b < joints.size(); ++b) {
        QPointF at;
        if (!project(joints.at(b), &at))
            continue;
        const double d = QLineF(at, position).length();
        if (d <= bestDistance) { // ties go to the later (child) bone sharing the same origin
            bestDistance = d;
            best = b;
        }
    }
    return best;
}

int BonePicker::segmentAt(QPointF position, const QList<QVector3D> &joints, const QList<int> &parents, double within) const
{
    int best = -1;
    double bestDistance = within;
    for (int b = 0; b < joints.size() && b < parents.size(); ++b) {
        const int parent = parents.at(b);
        QPointF from, to;
        if (parent < 0 || parent >= joints.size() || !project(joints.at(parent), &from) || !project(joints.at(b), &to))
            continue;
        const double d = segmentDistance(position, from, to);
        if (d <= bestDistance) {
            bestDistance = d;
            best = parent;
        }
    }
    return best;
}

int BonePicker::bodyAt(QPointF position, const Surface &surface) const
{
    if (surface.isEmpty() || m_size.width() <= 0 || m_size.height() <= 0)
        return -1;
    bool invertible = false;
    const QMatrix4x4 inverse = m_viewProjection.inverted(&invertible);
    if (!invertible)
        return -1;
    // The ray under the click, from the near plane to the far plane.
    const double x = 2.0 * position.x() / m_size.width() - 1.0;
    const double y = 1.0 - 2.0 * position.y() / m_size.height();
    const QVector3D origin = inverse.map(QVector4D(float(x), float(y), -1.0f, 1.0f)).toVector3DAffine();
    const QVector3D far = inverse.map(QVector4D(float(x), float(y), 1.0f, 1.0f)).toVector3DAffine();
    const QVector3D direction = far - origin;
    if (!finite(origin) || !finite(direction))
        return -1;
    const QList<quint32> &indices = *surface.indices;
    const qsizetype vertices = surface.positions.size();
    double nearest = std::numeric_limits<double>::infinity();
    int bone = -1;
    for (qsizetype t = 0; t + 2 < indices.size(); t += 3) {
        const quint32 i0 = indices[t], i1 = indices[t + 1], i2 = indices[t + 2];
        if (i0 >= quint32(vertices) || i1 >= quint32(vertices) || i2 >= quint32(vertices))
            continue;
        // Moller-Trumbore, both faces (the stand-in meshes are closed; bodies may not be).
        const QVector3D a = surface.positions[i0];
        const QVector3D e1 = surface.positions[i1] - a;
        const QVector3D e2 = surface.positions[i2] - a;
        const QVector3D p = QVector3D::crossProduct(direction, e2);
        const double det = QVector3D::dotProduct(e1, p);
        if (std::abs(det) < 1e-12)
            continue;
        const QVector3D s = origin - a;
        const double u = QVector3D::dotProduct(s, p) / det;
        if (u < 0.0 || u > 1.0)
            continue;
        const QVector3D q = QVector3D::crossProduct(s, e1);
        const double v = QVector3D::dotProduct(direction, q) / det;
        if (v < 0.0 || u + v > 1.0)
            continue;
        const double distance = QVector3D::dotProduct(e2, q) / det; // along the ray, 0..1 near to far
        if (distance < 0.0 || distance >= nearest)
            continue;
        nearest = distance;
        // The corner nearest to the hit: barycentric weights (1 - u - v, u, v).
        const double w0 = 1.0 - u - v;
        const quint32 corner = w0 >= u && w0 >= v ? i0 : u >= v ? i1 : i2;
        bone = surface.vertexBones.value(qsizetype(corner), -1);
    }
    return bone;
}

BonePicker::Hit BonePicker::pick(QPointF position, const QList<QVector3D> &joints, const QList<int> &parents,
                                 const Surface &surface) const
{
    if (const int bone = jointAt(position, joints); bone >= 0)
        return {bone, How::Joint};
    if (const int bone = segmentAt(position, joints, parents); bone >= 0)
        return {bone, How::Segment};
    if (const int bone = bodyAt(position, surface); bone >= 0 && bone < joints.size())
        return {bone, How::Body};
    return {};
}

} // namespace bpat::studio

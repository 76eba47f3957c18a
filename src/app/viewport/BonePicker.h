#pragma once
// Which bone a click in the viewport means, forgiving as artists expect (no OpenGL here):
//  1. a joint (drawn as a dot) within JointPixels of the click: its bone (the nearest; a child
//     sharing its parent's origin wins the tie);
//  2. else a skeleton segment within SegmentPixels: the bone the segment belongs to, the one
//     at its start (a segment runs from a bone's joint to its child's joint, as a bone does in
//     Blender from head to tail; the viewport highlights a selected bone's segments the same way);
//  3. else the creature's body under the click (the nearest triangle the ray meets): the bone
//     with the greatest weight at the nearest corner of that triangle.
// Everything is given in model space with the view-projection and the widget size.
#include <QList>
#include <QMatrix4x4>
#include <QPointF>
#include <QSizeF>
#include <QVector3D>

namespace bpat::studio {

// The skinned surface a click may land on: positions, triangles, and per vertex the bone that
// weighs most on it.
struct BonePickSurface
{
    QList<QVector3D> positions;
    const QList<quint32> *indices = nullptr;
    QList<int> vertexBones;
    bool isEmpty() const { return positions.isEmpty() || !indices || indices->isEmpty(); }
};

class BonePicker
{
public:
    static constexpr double JointPixels = 12.0;
    static constexpr double SegmentPixels = 6.0;

    enum class How {
        None,
        Joint,
        Segment,
        Body
    };
    struct Hit
    {
        int bone = -1;
        How how = How::None;
    };

    using Surface = BonePickSurface;

    BonePicker(const QMatrix4x4 &viewProjection, QSizeF size)
        : m_viewProjection(viewProjection)
        , m_size(size)
    {
    }

    // Joints (bone origins) and parents in palette order; `surface` may be empty.
    Hit pick(QPointF position, const QList<QVector3D> &joints, const QList<int> &parents, const Surface &surface = {}) const;
    // The steps alone (tests, hover).
    int jointAt(QPointF position, const QList<QVector3D> &joints, double radius = JointPixels) const;
    int segmentAt(QPointF position, const QList<QVector3D> &joints, const QList<int> &parents,
                  double within = SegmentPixels) const;
    int bodyAt(QPointF position, const Surface &surface) const;

    // Widget coordinates of a model-space point; false when behind the camera.
    bool project(const QVector3D &point, QPointF *out) const;

private:
    QMatrix4x4 m_viewProjection;
    QSizeF m_size;
};

} // namespace bpat::studio

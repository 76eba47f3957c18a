#pragma once
// Builds one frame of a rig's pose: local bone transforms (relative to the parent's frame) set
// bone by bone, and the global (model-space) palette computed from them by forward kinematics
// with QMatrix4x4: global[b] = global[parent(b)] * local[b]. Bones must be set parents first,
// which holds for every built-in rig (a parent's index is always lower than its children's).
//
// Bone frames follow the game's convention: the origin at the bone's head, the Y axis along the
// bone (head to tail). setGlobal() accepts a desired model-space transform and stores the local
// transform that reproduces it, so IK-placed bones still go through the same FK pass.
#include "mesh/Rig.h"

#include <QList>
#include <QMatrix4x4>
#include <QQuaternion>
#include <QVector3D>

namespace bpat {

class PoseBuilder
{
public:
    explicit PoseBuilder(Rig rig);

    const Rig &rig() const { return m_rig; }
    int boneIndex(const char *name) const; // asserts the bone exists in the rig

    void setLocal(int bone, const QMatrix4x4 &local);
    void setLocal(int bone, const QVector3D &translation, const QQuaternion &rotation);
    // Stores the local transform that puts `bone` at `global` given its parent's current pose.
    void setGlobal(int bone, const QMatrix4x4 &global);
    void setGlobal(int bone, const QVector3D &origin, const QQuaternion &rotation);

    const QMatrix4x4 &local(int bone) const { return m_locals.at(bone); }
    // The bone's current model-space transform (FK over the chain of locals).
    QMatrix4x4 global(int bone) const;
    QVector3D globalOrigin(int bone) const { return global(bone).map(QVector3D()); }
    // The whole palette: FK over every bone, in palette order.
    QList<QMatrix4x4> palette() const;

    // A rotation whose Y axis is `yAxis` and whose X axis is as close as possible to `xHint`
    // (Z = X x Y). Falls back to another hint when the two are parallel.
    static QQuaternion frameFromY(const QVector3D &yAxis, const QVector3D &xHint);

private:
    Rig m_rig;
    QList<QMatrix4x4> m_locals;
};

} // namespace bpat

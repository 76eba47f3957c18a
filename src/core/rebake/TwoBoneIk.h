#pragma once
// Analytic two-bone inverse kinematics (shoulder-elbow-wrist, hip-knee-ankle): given where the
// chain starts, the two bone lengths, a target and a pole direction, find the middle joint and
// the reached end. Pure math, no rig knowledge; lengths are always preserved exactly, and the
// chain bends towards the pole (the part of the pole perpendicular to root->target).
#include <QMatrix4x4>
#include <QVector3D>

namespace bpat {

struct TwoBoneIkSolution
{
    QVector3D root;         // as given
    QVector3D middle;       // elbow / knee
    QVector3D end;          // the reached end: the target when reachable, else the closest point
    QVector3D hingeAxis;    // unit normal of the bend plane (root->target x bend direction)
    bool reachable = false; // |target - root| within [|L1 - L2|, L1 + L2]
};

class TwoBoneIk
{
public:
    // `pole` is a direction (any length) the middle joint should bend towards; when it is
    // (nearly) parallel to root->target, `fallbackPole` is used, then any perpendicular.
    static TwoBoneIkSolution solve(const QVector3D &root, const QVector3D &target, float upperLength, float lowerLength,
                                   const QVector3D &pole, const QVector3D &fallbackPole = QVector3D(0, 0, 1));

    // A bone frame in the rig convention: origin at `head`, Y axis along head->tail, X axis the
    // part of `xHint` perpendicular to Y (any perpendicular if degenerate), Z = X x Y.
    static QMatrix4x4 boneFrame(const QVector3D &head, const QVector3D &tail, const QVector3D &xHint);
};

} // namespace bpat

#pragma once
// Analytic two-bone inverse kinematics (hip-knee-foot, shoulder-elbow-hand): where the middle
// joint goes so that a chain of two fixed-length bones reaches a target, bending towards a hint
// direction. Targets out of reach are pulled onto the reachable sphere, and `reached` says so.
#include <QVector3D>

namespace bpat {

class TwoBoneIk
{
public:
    struct Solution
    {
        QVector3D middle;  // the knee or elbow
        QVector3D end;     // where the chain's end lands (== target when reached)
        bool reached = true;
    };

    // root: the chain's first joint; lengths of the upper and lower bone; bendHint: the side
    // the middle joint should point to (e.g. forward for a human knee).
    static Solution solve(const QVector3D &root, const QVector3D &target, float upperLength,
                          float lowerLength, const QVector3D &bendHint);
};

} // namespace bpat

#include "repair/LegIk.h"

#include "rebake/TwoBoneIk.h"

#include <QVector3D>

namespace bpat {

namespace pm = posemath;

namespace {

QVector3D toQt(const pm::Vec3 &v)
{
    return QVector3D(float(v[0]), float(v[1]), float(v[2]));
}

pm::Vec3 fromQt(const QVector3D &v)
{
    return {double(v.x()), double(v.y()), double(v.z())};
}

} // namespace

pm::Vec3 LegIk::bendDirection(const ClipMotion &m, quint32 frame, const IkLeg &chain)
{
    const pm::Vec3 hip = m.origin(frame, chain.upper), knee = m.origin(frame, chain.lower), foot = m.origin(frame, chain.foot);
    const pm::Vec3 axis = pm::normalized(pm::sub(foot, hip));
    const pm::Vec3 toKnee = pm::sub(knee, hip);
    const pm::Vec3 bend = pm::sub(toKnee, pm::scale(axis, pm::dot(toKnee, axis)));
    return pm::length(bend) > 1e-6 ? pm::normalized(bend) : pm::Vec3{0.0, 0.0, 0.0};
}

double LegIk::reach(const ClipMotion &m, quint32 frame, const IkLeg &chain)
{
    const pm::Vec3 hip = m.origin(frame, chain.upper), knee = m.origin(frame, chain.lower), foot = m.origin(frame, chain.foot);
    return pm::length(pm::sub(knee, hip)) + pm::length(pm::sub(foot, knee));
}

bool LegIk::solve(ClipMotion &m, quint32 frame, const IkLeg &chain, const pm::Vec3 &target, const pm::Vec3 &fallbackBend)
{
    const pm::Vec3 hip = m.origin(frame, chain.upper), knee = m.origin(frame, chain.lower), foot = m.origin(frame, chain.foot);
    const double upper = pm::length(pm::sub(knee, hip)), lower = pm::length(pm::sub(foot, knee));
    if (upper < 1e-6 || lower < 1e-6)
        return false;
    const Affine footBefore = m.global(frame, chain.foot);
    pm::Vec3 bend = bendDirection(m, frame, chain);
    if (pm::length(bend) == 0.0)
        bend = fallbackBend;
    const TwoBoneIkSolution s =
        TwoBoneIk::solve(toQt(hip), toQt(target), float(upper), float(lower), toQt(bend), toQt(fallbackBend));
    const pm::Vec3 newKnee = fromQt(s.middle);
    const pm::Vec3 end = s.reachable ? target : fromQt(s.end);

    // The upper leg: the frame (thigh direction, bend plane normal) onto the new one.
    const pm::Vec3 u = pm::normalized(pm::sub(knee, hip)), u2 = pm::normalized(pm::sub(newKnee, hip));
    const pm::Vec3 n = pm::normalized(pm::cross(pm::sub(foot, hip), pm::sub(knee, hip)));
    const pm::Vec3 n2 = pm::normalized(pm::cross(pm::sub(end, hip), pm::sub(newKnee, hip)));
    const bool planes = pm::length(n) > 0.5 && pm::length(n2) > 0.5;
    const pm::Quaternion turnUpper = planes ? pm::frameToFrame(u, n, u2, n2) : pm::between(u, u2);
    bool ok = m.setGlobal(frame, chain.upper, pm::rotatedInPlace(m.global(frame, chain.upper), turnUpper));
    // The lower leg: its direction to the foot onto the new one (about the plane's normal).
    const pm::Vec3 kneeNow = m.origin(frame, chain.lower), footNow = m.origin(frame, chain.foot);
    const pm::Quaternion turnLower = pm::between(pm::sub(footNow, kneeNow), pm::sub(end, kneeNow));
    ok = m.setGlobal(frame, chain.lower, pm::rotatedInPlace(m.global(frame, chain.lower), turnLower)) && ok;
    // The foot: its orientation as before, its origin at the end.
    Affine placed = footBefore;
    pm::setOrigin(placed, end);
    ok = m.setGlobal(frame, chain.foot, placed) && ok;
    return ok && s.reachable;
}

} // namespace bpat

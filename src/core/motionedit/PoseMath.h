#pragma once
// The arithmetic of poses the motion editor blends with, in double precision: unit quaternions
// (w, x, y, z, as motion/EulerAngles keeps them), 3-vectors, their interpolation (slerp, lerp,
// cubic Hermite), the smooth weights of a blend, and local poses (LocalTransform) blended
// channel by channel: rotation by slerp, translation and scale by lerp.
#include "motion/LocalChannels.h"

#include <array>

namespace bpat::posemath {

using Vec3 = std::array<double, 3>;
using euler::Quaternion;

Vec3 add(const Vec3 &a, const Vec3 &b);
Vec3 sub(const Vec3 &a, const Vec3 &b);
Vec3 scale(const Vec3 &a, double s);
double dot(const Vec3 &a, const Vec3 &b);
Vec3 cross(const Vec3 &a, const Vec3 &b);
double length(const Vec3 &a);
Vec3 normalized(const Vec3 &a); // (0, 0, 0) stays
Vec3 lerp(const Vec3 &a, const Vec3 &b, double t);

Quaternion multiply(const Quaternion &a, const Quaternion &b); // a x b: b's rotation first, then a's
Quaternion conjugate(const Quaternion &q);                     // the inverse of a unit quaternion
Quaternion normalized(const Quaternion &q);
Quaternion identity();
// The rotation by `radians` about unit `axis`.
Quaternion fromAxisAngle(const Vec3 &axis, double radians);
// The angle of a unit quaternion's rotation, in radians, in [0, pi].
double angle(const Quaternion &q);
// Spherical interpolation along the shorter arc (t outside [0, 1] extrapolates).
Quaternion slerp(const Quaternion &a, const Quaternion &b, double t);
// q raised to `t` (a fraction of its rotation), along the shorter arc.
Quaternion power(const Quaternion &q, double t);
Vec3 rotate(const Quaternion &q, const Vec3 &v);
// The rotation vector (axis x angle in radians, along the shorter arc) of a unit quaternion, and back.
Vec3 toRotationVector(const Quaternion &q);
Quaternion fromRotationVector(const Vec3 &v);
// The shortest rotation taking direction a to direction b (identity for parallel or null ones; a
// half turn about any perpendicular for opposite ones).
Quaternion between(const Vec3 &a, const Vec3 &b);
// The rotation taking the orthonormal frame (u, n) to (u2, n2): u and n unit and perpendicular,
// the third axis u x n.
Quaternion frameToFrame(const Vec3 &u, const Vec3 &n, const Vec3 &u2, const Vec3 &n2);

// A smooth step from 0 (t <= 0) to 1 (t >= 1) with zero slope at both ends: 3t^2 - 2t^3.
double smoothStep(double t);
// The cubic Hermite curve from p0 (t = 0) with slope m0 to p1 (t = 1) with slope m1 (slopes per
// unit of t).
double hermite(double p0, double m0, double p1, double m1, double t);

// Local poses: rotation slerped, translation and scale lerped.
LocalTransform blend(const LocalTransform &a, const LocalTransform &b, double t);

// Row-major affine helpers on LocalChannels' Affine.
Vec3 origin(const Affine &m);
void setOrigin(Affine &m, const Vec3 &p);
Vec3 transformPoint(const Affine &m, const Vec3 &p);
// The 3x3 part as a quaternion (columns normalised; mirrored bases keep their sign in X).
Quaternion rotationOf(const Affine &m);
// m with its 3x3 part turned by q in front (q x A) about the origin, translation kept.
Affine rotatedInPlace(const Affine &m, const Quaternion &q);

} // namespace bpat::posemath

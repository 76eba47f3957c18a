#include "motionedit/PoseMath.h"

#include <algorithm>
#include <cmath>

namespace bpat::posemath {

Vec3 add(const Vec3 &a, const Vec3 &b)
{
    return {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
}

Vec3 sub(const Vec3 &a, const Vec3 &b)
{
    return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}

Vec3 scale(const Vec3 &a, double s)
{
    return {a[0] * s, a[1] * s, a[2] * s};
}

double dot(const Vec3 &a, const Vec3 &b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

Vec3 cross(const Vec3 &a, const Vec3 &b)
{
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

double length(const Vec3 &a)
{
    return std::sqrt(dot(a, a));
}

Vec3 normalized(const Vec3 &a)
{
    const double l = length(a);
    return l > 0.0 ? scale(a, 1.0 / l) : a;
}

Vec3 lerp(const Vec3 &a, const Vec3 &b, double t)
{
    return {a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t};
}

Quaternion multiply(const Quaternion &a, const Quaternion &b)
{
    return {a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3], a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
            a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1], a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0]};
}

Quaternion conjugate(const Quaternion &q)
{
    return {q[0], -q[1], -q[2], -q[3]};
}

Quaternion normalized(const Quaternion &q)
{
    const double l = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    return l > 0.0 ? Quaternion{q[0] / l, q[1] / l, q[2] / l, q[3] / l} : identity();
}

Quaternion identity()
{
    return {1.0, 0.0, 0.0, 0.0};
}

Quaternion fromAxisAngle(const Vec3 &axis, double radians)
{
    const Vec3 a = normalized(axis);
    const double s = std::sin(radians / 2.0);
    return {std::cos(radians / 2.0), a[0] * s, a[1] * s, a[2] * s};
}

double angle(const Quaternion &q)
{
    const double v = std::sqrt(q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    return 2.0 * std::atan2(v, std::abs(q[0]));
}

Quaternion power(const Quaternion &q, double t)
{
    Quaternion p = q[0] < 0.0 ? Quaternion{-q[0], -q[1], -q[2], -q[3]} : q;
    const double v = std::sqrt(p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
    if (v < 1e-15)
        return identity();
    const double half = std::atan2(v, p[0]) * t;
    const double s = std::sin(half) / v;
    return {std::cos(half), p[1] * s, p[2] * s, p[3] * s};
}

Quaternion slerp(const Quaternion &a, const Quaternion &b, double t)
{
    // a x (a^-1 x b)^t along the shorter arc.
    return normalized(multiply(a, power(multiply(conjugate(a), b), t)));
}

Vec3 rotate(const Quaternion &q, const Vec3 &v)
{
    const Quaternion r = multiply(multiply(q, {0.0, v[0], v[1], v[2]}), conjugate(q));
    return {r[1], r[2], r[3]};
}

Vec3 toRotationVector(const Quaternion &q)
{
    const Quaternion p = q[0] < 0.0 ? Quaternion{-q[0], -q[1], -q[2], -q[3]} : q;
    const double v = std::sqrt(p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
    if (v < 1e-15)
        return {2.0 * p[1], 2.0 * p[2], 2.0 * p[3]};
    const double a = 2.0 * std::atan2(v, p[0]);
    return {p[1] / v * a, p[2] / v * a, p[3] / v * a};
}

Quaternion fromRotationVector(const Vec3 &v)
{
    const double a = length(v);
    if (a < 1e-15)
        return normalized(Quaternion{1.0, v[0] / 2.0, v[1] / 2.0, v[2] / 2.0});
    return fromAxisAngle(v, a);
}

Quaternion between(const Vec3 &a, const Vec3 &b)
{
    const Vec3 u = normalized(a), w = normalized(b);
    if (length(u) == 0.0 || length(w) == 0.0)
        return identity();
    const double c = dot(u, w);
    if (c < -1.0 + 1e-12) { // opposite: half a turn about any perpendicular
        Vec3 axis = cross(u, {1.0, 0.0, 0.0});
        if (length(axis) < 1e-6)
            axis = cross(u, {0.0, 1.0, 0.0});
        return fromAxisAngle(axis, M_PI);
    }
    const Vec3 x = cross(u, w);
    return normalized(Quaternion{1.0 + c, x[0], x[1], x[2]});
}

Quaternion frameToFrame(const Vec3 &u, const Vec3 &n, const Vec3 &u2, const Vec3 &n2)
{
    // R = F2 x F1^T with the frames' columns (u, n, u x n).
    const Vec3 w = cross(u, n), w2 = cross(u2, n2);
    euler::Matrix3 r{};
    for (size_t i = 0; i < 3; ++i) {
        for (size_t j = 0; j < 3; ++j)
            r[i][j] = u2[i] * u[j] + n2[i] * n[j] + w2[i] * w[j];
    }
    return euler::quaternionFromMatrix(r);
}

double smoothStep(double t)
{
    t = std::clamp(t, 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

double hermite(double p0, double m0, double p1, double m1, double t)
{
    const double t2 = t * t, t3 = t2 * t;
    return (2 * t3 - 3 * t2 + 1) * p0 + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * p1 + (t3 - t2) * m1;
}

LocalTransform blend(const LocalTransform &a, const LocalTransform &b, double t)
{
    LocalTransform out;
    out.translation = lerp(a.translation, b.translation, t);
    out.scale = lerp(a.scale, b.scale, t);
    out.rotation = slerp(a.rotation, b.rotation, t);
    return out;
}

Vec3 origin(const Affine &m)
{
    return {m[3], m[7], m[11]};
}

void setOrigin(Affine &m, const Vec3 &p)
{
    m[3] = p[0];
    m[7] = p[1];
    m[11] = p[2];
}

Vec3 transformPoint(const Affine &m, const Vec3 &p)
{
    return {m[0] * p[0] + m[1] * p[1] + m[2] * p[2] + m[3], m[4] * p[0] + m[5] * p[1] + m[6] * p[2] + m[7],
            m[8] * p[0] + m[9] * p[1] + m[10] * p[2] + m[11]};
}

Quaternion rotationOf(const Affine &m)
{
    const std::optional<LocalTransform> t = LocalChannels::decompose(m);
    return t ? t->rotation : identity();
}

Affine rotatedInPlace(const Affine &m, const Quaternion &q)
{
    const euler::Matrix3 r = euler::matrixFromQuaternion(q);
    Affine out = m;
    for (size_t row = 0; row < 3; ++row) {
        for (size_t c = 0; c < 3; ++c)
            out[row * 4 + c] = r[row][0] * m[c] + r[row][1] * m[4 + c] + r[row][2] * m[8 + c];
    }
    return out;
}

} // namespace bpat::posemath

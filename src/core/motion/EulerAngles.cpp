#include "motion/EulerAngles.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace bpat::euler {

namespace {

constexpr double kDegrees = 180.0 / std::numbers::pi;
constexpr double kRadians = std::numbers::pi / 180.0;

Matrix3 multiply(const Matrix3 &a, const Matrix3 &b)
{
    Matrix3 m{};
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            m[r][c] = a[r][0] * b[0][c] + a[r][1] * b[1][c] + a[r][2] * b[2][c];
    return m;
}

// A rotation of `degrees` about one axis (right-handed: +90 about Z takes X to Y).
Matrix3 aboutAxis(int axis, double degrees)
{
    const double s = std::sin(degrees * kRadians);
    const double c = std::cos(degrees * kRadians);
    const int u = (axis + 1) % 3;
    const int v = (axis + 2) % 3;
    Matrix3 m{};
    m[axis][axis] = 1.0;
    m[u][u] = c;
    m[v][v] = c;
    m[u][v] = -s;
    m[v][u] = s;
    return m;
}

// `value` moved by a multiple of 360 to lie within 180 of `reference`.
double nearestTurn(double value, double reference)
{
    return value + 360.0 * std::round((reference - value) / 360.0);
}

} // namespace

QString orderName(EulerOrder order)
{
    static const char *const names[] = {"XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"};
    return QLatin1String(names[int(order)]);
}

std::optional<EulerOrder> orderFromName(const QString &name)
{
    for (int i = 0; i < EulerOrderCount; ++i) {
        if (orderName(EulerOrder(i)).compare(name, Qt::CaseInsensitive) == 0)
            return EulerOrder(i);
    }
    return std::nullopt;
}

std::array<int, 3> axes(EulerOrder order)
{
    switch (order) {
    case EulerOrder::XYZ: return {0, 1, 2};
    case EulerOrder::XZY: return {0, 2, 1};
    case EulerOrder::YXZ: return {1, 0, 2};
    case EulerOrder::YZX: return {1, 2, 0};
    case EulerOrder::ZXY: return {2, 0, 1};
    case EulerOrder::ZYX: return {2, 1, 0};
    }
    return {0, 1, 2};
}

Matrix3 toMatrix(const Angles &degrees, EulerOrder order)
{
    const auto [i, j, k] = axes(order);
    return multiply(aboutAxis(k, degrees[k]), multiply(aboutAxis(j, degrees[j]), aboutAxis(i, degrees[i])));
}

// R = Rk(c) Rj(b) Ri(a). With e = +1 for the cyclic orders (XYZ, YZX, ZXY) and -1 for the
// others: R[k][i] = -e sin b, R[k][j] = e cos b sin a, R[k][k] = cos b cos a,
// R[j][i] = e cos b sin c, R[i][i] = cos b cos c.
Angles fromMatrix(const Matrix3 &m, EulerOrder order)
{
    const auto [i, j, k] = axes(order);
    const double e = j == (i + 1) % 3 ? 1.0 : -1.0;
    const double cosB = std::hypot(m[k][j], m[k][k]);
    Angles out{};
    out[j] = std::atan2(-e * m[k][i], cosB) * kDegrees;
    if (cosB > 1e-9) {
        out[i] = std::atan2(e * m[k][j], m[k][k]) * kDegrees;
        out[k] = std::atan2(e * m[j][i], m[i][i]) * kDegrees;
    } else { // gimbal lock: only a + c (or a - c) is defined; c = 0
        out[i] = std::atan2(-e * m[j][k], m[j][j]) * kDegrees;
        out[k] = 0.0;
    }
    return out;
}

Angles closestTo(const Angles &angles, const Angles &previous, EulerOrder order)
{
    const auto [i, j, k] = axes(order);
    Angles other = angles;
    other[i] += 180.0;
    other[j] = 180.0 - other[j];
    other[k] += 180.0;
    Angles best{};
    double bestDistance = INFINITY;
    for (const Angles &candidate : {angles, other}) {
        Angles moved{};
        double distance = 0.0;
        for (int axis = 0; axis < 3; ++axis) {
            moved[axis] = nearestTurn(candidate[axis], previous[axis]);
            distance += std::abs(moved[axis] - previous[axis]);
        }
        if (distance < bestDistance) {
            bestDistance = distance;
            best = moved;
        }
    }
    return best;
}

Quaternion quaternionFromMatrix(const Matrix3 &m)
{
    // From the largest of 4w^2, 4x^2, 4y^2, 4z^2 (the diagonal's combinations), for accuracy.
    const double trace = m[0][0] + m[1][1] + m[2][2];
    Quaternion q{};
    if (trace > 0.0) {
        const double s = 2.0 * std::sqrt(1.0 + trace); // 4w
        q = {0.25 * s, (m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s};
    } else if (m[0][0] >= m[1][1] && m[0][0] >= m[2][2]) {
        const double s = 2.0 * std::sqrt(std::max(0.0, 1.0 + m[0][0] - m[1][1] - m[2][2])); // 4x
        q = {(m[2][1] - m[1][2]) / s, 0.25 * s, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s};
    } else if (m[1][1] >= m[2][2]) {
        const double s = 2.0 * std::sqrt(std::max(0.0, 1.0 + m[1][1] - m[0][0] - m[2][2])); // 4y
        q = {(m[0][2] - m[2][0]) / s, (m[0][1] + m[1][0]) / s, 0.25 * s, (m[1][2] + m[2][1]) / s};
    } else {
        const double s = 2.0 * std::sqrt(std::max(0.0, 1.0 + m[2][2] - m[0][0] - m[1][1])); // 4z
        q = {(m[1][0] - m[0][1]) / s, (m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, 0.25 * s};
    }
    const double length = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (!(length > 0.0) || !std::isfinite(length))
        return {1.0, 0.0, 0.0, 0.0};
    for (double &c : q)
        c /= length;
    if (q[0] < 0.0) // w >= 0: the first sample of a curve starts on the short arc
        for (double &c : q)
            c = -c;
    return q;
}

Matrix3 matrixFromQuaternion(const Quaternion &q)
{
    const auto [w, x, y, z] = q;
    return Matrix3{{{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                    {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                    {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}}};
}

Quaternion sameHemisphere(const Quaternion &q, const Quaternion &previous)
{
    const double dot = q[0] * previous[0] + q[1] * previous[1] + q[2] * previous[2] + q[3] * previous[3];
    return dot < 0.0 ? Quaternion{-q[0], -q[1], -q[2], -q[3]} : q;
}

} // namespace bpat::euler

#include "gltf/Affine.h"

#include <algorithm>
#include <cmath>

namespace bpat {

Matrix4d Affine::identity()
{
    return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
}

Matrix4d Affine::fromRowMajor(std::span<const float> sixteen)
{
    Matrix4d m = identity();
    for (size_t i = 0; i < 16 && i < sixteen.size(); ++i)
        m[i] = double(sixteen[i]);
    return m;
}

std::array<float, 16> Affine::toRowMajorFloats(const Matrix4d &m)
{
    std::array<float, 16> f{};
    for (int i = 0; i < 16; ++i)
        f[i] = float(m[i]);
    return f;
}

std::array<float, 16> Affine::toColumnMajorFloats(const Matrix4d &m)
{
    std::array<float, 16> f{};
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            f[c * 4 + r] = float(m[r * 4 + c]);
    return f;
}

Matrix4d Affine::fromColumnMajor(std::span<const double> sixteen)
{
    Matrix4d m = identity();
    if (sixteen.size() < 16)
        return m;
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            m[r * 4 + c] = sixteen[c * 4 + r];
    return m;
}

Matrix4d Affine::multiply(const Matrix4d &a, const Matrix4d &b)
{
    Matrix4d m{};
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) {
            double s = 0;
            for (int k = 0; k < 4; ++k)
                s += a[r * 4 + k] * b[k * 4 + c];
            m[r * 4 + c] = s;
        }
    return m;
}

static double det3(const Matrix4d &m)
{
    return m[0] * (m[5] * m[10] - m[6] * m[9]) - m[1] * (m[4] * m[10] - m[6] * m[8]) + m[2] * (m[4] * m[9] - m[5] * m[8]);
}

std::optional<Matrix4d> Affine::inverseAffine(const Matrix4d &m)
{
    const double det = det3(m);
    if (!std::isfinite(det) || std::abs(det) < 1e-30)
        return std::nullopt;
    Matrix4d inv = identity();
    // Inverse of the linear part: adjugate / det.
    inv[0] = (m[5] * m[10] - m[6] * m[9]) / det;
    inv[1] = (m[2] * m[9] - m[1] * m[10]) / det;
    inv[2] = (m[1] * m[6] - m[2] * m[5]) / det;
    inv[4] = (m[6] * m[8] - m[4] * m[10]) / det;
    inv[5] = (m[0] * m[10] - m[2] * m[8]) / det;
    inv[6] = (m[2] * m[4] - m[0] * m[6]) / det;
    inv[8] = (m[4] * m[9] - m[5] * m[8]) / det;
    inv[9] = (m[1] * m[8] - m[0] * m[9]) / det;
    inv[10] = (m[0] * m[5] - m[1] * m[4]) / det;
    for (int r = 0; r < 3; ++r)
        inv[r * 4 + 3] = -(inv[r * 4] * m[3] + inv[r * 4 + 1] * m[7] + inv[r * 4 + 2] * m[11]);
    return inv;
}

double Affine::maxDifference(const Matrix4d &a, const Matrix4d &b)
{
    double d = 0;
    for (int i = 0; i < 16; ++i) {
        const double e = std::abs(a[i] - b[i]);
        if (!(e <= d)) // NaN propagates as infinity
            d = std::isnan(e) ? INFINITY : e;
    }
    return d;
}

Matrix4d Affine::rotationMatrix(const Quat &q)
{
    const double x = q[0], y = q[1], z = q[2], w = q[3];
    Matrix4d m = identity();
    m[0] = 1 - 2 * (y * y + z * z);
    m[1] = 2 * (x * y - z * w);
    m[2] = 2 * (x * z + y * w);
    m[4] = 2 * (x * y + z * w);
    m[5] = 1 - 2 * (x * x + z * z);
    m[6] = 2 * (y * z - x * w);
    m[8] = 2 * (x * z - y * w);
    m[9] = 2 * (y * z + x * w);
    m[10] = 1 - 2 * (x * x + y * y);
    return m;
}

Matrix4d Affine::compose(const Trs &trs)
{
    Matrix4d m = rotationMatrix(normalized(trs.rotation));
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c)
            m[r * 4 + c] *= trs.scale[size_t(c)];
        m[r * 4 + 3] = trs.translation[size_t(r)];
    }
    return m;
}

static Quat quatFromRotation(const double r[3][3])
{
    Quat q;
    const double trace = r[0][0] + r[1][1] + r[2][2];
    if (trace > 0) {
        const double s = std::sqrt(trace + 1.0) * 2;
        q = {(r[2][1] - r[1][2]) / s, (r[0][2] - r[2][0]) / s, (r[1][0] - r[0][1]) / s, 0.25 * s};
    } else if (r[0][0] > r[1][1] && r[0][0] > r[2][2]) {
        const double s = std::sqrt(1.0 + r[0][0] - r[1][1] - r[2][2]) * 2;
        q = {0.25 * s, (r[0][1] + r[1][0]) / s, (r[0][2] + r[2][0]) / s, (r[2][1] - r[1][2]) / s};
    } else if (r[1][1] > r[2][2]) {
        const double s = std::sqrt(1.0 + r[1][1] - r[0][0] - r[2][2]) * 2;
        q = {(r[0][1] + r[1][0]) / s, 0.25 * s, (r[1][2] + r[2][1]) / s, (r[0][2] - r[2][0]) / s};
    } else {
        const double s = std::sqrt(1.0 + r[2][2] - r[0][0] - r[1][1]) * 2;
        q = {(r[0][2] + r[2][0]) / s, (r[1][2] + r[2][1]) / s, 0.25 * s, (r[1][0] - r[0][1]) / s};
    }
    return Affine::normalized(q);
}

Trs Affine::decompose(const Matrix4d &m, double *residual)
{
    Trs trs;
    trs.translation = {m[3], m[7], m[11]};
    double r[3][3];
    for (int c = 0; c < 3; ++c) {
        const double len = std::sqrt(m[c] * m[c] + m[4 + c] * m[4 + c] + m[8 + c] * m[8 + c]);
        trs.scale[size_t(c)] = len;
        for (int row = 0; row < 3; ++row)
            r[row][c] = len > 0 ? m[row * 4 + c] / len : (row == c ? 1.0 : 0.0);
    }
    if (det3(m) < 0) { // a mirror: carried by a negative x scale
        trs.scale[0] = -trs.scale[0];
        for (auto &row : r)
            row[0] = -row[0];
    }
    // Nearest rotation (polar factor) by Newton iteration R <- (R + R^-T) / 2: exact columns stay
    // put, sheared ones converge to the closest orthonormal frame.
    for (int it = 0; it < 20; ++it) {
        const double det = r[0][0] * (r[1][1] * r[2][2] - r[1][2] * r[2][1]) - r[0][1] * (r[1][0] * r[2][2] - r[1][2] * r[2][0])
            + r[0][2] * (r[1][0] * r[2][1] - r[1][1] * r[2][0]);
        if (!std::isfinite(det) || std::abs(det) < 1e-12)
            break;
        double cof[3][3]; // cofactor / det = inverse transpose
        cof[0][0] = (r[1][1] * r[2][2] - r[1][2] * r[2][1]) / det;
        cof[0][1] = -(r[1][0] * r[2][2] - r[1][2] * r[2][0]) / det;
        cof[0][2] = (r[1][0] * r[2][1] - r[1][1] * r[2][0]) / det;
        cof[1][0] = -(r[0][1] * r[2][2] - r[0][2] * r[2][1]) / det;
        cof[1][1] = (r[0][0] * r[2][2] - r[0][2] * r[2][0]) / det;
        cof[1][2] = -(r[0][0] * r[2][1] - r[0][1] * r[2][0]) / det;
        cof[2][0] = (r[0][1] * r[1][2] - r[0][2] * r[1][1]) / det;
        cof[2][1] = -(r[0][0] * r[1][2] - r[0][2] * r[1][0]) / det;
        cof[2][2] = (r[0][0] * r[1][1] - r[0][1] * r[1][0]) / det;
        double change = 0;
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b) {
                const double next = 0.5 * (r[a][b] + cof[a][b]);
                change = std::max(change, std::abs(next - r[a][b]));
                r[a][b] = next;
            }
        if (change < 1e-15)
            break;
    }
    trs.rotation = quatFromRotation(r);
    if (residual)
        *residual = maxDifference(compose(trs), m);
    return trs;
}

Quat Affine::normalized(const Quat &q)
{
    const double len = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (!(len > 0) || !std::isfinite(len))
        return {0, 0, 0, 1};
    return {q[0] / len, q[1] / len, q[2] / len, q[3] / len};
}

double Affine::dot(const Quat &a, const Quat &b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

Quat Affine::slerp(const Quat &a, const Quat &bIn, double t)
{
    Quat b = bIn;
    double d = dot(a, b);
    if (d < 0) {
        d = -d;
        for (double &v : b)
            v = -v;
    }
    double wa = 1 - t, wb = t;
    if (d < 1.0 - 1e-9) {
        const double theta = std::acos(std::min(1.0, d));
        const double s = std::sin(theta);
        wa = std::sin((1 - t) * theta) / s;
        wb = std::sin(t * theta) / s;
    }
    return normalized({wa * a[0] + wb * b[0], wa * a[1] + wb * b[1], wa * a[2] + wb * b[2], wa * a[3] + wb * b[3]});
}

} // namespace bpat

#include "gltf/GltfAxes.h"

namespace bpat {

Matrix4d GltfAxes::convert(const Matrix4d &m)
{
    // S M S negates row 0 and column 0 (the corner element twice, i.e. not at all).
    Matrix4d r = m;
    for (int c = 0; c < 4; ++c)
        r[c] = -r[c];
    for (int row = 0; row < 4; ++row)
        r[row * 4] = -r[row * 4];
    return r;
}

QVector3D GltfAxes::convert(const QVector3D &v)
{
    return QVector3D(-v.x(), v.y(), v.z());
}

std::array<double, 3> GltfAxes::convert(const std::array<double, 3> &v)
{
    return {-v[0], v[1], v[2]};
}

} // namespace bpat

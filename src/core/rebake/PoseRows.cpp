#include "rebake/PoseRows.h"

#include <cstring>

namespace bpat {

namespace {

// Four floats as one vector (GCC and clang vector extension): + and * act lane by lane with the
// IEEE single-precision rounding of the scalar operations, so a lane computes what the scalar
// expression computes.
typedef float Float4 __attribute__((vector_size(16)));

inline Float4 splat(float s)
{
    return Float4{s, s, s, s};
}

// Column c of a * b, given b's column c: QMatrix4x4's general product (operator* and *=) for
// each element of the column, m(r, c) = a(r, 0) * b(0, c) + a(r, 1) * b(1, c) + a(r, 2) * b(2, c)
// + a(r, 3) * b(3, c), summed left to right.
inline Float4 productColumn(const Float4 *a, const float *bColumn)
{
    return a[0] * splat(bColumn[0]) + a[1] * splat(bColumn[1]) + a[2] * splat(bColumn[2])
         + a[3] * splat(bColumn[3]);
}

} // namespace

PoseRows::Columns PoseRows::columns(const QMatrix4x4 &offset)
{
    Columns c;
    std::memcpy(c.data(), offset.constData(), sizeof(float) * c.size());
    return c;
}

void PoseRows::compose(QVector3D position, QQuaternion rotation, const Columns &offset, float *out)
{
    // QMatrix4x4 m; m.translate(position): the identity with the translation column set
    // (flags: Translation).
    const Float4 translated[4] = {Float4{1.0f, 0.0f, 0.0f, 0.0f}, Float4{0.0f, 1.0f, 0.0f, 0.0f},
                                  Float4{0.0f, 0.0f, 1.0f, 0.0f},
                                  Float4{position.x(), position.y(), position.z(), 1.0f}};
    // m.rotate(rotation): the rotation matrix exactly as QMatrix4x4::rotate(const QQuaternion &)
    // builds it (column-major here), then m *= it with the general product (flags Translation |
    // Rotation).
    const float x = rotation.x(), y = rotation.y(), z = rotation.z(), w = rotation.scalar();
    const float f2x = x + x;
    const float f2y = y + y;
    const float f2z = z + z;
    const float f2xw = f2x * w;
    const float f2yw = f2y * w;
    const float f2zw = f2z * w;
    const float f2xx = f2x * x;
    const float f2xy = f2x * y;
    const float f2xz = f2x * z;
    const float f2yy = f2y * y;
    const float f2yz = f2y * z;
    const float f2zz = f2z * z;
    const float rotate[16] = {
        1.0f - (f2yy + f2zz), f2xy + f2zw, f2xz - f2yw, 0.0f, // column 0
        f2xy - f2zw, 1.0f - (f2xx + f2zz), f2yz + f2xw, 0.0f, // column 1
        f2xz + f2yw, f2yz - f2xw, 1.0f - (f2xx + f2yy), 0.0f, // column 2
        0.0f, 0.0f, 0.0f, 1.0f,                               // column 3
    };
    Float4 posed[4];
    for (int c = 0; c < 4; ++c)
        posed[c] = productColumn(translated, rotate + c * 4);
    // m * offset: the general product again (both carry Rotation).
    Float4 global[4];
    for (int c = 0; c < 4; ++c)
        global[c] = productColumn(posed, offset.data() + c * 4);
    // Row-major out (RecipePoser::storeRowMajor).
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c)
            out[r * 4 + c] = global[c][r];
    }
}

} // namespace bpat

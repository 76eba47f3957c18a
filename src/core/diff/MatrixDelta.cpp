#include "diff/MatrixDelta.h"

namespace bpat::diff {

MatrixDelta matrixDelta(const float *a, const float *b)
{
    double chord2 = 0.0, move2 = 0.0;
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            const double d = double(a[r * 4 + c]) - double(b[r * 4 + c]);
            chord2 += d * d;
        }
        const double t = double(a[r * 4 + 3]) - double(b[r * 4 + 3]);
        move2 += t * t;
    }
    MatrixDelta delta;
    delta.rotationDeg = std::isnan(chord2) ? qQNaN() : degreesOfChordSquared(chord2);
    delta.translation = std::sqrt(move2);
    return delta;
}

MatrixDelta matrixDelta(const QMatrix4x4 &a, const QMatrix4x4 &b)
{
    float ra[12], rb[12];
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 4; ++c) {
            ra[r * 4 + c] = a(r, c);
            rb[r * 4 + c] = b(r, c);
        }
    }
    return matrixDelta(ra, rb);
}

bool withinTolerance(const MatrixDelta &delta, double tolerance)
{
    return delta.translation <= tolerance && delta.rotationDeg * M_PI / 180.0 <= tolerance;
}

} // namespace bpat::diff

#pragma once
// How far apart two poses of one bone are: the measure `bpat diff`, the compare mode's palette
// panel and its Differences list share. Both matrices are GLOBAL (model-space) bone frames, so a
// v1 file and its late-v3 conversion (whose palette holds skin x inverse(bind)) compare equal.
//
// - translation: the distance between the two origins (column 3), in the file's units (metres);
// - rotation: the angle between the two bases (the upper 3x3s), from their chord:
//   angle = 2 asin(|A - B|_F / (2 sqrt 2)), exact for two rotations and, unlike acos of the
//   trace, accurate down to the floats' own rounding (a change of scale shows here too).
// Two poses are the same within a tolerance T when the distance is at most T metres and the
// angle at most T radians.
#include <QMatrix4x4>

#include <cmath>

namespace bpat::diff {

struct MatrixDelta
{
    double rotationDeg = 0.0;
    double translation = 0.0;
};

// Squared chord |A - B|_F^2 of two bases that are `radians` apart (8 sin^2(angle / 2)).
inline double chordSquaredOf(double radians)
{
    const double s = std::sin(std::min(radians, M_PI) / 2.0);
    return 8.0 * s * s;
}
// The angle, in degrees, of a squared chord (NaN or past the largest chord: 180).
inline double degreesOfChordSquared(double chord2)
{
    if (!(chord2 < 8.0))
        return 180.0;
    return 2.0 * std::asin(std::sqrt(chord2 / 8.0)) * 180.0 / M_PI;
}

// Two bone frames given as their first three rows, row-major (r00 r01 r02 tx r10 ...: 12 floats).
MatrixDelta matrixDelta(const float *rowsA, const float *rowsB);
MatrixDelta matrixDelta(const QMatrix4x4 &a, const QMatrix4x4 &b);
// Within `tolerance` (metres and radians; NaN anywhere is never within).
bool withinTolerance(const MatrixDelta &delta, double tolerance);

} // namespace bpat::diff

#pragma once
// The axis mapping between BPAT model space and glTF (docs/gltf.md, "Axes").
//
// BPAT model space is the game's: +Y up, a creature faces +Z, and its left hand is at -X (the
// humanoid's HandL sits at x < 0), i.e. a left-handed frame like Unity's. glTF is right-handed,
// +Y up, an asset faces +Z and its left side is +X. Mirroring X maps one onto the other and
// keeps a left hand a left hand: a point p maps to S p and a matrix M to S M S, with
// S = diag(-1, 1, 1). The mapping is its own inverse (import applies the same), exact in
// floating point (it only flips signs), keeps rotations rotations (det(S M S) = det M) and
// reverses triangle winding, which the exporter swaps back so front faces stay front faces.
#include "gltf/Affine.h"

#include <QVector3D>

namespace bpat {

class GltfAxes
{
public:
    // BPAT -> glTF and glTF -> BPAT (the same operation).
    static Matrix4d convert(const Matrix4d &m);
    static QVector3D convert(const QVector3D &v);
    static std::array<double, 3> convert(const std::array<double, 3> &v);
};

} // namespace bpat

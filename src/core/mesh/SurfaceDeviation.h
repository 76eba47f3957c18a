#pragma once
// How far two posed triangle meshes lie apart: the largest distance from a point of one surface
// to the other surface, both ways (a sampled Hausdorff distance). The points of a surface are its
// vertices, its edges' midpoints and its triangles' centroids, so a simplified mesh whose corners
// all lie on the original but whose large triangles cut across it is measured where it departs.
// The surface searched is binned in a uniform grid, so a query visits the triangles near it.
#include <QList>
#include <QVector3D>
#include <span>

namespace bpat {

class SurfaceDeviation
{
public:
    // Largest distance from the sample points of (aPositions, aIndices) to the surface of
    // (bPositions, bIndices) and from those of b to a. Triangles with a corner that is not finite
    // or out of range are left out; 0 when either surface has no triangle left.
    static float between(std::span<const QVector3D> aPositions, const QList<quint32> &aIndices,
                         std::span<const QVector3D> bPositions, const QList<quint32> &bIndices);
    // The same for a lighter level of detail of a finely tessellated mesh: the full mesh's
    // vertices alone (its triangles are small beside the light one's), the light mesh's
    // vertices, edge midpoints and centroids. A fraction of the work of between() for a body
    // of 15,000 vertices, which LodChain measures at load time.
    static float ofSimplified(std::span<const QVector3D> fullPositions, const QList<quint32> &fullIndices,
                              std::span<const QVector3D> lightPositions, const QList<quint32> &lightIndices);
    // One way: from the sample points of a (its vertices alone with verticesOnly) to the
    // surface of b.
    static float from(std::span<const QVector3D> aPositions, const QList<quint32> &aIndices,
                      std::span<const QVector3D> bPositions, const QList<quint32> &bIndices, bool verticesOnly = false);
    // Distance from a point to a triangle (Ericson, Real-Time Collision Detection, 5.1.5).
    static float pointTriangle(const QVector3D &p, const QVector3D &a, const QVector3D &b, const QVector3D &c);
};

} // namespace bpat

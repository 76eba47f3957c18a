#pragma once
// A lighter level of detail of a creature mesh, made with meshoptimizer's edge-collapse
// simplifier (Debian's libmeshoptimizer-dev). The simplifier measures the mesh in one pose given
// in model space (the game's bodies: their bind pose; the stand-ins, whose vertices are
// bone-local: the reference frame skinned), so it works on any mesh the viewport draws.
//
// The lighter mesh keeps a subset of the vertex records as they are (position, bone indices,
// weights, colour role): every kept vertex skins exactly as it did, so the skin weights carry
// over without interpolation. Vertices that sit at the same place (the seams of a body's
// UV map or split normals) are welded for the simplifier, so a seam is no wall it must keep;
// each welded group keeps the record of its first vertex, with the average normal of the group's
// records that skin alike (a far body draws a seam once, smooth). The result is compacted (only used
// vertices, in the order the triangles first use them) and ordered for the vertex cache.
#include "mesh/CreatureMesh.h"

#include <QList>
#include <QString>
#include <QVector3D>
#include <optional>
#include <span>

namespace bpat {

class MeshSimplifier
{
public:
    struct Result
    {
        CreatureMesh mesh;
        // meshoptimizer's own estimate of the deviation, in the units of the positions given
        // (metres); a guide only: LodChain measures the real one over animated poses.
        float estimatedError = 0;
    };

    // At most `maxVertices` vertices (and at least one triangle). `positions` holds every vertex
    // of `mesh` posed in model space. nullopt and *why when the mesh is empty, the positions do
    // not match it, or the simplifier cannot get under maxVertices.
    static std::optional<Result> simplify(const CreatureMesh &mesh, std::span<const QVector3D> positions, int maxVertices,
                                          QString *why = nullptr);

    // The mesh with only the vertices `indices` use, renumbered in the order of first use.
    static CreatureMesh compact(const CreatureMesh &mesh, const QList<quint32> &indices, const QString &name);
};

} // namespace bpat

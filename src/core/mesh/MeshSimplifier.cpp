#include "mesh/MeshSimplifier.h"

#include <meshoptimizer.h>

#include <QHash>
#include <algorithm>
#include <cmath>
#include <vector>

namespace bpat {

namespace {

int usedVertices(const std::vector<unsigned int> &indices, size_t count, size_t vertexCount)
{
    std::vector<bool> used(vertexCount, false);
    int n = 0;
    for (size_t i = 0; i < count; ++i) {
        if (!used[indices[i]]) {
            used[indices[i]] = true;
            ++n;
        }
    }
    return n;
}

// The mesh whose welded vertices (those the triangles reach through `welded` instead of
// `indices`) carry the average normal of the records welded into them that skin alike (same
// bones and weights): a seam of split normals becomes one smooth normal, as it is drawn once.
CreatureMesh withWeldedNormals(const CreatureMesh &mesh, const std::vector<unsigned int> &indices,
                               const std::vector<unsigned int> &welded)
{
    QList<CreatureVertex> vertices = mesh.vertices();
    std::vector<QVector3D> sums(vertices.size());
    std::vector<bool> seen(vertices.size(), false);
    auto skinsAlike = [](const CreatureVertex &a, const CreatureVertex &b) {
        return std::equal(std::begin(a.bones), std::end(a.bones), std::begin(b.bones))
            && std::equal(std::begin(a.weights), std::end(a.weights), std::begin(b.weights));
    };
    for (size_t i = 0; i < indices.size(); ++i) {
        const unsigned int from = indices[i], into = welded[i];
        if (seen[from])
            continue;
        seen[from] = true;
        const CreatureVertex &v = vertices.at(qsizetype(from));
        if (skinsAlike(v, vertices.at(qsizetype(into))))
            sums[into] += QVector3D(v.normal[0], v.normal[1], v.normal[2]);
    }
    for (size_t v = 0; v < sums.size(); ++v) {
        const float length = sums[v].length();
        if (length > 1e-6f && std::isfinite(length)) {
            const QVector3D n = sums[v] / length;
            vertices[qsizetype(v)].normal[0] = n.x();
            vertices[qsizetype(v)].normal[1] = n.y();
            vertices[qsizetype(v)].normal[2] = n.z();
        }
    }
    return CreatureMesh(mesh.name(), mesh.boneCount(), vertices, mesh.indices());
}

} // namespace

CreatureMesh MeshSimplifier::compact(const CreatureMesh &mesh, const QList<quint32> &indices, const QString &name)
{
    QHash<quint32, quint32> remap;
    QList<CreatureVertex> vertices;
    QList<quint32> out;
    out.reserve(indices.size());
    for (quint32 index : indices) {
        auto it = remap.constFind(index);
        if (it == remap.constEnd()) {
            it = remap.insert(index, quint32(vertices.size()));
            vertices.append(mesh.vertices().at(qsizetype(index)));
        }
        out.append(*it);
    }
    return CreatureMesh(name, mesh.boneCount(), vertices, out);
}

std::optional<MeshSimplifier::Result> MeshSimplifier::simplify(const CreatureMesh &mesh, std::span<const QVector3D> positions,
                                                               int maxVertices, QString *why)
{
    auto fail = [why](const QString &reason) {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    if (mesh.isEmpty())
        return fail(QStringLiteral("the mesh is empty"));
    if (const QString problem = mesh.validate(); !problem.isEmpty())
        return fail(problem);
    const size_t vertexCount = size_t(mesh.vertexCount());
    if (positions.size() != vertexCount)
        return fail(QStringLiteral("%1 posed positions for %2 vertices").arg(positions.size()).arg(vertexCount));
    if (maxVertices < 3)
        return fail(QStringLiteral("a level of detail needs at least 3 vertices"));

    std::vector<float> xyz;
    xyz.reserve(vertexCount * 3);
    for (const QVector3D &p : positions) {
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || !std::isfinite(p.z()))
            return fail(QStringLiteral("a posed vertex is not finite"));
        xyz.insert(xyz.end(), {p.x(), p.y(), p.z()});
    }
    const std::vector<unsigned int> indices(mesh.indices().cbegin(), mesh.indices().cend());
    // Welded: every triangle refers to the first vertex at its corner's position that skins the
    // same way (bones and weights); where the skinning differs at one position the simplifier
    // sees a seam, which it keeps, so parts of different bones do not melt into each other
    // when the creature moves.
    struct WeldKey
    {
        float position[3];
        quint8 bones[4];
        float weights[4];
    };
    static_assert(sizeof(WeldKey) == 32);
    std::vector<WeldKey> keys(vertexCount);
    for (size_t v = 0; v < vertexCount; ++v) {
        const CreatureVertex &r = mesh.vertices().at(qsizetype(v));
        WeldKey &k = keys[v];
        std::copy(&xyz[3 * v], &xyz[3 * v] + 3, k.position);
        std::copy(std::begin(r.bones), std::end(r.bones), k.bones);
        std::copy(std::begin(r.weights), std::end(r.weights), k.weights);
    }
    std::vector<unsigned int> welded(indices.size());
    meshopt_generateShadowIndexBuffer(welded.data(), indices.data(), indices.size(), keys.data(), vertexCount, sizeof(WeldKey),
                                      sizeof(WeldKey));

    // The simplifier gets the welded vertices alone: a position it sees twice, even unused,
    // counts as a seam, which locked every vertex of a body seamed by its UV map.
    std::vector<unsigned int> compactOf(vertexCount, ~0u), representative, cindices(welded.size());
    std::vector<float> cxyz;
    for (size_t i = 0; i < welded.size(); ++i) {
        const unsigned int v = welded[i];
        if (compactOf[v] == ~0u) {
            compactOf[v] = unsigned(representative.size());
            representative.push_back(v);
            cxyz.insert(cxyz.end(), {xyz[3 * v], xyz[3 * v + 1], xyz[3 * v + 2]});
        }
        cindices[i] = compactOf[v];
    }
    const size_t uniqueCount = representative.size();
    std::vector<unsigned int> result(indices.size());
    size_t resultCount = indices.size();
    float relativeError = 0;
    const float unbounded = 1.0e3f; // relative to the extent: the vertex budget decides, not the error
    const double perVertex = double(indices.size()) / double(std::max<size_t>(1, uniqueCount));
    size_t target = size_t(std::max(3.0, std::floor(perVertex * maxVertices * 0.9 / 3) * 3));
    int vertices = int(vertexCount);
    // Edge collapses first; where the mesh's topology holds them back (they stop short of the
    // budget and asking for less gains nothing), the sloppy simplifier, which clusters vertices
    // without keeping topology. Each miss asks for proportionally fewer indices.
    bool sloppy = false;
    int previous = vertices + 1;
    for (int attempt = 0; attempt < 24 && target >= 3; ++attempt) {
        resultCount = sloppy ? meshopt_simplifySloppy(result.data(), cindices.data(), cindices.size(), cxyz.data(), uniqueCount,
                                                      3 * sizeof(float), target, unbounded, &relativeError)
                             : meshopt_simplify(result.data(), cindices.data(), cindices.size(), cxyz.data(), uniqueCount,
                                                3 * sizeof(float), target, unbounded, 0, &relativeError);
        vertices = usedVertices(result, resultCount, uniqueCount);
        if (vertices <= maxVertices && resultCount >= 3)
            break;
        if (!sloppy && vertices >= previous) {
            sloppy = true; // no progress: start again from the budget's share
            target = size_t(std::max(3.0, std::floor(perVertex * maxVertices * 0.9 / 3) * 3));
            previous = int(vertexCount) + 1;
            continue;
        }
        previous = vertices;
        const double shrink = std::clamp(double(maxVertices) / std::max(1, vertices) * 0.95, 0.3, 0.9);
        target = size_t(std::floor(double(target) * shrink / 3) * 3);
    }
    if (resultCount < 3 || vertices > maxVertices)
        return fail(
            QStringLiteral("the simplifier stopped at %1 vertices, over the %2 asked for").arg(vertices).arg(maxVertices));

    for (size_t i = 0; i < resultCount; ++i)
        result[i] = representative[result[i]]; // back to the mesh's own records
    std::vector<unsigned int> ordered(resultCount);
    meshopt_optimizeVertexCache(ordered.data(), result.data(), resultCount, vertexCount);
    Result out;
    out.mesh = compact(welded.empty() ? mesh : withWeldedNormals(mesh, indices, welded),
                       QList<quint32>(ordered.cbegin(), ordered.cend()),
                       QStringLiteral("%1 (simplified to %2 vertices)").arg(mesh.name()).arg(vertices));
    out.estimatedError = relativeError * meshopt_simplifyScale(cxyz.data(), uniqueCount, 3 * sizeof(float));
    return out;
}

} // namespace bpat

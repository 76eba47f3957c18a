#include "mesh/SurfaceDeviation.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace bpat {

namespace {

bool finite(const QVector3D &v)
{
    return std::isfinite(v.x()) && std::isfinite(v.y()) && std::isfinite(v.z());
}

// The triangles of a surface binned in a uniform grid of cubic cells.
class TriangleGrid
{
public:
    TriangleGrid(std::span<const QVector3D> positions, const QList<quint32> &indices)
        : m_positions(positions)
    {
        QVector3D lo(INFINITY, INFINITY, INFINITY), hi(-INFINITY, -INFINITY, -INFINITY);
        for (qsizetype t = 0; t + 2 < indices.size(); t += 3) {
            const quint32 i = indices.at(t), j = indices.at(t + 1), k = indices.at(t + 2);
            if (i >= positions.size() || j >= positions.size() || k >= positions.size())
                continue;
            if (!finite(positions[i]) || !finite(positions[j]) || !finite(positions[k]))
                continue;
            m_triangles.push_back({i, j, k});
            for (quint32 v : {i, j, k}) {
                for (int d = 0; d < 3; ++d) {
                    lo[d] = std::min(lo[d], positions[v][d]);
                    hi[d] = std::max(hi[d], positions[v][d]);
                }
            }
        }
        if (m_triangles.empty())
            return;
        const QVector3D extent = hi - lo;
        // Cells about the size of a triangle (the root of the mean triangle area, twice), at
        // most 128 a side and 2 M in all: a query looks at a handful of triangles a cell.
        double area = 0;
        for (const auto &t : m_triangles)
            area += double(QVector3D::crossProduct(positions[t[1]] - positions[t[0]], positions[t[2]] - positions[t[0]]).length())
                / 2;
        m_cell = std::max(float(2 * std::sqrt(area / double(m_triangles.size()))), 1e-5f);
        const float longest = std::max({extent.x(), extent.y(), extent.z(), 1e-5f});
        m_cell = std::max(m_cell, longest / 128);
        while (double(std::ceil(extent.x() / m_cell) + 1) * double(std::ceil(extent.y() / m_cell) + 1)
                   * double(std::ceil(extent.z() / m_cell) + 1)
               > 2.0e6)
            m_cell *= 1.25f;
        for (int d = 0; d < 3; ++d)
            m_size[d] = std::clamp(int(std::ceil(extent[d] / m_cell)), 1, 256);
        m_cell = std::max({m_cell, extent.x() / float(m_size[0]), extent.y() / float(m_size[1]), extent.z() / float(m_size[2])});
        m_lo = lo;
        m_cells.resize(size_t(m_size[0]) * size_t(m_size[1]) * size_t(m_size[2]));
        for (size_t t = 0; t < m_triangles.size(); ++t) {
            int from[3], to[3];
            for (int d = 0; d < 3; ++d) {
                float a = INFINITY, b = -INFINITY;
                for (quint32 v : m_triangles[t]) {
                    a = std::min(a, positions[v][d]);
                    b = std::max(b, positions[v][d]);
                }
                from[d] = cellOf(a, d);
                to[d] = cellOf(b, d);
            }
            for (int x = from[0]; x <= to[0]; ++x)
                for (int y = from[1]; y <= to[1]; ++y)
                    for (int z = from[2]; z <= to[2]; ++z)
                        m_cells[index(x, y, z)].push_back(quint32(t));
        }
    }

    bool isEmpty() const { return m_triangles.empty(); }

    // Distance from p to the nearest triangle: shells of cells around p's cell, until the
    // nearest found lies closer than any cell of the next shell can, or (enough for a largest
    // distance) closer than `enough`: then some distance <= enough is returned.
    float distance(const QVector3D &p, float enough = 0) const
    {
        int c[3];
        for (int d = 0; d < 3; ++d)
            c[d] = cellOf(p[d], d);
        // How far p lies outside the grid's box: shells start counting from its nearest cell.
        float outside = 0;
        for (int d = 0; d < 3; ++d) {
            const float below = m_lo[d] - p[d], above = p[d] - (m_lo[d] + m_cell * float(m_size[d]));
            outside = std::max({outside, below, above});
        }
        float best = INFINITY;
        const int shells = std::max({m_size[0], m_size[1], m_size[2]});
        for (int r = 0; r <= shells; ++r) {
            if (best <= std::max(outside, float(r - 1) * m_cell))
                break;
            for (int x = c[0] - r; x <= c[0] + r; ++x) {
                for (int y = c[1] - r; y <= c[1] + r; ++y) {
                    for (int z = c[2] - r; z <= c[2] + r; ++z) {
                        if (std::max({std::abs(x - c[0]), std::abs(y - c[1]), std::abs(z - c[2])}) != r)
                            continue; // inner shells were visited
                        if (x < 0 || y < 0 || z < 0 || x >= m_size[0] || y >= m_size[1] || z >= m_size[2])
                            continue;
                        for (quint32 t : m_cells[index(x, y, z)]) {
                            const auto &tri = m_triangles[t];
                            best = std::min(best,
                                            SurfaceDeviation::pointTriangle(p, m_positions[tri[0]], m_positions[tri[1]],
                                                                            m_positions[tri[2]]));
                            if (best <= enough)
                                return best;
                        }
                    }
                }
            }
        }
        return best;
    }

private:
    int cellOf(float value, int d) const { return std::clamp(int(std::floor((value - m_lo[d]) / m_cell)), 0, m_size[d] - 1); }
    size_t index(int x, int y, int z) const
    {
        return (size_t(z) * size_t(m_size[1]) + size_t(y)) * size_t(m_size[0]) + size_t(x);
    }

    std::span<const QVector3D> m_positions;
    std::vector<std::array<quint32, 3>> m_triangles;
    std::vector<std::vector<quint32>> m_cells;
    QVector3D m_lo;
    float m_cell = 1;
    int m_size[3] = {1, 1, 1};
};

} // namespace

float SurfaceDeviation::pointTriangle(const QVector3D &p, const QVector3D &a, const QVector3D &b, const QVector3D &c)
{
    const QVector3D ab = b - a, ac = c - a, ap = p - a;
    const float d1 = QVector3D::dotProduct(ab, ap), d2 = QVector3D::dotProduct(ac, ap);
    if (d1 <= 0 && d2 <= 0)
        return ap.length();
    const QVector3D bp = p - b;
    const float d3 = QVector3D::dotProduct(ab, bp), d4 = QVector3D::dotProduct(ac, bp);
    if (d3 >= 0 && d4 <= d3)
        return bp.length();
    const float vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0)
        return (p - (a + ab * (d1 / (d1 - d3)))).length();
    const QVector3D cp = p - c;
    const float d5 = QVector3D::dotProduct(ab, cp), d6 = QVector3D::dotProduct(ac, cp);
    if (d6 >= 0 && d5 <= d6)
        return cp.length();
    const float vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0)
        return (p - (a + ac * (d2 / (d2 - d6)))).length();
    const float va = d3 * d6 - d5 * d4;
    if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0)
        return (p - (b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6))))).length();
    const float sum = va + vb + vc;
    if (!(std::abs(sum) > 0)) // degenerate: the nearest of its edges' ends
        return std::min({ap.length(), bp.length(), cp.length()});
    const float v = vb / sum, w = vc / sum;
    return (p - (a + ab * v + ac * w)).length();
}

float SurfaceDeviation::from(std::span<const QVector3D> aPositions, const QList<quint32> &aIndices,
                             std::span<const QVector3D> bPositions, const QList<quint32> &bIndices, bool verticesOnly)
{
    const TriangleGrid grid(bPositions, bIndices);
    if (grid.isEmpty())
        return 0;
    float worst = 0;
    std::vector<bool> seen(aPositions.size(), false);
    for (qsizetype t = 0; t + 2 < aIndices.size(); t += 3) {
        const quint32 i = aIndices.at(t), j = aIndices.at(t + 1), k = aIndices.at(t + 2);
        if (i >= aPositions.size() || j >= aPositions.size() || k >= aPositions.size())
            continue;
        const QVector3D &a = aPositions[i], &b = aPositions[j], &c = aPositions[k];
        if (!finite(a) || !finite(b) || !finite(c))
            continue;
        for (quint32 v : {i, j, k}) {
            if (!seen[v]) {
                seen[v] = true;
                worst = std::max(worst, grid.distance(aPositions[v], worst));
            }
        }
        if (verticesOnly)
            continue;
        for (const QVector3D &p : {(a + b) / 2, (b + c) / 2, (c + a) / 2, (a + b + c) / 3})
            worst = std::max(worst, grid.distance(p, worst));
    }
    return worst;
}

float SurfaceDeviation::between(std::span<const QVector3D> aPositions, const QList<quint32> &aIndices,
                                std::span<const QVector3D> bPositions, const QList<quint32> &bIndices)
{
    return std::max(from(aPositions, aIndices, bPositions, bIndices), from(bPositions, bIndices, aPositions, aIndices));
}

float SurfaceDeviation::ofSimplified(std::span<const QVector3D> fullPositions, const QList<quint32> &fullIndices,
                                     std::span<const QVector3D> lightPositions, const QList<quint32> &lightIndices)
{
    return std::max(from(fullPositions, fullIndices, lightPositions, lightIndices, true),
                    from(lightPositions, lightIndices, fullPositions, fullIndices));
}

} // namespace bpat

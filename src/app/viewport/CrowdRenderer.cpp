#include "CrowdRenderer.h"

#include <QOpenGLContext>
#include <QVector4D>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {

// The six planes of the view's frustum (Gribb and Hartmann), normalised: a sphere lies outside
// when it is farther than its radius behind any of them.
std::array<QVector4D, 6> frustumPlanes(const QMatrix4x4 &m)
{
    const QVector4D r0 = m.row(0), r1 = m.row(1), r2 = m.row(2), r3 = m.row(3);
    std::array<QVector4D, 6> planes{r3 + r0, r3 - r0, r3 + r1, r3 - r1, r3 + r2, r3 - r2};
    for (QVector4D &p : planes) {
        const float length = p.toVector3D().length();
        if (length > 0)
            p /= length;
    }
    return planes;
}

} // namespace

CrowdRenderer::CrowdRenderer() = default;
CrowdRenderer::~CrowdRenderer() = default;

bool CrowdRenderer::initialize()
{
    m_ready = QOpenGLContext::currentContext() != nullptr;
    m_error = m_ready ? QString() : QStringLiteral("no current OpenGL context");
    return m_ready;
}

void CrowdRenderer::destroy()
{
    for (auto &renderer : m_renderers)
        renderer->destroy();
    m_renderers.clear();
    m_levels.clear();
    m_selectedFor.reset();
    m_ready = false;
}

void CrowdRenderer::setSkinningPath(std::optional<SkinningPath> path)
{
    m_path = path;
    for (auto &renderer : m_renderers)
        renderer->setSkinningPath(path);
}

void CrowdRenderer::setLevelsOfDetail(bool on)
{
    m_lod = on;
    m_selectedFor.reset();
}

bool CrowdRenderer::setScene(std::shared_ptr<const CrowdScene> scene, int maxRowsPerLayer)
{
    for (auto &renderer : m_renderers)
        renderer->destroy();
    m_renderers.clear();
    m_levels.clear();
    m_selectedFor.reset();
    m_scene = std::move(scene);
    m_error.clear();
    if (!m_ready || !m_scene)
        return m_ready;
    QStringList problems;
    for (const CrowdSpecies &species : m_scene->species) {
        auto renderer = std::make_unique<CreatureRenderer>();
        if (!renderer->initialize() || !renderer->setSource(species.source, maxRowsPerLayer)) {
            problems << QStringLiteral("%1: %2").arg(species.label, renderer->error());
            renderer->destroy(); // drawn as nothing, kept so indices match species
        } else {
            renderer->setBindSpace(species.bindSpace);
            renderer->setRoleColors(species.roleColors);
            renderer->setSkinningPath(m_path);
            for (int level = 0; level < CreatureRenderer::kLevels; ++level) {
                if (level < species.levels.size())
                    renderer->setLevelMesh(level, species.levels.at(level).mesh);
                else
                    renderer->setMeshBytes(level, nullptr, 0, nullptr, 0);
            }
        }
        m_renderers.push_back(std::move(renderer));
        m_levels.push_back(QList<qint8>(species.instances.size(), qint8(-1)));
    }
    m_error = problems.join(QStringLiteral("; "));
    return problems.isEmpty();
}

void CrowdRenderer::selectLevels(const View &view)
{
    ++m_selections;
    const std::array<QVector4D, 6> planes = frustumPlanes(view.viewProjection);
    const float pixelsAtUnitDepth = bpat::LodPolicy::pixelsPerMetre(1.0f, view.viewportHeight, view.fovY);
    for (size_t s = 0; s < m_renderers.size(); ++s) {
        const CrowdSpecies &species = m_scene->species.at(qsizetype(s));
        QList<qint8> &levels = m_levels[s];
        if (!m_renderers[s]->isInitialized())
            continue; // its palette did not fit: error() says so
        const int count = std::min(int(species.levels.size()), CreatureRenderer::kLevels);
        QList<QList<CreatureInstance>> lists(CreatureRenderer::kLevels);
        const float radius = species.size * 0.6f; // the creature's sphere, a little generous
        for (qsizetype i = 0; i < species.instances.size(); ++i) {
            const CreatureInstance &instance = species.instances.at(i);
            const QVector3D centre(instance.x, instance.y + species.centre.y(), instance.z);
            bool inside = true;
            for (const QVector4D &p : planes)
                inside = inside && QVector3D::dotProduct(p.toVector3D(), centre) + p.w() >= -radius;
            if (!inside) {
                levels[i] = -1;
                continue;
            }
            int level = 0;
            if (m_lod && count > 1) {
                const float depth = std::max(QVector3D::dotProduct(centre - view.eye, view.forward), 1e-3f);
                level = species.policy.choose(pixelsAtUnitDepth / depth, levels.at(i));
                level = std::min(level, count - 1);
            }
            levels[i] = qint8(level);
            lists[level].append(instance);
        }
        m_renderers[s]->setLevelInstances(lists);
    }
}

CrowdRenderer::Stats CrowdRenderer::draw(const CreatureRenderer::DrawParameters &parameters, const View &view)
{
    m_stats = Stats();
    if (!m_ready || !m_scene)
        return m_stats;
    if (!m_selectedFor || !(*m_selectedFor == view)) {
        selectLevels(view);
        m_selectedFor = view;
    }
    for (const auto &renderer : m_renderers) {
        m_stats.drawCalls += renderer->draw(parameters);
        m_stats.verticesShaded += renderer->lastVerticesShaded();
        for (int level = 0; level < CreatureRenderer::kLevels; ++level) {
            m_stats.perLevel[size_t(level)] += renderer->instanceCount(level);
            m_stats.instancesDrawn += renderer->instanceCount(level);
        }
        if (renderer->instanceCount() > 0)
            m_stats.skinning = std::max(m_stats.skinning, renderer->skinningPath());
    }
    return m_stats;
}

} // namespace bpat::studio

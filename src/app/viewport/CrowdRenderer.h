#pragma once
// Draws a CrowdScene: one CreatureRenderer per species (its palette, its levels of detail, its
// bone pre-pass), so the whole crowd is one instanced draw per species and level. Whenever the
// view changes, each instance is given its level by its size on screen (crowd/LodPolicy, with
// hysteresis: the level it had last is kept near a boundary) and instances wholly outside the
// view are left out; that is the only per-instance CPU work, none while the camera stands still.
// A class that draws into whatever context is current (the viewport's widget, the benchmark's
// offscreen surface); initialize() and destroy() in that context.
#include "CreatureRenderer.h"
#include "CrowdScene.h"

#include <QMatrix4x4>
#include <QVector3D>
#include <array>
#include <memory>
#include <optional>
#include <vector>

namespace bpat::studio {

class CrowdRenderer
{
public:
    CrowdRenderer();
    ~CrowdRenderer();

    // What the levels are chosen for: the camera and the view's height in pixels.
    struct View
    {
        QMatrix4x4 viewProjection;
        QVector3D eye;
        QVector3D forward; // unit, the way the camera looks
        float viewportHeight = 720;
        float fovY = 40; // degrees
        bool operator==(const View &other) const = default;
    };
    struct Stats
    {
        int drawCalls = 0;
        qint64 verticesShaded = 0;
        int instancesDrawn = 0; // in the view
        std::array<int, CreatureRenderer::kLevels> perLevel{};
        SkinningPath skinning = SkinningPath::Direct;
    };

    // Takes the context current (nothing is drawn until setScene()).
    bool initialize();
    void destroy();
    // A renderer per species, its palette and levels uploaded; false and error() when a
    // species' palette does not fit the GPU (the others are still drawn).
    bool setScene(std::shared_ptr<const CrowdScene> scene, int maxRowsPerLayer = 0);
    const std::shared_ptr<const CrowdScene> &scene() const { return m_scene; }
    const QString &error() const { return m_error; }
    void setSkinningPath(std::optional<SkinningPath> path);
    // Off: every instance at level 0 (the benchmark's baseline).
    void setLevelsOfDetail(bool on);

    // Levels chosen for `view` (when it changed since the last draw), then each species drawn.
    Stats draw(const CreatureRenderer::DrawParameters &parameters, const View &view);
    const Stats &lastStats() const { return m_stats; }
    // The level each instance of a species was drawn at (-1: out of view), and its renderer.
    const QList<qint8> &levels(int species) const { return m_levels.at(size_t(species)); }
    const CreatureRenderer &renderer(int species) const { return *m_renderers.at(size_t(species)); }
    int speciesCount() const { return int(m_renderers.size()); }
    // Level choices made so far (a test hook: a still camera makes none).
    int selections() const { return m_selections; }

private:
    void selectLevels(const View &view);

    std::shared_ptr<const CrowdScene> m_scene;
    std::vector<std::unique_ptr<CreatureRenderer>> m_renderers;
    std::vector<QList<qint8>> m_levels;
    std::optional<View> m_selectedFor;
    std::optional<SkinningPath> m_path;
    bool m_lod = true;
    bool m_ready = false;
    Stats m_stats;
    QString m_error;
    int m_selections = 0;
};

} // namespace bpat::studio

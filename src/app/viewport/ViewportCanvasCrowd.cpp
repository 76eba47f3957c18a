// ViewportCanvas, continued: crowds. The shown file as a grid of N instances (setCrowdSize), or a
// mixed crowd of several files (setArmy) shown instead of it; both drawn by the CrowdRenderer,
// one instanced draw per species and level of detail, the levels chosen by screen size with
// hysteresis when the camera moves. The shown file's levels are made once per body and kept
// while only the count changes. W A S D fly the camera over the ground, Q E down and up.
#include "ViewportCanvas.h"

#include "CrowdLayout.h"
#include "crowd/FormationLayout.h"

#include <QLocale>
#include <QtMath>
#include <cmath>

namespace bpat::studio {

namespace {
QString number(qint64 n)
{
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions);
    return c.toString(n);
}
constexpr int kShownFindings = 6; // findings listed in the text, the rest counted
} // namespace

void ViewportCanvas::setArmy(std::shared_ptr<const CrowdScene> army)
{
    m_army = std::move(army);
    m_crowdDirty = true;
    setPlaying(m_playing); // a crowd plays
    QVector3D lo, hi;
    if (m_army && crowdBounds(&lo, &hi)) {
        // In front of it and low, as a commander sees an army: the front ranks large, the rear
        // small (where the lighter levels of detail take over).
        m_camera.frame(lo, hi);
        m_camera.yaw = 20;
        m_camera.pitch = 16;
        m_camera.distance *= 0.45f;
        m_camera.target.setY(lo.y());
    }
    update();
}

void ViewportCanvas::setSkinningPath(std::optional<SkinningPath> path)
{
    m_skinningPath = path;
    m_renderer3d.setSkinningPath(path);
    m_recordingRenderer.setSkinningPath(path);
    m_crowdRenderer.setSkinningPath(path);
    update();
}

void ViewportCanvas::updateCrowd()
{
    m_crowdDirty = false;
    std::shared_ptr<const CrowdScene> scene = m_army;
    if (!scene && m_crowd > 1 && !m_scene.isEmpty() && !showsSnapshot()) {
        const PaletteSource &source = m_scene.source();
        // The levels of detail depend on the palette and the body drawn, not on the count.
        const QString key = QStringLiteral("%1|%2|%3|%4")
                                .arg(source.label)
                                .arg(quintptr(source.palette))
                                .arg(m_scene.showsBody() ? m_scene.body().path() : QString())
                                .arg(int(m_bodyMode));
        if (key != m_crowdSpeciesKey) {
            m_crowdSpecies =
                CrowdScene::speciesOf(m_scene, m_bodyMode == BodyMode::Full ? &m_minimalBody : nullptr, source.label);
            m_crowdSpeciesKey = key;
        }
        auto crowd = std::make_shared<CrowdScene>();
        CrowdSpecies species = m_crowdSpecies;
        species.instances = CrowdLayout::grid(source, m_crowd, bpat::FormationLayout::defaultSpacing(species.footprint));
        m_drawnInstances = species.instances;
        crowd->species.append(species);
        scene = crowd;
    }
    m_crowdScene = scene;
    if (m_glReady && !m_crowdRenderer.setScene(m_crowdScene, m_maxRows)) {
        m_message->setText(QStringLiteral("Cannot show this crowd: ") + m_crowdRenderer.error());
        m_message->show();
    }
}

void ViewportCanvas::paintCrowd(const CreatureRenderer::DrawParameters &parameters)
{
    CrowdRenderer::View view;
    view.viewProjection = parameters.viewProjection;
    view.eye = m_camera.position();
    view.forward = (m_camera.target - view.eye).normalized();
    view.viewportHeight = float(height() * devicePixelRatioF());
    view.fovY = m_camera.fovY;
    m_lastDrawCalls = m_crowdRenderer.draw(parameters, view).drawCalls;
}

bool ViewportCanvas::crowdBounds(QVector3D *lo, QVector3D *hi) const
{
    const CrowdScene *crowd = m_army ? m_army.get() : m_crowdScene.get();
    if (crowd && !crowd->isEmpty()) {
        crowd->bounds(lo, hi);
        return true;
    }
    if (m_army || m_crowd <= 1 || m_scene.isEmpty())
        return false;
    // Before the first paint made the grid: its extent.
    const QVector3D rlo = m_scene.referenceLo(), rhi = m_scene.referenceHi();
    const float spacing = bpat::FormationLayout::defaultSpacing(std::max(rhi.x() - rlo.x(), rhi.z() - rlo.z()));
    const float half = std::ceil(std::sqrt(float(m_crowd))) * spacing / 2;
    *lo = QVector3D(-half, rlo.y(), -half);
    *hi = QVector3D(half, rhi.y(), half);
    return true;
}

int ViewportCanvas::farInstances() const
{
    if (!m_crowdScene)
        return 0;
    const CrowdRenderer::Stats &stats = m_crowdRenderer.lastStats();
    return stats.instancesDrawn - stats.perLevel[0];
}

float ViewportCanvas::lodDistance(int level) const
{
    const bpat::LodPolicy &policy = m_crowdSpecies.policy;
    if (level < 1 || level >= policy.levels())
        return 0;
    return bpat::LodPolicy::depthFor(policy.limit(level) * (1 - policy.hysteresis()), float(height() * devicePixelRatioF()),
                                     m_camera.fovY);
}

QStringList ViewportCanvas::crowdTextLines() const
{
    QStringList lines;
    const CrowdScene *crowd = m_crowdScene.get();
    if (!crowd)
        return m_army ? m_army->messages : lines;
    const CrowdRenderer::Stats &stats = m_crowdRenderer.lastStats();
    const float height = float(this->height() * devicePixelRatioF());
    if (m_army) {
        lines << QStringLiteral("crowd: %1 species, %2 instances").arg(crowd->species.size()).arg(number(crowd->instanceCount()));
        for (int s = 0; s < crowd->species.size(); ++s) {
            const CrowdSpecies &species = crowd->species.at(s);
            QStringList levels;
            for (int l = 0; l < species.levels.size(); ++l) {
                const float from =
                    bpat::LodPolicy::depthFor(species.policy.limit(l) * (1 - species.policy.hysteresis()), height, m_camera.fovY);
                levels << (l == 0 ? number(species.levels.at(l).mesh.vertexCount())
                                  : QStringLiteral("%1 from %2 m")
                                        .arg(number(species.levels.at(l).mesh.vertexCount()))
                                        .arg(double(from), 0, 'f', 0));
            }
            lines << QStringLiteral("  %1 x%2 · %3 · vertices %4")
                         .arg(species.label, number(species.instances.size()), species.body, levels.join(QStringLiteral(", ")));
        }
    } else if (!crowd->species.isEmpty()) {
        lines << QStringLiteral("crowd: %1 instances").arg(number(crowd->instanceCount()));
    }
    lines << QStringLiteral("in view %1 · by level %2 / %3 / %4 · vertices shaded %5 · skinning: %6")
                 .arg(number(stats.instancesDrawn))
                 .arg(number(stats.perLevel[0]), number(stats.perLevel[1]), number(stats.perLevel[2]),
                      number(stats.verticesShaded), skinningPathName(stats.skinning));
    if (m_army) {
        const QStringList &messages = m_army->messages;
        lines << messages.mid(0, kShownFindings);
        if (messages.size() > kShownFindings)
            lines << QStringLiteral("... and %1 more (View > Crowd...)").arg(messages.size() - kShownFindings);
        if (!m_crowdRenderer.error().isEmpty())
            lines << QStringLiteral("error: ") + m_crowdRenderer.error();
    }
    return lines;
}

bool ViewportCanvas::flyCamera(int key, bool fast)
{
    const QVector3D eye = m_camera.position();
    QVector3D forward = m_camera.target - eye;
    forward.setY(0);
    if (forward.lengthSquared() < 1e-12f) // looking straight down: fly the way the yaw faces
        forward = QVector3D(-std::sin(qDegreesToRadians(m_camera.yaw)), 0, -std::cos(qDegreesToRadians(m_camera.yaw)));
    forward.normalize();
    const QVector3D right = QVector3D::crossProduct(forward, QVector3D(0, 1, 0));
    const float step = std::max(0.05f, m_camera.distance * 0.08f) * (fast ? 4.0f : 1.0f);
    switch (key) {
    case Qt::Key_W: m_camera.target += forward * step; break;
    case Qt::Key_S: m_camera.target -= forward * step; break;
    case Qt::Key_A: m_camera.target -= right * step; break;
    case Qt::Key_D: m_camera.target += right * step; break;
    case Qt::Key_Q: m_camera.target.setY(m_camera.target.y() - step); break;
    case Qt::Key_E: m_camera.target.setY(m_camera.target.y() + step); break;
    default: return false;
    }
    update();
    return true;
}

} // namespace bpat::studio

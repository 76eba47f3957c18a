// ViewportCanvas, continued: the game's bodies (BPRM) drawn instead of the stand-in meshes.
// A late-v3 file's bodies are found beside it by the game's naming (bprm/BodyFiles) or attached
// by the user; each is checked against the shown palette (BodySource) before anything reaches
// the GPU. Full, minimal or stand-in (View > Body); a crowd draws the body and its lighter levels
// of detail (CrowdScene: the minimal body among them), each level in one instanced draw.
#include "ViewportCanvas.h"

#include "bprm/BodyFiles.h"

#include <QFileInfo>

namespace bpat::studio {

void ViewportCanvas::findBodies(const QString &bpatPath, quint32 speciesId)
{
    const bpat::BodyFiles::Bodies found = bpat::BodyFiles::besideBpat(bpatPath, speciesId);
    m_fullBodyPath = found.full;
    m_minimalBodyPath = found.minimal;
}

void ViewportCanvas::setBodyFiles(const QString &fullPath, const QString &minimalPath)
{
    m_fullBodyPath = fullPath;
    m_minimalBodyPath = minimalPath;
    loadBodies();
}

void ViewportCanvas::loadBodies()
{
    m_fullBody = m_minimalBody = BodySource();
    m_bodyError.clear();
    if (m_scene.isEmpty()) {
        m_scene.clearBody();
        return;
    }
    if (m_fullBodyPath.isEmpty() && m_minimalBodyPath.isEmpty()) {
        m_bodyError = QStringLiteral("no body beside the file (File > Attach Body...)");
    } else if (const QString problem = m_scene.bodyProblem(); !problem.isEmpty()) {
        m_bodyError = problem;
    } else {
        QStringList refused;
        const int bones = m_scene.source().boneCount;
        for (auto [path, body] : {std::pair{&m_fullBodyPath, &m_fullBody}, std::pair{&m_minimalBodyPath, &m_minimalBody}}) {
            if (path->isEmpty())
                continue;
            QString why;
            *body = BodySource::open(*path, bones, &why);
            if (!body->isValid())
                refused << QStringLiteral("%1: %2").arg(QFileInfo(*path).fileName(), why);
        }
        m_bodyError = refused.join(QStringLiteral("; "));
    }
    applyBodyMode();
}

void ViewportCanvas::setBodyMode(BodyMode mode)
{
    m_bodyMode = mode;
    applyBodyMode();
}

void ViewportCanvas::applyBodyMode()
{
    const BodySource *chosen = nullptr;
    if (m_bodyMode == BodyMode::Full)
        chosen = m_fullBody.isValid() ? &m_fullBody : m_minimalBody.isValid() ? &m_minimalBody : nullptr;
    else if (m_bodyMode == BodyMode::Minimal)
        chosen = m_minimalBody.isValid() ? &m_minimalBody : m_fullBody.isValid() ? &m_fullBody : nullptr;
    if (chosen)
        m_scene.setBody(*chosen);
    else
        m_scene.clearBody();
    m_sceneDirty = true;
    m_instancesDirty = true;
    m_crowdDirty = true;
    update();
    Q_EMIT bodyChanged();
}

ViewportCanvas::BodyMode ViewportCanvas::drawnBodyMode() const
{
    if (!m_scene.showsBody())
        return BodyMode::StandIn;
    const QString drawn = m_scene.body().path();
    if (drawn == m_minimalBody.path() && drawn != m_fullBody.path())
        return BodyMode::Minimal;
    if (drawn == m_fullBody.path() && drawn != m_minimalBody.path())
        return BodyMode::Full;
    return m_bodyMode == BodyMode::Minimal ? BodyMode::Minimal : BodyMode::Full;
}

QString ViewportCanvas::bodyStatus() const
{
    if (m_scene.showsBody()) {
        QString status = m_scene.body().label();
        const QList<bpat::LodLevel> &levels = m_crowdSpecies.levels;
        if (m_crowd > 1 && !m_army) {
            for (int level = 1; level < levels.size(); ++level)
                status +=
                    QStringLiteral("; beyond %1 m %2").arg(double(lodDistance(level)), 0, 'f', 0).arg(levels.at(level).label);
        }
        return status;
    }
    if (m_bodyMode == BodyMode::StandIn && (m_fullBody.isValid() || m_minimalBody.isValid()))
        return QStringLiteral("stand-in (View > Body)");
    return QStringLiteral("stand-in: ") + (m_bodyError.isEmpty() ? QStringLiteral("no body") : m_bodyError);
}

void ViewportCanvas::uploadMeshes()
{
    if (!m_scene.showsBody()) {
        m_renderer3d.setBindSpace(false);
        m_renderer3d.setMesh(m_scene.mesh());
        m_renderer3d.setRoleColors(m_scene.roleColors());
        return;
    }
    const BodySource &body = m_scene.body();
    m_renderer3d.setBindSpace(true);
    m_renderer3d.setMeshBytes(CreatureRenderer::Slot::Near, body.vertexBytes(), body.vertexCount(), body.indexBytes(),
                              body.indexCount()); // a crowd's lighter levels: CrowdScene
    m_renderer3d.setRoleColors(BodySource::roleColors());
}

} // namespace bpat::studio

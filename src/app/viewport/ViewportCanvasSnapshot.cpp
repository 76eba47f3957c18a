// ViewportCanvas, continued: showing a BPSM minimal snapshot mesh. The file's stored frames are
// drawn as they are (no interpolation: there is nothing but the stored vertices to draw).
#include "ViewportCanvas.h"

#include "bpsm/BpsmFile.h"

#include <QLabel>

namespace bpat::studio {

void ViewportCanvas::setSnapshot(const bpat::BpsmFile &file, bool keepCamera)
{
    QString why;
    const SnapshotSource source = SnapshotSource::fromFile(file, &why);
    setSnapshotSource(source, keepCamera);
    if (!source.isValid())
        showNothing(why);
}

void ViewportCanvas::setSnapshotSource(const SnapshotSource &source, bool keepCamera)
{
    if (!m_scene.isEmpty()) {
        m_scene.clear();
        m_sceneDirty = true;
        keepCamera = false; // another kind of document
    }
    m_snapshot = source;
    m_snapshotDirty = true;
    m_clip = 0;
    m_frame = 0;
    m_selectedBone = m_hoverBone = -1;
    if (m_unavailable.isEmpty())
        m_message->hide();
    if (m_snapshot.isValid() && !keepCamera) {
        QVector3D lo, hi;
        contentBounds(&lo, &hi);
        m_camera.reset(lo, hi);
    }
    update();
}

const QList<PaletteClip> &ViewportCanvas::activeClips() const
{
    return m_snapshot.isValid() ? m_snapshot.clips() : m_scene.source().clips;
}

void ViewportCanvas::contentBounds(QVector3D *lo, QVector3D *hi) const
{
    if (m_snapshot.isValid()) {
        *lo = m_snapshot.referenceLo();
        *hi = m_snapshot.referenceHi();
    } else {
        *lo = m_scene.referenceLo();
        *hi = m_scene.referenceHi();
    }
    if (!(lo->x() <= hi->x() && lo->y() <= hi->y() && lo->z() <= hi->z())) { // nothing finite
        *lo = QVector3D(-0.5f, 0, -0.5f);
        *hi = QVector3D(0.5f, 1, 0.5f);
    }
}

void ViewportCanvas::uploadSnapshot()
{
    m_snapshotDirty = false;
    if (!m_snapshot.isValid()) {
        m_snapshotRenderer.setSource(SnapshotSource()); // frees nothing, forgets the old file
        return;
    }
    if (!m_snapshotRenderer.setSource(m_snapshot)) {
        m_message->setText(QStringLiteral("Cannot show this file: ") + m_snapshotRenderer.error());
        m_message->show();
    }
}

int ViewportCanvas::paintSnapshot(const CreatureRenderer::DrawParameters &parameters)
{
    if (!m_snapshotRenderer.showFrame(currentGlobalFrame()))
        return 0;
    return m_snapshotRenderer.draw(parameters);
}

QByteArray ViewportCanvas::readBackSnapshotVertices()
{
    if (!m_glReady)
        return {};
    makeCurrent();
    const QByteArray bytes = m_snapshotRenderer.readBackVertices();
    doneCurrent();
    return bytes;
}

} // namespace bpat::studio

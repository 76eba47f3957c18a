#include "ViewportCanvas.h"

#include "bpat/BpatFile.h"
#include "CrowdLayout.h"

#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QPainter>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <cmath>

namespace bpat::studio {

ViewportCanvas::ViewportCanvas(QWidget *parent)
    : QOpenGLWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setMinimumSize(160, 120);
    m_message = new QLabel(this);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_message->setAutoFillBackground(true);
    m_message->hide();
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_message);
    m_animation.setInterval(16);
    connect(&m_animation, &QTimer::timeout, this, qOverload<>(&QWidget::update));
    m_clock.start();
    m_frameClock.start();
}

ViewportCanvas::~ViewportCanvas()
{
    cleanup();
    // QOpenGLWidget's destructor destroys the context after this one has run: its
    // aboutToBeDestroyed must not call cleanup() on what is no longer a ViewportCanvas (UBSan).
    if (context())
        disconnect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &ViewportCanvas::cleanup);
}

void ViewportCanvas::showUnavailable(const QString &reason)
{
    m_unavailable = reason;
    m_message->setText(reason);
    m_message->show();
    Q_EMIT unavailable(reason);
}

void ViewportCanvas::showNothing(const QString &why)
{
    if (!m_unavailable.isEmpty())
        return;
    m_message->setText(QStringLiteral("Nothing to show: ") + why);
    m_message->show();
}

void ViewportCanvas::setFile(const bpat::BpatFile &file, bool keepCamera)
{
    QString why;
    const PaletteSource source = PaletteSource::fromFile(file, &why);
    setSource(source, keepCamera);
    if (!source.isValid())
        showNothing(why);
    if (!keepCamera && source.isValid()) { // another file: its own bodies, by the game's naming
        findBodies(file.path(), source.speciesId);
        loadBodies();
        m_camera.reset(m_scene.referenceLo(), m_scene.referenceHi()); // framed on the body
    }
}

void ViewportCanvas::setSource(const PaletteSource &source, bool keepCamera)
{
    if (m_snapshot.isValid()) {
        m_snapshot = SnapshotSource();
        m_snapshotDirty = true;
        keepCamera = false; // another kind of document
    }
    m_plainSource = source;
    m_ghost.reset(); // built from the file shown before
    m_scene.setSource(source);
    if (!keepCamera) { // another document: no body until one is found or attached, no army
        m_fullBodyPath.clear(), m_minimalBodyPath.clear();
        m_army.reset();
    }
    m_crowdDirty = true;
    loadBodies(); // the same bodies, checked against the new palette
    updateRecordingCoordinates();
    m_clip = 0;
    m_frame = 0;
    m_selectedBone = m_hoverBone = -1;
    m_sceneDirty = true;
    m_instancesDirty = true;
    if (m_unavailable.isEmpty())
        m_message->hide();
    if (!m_scene.isEmpty() && !keepCamera)
        m_camera.reset(m_scene.referenceLo(), m_scene.referenceHi());
    update();
}

std::optional<PaletteSource> ViewportCanvas::sameShapeSource(const bpat::BpatFile &file)
{
    if (!m_scene.isEmpty() && !m_snapshot.isValid()) {
        PaletteSource source = PaletteSource::fromFile(file);
        if (source.isValid() && source.samePaletteShape(m_scene.source()))
            return source;
    }
    setFile(file, true); // not the same palette after all
    return std::nullopt;
}

void ViewportCanvas::updateTables(const bpat::BpatFile &file, bool socketsChanged)
{
    const std::optional<PaletteSource> source = sameShapeSource(file);
    if (!source)
        return;
    m_scene.replaceTables(*source);
    m_socketsDirty = m_socketsDirty || socketsChanged;
    m_instancesDirty = true;
    update();
}

void ViewportCanvas::updatePalette(const bpat::BpatFile &file, int clip)
{
    if (m_ghost)
        return setFile(file, true); // a compare ghost is built from the palette: made again
    const std::optional<PaletteSource> source = sameShapeSource(file);
    if (!source)
        return;
    if (clip < 0 || clip >= source->clips.size())
        return setFile(file, true);
    m_plainSource = *source;
    m_scene.replaceTables(*source);
    const PaletteClip &edited = source->clips.at(clip);
    const std::pair<quint32, quint32> rows{edited.frameOffset, edited.frameOffset + edited.frameCount};
    m_paletteRows =
        m_paletteDirty ? std::pair{std::min(m_paletteRows.first, rows.first), std::max(m_paletteRows.second, rows.second)} : rows;
    m_paletteDirty = true;
    m_instancesDirty = true;
    m_crowdDirty = true; // the crowd's levels are made from the palette too
    update();
}

void ViewportCanvas::clear()
{
    setSource(PaletteSource());
}

void ViewportCanvas::setCurrentFrame(int clip, int frame)
{
    const int previousClip = m_clip;
    const double visibleBefore = clip != previousClip ? visibleFraction() : 0.0;
    m_clip = std::clamp(clip, 0, std::max(0, int(activeClips().size()) - 1));
    m_frame = std::max(0, frame);
    m_clock.restart();
    m_instancesDirty = true;
    syncOverlayFrame(); // an overlaid recording follows the clip's time
    // A new clip that moves the creature out of the view (riding clips sit the rider where
    // the horse's back is) is framed; otherwise the user's camera stays as it is (also when
    // it was zoomed in on a detail: nothing is lost that was in view).
    if (m_clip != previousClip) {
        const double visibleAfter = visibleFraction();
        if (visibleAfter < 0.75 && visibleAfter < visibleBefore - 0.1)
            frameAll();
    }
    update();
}

void ViewportCanvas::setPlaying(bool playing)
{
    m_playing = playing;
    m_clock.restart();
    m_instancesDirty = true;
    if (m_playing || showsCrowd())
        m_animation.start();
    else
        m_animation.stop();
    update();
}

void ViewportCanvas::setCrowdSize(int instances)
{
    m_crowd = std::clamp(instances, 1, 1000000);
    m_crowdDirty = true;
    m_instancesDirty = true;
    setPlaying(m_playing);
    if (m_crowd > 1)
        frameAll();
}

void ViewportCanvas::setOverlay(Overlay overlay, bool on)
{
    m_overlays.setFlag(overlay, on);
    update();
}

void ViewportCanvas::setOverlays(Overlays overlays)
{
    m_overlays = overlays;
    update();
}

void ViewportCanvas::setPerBoneColors(bool on)
{
    m_perBoneColors = on;
    update();
}

void ViewportCanvas::setInterpolation(bool on)
{
    m_interpolate = on;
    update();
}

void ViewportCanvas::setSelectedBone(int bone)
{
    m_selectedBone = bone >= 0 && bone < m_scene.source().boneCount ? bone : -1;
    if (!m_selectedBones.contains(m_selectedBone))
        m_selectedBones = m_selectedBone >= 0 ? QList<int>{m_selectedBone} : QList<int>();
    update();
}

void ViewportCanvas::setSelectedBones(const QList<int> &bones)
{
    m_selectedBones.clear();
    for (int bone : bones) {
        if (bone >= 0 && bone < m_scene.source().boneCount)
            m_selectedBones.append(bone);
    }
    if (m_selectedBone >= 0 && !m_selectedBones.contains(m_selectedBone))
        m_selectedBones.append(m_selectedBone);
    update();
}

void ViewportCanvas::frameAll()
{
    if (!hasContent() && !m_army)
        return;
    QVector3D lo, hi;
    if (drawsRecording() && !drawsCreature()) {
        frameRecording();
        return;
    }
    if (showsCrowd() && crowdBounds(&lo, &hi)) {
        // the whole crowd
    } else if (showsSnapshot()) {
        m_snapshot.bounds(currentGlobalFrame(), &lo, &hi);
        if (!(lo.x() <= hi.x()))
            contentBounds(&lo, &hi);
    } else {
        m_scene.bounds(currentGlobalFrame(), &lo, &hi);
    }
    m_camera.frame(lo, hi);
    update();
}

void ViewportCanvas::resetCamera()
{
    m_camera = OrbitCamera();
    if (hasContent()) {
        QVector3D lo, hi;
        contentBounds(&lo, &hi);
        m_camera.reset(lo, hi);
    }
    update();
}

void ViewportCanvas::viewFront()
{
    m_camera.setView(OrbitCamera::View::Front);
    update();
}
void ViewportCanvas::viewSide()
{
    m_camera.setView(OrbitCamera::View::Side);
    update();
}
void ViewportCanvas::viewTop()
{
    m_camera.setView(OrbitCamera::View::Top);
    update();
}

float ViewportCanvas::playbackTime() const
{
    return m_playing || showsCrowd() ? float(m_clock.nsecsElapsed() / 1.0e9) : 0.0f;
}

quint32 ViewportCanvas::currentGlobalFrame() const
{
    const QList<PaletteClip> &clips = activeClips();
    if (clips.isEmpty())
        return 0;
    const PaletteClip &clip = clips.at(std::clamp(m_clip, 0, int(clips.size()) - 1));
    const float count = float(clip.frameCount);
    const float start = float(std::min<quint32>(quint32(m_frame), clip.frameCount - 1));
    float phase = start / count + (m_playing ? playbackTime() * clip.fps / count : 0.0f);
    phase = clip.loops ? phase - std::floor(phase) : std::clamp(phase, 0.0f, 1.0f);
    const float f = std::clamp(std::floor(phase * count + 1e-4f), 0.0f, count - 1);
    return clip.frameOffset + quint32(f);
}

void ViewportCanvas::initializeGL()
{
    connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &ViewportCanvas::cleanup, Qt::UniqueConnection);
    if (!context() || !context()->isValid()) {
        showUnavailable(QStringLiteral("The OpenGL context is not valid."));
        return;
    }
    if (context()->format().version() < qMakePair(3, 3)) {
        showUnavailable(QStringLiteral("OpenGL %1.%2 is too old: the viewport needs 3.3.")
                            .arg(context()->format().majorVersion())
                            .arg(context()->format().minorVersion()));
        return;
    }
    initializeOpenGLFunctions();
    m_renderer = QString::fromLatin1(reinterpret_cast<const char *>(glGetString(GL_RENDERER)));
    QString error;
    if (!m_renderer3d.initialize() || !m_lines.initialize(&error) || !m_snapshotRenderer.initialize()
        || !m_recordingRenderer.initialize() || !m_crowdRenderer.initialize()) {
        showUnavailable(!m_renderer3d.error().isEmpty()             ? m_renderer3d.error()
                            : !error.isEmpty()                      ? error
                            : !m_snapshotRenderer.error().isEmpty() ? m_snapshotRenderer.error()
                                                                    : m_recordingRenderer.error());
        cleanup();
        return;
    }
    m_renderer3d.setSkinningPath(m_skinningPath);
    m_crowdRenderer.setSkinningPath(m_skinningPath);
    m_glReady = true;
    m_sceneDirty = m_instancesDirty = m_snapshotDirty = m_recordingDirty = m_recordingMeshDirty = m_crowdDirty = true;
}

void ViewportCanvas::cleanup()
{
    if (!m_glReady)
        return;
    makeCurrent();
    m_renderer3d.destroy();
    m_lines.destroy();
    m_snapshotRenderer.destroy();
    m_recordingRenderer.destroy();
    m_crowdRenderer.destroy();
    doneCurrent();
    m_glReady = false;
}

void ViewportCanvas::resizeGL(int, int) { }

void ViewportCanvas::uploadScene()
{
    m_sceneDirty = false;
    m_socketsDirty = false;
    if (m_scene.isEmpty())
        return;
    if (!m_renderer3d.setSource(m_scene.source(), m_maxRows)) {
        m_message->setText(QStringLiteral("Cannot show this file: ") + m_renderer3d.error());
        m_message->show();
        return;
    }
    uploadMeshes();
    m_instancesDirty = true;
    m_crowdDirty = true; // the crowd's levels are made from the palette too
}

void ViewportCanvas::updateInstances()
{
    m_instancesDirty = false;
    const QList<PaletteClip> &clips = m_scene.source().clips;
    if (clips.isEmpty()) {
        m_drawnInstances.clear();
        m_renderer3d.setInstances({});
        return;
    }
    if (m_crowd > 1) {
        m_renderer3d.setInstances({}); // the crowd renderer draws it (updateCrowd)
        m_crowdDirty = true;
        return;
    }
    const PaletteClip &clip = clips.at(std::clamp(m_clip, 0, int(clips.size()) - 1));
    CreatureInstance instance = CreatureInstance::atFrame(clip.frameOffset, clip.frameCount,
                                                          std::min<quint32>(quint32(m_frame), clip.frameCount - 1), clip.loops);
    if (m_playing)
        instance.fps = clip.fps;
    // Onion skins ride in the same instanced draw (one draw call however many ghosts).
    m_drawnInstances = {instance};
    for (CreatureInstance ghost :
         onionInstances(clip, std::min<quint32>(quint32(m_frame), clip.frameCount - 1), m_onion, m_onionSpacing)) {
        ghost.fps = instance.fps;
        m_drawnInstances.append(ghost);
    }
    // Compare mode: the other file's paired clip at the same frame, in the same draw.
    if (m_ghost && m_clip >= 0 && m_clip < m_ghost->ghostOf.size() && m_ghost->ghostOf.at(m_clip)) {
        const PaletteClip &other = *m_ghost->ghostOf.at(m_clip);
        CreatureInstance ghost = CreatureInstance::atFrame(
            other.frameOffset, other.frameCount, std::min<quint32>(quint32(m_frame), other.frameCount - 1), other.loops);
        ghost.loops |= (kCompareGhostFade << 8) | kCompareGhostBit;
        ghost.fps = m_playing ? clip.fps * float(other.frameCount) / float(clip.frameCount) : 0.0f; // the creature's phase
        m_drawnInstances.append(ghost);
    }
    m_renderer3d.setInstances(m_drawnInstances);
}

QMatrix4x4 ViewportCanvas::viewProjection() const
{
    return m_camera.projection(float(width()) / float(std::max(1, height()))) * m_camera.view();
}

void ViewportCanvas::paintGL()
{
    m_frameRate.frame(m_frameClock.nsecsElapsed() / 1.0e6);
    m_frameClock.restart();
    glClearColor(0.16f, 0.17f, 0.19f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    if (!m_glReady)
        return;
    QElapsedTimer cpu;
    cpu.start();
    if (m_sceneDirty) {
        uploadScene();
    } else if (m_paletteDirty
               && !m_renderer3d.updatePaletteRows(m_scene.source(), m_paletteRows.first,
                                                  m_paletteRows.second - m_paletteRows.first)
               && !m_renderer3d.setSource(m_scene.source(), m_maxRows)) {
        m_message->setText(QStringLiteral("Cannot show this file: ") + m_renderer3d.error());
        m_message->show();
    }
    m_paletteDirty = false;
    if (m_socketsDirty) {
        m_socketsDirty = false;
        m_renderer3d.setSockets(m_scene.source(), m_maxRows);
    }
    if (m_instancesDirty)
        updateInstances();
    if (m_crowdDirty)
        updateCrowd();

    glEnable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    const QMatrix4x4 vp = viewProjection();
    CreatureRenderer::DrawParameters parameters;
    parameters.viewProjection = vp;
    parameters.cameraPosition = m_camera.position();
    parameters.time = playbackTime();
    parameters.interpolate = m_interpolate;
    parameters.colorMode = m_perBoneColors ? 1 : 0;
    parameters.selectedBone = showsCrowd() ? -1 : m_selectedBone;
    if (m_snapshotDirty)
        uploadSnapshot();
    m_lastDrawCalls = 0;
    if (showsCrowd() && (m_army || drawsCreature())) {
        paintCrowd(parameters); // the army, or the shown file's crowd
    } else if (drawsCreature() && showsSnapshot()) {
        m_lastDrawCalls = paintSnapshot(parameters);
    } else if (drawsCreature() && !m_scene.isEmpty()) {
        // Onion skins and the compare ghost fade (alpha); the creature is drawn first, so ghosts
        // behind it stay hidden. The framebuffer's own alpha stays 1: Qt composes the canvas into
        // the window (and --screenshot) with it, which turned faded pixels teal.
        glEnable(GL_BLEND);
        glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
        m_lastDrawCalls = m_renderer3d.draw(parameters);
        glDisable(GL_BLEND);
    }
    if (!m_army)
        paintRecording(parameters);
    drawOverlays(vp);
    const double cpuMs = cpu.nsecsElapsed() / 1.0e6;
    drawText(vp, cpuMs);
}

} // namespace bpat::studio

#include "ViewportWidget.h"

#include "BpatFile.h"
#include "CrowdLayout.h"

#include <QGuiApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QPainter>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <cmath>

ViewportWidget::ViewportWidget(QWidget *parent)
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
    const QString problem = openGLProblem();
    if (!problem.isEmpty())
        showUnavailable(problem);
}

ViewportWidget::~ViewportWidget()
{
    cleanup();
}

void ViewportWidget::setDefaultSurfaceFormat()
{
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    format.setSamples(4);
    QSurfaceFormat::setDefaultFormat(format);
}

QString ViewportWidget::openGLProblem()
{
    static const QString problem = [] {
        QOpenGLContext context;
        QSurfaceFormat format = QSurfaceFormat::defaultFormat();
        format.setVersion(3, 3);
        format.setProfile(QSurfaceFormat::CoreProfile);
        context.setFormat(format);
        if (!context.create())
            return QStringLiteral("No OpenGL on the \"%1\" platform: the viewport needs an OpenGL 3.3 core context.")
                .arg(QGuiApplication::platformName());
        QOffscreenSurface surface;
        surface.setFormat(context.format());
        surface.create();
        if (!context.makeCurrent(&surface))
            return QStringLiteral("An OpenGL context was created but cannot be made current.");
        const QPair<int, int> version = context.format().version();
        context.doneCurrent();
        if (version < qMakePair(3, 3))
            return QStringLiteral("OpenGL %1.%2 is too old: the viewport needs 3.3 (texelFetch, instancing, integer attributes).")
                .arg(version.first).arg(version.second);
        return QString();
    }();
    return problem;
}

void ViewportWidget::showUnavailable(const QString &reason)
{
    m_unavailable = reason;
    m_message->setText(reason);
    m_message->show();
    emit unavailable(reason);
}

void ViewportWidget::setFile(const bpat::BpatFile &file)
{
    QString why;
    const PaletteSource source = PaletteSource::fromFile(file, &why);
    setSource(source);
    if (!source.isValid() && m_unavailable.isEmpty()) {
        m_message->setText(QStringLiteral("Nothing to show: ") + why);
        m_message->show();
    }
}

void ViewportWidget::setSource(const PaletteSource &source)
{
    m_scene.setSource(source);
    m_clip = 0;
    m_frame = 0;
    m_selectedBone = m_hoverBone = -1;
    m_sceneDirty = true;
    m_instancesDirty = true;
    if (m_unavailable.isEmpty())
        m_message->hide();
    if (!m_scene.isEmpty())
        m_camera.reset(m_scene.referenceLo(), m_scene.referenceHi());
    update();
}

void ViewportWidget::clear()
{
    setSource(PaletteSource());
}

void ViewportWidget::setCurrentFrame(int clip, int frame)
{
    m_clip = std::clamp(clip, 0, std::max(0, int(m_scene.source().clips.size()) - 1));
    m_frame = std::max(0, frame);
    m_clock.restart();
    m_instancesDirty = true;
    update();
}

void ViewportWidget::setPlaying(bool playing)
{
    m_playing = playing;
    m_clock.restart();
    m_instancesDirty = true;
    if (m_playing || m_crowd > 1)
        m_animation.start();
    else
        m_animation.stop();
    update();
}

void ViewportWidget::setCrowdSize(int instances)
{
    m_crowd = std::clamp(instances, 1, 1000000);
    m_sceneDirty = true; // the crowd draws a lighter mesh
    m_instancesDirty = true;
    setPlaying(m_playing);
    if (m_crowd > 1)
        frameAll();
}

void ViewportWidget::setOverlay(Overlay overlay, bool on)
{
    m_overlays.setFlag(overlay, on);
    update();
}

void ViewportWidget::setOverlays(Overlays overlays)
{
    m_overlays = overlays;
    update();
}

void ViewportWidget::setPerBoneColors(bool on)
{
    m_perBoneColors = on;
    update();
}

void ViewportWidget::setInterpolation(bool on)
{
    m_interpolate = on;
    update();
}

void ViewportWidget::setSelectedBone(int bone)
{
    m_selectedBone = bone >= 0 && bone < m_scene.source().boneCount ? bone : -1;
    update();
}

void ViewportWidget::frameAll()
{
    if (m_scene.isEmpty())
        return;
    QVector3D lo, hi;
    if (m_crowd > 1) {
        const float spacing = std::max(m_scene.referenceHi().x() - m_scene.referenceLo().x(),
                                       m_scene.referenceHi().z() - m_scene.referenceLo().z()) * 1.4f;
        const float half = std::ceil(std::sqrt(float(m_crowd))) * spacing / 2;
        lo = QVector3D(-half, m_scene.referenceLo().y(), -half);
        hi = QVector3D(half, m_scene.referenceHi().y(), half);
    } else {
        m_scene.bounds(currentGlobalFrame(), &lo, &hi);
    }
    m_camera.frame(lo, hi);
    update();
}

void ViewportWidget::resetCamera()
{
    m_camera = OrbitCamera();
    if (!m_scene.isEmpty())
        m_camera.reset(m_scene.referenceLo(), m_scene.referenceHi());
    update();
}

void ViewportWidget::viewFront() { m_camera.setView(OrbitCamera::View::Front); update(); }
void ViewportWidget::viewSide() { m_camera.setView(OrbitCamera::View::Side); update(); }
void ViewportWidget::viewTop() { m_camera.setView(OrbitCamera::View::Top); update(); }

float ViewportWidget::playbackTime() const
{
    return m_playing || m_crowd > 1 ? float(m_clock.nsecsElapsed() / 1.0e9) : 0.0f;
}

quint32 ViewportWidget::currentGlobalFrame() const
{
    const QList<PaletteClip> &clips = m_scene.source().clips;
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

void ViewportWidget::initializeGL()
{
    connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &ViewportWidget::cleanup, Qt::UniqueConnection);
    if (!context() || !context()->isValid()) {
        showUnavailable(QStringLiteral("The OpenGL context is not valid."));
        return;
    }
    if (context()->format().version() < qMakePair(3, 3)) {
        showUnavailable(QStringLiteral("OpenGL %1.%2 is too old: the viewport needs 3.3.")
                            .arg(context()->format().majorVersion()).arg(context()->format().minorVersion()));
        return;
    }
    initializeOpenGLFunctions();
    m_renderer = QString::fromLatin1(reinterpret_cast<const char *>(glGetString(GL_RENDERER)));
    QString error;
    if (!m_renderer3d.initialize() || !m_lines.initialize(&error)) {
        showUnavailable(m_renderer3d.error().isEmpty() ? error : m_renderer3d.error());
        cleanup();
        return;
    }
    m_glReady = true;
    m_sceneDirty = m_instancesDirty = true;
}

void ViewportWidget::cleanup()
{
    if (!m_glReady)
        return;
    makeCurrent();
    m_renderer3d.destroy();
    m_lines.destroy();
    doneCurrent();
    m_glReady = false;
}

void ViewportWidget::resizeGL(int, int) {}

void ViewportWidget::uploadScene()
{
    m_sceneDirty = false;
    if (m_scene.isEmpty())
        return;
    if (!m_renderer3d.setSource(m_scene.source(), m_maxRows)) {
        m_message->setText(QStringLiteral("Cannot show this file: ") + m_renderer3d.error());
        m_message->show();
        return;
    }
    m_renderer3d.setMesh(m_crowd > 1 ? m_scene.crowdMesh() : m_scene.mesh());
}

void ViewportWidget::updateInstances()
{
    m_instancesDirty = false;
    const QList<PaletteClip> &clips = m_scene.source().clips;
    if (clips.isEmpty()) {
        m_renderer3d.setInstances({});
        return;
    }
    if (m_crowd > 1) {
        const float spacing = std::max(m_scene.referenceHi().x() - m_scene.referenceLo().x(),
                                       m_scene.referenceHi().z() - m_scene.referenceLo().z()) * 1.4f;
        m_renderer3d.setInstances(CrowdLayout::grid(m_scene.source(), m_crowd, std::max(spacing, 0.1f)));
        return;
    }
    const PaletteClip &clip = clips.at(std::clamp(m_clip, 0, int(clips.size()) - 1));
    CreatureInstance instance = CreatureInstance::atFrame(clip.frameOffset, clip.frameCount,
                                                          std::min<quint32>(quint32(m_frame), clip.frameCount - 1), clip.loops);
    if (m_playing)
        instance.fps = clip.fps;
    m_renderer3d.setInstances({instance});
}

QMatrix4x4 ViewportWidget::viewProjection() const
{
    return m_camera.projection(float(width()) / float(std::max(1, height()))) * m_camera.view();
}

void ViewportWidget::paintGL()
{
    const double interval = m_frameClock.nsecsElapsed() / 1.0e6;
    m_frameClock.restart();
    m_frameMs = m_frameMs == 0 ? interval : m_frameMs * 0.9 + interval * 0.1;
    glClearColor(0.16f, 0.17f, 0.19f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    if (!m_glReady)
        return;
    QElapsedTimer cpu;
    cpu.start();
    if (m_sceneDirty)
        uploadScene();
    if (m_instancesDirty)
        updateInstances();
    glEnable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    const QMatrix4x4 vp = viewProjection();
    CreatureRenderer::DrawParameters parameters;
    parameters.viewProjection = vp;
    parameters.cameraPosition = m_camera.position();
    parameters.time = playbackTime();
    parameters.interpolate = m_interpolate;
    parameters.colorMode = m_perBoneColors ? 1 : 0;
    parameters.selectedBone = m_crowd > 1 ? -1 : m_selectedBone;
    m_lastDrawCalls = m_scene.isEmpty() ? 0 : m_renderer3d.draw(parameters);
    drawOverlays(vp);
    const double cpuMs = cpu.nsecsElapsed() / 1.0e6;
    drawText(vp, cpuMs);
}

#include "ViewportWidget.h"

#include <QGuiApplication>
#include <QLabel>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QStackedLayout>

namespace bpat::studio {

ViewportWidget::ViewportWidget(QWidget *parent)
    : QWidget(parent)
{
    m_stack = new QStackedLayout(this);
    m_message = new QLabel(this);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_message->setMargin(24);
    m_stack->addWidget(m_message);
    const QString problem = openGLProblem();
    if (!problem.isEmpty()) {
        showReason(problem);
        return;
    }
    m_canvas = new ViewportCanvas(this);
    m_stack->addWidget(m_canvas);
    m_stack->setCurrentWidget(m_canvas);
    setFocusProxy(m_canvas);
    connect(m_canvas, &ViewportCanvas::boneSelected, this, &ViewportWidget::boneSelected);
    connect(m_canvas, &ViewportCanvas::boneToggled, this, &ViewportWidget::boneToggled);
    connect(m_canvas, &ViewportCanvas::bodyChanged, this, &ViewportWidget::bodyChanged);
    connect(m_canvas, &ViewportCanvas::unavailable, this, &ViewportWidget::showReason);
}

ViewportWidget::~ViewportWidget() = default;

void ViewportWidget::showReason(const QString &reason)
{
    m_reason = reason;
    m_message->setText(tr("3D view unavailable.\n%1").arg(reason));
    m_stack->setCurrentWidget(m_message);
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
        // These platforms have no OpenGL compositing for widgets even when a GL context can be
        // made (the offscreen plugin makes GLX contexts when DISPLAY is set).
        const QString platform = QGuiApplication::platformName();
        if (platform == u"offscreen" || platform == u"minimal" || platform == u"linuxfb" || platform == u"vnc")
            return QStringLiteral(
                       "The \"%1\" platform cannot show OpenGL widgets: the viewport needs an OpenGL 3.3 core context.")
                .arg(platform);
        if (qEnvironmentVariableIntValue("BPAT_NO_OPENGL") != 0)
            return QStringLiteral("OpenGL is turned off (BPAT_NO_OPENGL is set).");
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
                .arg(version.first)
                .arg(version.second);
        return QString();
    }();
    return problem;
}

void ViewportWidget::setFile(const bpat::BpatFile &file, bool keepCamera)
{
    if (m_canvas)
        m_canvas->setFile(file, keepCamera);
}
void ViewportWidget::updateTables(const bpat::BpatFile &file, bool socketsChanged)
{
    if (m_canvas)
        m_canvas->updateTables(file, socketsChanged);
}
void ViewportWidget::updatePalette(const bpat::BpatFile &file, int clip)
{
    if (m_canvas)
        m_canvas->updatePalette(file, clip);
}
void ViewportWidget::setSnapshot(const bpat::BpsmFile &file, bool keepCamera)
{
    if (m_canvas)
        m_canvas->setSnapshot(file, keepCamera);
}
void ViewportWidget::setSource(const PaletteSource &source)
{
    if (m_canvas)
        m_canvas->setSource(source);
}
void ViewportWidget::clear()
{
    if (m_canvas)
        m_canvas->clear();
}
void ViewportWidget::setCurrentFrame(int clip, int frame)
{
    if (m_canvas)
        m_canvas->setCurrentFrame(clip, frame);
}
void ViewportWidget::setPlaying(bool playing)
{
    if (m_canvas)
        m_canvas->setPlaying(playing);
}
void ViewportWidget::setCrowdSize(int instances)
{
    if (m_canvas)
        m_canvas->setCrowdSize(instances);
}
void ViewportWidget::setOverlay(ViewportCanvas::Overlay overlay, bool on)
{
    if (m_canvas)
        m_canvas->setOverlay(overlay, on);
}
void ViewportWidget::setOverlays(ViewportCanvas::Overlays overlays)
{
    if (m_canvas)
        m_canvas->setOverlays(overlays);
}
void ViewportWidget::setPerBoneColors(bool on)
{
    if (m_canvas)
        m_canvas->setPerBoneColors(on);
}
void ViewportWidget::setInterpolation(bool on)
{
    if (m_canvas)
        m_canvas->setInterpolation(on);
}
void ViewportWidget::setSelectedBone(int bone)
{
    if (m_canvas)
        m_canvas->setSelectedBone(bone);
}
void ViewportWidget::setSelectedBones(const QList<int> &bones)
{
    if (m_canvas)
        m_canvas->setSelectedBones(bones);
}
void ViewportWidget::setFlaggedBones(const QList<ViewportCanvas::FlaggedBone> &bones)
{
    if (m_canvas)
        m_canvas->setFlaggedBones(bones);
}
void ViewportWidget::setFootContacts(std::shared_ptr<const bpat::FootContacts> contacts)
{
    if (m_canvas)
        m_canvas->setFootContacts(std::move(contacts));
}
void ViewportWidget::frameAll()
{
    if (m_canvas)
        m_canvas->frameAll();
}
void ViewportWidget::frameClip(int clip)
{
    if (m_canvas)
        m_canvas->frameClip(clip);
}
void ViewportWidget::resetCamera()
{
    if (m_canvas)
        m_canvas->resetCamera();
}
void ViewportWidget::viewFront()
{
    if (m_canvas)
        m_canvas->viewFront();
}
void ViewportWidget::viewSide()
{
    if (m_canvas)
        m_canvas->viewSide();
}
void ViewportWidget::viewTop()
{
    if (m_canvas)
        m_canvas->viewTop();
}
void ViewportWidget::setRecording(std::shared_ptr<const bpat::InputAnimation> animation)
{
    if (m_canvas)
        m_canvas->setRecording(std::move(animation));
}
void ViewportWidget::setRecordingTime(double seconds)
{
    if (m_canvas)
        m_canvas->setRecordingTime(seconds);
}
void ViewportWidget::setRecordingShown(bool shown)
{
    if (m_canvas)
        m_canvas->setRecordingShown(shown);
}
void ViewportWidget::setRecordingOverlay(bool on)
{
    if (m_canvas)
        m_canvas->setRecordingOverlay(on);
}
void ViewportWidget::setMotionPaths(const QStringList &names)
{
    if (m_canvas)
        m_canvas->setMotionPaths(names);
}
void ViewportWidget::setOnionSkins(int count, int spacing)
{
    if (m_canvas)
        m_canvas->setOnionSkins(count, spacing);
}
void ViewportWidget::setCompareGhost(std::shared_ptr<const CompareGhost> ghost)
{
    if (m_canvas)
        m_canvas->setCompareGhost(std::move(ghost));
}
void ViewportWidget::setArmy(std::shared_ptr<const CrowdScene> army)
{
    if (m_canvas)
        m_canvas->setArmy(std::move(army));
}
void ViewportWidget::setSkinningPath(std::optional<SkinningPath> path)
{
    if (m_canvas)
        m_canvas->setSkinningPath(path);
}
void ViewportWidget::setRecordingOffset(double seconds)
{
    if (m_canvas)
        m_canvas->setRecordingOffset(seconds);
}
void ViewportWidget::setBodyMode(ViewportCanvas::BodyMode mode)
{
    if (m_canvas)
        m_canvas->setBodyMode(mode);
}
void ViewportWidget::setBodyFiles(const QString &fullPath, const QString &minimalPath)
{
    if (m_canvas)
        m_canvas->setBodyFiles(fullPath, minimalPath);
}

} // namespace bpat::studio

#include "ClipRenderer.h"

#include "bpat/BpatFile.h"
#include "bprm/BodyFiles.h"
#include "bpsm/BpsmFile.h"

#include <QFileInfo>
#include <QGuiApplication>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QOpenGLFramebufferObject>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {
// The viewport's background and the compare ghost's fade (ViewportCanvas::paintGL, updateInstances).
constexpr float kBackground[3] = {0.16f, 0.17f, 0.19f};
constexpr quint32 kGhostBit = 1u << 16;
constexpr quint32 kGhostFade = 24;
constexpr int kMaxSide = 8192;
} // namespace

ClipRenderer::ClipRenderer() = default;

ClipRenderer::~ClipRenderer()
{
    if (m_context && m_surface && m_context->makeCurrent(m_surface.get())) {
        m_creature.destroy();
        m_lines.destroy();
        m_snapshotRenderer.destroy();
        m_fbo.reset();
        m_context->doneCurrent();
    }
}

bool ClipRenderer::begin(QString *error)
{
    if (m_ready)
        return true;
    if (QGuiApplication::platformName() == QLatin1String("offscreen") || QGuiApplication::platformName().isEmpty()) {
        *error = QStringLiteral("no OpenGL on the \"%1\" platform: run under X or Xvfb (xvfb-run -a)")
                     .arg(QGuiApplication::platformName());
        return false;
    }
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    m_context = std::make_unique<QOpenGLContext>();
    m_context->setFormat(format);
    if (!m_context->create()) {
        *error = QStringLiteral("cannot create an OpenGL 3.3 context on the \"%1\" platform (run under X or xvfb-run -a)")
                     .arg(QGuiApplication::platformName());
        return false;
    }
    m_surface = std::make_unique<QOffscreenSurface>();
    m_surface->setFormat(m_context->format());
    m_surface->create();
    if (!m_context->makeCurrent(m_surface.get())) {
        *error = QStringLiteral("cannot make the OpenGL context current");
        return false;
    }
    if (m_context->format().version() < qMakePair(3, 3)) {
        *error = QStringLiteral("OpenGL %1.%2 is older than 3.3")
                     .arg(m_context->format().majorVersion())
                     .arg(m_context->format().minorVersion());
        return false;
    }
    if (!m_creature.initialize()) {
        *error = m_creature.error();
        return false;
    }
    if (!m_lines.initialize(error))
        return false;
    if (!m_snapshotRenderer.initialize()) {
        *error = m_snapshotRenderer.error();
        return false;
    }
    m_ready = true;
    return true;
}

QString ClipRenderer::glRendererName() const
{
    if (!m_ready)
        return QString();
    return QString::fromLatin1(reinterpret_cast<const char *>(m_context->extraFunctions()->glGetString(GL_RENDERER)));
}

bool ClipRenderer::setFile(const bpat::BpatFile &file, QString *error, const QString &fullBody, const QString &minimalBody)
{
    QString why;
    const PaletteSource source = PaletteSource::fromFile(file, &why);
    if (!source.isValid()) {
        *error = why.isEmpty() ? QStringLiteral("the palette cannot be drawn") : why;
        return false;
    }
    m_plainSource = source;
    m_snapshot = SnapshotSource();
    m_ghost.reset();
    m_scene.setSource(source);
    QString full = fullBody, minimal = minimalBody;
    if (full.isEmpty() && minimal.isEmpty()) {
        const bpat::BodyFiles::Bodies found = bpat::BodyFiles::besideBpat(file.path(), source.speciesId);
        full = found.full;
        minimal = found.minimal;
    }
    m_fullBody = m_minimalBody = BodySource();
    m_bodyError.clear();
    if (full.isEmpty() && minimal.isEmpty()) {
        m_bodyError = QStringLiteral("no body beside the file");
    } else if (const QString problem = m_scene.bodyProblem(); !problem.isEmpty()) {
        m_bodyError = problem;
    } else {
        QStringList refused;
        for (auto [path, body] : {std::pair{&full, &m_fullBody}, std::pair{&minimal, &m_minimalBody}}) {
            if (path->isEmpty())
                continue;
            QString bodyWhy;
            *body = BodySource::open(*path, source.boneCount, &bodyWhy);
            if (!body->isValid())
                refused << QStringLiteral("%1: %2").arg(QFileInfo(*path).fileName(), bodyWhy);
        }
        m_bodyError = refused.join(QStringLiteral("; "));
    }
    applyBody();
    return true;
}

bool ClipRenderer::setSnapshot(const bpat::BpsmFile &file, QString *error)
{
    QString why;
    SnapshotSource source = SnapshotSource::fromFile(file, &why);
    if (!source.isValid()) {
        *error = why.isEmpty() ? QStringLiteral("the snapshot cannot be drawn") : why;
        return false;
    }
    m_snapshot = std::move(source);
    m_snapshotDirty = true;
    m_scene.clear();
    m_ghost.reset();
    return true;
}

void ClipRenderer::bounds(quint32 globalFrame, QVector3D *lo, QVector3D *hi) const
{
    if (m_snapshot.isValid())
        m_snapshot.bounds(globalFrame, lo, hi);
    else
        m_scene.bounds(globalFrame, lo, hi);
}

void ClipRenderer::referenceBounds(QVector3D *lo, QVector3D *hi) const
{
    *lo = m_snapshot.isValid() ? m_snapshot.referenceLo() : m_scene.referenceLo();
    *hi = m_snapshot.isValid() ? m_snapshot.referenceHi() : m_scene.referenceHi();
    if (!(lo->x() <= hi->x() && lo->y() <= hi->y() && lo->z() <= hi->z())) { // nothing finite
        *lo = QVector3D(-0.5f, 0, -0.5f);
        *hi = QVector3D(0.5f, 1, 0.5f);
    }
}

void ClipRenderer::setBody(Body body)
{
    m_body = body;
    applyBody();
}

void ClipRenderer::applyBody() // as ViewportCanvas::applyBodyMode
{
    const BodySource *chosen = nullptr;
    if (m_body == Body::Full)
        chosen = m_fullBody.isValid() ? &m_fullBody : m_minimalBody.isValid() ? &m_minimalBody : nullptr;
    else if (m_body == Body::Minimal)
        chosen = m_minimalBody.isValid() ? &m_minimalBody : m_fullBody.isValid() ? &m_fullBody : nullptr;
    if (chosen)
        m_scene.setBody(*chosen);
    else
        m_scene.clearBody();
    m_dirty = true;
}

QString ClipRenderer::bodyStatus() const
{
    if (m_snapshot.isValid())
        return QStringLiteral("snapshot mesh, %1 vertices").arg(m_snapshot.vertexCount());
    if (m_scene.showsBody())
        return m_scene.body().label();
    if (m_body == Body::StandIn)
        return QStringLiteral("stand-in");
    return QStringLiteral("stand-in: ") + (m_bodyError.isEmpty() ? QStringLiteral("no body") : m_bodyError);
}

void ClipRenderer::setCompareGhost(std::shared_ptr<const CompareGhost> ghost)
{
    m_ghost = std::move(ghost);
    m_scene.setSource(m_ghost ? m_ghost->source : m_plainSource); // as ViewportCanvas::setCompareGhost
    applyBody();
}

void ClipRenderer::frame(Camera camera, int clip, const QList<quint32> &frames, QSize size)
{
    switch (camera) {
    case Camera::Front: m_camera.setView(OrbitCamera::View::Front); break;
    case Camera::Side: m_camera.setView(OrbitCamera::View::Side); break;
    case Camera::Top: m_camera.setView(OrbitCamera::View::Top); break;
    case Camera::ThreeQuarter:
        m_camera.yaw = 30;
        m_camera.pitch = 15;
        break;
    }
    const QList<PaletteClip> &all = clips();
    QVector3D lo(INFINITY, INFINITY, INFINITY), hi(-INFINITY, -INFINITY, -INFINITY);
    if (clip >= 0 && clip < all.size()) {
        const PaletteClip &c = all.at(clip);
        QList<quint32> at = frames;
        if (at.isEmpty()) {
            const quint32 step = std::max<quint32>(1, c.frameCount / 48); // about 48 poses, as frameClip
            for (quint32 f = 0; f < c.frameCount; f += step)
                at.append(f);
        }
        for (const quint32 f : at) {
            QVector3D l, h;
            bounds(c.frameOffset + std::min(f, c.frameCount - 1), &l, &h);
            for (int i = 0; i < 3; ++i) {
                lo[i] = std::min(lo[i], l[i]);
                hi[i] = std::max(hi[i], h[i]);
            }
        }
    }
    if (!(lo.x() <= hi.x() && lo.y() <= hi.y() && lo.z() <= hi.z())) // nothing finite: the reference pose
        referenceBounds(&lo, &hi);
    // Tighter than OrbitCamera::frame's bounding sphere: the distance at which every corner of
    // the box lies inside the frustum, with a small margin.
    m_camera.target = (lo + hi) / 2;
    m_camera.distance = 1;
    const QMatrix4x4 view = m_camera.view();
    const float aspect = float(std::max(1, size.width())) / float(std::max(1, size.height()));
    const float tanY = std::tan(qDegreesToRadians(m_camera.fovY) / 2), tanX = tanY * aspect;
    float distance = 0.1f;
    for (int corner = 0; corner < 8; ++corner) {
        const QVector3D p((corner & 1) ? hi.x() : lo.x(), (corner & 2) ? hi.y() : lo.y(), (corner & 4) ? hi.z() : lo.z());
        // In view space at distance 1 the target is at z = -1: depth beyond the target is -(z + 1).
        const QVector3D v = view.map(p);
        const float beyond = -(v.z() + 1);
        distance = std::max({distance, std::abs(v.x()) / tanX - beyond, std::abs(v.y()) / tanY - beyond});
    }
    m_camera.distance = std::clamp(distance * 1.08f, 0.1f, 1.0e5f);
}

bool ClipRenderer::ensureTarget(QSize size, QString *error)
{
    if (size.width() < 1 || size.height() < 1 || size.width() > kMaxSide || size.height() > kMaxSide) {
        *error = QStringLiteral("image size %1x%2 is outside 1..%3").arg(size.width()).arg(size.height()).arg(kMaxSide);
        return false;
    }
    if (m_fbo && m_fbo->size() == size && m_fbo->format().samples() == m_samples)
        return true;
    QOpenGLFramebufferObjectFormat format;
    format.setAttachment(QOpenGLFramebufferObject::Depth);
    format.setSamples(m_samples);
    m_fbo = std::make_unique<QOpenGLFramebufferObject>(size, format);
    if (!m_fbo->isValid()) {
        m_fbo.reset();
        *error = QStringLiteral("cannot make a %1x%2 framebuffer").arg(size.width()).arg(size.height());
        return false;
    }
    return true;
}

bool ClipRenderer::upload(QString *error) // as ViewportCanvas::uploadScene and uploadMeshes
{
    if (!m_creature.setSource(m_scene.source())) {
        *error = m_creature.error();
        return false;
    }
    m_dirty = false;
    if (!m_scene.showsBody()) {
        m_creature.setBindSpace(false);
        m_creature.setMesh(m_scene.mesh());
        m_creature.setRoleColors(m_scene.roleColors());
        return true;
    }
    const BodySource &body = m_scene.body();
    m_creature.setBindSpace(true);
    m_creature.setMeshBytes(CreatureRenderer::Slot::Near, body.vertexBytes(), body.vertexCount(), body.indexBytes(),
                            body.indexCount());
    m_creature.setRoleColors(BodySource::roleColors());
    return true;
}

QImage ClipRenderer::render(int clip, quint32 frame, QSize size, QString *error)
{
    if (!m_ready) {
        *error = QStringLiteral("the renderer has no OpenGL context");
        return {};
    }
    const QList<PaletteClip> &all = clips();
    if ((m_scene.isEmpty() && !m_snapshot.isValid()) || clip < 0 || clip >= all.size()) {
        *error = QStringLiteral("no clip %1 to draw").arg(clip);
        return {};
    }
    if (!m_context->makeCurrent(m_surface.get())) {
        *error = QStringLiteral("cannot make the OpenGL context current");
        return {};
    }
    if (!ensureTarget(size, error))
        return {};
    if (!m_snapshot.isValid() && m_dirty && !upload(error))
        return {};
    if (m_snapshot.isValid() && m_snapshotDirty) {
        if (!m_snapshotRenderer.setSource(m_snapshot)) {
            *error = m_snapshotRenderer.error();
            return {};
        }
        m_snapshotDirty = false;
    }
    // The instances of ViewportCanvas::updateInstances: the creature, then the ghost.
    const PaletteClip &c = all.at(clip);
    const quint32 at = std::min(frame, c.frameCount - 1);
    QList<CreatureInstance> instances{CreatureInstance::atFrame(c.frameOffset, c.frameCount, at, c.loops)};
    if (m_ghost && clip < m_ghost->ghostOf.size() && m_ghost->ghostOf.at(clip)) {
        const PaletteClip &other = *m_ghost->ghostOf.at(clip);
        CreatureInstance ghost =
            CreatureInstance::atFrame(other.frameOffset, other.frameCount, std::min(at, other.frameCount - 1), other.loops);
        ghost.loops |= (kGhostFade << 8) | kGhostBit;
        instances.append(ghost);
    }
    if (!m_snapshot.isValid())
        m_creature.setInstances(instances);

    QOpenGLExtraFunctions *gl = m_context->extraFunctions();
    m_fbo->bind();
    gl->glViewport(0, 0, size.width(), size.height());
    gl->glClearColor(kBackground[0], kBackground[1], kBackground[2], 1.0f);
    gl->glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    gl->glEnable(GL_DEPTH_TEST);
    gl->glDisable(GL_CULL_FACE);
    const QMatrix4x4 vp = m_camera.projection(float(size.width()) / float(size.height())) * m_camera.view();
    CreatureRenderer::DrawParameters parameters;
    parameters.viewProjection = vp;
    parameters.cameraPosition = m_camera.position();
    parameters.interpolate = true;
    gl->glEnable(GL_BLEND); // the ghost fades; the framebuffer's alpha stays 1 (ViewportCanvas::paintGL)
    gl->glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
    if (!m_snapshot.isValid())
        m_creature.draw(parameters);
    else if (m_snapshotRenderer.showFrame(m_snapshot.globalFrame(clip, at))) // as ViewportCanvas::paintSnapshot
        m_snapshotRenderer.draw(parameters);
    if (m_grid) { // ViewportCanvas::drawOverlays' grid
        QVector3D referenceLo, referenceHi;
        referenceBounds(&referenceLo, &referenceHi);
        const float scale = std::max(0.1f, referenceHi.y() - referenceLo.y());
        QList<LineVertex> lines;
        m_scene.appendGrid(lines, std::max(scale * 2.5f, 1.0f), scale > 3 ? 1.0f : 0.25f);
        m_lines.draw(lines, vp, false);
    }
    gl->glDisable(GL_BLEND);
    QImage image = m_fbo->toImage().convertToFormat(QImage::Format_RGB32);
    m_fbo->release();
    if (image.isNull())
        *error = QStringLiteral("cannot read the picture back");
    return image;
}

QImage ClipRenderer::sketch(int clip, quint32 frame, QSize size) const
{
    const QList<PaletteClip> &all = clips();
    if (clip < 0 || clip >= all.size() || size.isEmpty())
        return {};
    const PaletteClip &c = all.at(clip);
    const quint32 global = c.frameOffset + std::min(frame, c.frameCount - 1);
    const QMatrix4x4 vp = m_camera.projection(float(size.width()) / float(size.height())) * m_camera.view();
    const auto project = [&](const QVector3D &p, QPointF *at) {
        const QVector4D clipSpace = vp * QVector4D(p, 1.0f);
        if (!(clipSpace.w() > 1e-6f))
            return false;
        const QVector3D ndc = clipSpace.toVector3DAffine();
        *at = QPointF((ndc.x() + 1) * 0.5 * size.width(), (1 - ndc.y()) * 0.5 * size.height());
        return std::isfinite(at->x()) && std::isfinite(at->y());
    };
    QImage image(size, QImage::Format_RGB32);
    image.fill(QColor::fromRgbF(kBackground[0], kBackground[1], kBackground[2]));
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    if (m_snapshot.isValid()) {
        painter.setPen(QPen(QColor(214, 160, 110), 1.2));
        const quint32 count = m_snapshot.vertexCount();
        for (quint32 v = 0; v < count; v += std::max<quint32>(1, count / 4000)) {
            const std::optional<bpat::CreatureVertex> vertex = m_snapshot.file().vertex(global, v);
            QPointF at;
            if (vertex && project(QVector3D(vertex->position[0], vertex->position[1], vertex->position[2]), &at))
                painter.drawPoint(at);
        }
        return image;
    }
    const QList<QVector3D> joints = m_scene.joints(global);
    const QList<int> &parents = m_scene.parents();
    painter.setPen(QPen(QColor(230, 190, 120), std::max(1.5, size.height() / 100.0), Qt::SolidLine, Qt::RoundCap));
    QList<QPointF> linked; // the joints of the links drawn (controls and lone bones have none)
    for (int bone = 0; bone < joints.size(); ++bone) {
        const int parent = bone < parents.size() ? parents.at(bone) : -1;
        QPointF a, b;
        if (parent < 0 || parent >= joints.size() || m_scene.isControl(bone) || m_scene.isControl(parent))
            continue;
        if (project(joints.at(parent), &a) && project(joints.at(bone), &b)) {
            painter.drawLine(a, b);
            linked << a << b;
        }
    }
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(250, 235, 180));
    for (const QPointF &at : linked)
        painter.drawEllipse(at, 2.0, 2.0);
    return image;
}

std::optional<ClipRenderer::Camera> ClipRenderer::cameraFromName(const QString &name)
{
    if (name == QLatin1String("front"))
        return Camera::Front;
    if (name == QLatin1String("side"))
        return Camera::Side;
    if (name == QLatin1String("three-quarter"))
        return Camera::ThreeQuarter;
    if (name == QLatin1String("top"))
        return Camera::Top;
    return std::nullopt;
}

std::optional<ClipRenderer::Body> ClipRenderer::bodyFromName(const QString &name)
{
    if (name == QLatin1String("full"))
        return Body::Full;
    if (name == QLatin1String("minimal"))
        return Body::Minimal;
    if (name == QLatin1String("stand-in"))
        return Body::StandIn;
    return std::nullopt;
}

} // namespace bpat::studio

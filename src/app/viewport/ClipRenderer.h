#pragma once
// Pictures of a BPAT file without a window (`bpat render`, `bpat report`, the thumbnailer, the
// Python module's bpat.render): the viewport's own renderers and shaders (CreatureRenderer with
// its bone pre-pass, LineRenderer for the ground grid, the game's bodies through BodySource, the
// compare ghost) drawn into a multisampled framebuffer object of an OpenGL 3.3 context on a
// QOffscreenSurface, read back as QImages. It draws what the viewport draws for one creature at
// one clip frame with no overlays but the grid, from a camera it frames over the frames asked for
// (the union of their skinned bounds), so a render and the window's viewport with the same camera
// match pixel for pixel up to rasterisation noise (tst_ClipRenderer).
//
// Needs a QGuiApplication on a platform with OpenGL (X, Xvfb: `xvfb-run -a`; not the offscreen
// plugin). One renderer draws one file at a time; every call happens on the thread that made it.
#include "BodySource.h"
#include "CompareGhost.h"
#include "CreatureRenderer.h"
#include "LineRenderer.h"
#include "OrbitCamera.h"
#include "SnapshotRenderer.h"
#include "SnapshotSource.h"
#include "ViewportScene.h"

#include <QImage>
#include <QList>
#include <QSize>
#include <QString>
#include <algorithm>
#include <memory>
#include <optional>

class QOffscreenSurface;
class QOpenGLContext;
class QOpenGLFramebufferObject;

namespace bpat {
class BpatFile;
class BpsmFile;
} // namespace bpat

namespace bpat::studio {

class ClipRenderer
{
public:
    enum class Camera {
        Front,
        Side,
        ThreeQuarter, // the viewport's reset view: 30 degrees round, 15 above
        Top
    };
    enum class Body {
        Full,    // the game's full body beside the file, else its minimal one, else the stand-in
        Minimal, // the minimal body, else the full one, else the stand-in
        StandIn  // the studio's stand-in meshes from the rig description
    };

    ClipRenderer();
    ~ClipRenderer();
    ClipRenderer(const ClipRenderer &) = delete;
    ClipRenderer &operator=(const ClipRenderer &) = delete;

    // Makes the context and the shaders; false and *error when the platform has no OpenGL 3.3
    // (the offscreen plugin, no display) or the shaders do not build.
    bool begin(QString *error);
    QString glRendererName() const;

    // The file to draw and its bodies (found beside it by the game's naming, or the ones given).
    // False and *error when its palette cannot be drawn.
    bool setFile(const bpat::BpatFile &file, QString *error, const QString &fullBody = QString(),
                 const QString &minimalBody = QString());
    // A BPSM snapshot mesh instead (its stored, pre-skinned vertices, as the viewport draws one).
    bool setSnapshot(const bpat::BpsmFile &file, QString *error);
    void setBody(Body body);
    // "horse_full.bprm (full, 4400 vertices)", or "stand-in: <why>".
    QString bodyStatus() const;
    // A second file drawn as the viewport's compare ghost (CompareGhost::build); null: none.
    void setCompareGhost(std::shared_ptr<const CompareGhost> ghost);
    void setGrid(bool on) { m_grid = on; }
    // Multisampling of the framebuffer: 4 (the default) smooths the edges as the viewport's
    // surface format asks; 0 draws as the window's canvas does where the platform gives it no
    // multisampling (Xvfb here), pixel for pixel.
    void setSamples(int samples) { m_samples = std::clamp(samples, 0, 16); }
    const ViewportScene &scene() const { return m_scene; }
    const QList<PaletteClip> &clips() const { return m_snapshot.isValid() ? m_snapshot.clips() : m_scene.source().clips; }

    // Points `camera` along the named view and frames the union of the creature's bounds at
    // the given frames of `clip` (clamped into the clip; every frame when empty) in an image of
    // `size`: the same camera for every frame of a filmstrip or a loop.
    void frame(Camera camera, int clip, const QList<quint32> &frames, QSize size);
    OrbitCamera &camera() { return m_camera; }
    const OrbitCamera &camera() const { return m_camera; }

    // One picture of `clip` at `frame` (clamped) with the camera as it is; a null image and
    // *error when nothing could be drawn.
    QImage render(int clip, quint32 frame, QSize size, QString *error);

    // The camera names of the command line ("front", "side", "three-quarter", "top").
    // Without OpenGL (a file manager's sandbox, the offscreen platform): the skeleton of a BPAT
    // file's frame as lines, or a snapshot's vertices as points, drawn by QPainter from the same
    // camera: a picture that still tells the creature and its pose. Null for nothing to draw.
    QImage sketch(int clip, quint32 frame, QSize size) const;

    static std::optional<Camera> cameraFromName(const QString &name);
    static std::optional<Body> bodyFromName(const QString &name); // "full", "minimal", "stand-in"

private:
    bool ensureTarget(QSize size, QString *error);
    void bounds(quint32 globalFrame, QVector3D *lo, QVector3D *hi) const;
    void referenceBounds(QVector3D *lo, QVector3D *hi) const;
    void applyBody();
    bool upload(QString *error);

    std::unique_ptr<QOpenGLContext> m_context;
    std::unique_ptr<QOffscreenSurface> m_surface;
    std::unique_ptr<QOpenGLFramebufferObject> m_fbo;
    ViewportScene m_scene;
    PaletteSource m_plainSource;
    CreatureRenderer m_creature;
    LineRenderer m_lines;
    SnapshotSource m_snapshot;
    SnapshotRenderer m_snapshotRenderer;
    bool m_snapshotDirty = false;
    OrbitCamera m_camera;
    BodySource m_fullBody, m_minimalBody;
    QString m_bodyError;
    Body m_body = Body::Full;
    std::shared_ptr<const CompareGhost> m_ghost;
    bool m_ready = false;
    bool m_dirty = true;
    bool m_grid = true;
    int m_samples = 4;
};

} // namespace bpat::studio

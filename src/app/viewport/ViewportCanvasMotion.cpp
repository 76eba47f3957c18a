// ViewportCanvas, continued: the recording (hands rig, headset, gaze; alone or over the creature),
// motion paths and onion skins. Kept apart from the GL lifecycle in ViewportCanvas.cpp.
#include "ViewportCanvas.h"

#include <QFileInfo>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

bool ViewportCanvas::drawsRecording() const
{
    return !m_recording.isEmpty() && (m_recordingShown || m_recordingOverlay);
}

bool ViewportCanvas::drawsCreature() const
{
    return m_recording.isEmpty() || !m_recordingShown || m_recordingOverlay;
}

void ViewportCanvas::setRecording(std::shared_ptr<const bpat::InputAnimation> animation)
{
    m_recording.setAnimation(std::move(animation));
    updateRecordingCoordinates();
    m_recordingDirty = m_recordingMeshDirty = true;
    m_recordingFramed = false;
    if (drawsRecording() && !drawsCreature())
        frameRecording();
    update();
}

void ViewportCanvas::setRecordingTime(double seconds)
{
    if (m_recording.setTime(seconds))
        m_recordingDirty = true;
    // The recording drives: an overlaid creature shows its clip at the same instant (a rebaked
    // clip's frame f is the recording's time f / fps).
    if (m_recordingShown && m_recordingOverlay && !m_scene.isEmpty() && !m_scene.source().clips.isEmpty()) {
        const PaletteClip &clip = m_scene.source().clips.at(std::clamp(m_clip, 0, int(m_scene.source().clips.size()) - 1));
        const double frame = std::floor((m_recording.time() - m_recordingOffset) * double(clip.fps) + 1e-6);
        m_frame = int(std::clamp(frame, 0.0, double(clip.frameCount) - 1));
        m_instancesDirty = true;
    }
    update();
}

void ViewportCanvas::syncOverlayFrame()
{
    // The clip drives: an overlaid recording shows the clip's instant.
    if (m_recordingShown || !m_recordingOverlay || m_recording.isEmpty())
        return;
    const QList<PaletteClip> &clips = activeClips();
    if (clips.isEmpty())
        return;
    const PaletteClip &clip = clips.at(std::clamp(m_clip, 0, int(clips.size()) - 1));
    if (m_recording.setTime(m_recordingOffset + double(m_frame) / double(std::max(clip.fps, 1e-3f))))
        m_recordingDirty = true;
}

void ViewportCanvas::setRecordingOffset(double seconds)
{
    m_recordingOffset = std::isfinite(seconds) ? seconds : 0.0;
    syncOverlayFrame();
    update();
}

void ViewportCanvas::updateRecordingCoordinates()
{
    // Over the game's humanoid (what the humanoid-upper-body recipe bakes) the recording is
    // drawn as recorded, the game's frame; everywhere else right-handed Y-up, as the hands
    // recipe bakes it.
    const bool recordingFrame = !m_scene.isEmpty() && m_scene.source().recordingFrame;
    const bool convert = !(m_recordingOverlay && recordingFrame);
    if (convert != m_recording.convertsCoordinates()) {
        m_recording.setConvertCoordinates(convert);
        m_recordingDirty = m_recordingMeshDirty = true;
    }
}

void ViewportCanvas::setRecordingShown(bool shown)
{
    if (shown == m_recordingShown)
        return;
    m_recordingShown = shown;
    m_instancesDirty = true;
    if (drawsRecording() && !drawsCreature() && !m_recordingFramed)
        frameRecording();
    syncOverlayFrame();
    update();
}

void ViewportCanvas::setRecordingOverlay(bool on)
{
    m_recordingOverlay = on;
    m_instancesDirty = true;
    updateRecordingCoordinates();
    syncOverlayFrame();
    update();
}

void ViewportCanvas::frameRecording()
{
    if (m_recording.isEmpty())
        return;
    m_recordingFramed = true;
    m_camera.reset(m_recording.extentLo(), m_recording.extentHi());
    // Over the wearer's shoulder, a little above and to the right: behind the headset's
    // heading at the start (yaw 0 looks from +Z).
    const QVector3D forward = m_recording.headsetForward();
    const float heading =
        std::hypot(forward.x(), forward.z()) > 1e-3f ? float(std::atan2(-forward.x(), -forward.z()) * 180.0 / M_PI) : 0.0f;
    m_camera.yaw = heading + 25.0f;
    m_camera.pitch = 20.0f;
    m_camera.frame(m_recording.extentLo(), m_recording.extentHi());
    update();
}

void ViewportCanvas::frameClip(int clip)
{
    const PaletteSource &source = m_scene.source();
    if (m_scene.isEmpty() || clip < 0 || clip >= source.clips.size())
        return;
    const PaletteClip &c = source.clips.at(clip);
    QVector3D lo(INFINITY, INFINITY, INFINITY), hi(-INFINITY, -INFINITY, -INFINITY);
    const quint32 step = std::max<quint32>(1, c.frameCount / 48); // about 48 poses
    for (quint32 f = 0; f < c.frameCount; f += step) {
        QVector3D l, h;
        m_scene.bounds(c.frameOffset + f, &l, &h);
        for (int i = 0; i < 3; ++i) {
            lo[i] = std::min(lo[i], l[i]);
            hi[i] = std::max(hi[i], h[i]);
        }
    }
    if (!(lo.x() <= hi.x()))
        return;
    hi.setY(hi.y() + (hi.y() - lo.y()) * 0.25f); // room above the head for the text at the top left
    // The frustum's narrower angle holds the whole: a preview pane may be taller than wide.
    const float aspect = height() > 0 ? float(width()) / float(height()) : 1.0f;
    QVector3D extent = hi - lo;
    if (aspect < 1.0f)
        extent /= aspect;
    const QVector3D centre = (lo + hi) / 2;
    m_camera.frame(centre - extent / 2, centre + extent / 2);
    update();
}

void ViewportCanvas::setMotionPaths(const QStringList &names)
{
    m_motionPathNames = names;
    update();
}

void ViewportCanvas::setOnionSkins(int count, int spacing)
{
    m_onion = std::clamp(count, 0, 16);
    m_onionSpacing = std::clamp(spacing, 1, 1000);
    m_instancesDirty = true;
    m_recordingDirty = true;
    update();
}

void ViewportCanvas::setCompareGhost(std::shared_ptr<const CompareGhost> ghost)
{
    if (!ghost && !m_ghost)
        return;
    m_ghost = std::move(ghost);
    // The scene reads the ghost's source (A's frames then B's), or the file's own again. The
    // clip, frame and camera stay, and so does the body: a new source starts without one, so
    // the body chosen (View > Body) is put on it again. The ghost's frames are skinning
    // matrices against A's bind palette, so it wears A's body too (bodyChanged() follows).
    m_scene.setSource(m_ghost ? m_ghost->source : m_plainSource);
    applyBodyMode();
}

QList<CreatureInstance> ViewportCanvas::onionInstances(const PaletteClip &clip, quint32 frame, int count, int spacing)
{
    QList<CreatureInstance> ghosts;
    const qint64 n = std::max<quint32>(clip.frameCount, 1);
    for (int k = 1; k <= count; ++k) {
        const quint32 fade = quint32(std::lround(255.0 * k / (count + 1)));
        for (const int sign : {-1, 1}) {
            qint64 f = qint64(frame) + sign * qint64(k) * spacing;
            if (!clip.loops && (f < 0 || f >= n))
                continue;
            f = ((f % n) + n) % n;
            if (f == qint64(frame))
                continue; // a loop shorter than the reach: no ghost on the creature itself
            CreatureInstance ghost = CreatureInstance::atFrame(clip.frameOffset, clip.frameCount, quint32(f), clip.loops);
            ghost.loops |= fade << 8;
            ghosts.append(ghost);
        }
    }
    return ghosts;
}

QList<MotionPath> ViewportCanvas::motionPaths() const
{
    QList<MotionPath> paths;
    if (m_motionPathNames.isEmpty() || showsCrowd())
        return paths;
    QStringList unknown = m_motionPathNames;
    if (drawsCreature() && !m_scene.isEmpty()) {
        QStringList missing;
        paths = MotionPaths::forClip(m_scene, m_clip, currentGlobalFrame(), unknown, &missing);
        unknown = missing;
    }
    if (drawsRecording())
        paths += MotionPaths::forRecording(m_recording, unknown);
    return paths;
}

void ViewportCanvas::appendMotionOverlays(QList<LineVertex> &depthTested, QList<LineVertex> &onTop, float scale) const
{
    if (drawsRecording() && !drawsCreature() && m_overlays.testFlag(Grid)) {
        // A floor under everything the recording shows (recordings put the headset's start at
        // the origin, so y = 0 is head height), 10 cm squares.
        const QVector3D lo = m_recording.extentLo(), hi = m_recording.extentHi();
        const QVector3D centre = (lo + hi) / 2;
        const float half = std::ceil(std::max(hi.x() - lo.x(), hi.z() - lo.z()) * 10.0f) / 10.0f;
        const int lines = std::clamp(int(std::lround(half / 0.1f)), 1, 200);
        const float x0 = std::round(centre.x() * 10.0f) / 10.0f, z0 = std::round(centre.z() * 10.0f) / 10.0f;
        for (int i = -lines; i <= lines; ++i) {
            const float t = float(i) * 0.1f;
            const QVector4D color(0.33f, 0.34f, 0.37f, 1);
            ViewportScene::appendLine(depthTested, {x0 + t, lo.y(), z0 - half}, {x0 + t, lo.y(), z0 + half}, color);
            ViewportScene::appendLine(depthTested, {x0 - half, lo.y(), z0 + t}, {x0 + half, lo.y(), z0 + t}, color);
        }
    }
    if (drawsRecording())
        m_recording.appendLines(onTop, drawsCreature() && !m_scene.isEmpty() ? 0.7f : 1.0f);
    const float tick = drawsRecording() && !drawsCreature() ? 0.004f : scale * 0.006f;
    MotionPaths::appendLines(onTop, motionPaths(), tick);
}

void ViewportCanvas::paintRecording(const CreatureRenderer::DrawParameters &parameters)
{
    if (!drawsRecording()) {
        return;
    }
    if (m_recordingMeshDirty) {
        m_recordingMeshDirty = false;
        m_recordingRenderer.setMesh(m_recording.rigScene().mesh());
        m_recordingRenderer.setRoleColors(m_recording.rigScene().roleColors());
    }
    if (m_recordingDirty) {
        m_recordingDirty = false;
        uploadRecording();
    }
    CreatureRenderer::DrawParameters p = parameters;
    p.time = 0;
    p.interpolate = false;
    p.selectedBone = -1;
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE); // the framebuffer stays opaque
    m_lastDrawCalls += m_recordingRenderer.draw(p);
    glDisable(GL_BLEND);
}

void ViewportCanvas::uploadRecording()
{
    // Frame 0: the hands now; with onion skins, frames 1.. are the ghosts' palettes, drawn as
    // more instances of the same draw (one frame each), nearest first.
    QList<CreatureInstance> instances{CreatureInstance::atFrame(0, 1, 0, false)};
    if (m_onion <= 0) {
        m_recordingRenderer.setSource(m_recording.source());
        m_recordingRenderer.setInstances(instances);
        return;
    }
    QList<double> ghosts;
    for (int k = 1; k <= m_onion; ++k) {
        const quint32 fade = quint32(std::lround(255.0 * k / (m_onion + 1)));
        for (const int sign : {-1, 1}) {
            const double t = m_recording.time() + sign * k * m_onionSpacing * kRecordingOnionStep;
            if (t < m_recording.startTime() || t > m_recording.endTime())
                continue;
            CreatureInstance ghost = CreatureInstance::atFrame(quint32(instances.size()), 1, 0, false);
            ghost.loops |= fade << 8;
            instances.append(ghost);
            ghosts.append(t);
        }
    }
    std::shared_ptr<std::vector<float>> bytes; // uploaded at once: need not outlive this function
    m_recordingRenderer.setSource(m_recording.framesAt(ghosts, &bytes));
    m_recordingRenderer.setInstances(instances);
}

QStringList ViewportCanvas::recordingTextLines() const
{
    using bpat::Hand;
    const auto state = [this](Hand hand) {
        return !m_recording.tracked(hand) ? QStringLiteral("not tracked")
            : m_recording.pinching(hand)  ? QStringLiteral("pinching")
                                          : QStringLiteral("tracked");
    };
    const bpat::InputAnimation &animation = *m_recording.animation();
    QStringList lines;
    lines << QStringLiteral("recording %1 · %2 s of %3 s")
                 .arg(animation.versionString())
                 .arg(m_recording.time(), 0, 'f', 3)
                 .arg(m_recording.endTime(), 0, 'f', 3);
    lines << QStringLiteral("left hand %1 · right hand %2%3")
                 .arg(state(Hand::Left), state(Hand::Right), m_recording.hasGaze() ? QStringLiteral(" · eye gaze") : QString());
    return lines;
}

} // namespace bpat::studio

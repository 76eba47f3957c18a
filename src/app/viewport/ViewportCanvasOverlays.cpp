// ViewportCanvas, continued: overlays (lines in GL, names and stats with QPainter), picking and
// mouse/keyboard camera control. Kept apart from the GL lifecycle in ViewportCanvas.cpp.
#include "ViewportCanvas.h"
#include "LabelLayout.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLPaintDevice>
#include <QFontMetricsF>
#include <QPainter>
#include <QPolygonF>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {

// The colours of the overlays drawn here (the scene's own lines are coloured in ViewportScene).
constexpr QVector4D kBoundsColor(0.4f, 0.8f, 1.0f, 1); // the bounds box, creature or mesh
constexpr QColor kSelectedBoneName(255, 160, 60);      // the picked bone's mark and name
constexpr QColor kBoneName(255, 255, 160);             // the hovered bone's mark and name
constexpr QColor kJointDot(255, 255, 77);              // a joint, as the skeleton's lines (ViewportScene kBone)
constexpr QColor kControlMarker(120, 200, 255);        // a control bone (IK target, pole), on demand
constexpr QColor kJointOutline(20, 20, 24, 200);       // around each dot, so it reads on any colour
constexpr QColor kSocketName(150, 220, 255);
constexpr QColor kStatsText(220, 220, 225);
constexpr QColor kTextBacking(18, 19, 22, 215); // behind the text, so it reads over the creature
constexpr QColor kFlaggedBone(255, 70, 70);     // a bone the deep checks found broken at this frame

// Widget coordinates of a world point; false when behind the camera.
bool project(const QMatrix4x4 &viewProjection, const QVector3D &point, QSizeF size, QPointF *out)
{
    const QVector4D clip = viewProjection * QVector4D(point, 1);
    if (clip.w() <= 1e-6f)
        return false;
    const QVector3D ndc = clip.toVector3DAffine();
    *out = QPointF((ndc.x() + 1) / 2 * size.width(), (1 - ndc.y()) / 2 * size.height());
    return true;
}

} // namespace

void ViewportCanvas::drawOverlays(const QMatrix4x4 &viewProjection)
{
    QList<LineVertex> depthTested, onTop;
    QVector3D referenceLo, referenceHi;
    contentBounds(&referenceLo, &referenceHi);
    const float scale = std::max(0.1f, referenceHi.y() - referenceLo.y());
    const bool crowd = showsCrowd() && !showsSnapshot(); // a snapshot mesh is drawn once
    QVector3D crowdLo, crowdHi;
    if (m_overlays.testFlag(Grid) && (drawsCreature() || m_army)) { // a recording alone: its own floor (Motion.cpp)
        float extent = scale * 2.5f;
        if (crowd && crowdBounds(&crowdLo, &crowdHi))
            extent =
                std::max({std::abs(crowdLo.x()), std::abs(crowdLo.z()), std::abs(crowdHi.x()), std::abs(crowdHi.z())}) * 1.1f;
        const float step = crowd ? std::max(1.0f, std::round(extent / 15)) : (scale > 3 ? 1.0f : 0.25f);
        m_scene.appendGrid(depthTested, std::max(extent, 1.0f), step);
    }
    if (showsSnapshot() && m_overlays.testFlag(Bounds)) {
        QVector3D lo, hi;
        m_snapshot.bounds(currentGlobalFrame(), &lo, &hi);
        if (lo.x() <= hi.x())
            ViewportScene::appendBox(depthTested, lo, hi, kBoundsColor);
    }
    appendMotionOverlays(depthTested, onTop, scale);
    if (!m_scene.isEmpty() && !showsCrowd() && drawsCreature()) {
        const quint32 frame = currentGlobalFrame();
        if (m_overlays.testFlag(Skeleton) || !m_scene.knownRig())
            m_scene.appendSkeleton(onTop, frame, m_selectedBones);
        if (m_overlays.testFlag(JointAxes))
            m_scene.appendJointAxes(onTop, frame, scale * 0.05f);
        if (m_overlays.testFlag(Grid)) // v3 files: the ground-contact cue on the ground
            m_scene.appendGroundContact(onTop, frame, scale * 0.15f);
        appendPlantedFeet(onTop, scale); // ViewportCanvasContacts.cpp
        if (m_overlays.testFlag(Bounds)) {
            QVector3D lo, hi;
            m_scene.bounds(frame, &lo, &hi);
            ViewportScene::appendBox(depthTested, lo, hi, kBoundsColor);
        }
    }
    glEnable(GL_BLEND); // faded lines: untracked hands, the recording over a creature
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE); // the framebuffer stays opaque
    m_lines.draw(depthTested, viewProjection, false);
    m_lines.draw(onTop, viewProjection, true);
    glDisable(GL_BLEND);
    if (!m_scene.isEmpty() && !showsCrowd() && drawsCreature() && m_overlays.testFlag(Sockets)) {
        glDisable(GL_DEPTH_TEST);
        m_renderer3d.drawSockets(viewProjection, currentGlobalFrame(), QVector4D(0, 0, 0, 0), scale * 0.06f);
        glEnable(GL_DEPTH_TEST);
    }
}

void ViewportCanvas::setFlaggedBones(const QList<FlaggedBone> &bones)
{
    m_flagged = bones;
    update();
}

QStringList ViewportCanvas::flaggedTextLines() const
{
    QStringList lines;
    if (m_scene.isEmpty() || showsCrowd())
        return lines;
    int elsewhere = 0;
    for (const FlaggedBone &f : m_flagged) {
        if (f.clip != m_clip)
            continue;
        if (f.frame != m_frame) {
            ++elsewhere;
            continue;
        }
        const QString name = m_scene.boneNames().value(f.bone);
        lines << QStringLiteral("%1 (bone %2): %3 at this frame")
                     .arg(name.isEmpty() ? QStringLiteral("bone %1").arg(f.bone) : name)
                     .arg(f.bone)
                     .arg(f.code);
    }
    if (elsewhere > 0)
        lines << QStringLiteral("%1 more finding(s) in other frames of this clip (Validation panel)").arg(elsewhere);
    return lines;
}

void ViewportCanvas::drawText(const QMatrix4x4 &viewProjection, double cpuMs)
{
    // 2D on top of the scene: nothing the scene left in the depth buffer may hide it.
    glDisable(GL_DEPTH_TEST);
    // Into the bound framebuffer through a paint device of our own: QPainter(this) is redirected
    // while the window is grabbed (QWidget::grab, --screenshot, F12), where the text went to the
    // grab's pixmap and the framebuffer image was then drawn over it.
    QOpenGLPaintDevice device(size() * devicePixelRatioF());
    device.setDevicePixelRatio(devicePixelRatioF());
    QPainter painter(&device);
    painter.setRenderHint(QPainter::TextAntialiasing);
    const QSizeF size(width(), height());
    const quint32 frame = currentGlobalFrame();
    if (!m_scene.isEmpty() && !showsCrowd() && drawsCreature()) {
        const QList<QVector3D> joints = m_scene.joints(frame);
        // Joints as dots with the skeleton: what a click picks, the selected bones in orange.
        if (m_overlays.testFlag(Skeleton) || !m_scene.knownRig()) {
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setPen(QPen(kJointOutline, 1.0));
            for (int bone = 0; bone < joints.size(); ++bone) {
                QPointF at;
                if (m_scene.isControl(bone) || !project(viewProjection, joints.at(bone), size, &at))
                    continue; // controls: their own markers below, on demand
                const bool selected = m_selectedBones.contains(bone);
                painter.setBrush(selected ? kSelectedBoneName : kJointDot);
                painter.drawEllipse(at, selected ? 4.0 : 2.8, selected ? 4.0 : 2.8);
            }
            painter.setBrush(Qt::NoBrush);
            painter.setRenderHint(QPainter::Antialiasing, false);
        }
        // Controls (IK targets, poles: placed by the rig, no limbs) as small hollow diamonds.
        if (m_overlays.testFlag(ControlBones)) {
            painter.setRenderHint(QPainter::Antialiasing);
            for (int bone = 0; bone < joints.size(); ++bone) {
                QPointF at;
                if (!m_scene.isControl(bone) || !project(viewProjection, joints.at(bone), size, &at))
                    continue;
                const qreal r = m_selectedBones.contains(bone) ? 4.5 : 3.5;
                painter.setPen(QPen(m_selectedBones.contains(bone) ? kSelectedBoneName : kControlMarker, 1.5));
                painter.drawPolygon(QPolygonF{at + QPointF(0, -r), at + QPointF(r, 0), at + QPointF(0, r), at + QPointF(-r, 0)});
            }
            painter.setRenderHint(QPainter::Antialiasing, false);
        }
        // Every selected bone is named (the current one first, then the hovered one), each label
        // at the first corner of its joint where it overlaps no label placed before it.
        QList<int> named{m_selectedBone, m_hoverBone};
        named += m_selectedBones;
        QList<QRectF> placed;
        const QFontMetricsF nameMetrics(painter.font());
        for (qsizetype i = 0; i < named.size(); ++i) {
            const int bone = named.at(i);
            if (bone < 0 || bone >= joints.size() || !m_overlays.testFlag(BoneNames) || named.indexOf(bone) < i)
                continue;
            QPointF at;
            if (!project(viewProjection, joints.at(bone), size, &at))
                continue;
            const QString name = m_scene.boneNames().value(bone);
            const QRectF box = nameMetrics.boundingRect(name);
            QRectF rect;
            for (const QPointF &corner : {QPointF(7, -7), QPointF(7, 7 + box.height() * 0.8), QPointF(-7 - box.width(), -7),
                                          QPointF(-7 - box.width(), 7 + box.height() * 0.8)}) {
                rect = box.translated(at + corner);
                if (std::none_of(placed.cbegin(), placed.cend(), [&rect](const QRectF &r) { return r.intersects(rect); }))
                    break;
                rect = box.translated(at + QPointF(7, -7));
            }
            placed.append(rect);
            const bool selected = bone == m_selectedBone || m_selectedBones.contains(bone);
            painter.setPen(selected ? kSelectedBoneName : kBoneName);
            painter.drawEllipse(at, 4, 4);
            painter.drawText(rect.topLeft() - box.topLeft(), name);
        }
        if (m_overlays.testFlag(Sockets)) {
            painter.setPen(kSocketName);
            const PaletteSource &source = m_scene.source();
            // Labels that would overlap one already drawn are left out (sockets anchored to the
            // selected or hovered bone first): they piled on top of each other.
            QList<QPair<int, QPointF>> candidates;
            for (int s = 0; s < source.sockets.size(); ++s) {
                const QList<float> rows = source.socketRows(frame, s);
                QPointF at;
                if (rows.size() == 12 && project(viewProjection, QVector3D(rows[3], rows[7], rows[11]), size, &at))
                    candidates.append({s, at + QPointF(5, 12)});
            }
            std::stable_sort(candidates.begin(), candidates.end(), [&](const auto &a, const auto &b) {
                const auto focus = [&](int s) {
                    const int anchor = source.sockets.at(s).anchorBone;
                    return anchor == m_selectedBone || anchor == m_hoverBone;
                };
                return focus(a.first) && !focus(b.first);
            });
            QList<QRectF> rects;
            const QFontMetricsF metrics(painter.font());
            for (const auto &[s, at] : std::as_const(candidates))
                rects.append(metrics.boundingRect(source.sockets.at(s).name).translated(at));
            const QList<bool> shown = bpat::studio::LabelLayout::place(rects);
            for (qsizetype i = 0; i < candidates.size(); ++i) {
                if (shown.at(i))
                    painter.drawText(candidates.at(i).second, source.sockets.at(candidates.at(i).first).name);
            }
        }
    }
    // Bones the deep checks found broken at this frame: ringed where they are (a NaN joint at
    // its nearest finite ancestor's joint).
    if (!m_scene.isEmpty() && !showsCrowd() && drawsCreature()) {
        const QList<QVector3D> joints = m_scene.joints(frame);
        const auto finite = [](const QVector3D &v) {
            return std::isfinite(v.x()) && std::isfinite(v.y()) && std::isfinite(v.z());
        };
        painter.setPen(QPen(kFlaggedBone, 2));
        for (const FlaggedBone &f : std::as_const(m_flagged)) {
            if (f.clip != m_clip || f.frame != m_frame || f.bone < 0 || f.bone >= joints.size())
                continue;
            int at = f.bone;
            for (int steps = 0; at >= 0 && !finite(joints.at(at)) && steps < joints.size(); ++steps)
                at = m_scene.parents().value(at, -1);
            if (at < 0)
                at = 0;
            QPointF point;
            if (!finite(joints.at(at)) || !project(viewProjection, joints.at(at), size, &point))
                continue;
            painter.drawEllipse(point, 9, 9);
            const QString name = m_scene.boneNames().value(f.bone);
            painter.drawText(point + QPointF(12, 14),
                             QStringLiteral("%1: %2").arg(name.isEmpty() ? QString::number(f.bone) : name, f.code));
        }
    }
    QStringList flagged = flaggedTextLines();
    if (!flagged.isEmpty()) {
        const QRectF box(8, 6, width() - 16, height() - 12);
        const QRectF used = painter.boundingRect(box, Qt::AlignLeft | Qt::AlignBottom, flagged.join(u'\n'));
        painter.setPen(Qt::NoPen);
        painter.setBrush(kTextBacking);
        painter.drawRoundedRect(used.adjusted(-5, -3, 5, 3), 4, 4);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(kFlaggedBone);
        painter.drawText(box, Qt::AlignLeft | Qt::AlignBottom, flagged.join(u'\n'));
    }
    painter.setPen(kStatsText);
    QStringList lines;
    if (drawsRecording() && !m_army)
        lines << recordingTextLines();
    if (m_army) {
        lines << crowdTextLines(); // the army, instead of the file
    } else if (drawsCreature() && showsSnapshot()) {
        lines << m_snapshot.label();
        lines << QStringLiteral("%1 · frame %2 (stored as the file's frame %3) · %4 stored vertices")
                     .arg(m_snapshot.clips().value(m_clip).name)
                     .arg(m_frame)
                     .arg(frame)
                     .arg(m_snapshot.vertexCount());
    } else if (drawsCreature() && !m_scene.isEmpty()) {
        const PaletteSource &source = m_scene.source();
        const QString clipName = source.clips.value(m_clip).name;
        lines << QStringLiteral("%1 · %2").arg(source.label, m_scene.rigName());
        if (!m_fullBodyPath.isEmpty() || !m_minimalBodyPath.isEmpty()) // found or attached
            lines << QStringLiteral("body: %1").arg(bodyStatus());
        // The timeline's frame, and where the file stores it (the palette's rows run through all
        // clips): "global frame 33" beside the timeline's "frame 9" read as a second frame number.
        if (!showsCrowd())
            lines << QStringLiteral("%1 · frame %2 (stored as the file's frame %3)").arg(clipName).arg(m_frame).arg(frame);
        else
            lines << crowdTextLines();
        if (m_ghost && !showsCrowd()) {
            const bool paired = m_clip >= 0 && m_clip < m_ghost->ghostOf.size() && m_ghost->ghostOf.at(m_clip);
            lines << (paired ? QStringLiteral("ghost: %1").arg(m_ghost->label)
                             : QStringLiteral("ghost: %1 has no clip paired with %2").arg(m_ghost->label, clipName));
        }
    }
    if (drawsCreature() && !plantedFeetText().isEmpty())
        lines << plantedFeetText();
    if (m_overlays.testFlag(Stats)) {
        // The time this frame took to render (CPU side, issuing every draw), and the rate over
        // consecutive repaints ("idle" when nothing is repainting).
        const int instances = showsCrowd() ? (m_crowdScene ? m_crowdScene->instanceCount() : 0)
                                           : (!drawsCreature()        ? 0
                                                  : showsSnapshot()   ? 1
                                                  : m_scene.isEmpty() ? 0
                                                                      : m_renderer3d.instanceCount())
                + (drawsRecording() ? m_recordingRenderer.instanceCount() : 0);
        const QString far = farInstances() > 0 ? QStringLiteral(" (%1 at lighter levels)").arg(farInstances()) : QString();
        lines << QStringLiteral("instances %1%2 · draw calls %3 · render %4 ms · %5")
                     .arg(instances)
                     .arg(far)
                     .arg(m_lastDrawCalls)
                     .arg(cpuMs, 0, 'f', 2)
                     .arg(m_frameRate.text());
        lines << m_renderer;
    }
    // The text lies over whatever the view shows (a close-up puts the creature's light skin
    // behind it, where the light text vanished into the model): a dark backing first.
    const QString text = lines.join(u'\n');
    const QRectF area(8, 6, width() - 16, height() - 12);
    m_hudRect = QRect();
    if (!text.isEmpty()) {
        const QRectF used = painter.boundingRect(area, Qt::AlignLeft | Qt::AlignTop, text);
        m_hudRect = used.adjusted(-5, -3, 5, 3).toAlignedRect();
        painter.setPen(Qt::NoPen);
        painter.setBrush(kTextBacking);
        painter.drawRoundedRect(m_hudRect, 4, 4);
        painter.setBrush(Qt::NoBrush);
    }
    painter.setPen(kStatsText);
    painter.drawText(area, Qt::AlignLeft | Qt::AlignTop, text);
}

double ViewportCanvas::visibleFraction() const
{
    if (!hasContent() || showsCrowd() || width() <= 0 || height() <= 0)
        return 1.0;
    QVector3D lo, hi;
    if (showsSnapshot())
        m_snapshot.bounds(currentGlobalFrame(), &lo, &hi);
    else
        m_scene.bounds(currentGlobalFrame(), &lo, &hi);
    if (!(lo.x() <= hi.x()))
        return 1.0; // nothing finite to look at
    const QMatrix4x4 vp = viewProjection();
    const QSizeF size(width(), height());
    QRectF box;
    for (int corner = 0; corner < 8; ++corner) {
        const QVector3D p(corner & 1 ? hi.x() : lo.x(), corner & 2 ? hi.y() : lo.y(), corner & 4 ? hi.z() : lo.z());
        QPointF at;
        if (!project(vp, p, size, &at))
            return 0.0;
        box = corner == 0 ? QRectF(at, QSizeF(0, 0)) : box.united(QRectF(at, QSizeF(0, 0)));
    }
    const double area = box.width() * box.height();
    if (area <= 0.0)
        return QRectF(QPointF(0, 0), size).contains(box.center()) ? 1.0 : 0.0;
    const QRectF inside = box.intersected(QRectF(QPointF(0, 0), size));
    return inside.width() * inside.height() / area;
}

int ViewportCanvas::boneAt(const QPointF &position, float radius) const
{
    if (m_scene.isEmpty() || showsCrowd() || !drawsCreature())
        return -1;
    const BonePicker picker(viewProjection(), QSizeF(width(), height()));
    return picker.jointAt(position, pickableJoints(currentGlobalFrame()), double(radius));
}

BonePicker::Hit ViewportCanvas::pickBone(const QPointF &position, bool body) const
{
    if (m_scene.isEmpty() || showsCrowd() || !drawsCreature() || showsSnapshot())
        return {};
    const quint32 frame = currentGlobalFrame();
    const BonePicker picker(viewProjection(), QSizeF(width(), height()));
    // Segments count where they are drawn (the skeleton overlay, or an unknown rig's links).
    const bool segments = m_overlays.testFlag(Skeleton) || !m_scene.knownRig();
    QList<int> parents; // the drawn links: none to or from a control
    if (segments) {
        parents = m_scene.parents();
        for (int b = 0; b < parents.size(); ++b) {
            if (m_scene.isControl(b) || m_scene.isControl(parents.at(b)))
                parents[b] = -1;
        }
    }
    return picker.pick(position, pickableJoints(frame), parents, body ? m_scene.pickSurface(frame) : BonePicker::Surface());
}

QList<QVector3D> ViewportCanvas::pickableJoints(quint32 frame) const
{
    QList<QVector3D> joints = m_scene.joints(frame);
    if (!m_overlays.testFlag(ControlBones)) { // hidden controls cannot be picked (non-finite points are skipped)
        for (int b = 0; b < joints.size(); ++b) {
            if (m_scene.isControl(b))
                joints[b] = QVector3D(NAN, NAN, NAN);
        }
    }
    return joints;
}

void ViewportCanvas::mousePressEvent(QMouseEvent *event)
{
    m_lastMouse = m_pressPosition = event->position().toPoint();
}

void ViewportCanvas::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint position = event->position().toPoint();
    const QPoint delta = position - m_lastMouse;
    m_lastMouse = position;
    const Qt::MouseButtons buttons = event->buttons();
    if (buttons & (Qt::MiddleButton | Qt::RightButton) || (buttons & Qt::LeftButton && event->modifiers() & Qt::ShiftModifier)) {
        m_camera.pan(float(delta.x()), float(delta.y()), height());
        update();
    } else if (buttons & Qt::LeftButton) {
        m_camera.orbit(-float(delta.x()) * 0.4f, float(delta.y()) * 0.4f);
        update();
    } else if (m_overlays.testFlag(BoneNames)) {
        const int hover = pickBone(event->position(), false).bone; // joints and segments: cheap
        if (hover != m_hoverBone) {
            m_hoverBone = hover;
            update();
        }
    }
}

void ViewportCanvas::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && (event->position().toPoint() - m_pressPosition).manhattanLength() < 4) {
        const int bone = pickBone(event->position()).bone;
        if (event->modifiers() & Qt::ControlModifier) { // add or remove one, keep the others
            if (bone >= 0)
                Q_EMIT boneToggled(bone);
            return;
        }
        setSelectedBone(bone);
        Q_EMIT boneSelected(m_selectedBone);
    }
}

void ViewportCanvas::wheelEvent(QWheelEvent *event)
{
    m_camera.zoom(float(event->angleDelta().y()) / 120.0f);
    update();
}

void ViewportCanvas::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_F: frameAll(); break;
    case Qt::Key_0: resetCamera(); break; // R and Home belong to playback (reverse, first frame)
    case Qt::Key_1: viewFront(); break;
    case Qt::Key_3: viewSide(); break;
    case Qt::Key_7: viewTop(); break;
    default:
        if (!flyCamera(event->key(), event->modifiers().testFlag(Qt::ShiftModifier)))
            QOpenGLWidget::keyPressEvent(event);
        return;
    }
}

} // namespace bpat::studio

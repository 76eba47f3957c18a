// ViewportCanvas, continued: the planted feet of the frame shown (core motion/FootContacts),
// ringed on the ground plane at each foot's height and named in the text.
#include "ViewportCanvas.h"

#include "motion/FootContacts.h"

#include <cmath>

namespace bpat::studio {

namespace {
constexpr QVector4D kPlantedFoot(0.16f, 0.72f, 0.62f, 1); // Theme::plantedColor(), brighter over the scene
constexpr int kRingSegments = 24;
} // namespace

void ViewportCanvas::setFootContacts(std::shared_ptr<const bpat::FootContacts> contacts)
{
    m_contacts = std::move(contacts);
    update();
}

QList<int> ViewportCanvas::plantedFootBones() const
{
    QList<int> bones;
    if (!m_contacts || m_scene.isEmpty() || showsSnapshot() || showsCrowd() || m_contacts->clip() != m_clip)
        return bones;
    const QList<PaletteClip> &clips = m_scene.source().clips;
    if (m_clip < 0 || m_clip >= clips.size())
        return bones;
    const quint32 frame = currentGlobalFrame() - clips.at(m_clip).frameOffset;
    for (int foot : m_contacts->plantedFeet(frame))
        bones.append(m_contacts->feet().at(foot).bone);
    return bones;
}

QString ViewportCanvas::plantedFeetText() const
{
    if (!m_contacts || m_contacts->feet().isEmpty() || m_contacts->clip() != m_clip || m_scene.isEmpty() || showsSnapshot()
        || showsCrowd())
        return {};
    QStringList names;
    const QList<int> bones = plantedFootBones();
    for (const bpat::FootContacts::Foot &foot : m_contacts->feet()) {
        if (bones.contains(foot.bone))
            names << foot.label;
    }
    return names.isEmpty() ? QStringLiteral("planted: none (every foot lifted)")
                           : QStringLiteral("planted: %1").arg(names.join(QStringLiteral(", ")));
}

void ViewportCanvas::appendPlantedFeet(QList<LineVertex> &onTop, float scale) const
{
    const QList<int> bones = plantedFootBones();
    if (bones.isEmpty())
        return;
    const QList<QVector3D> joints = m_scene.joints(currentGlobalFrame());
    const float radius = scale * 0.07f;
    for (int bone : bones) {
        if (bone < 0 || bone >= joints.size())
            continue;
        const QVector3D centre = joints.at(bone);
        if (!std::isfinite(centre.x()) || !std::isfinite(centre.y()) || !std::isfinite(centre.z()))
            continue;
        // Two rings, a little apart, read as a thick one on every driver (lines are 1 pixel).
        for (float r : {radius, radius * 0.85f}) {
            for (int i = 0; i < kRingSegments; ++i) {
                const float a0 = float(i) / kRingSegments * 6.2831853f, a1 = float(i + 1) / kRingSegments * 6.2831853f;
                ViewportScene::appendLine(onTop, centre + QVector3D(std::cos(a0) * r, 0, std::sin(a0) * r),
                                          centre + QVector3D(std::cos(a1) * r, 0, std::sin(a1) * r), kPlantedFoot);
            }
        }
    }
}

} // namespace bpat::studio

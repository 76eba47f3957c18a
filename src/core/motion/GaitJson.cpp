#include "motion/GaitJson.h"

#include "bpat/BpatFile.h"

#include <QJsonArray>
#include <cmath>

namespace bpat::GaitJson {

namespace {

QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

} // namespace

QString cycleKey(double seconds)
{
    return QString::number(seconds, 'f', 2);
}

QJsonObject clip(const ClipGait &gait)
{
    QJsonObject out{{QStringLiteral("index"), gait.clip},
                    {QStringLiteral("name"), gait.name},
                    {QStringLiteral("frames"), qint64(gait.frames)},
                    {QStringLiteral("fps"), number(double(gait.fps))},
                    {QStringLiteral("loops"), gait.loops},
                    {QStringLiteral("kind"), MotionRig::kindName(gait.kind)}};
    if (!gait.reported) {
        out.insert(QStringLiteral("metrics"), QJsonValue());
        out.insert(QStringLiteral("note"), gait.note);
        return out;
    }
    QJsonObject metrics;
    QJsonObject speeds;
    for (const auto &[t, v] : gait.skateFreeSpeeds)
        speeds.insert(cycleKey(t), number(v));
    if (gait.kind == MotionRig::Kind::Humanoid) {
        metrics = {{QStringLiteral("foot_travel"), number(gait.footTravel)},
                   {QStringLiteral("contact_retreat"), number(gait.contactRetreat)},
                   {QStringLiteral("foot_lift"), number(gait.footLift)},
                   {QStringLiteral("hand_swing"), number(gait.handSwing)},
                   {QStringLiteral("pelvis_bob"), number(gait.pelvisBob)},
                   {QStringLiteral("pelvis_sway"), number(gait.pelvisSway)},
                   {QStringLiteral("shoulder_twist"), number(gait.shoulderTwist)},
                   {QStringLiteral("step_width"), number(gait.stepWidth)}};
    } else if (!gait.feet.isEmpty()) {
        QJsonArray feet;
        for (const FootGait &f : gait.feet) {
            feet.append(QJsonObject{{QStringLiteral("label"), f.label},
                                    {QStringLiteral("bone"), f.bone},
                                    {QStringLiteral("bone_name"), f.boneName},
                                    {QStringLiteral("name"), f.name},
                                    {QStringLiteral("travel"), number(f.travel)},
                                    {QStringLiteral("lift"), number(f.lift)},
                                    {QStringLiteral("contact_retreat"), number(f.contactRetreat)}});
        }
        metrics = {{QStringLiteral("feet"), feet},
                   {QStringLiteral("foot_travel"), number(gait.footTravel)},
                   {QStringLiteral("foot_lift"), number(gait.footLift)},
                   {QStringLiteral("contact_retreat"), number(gait.contactRetreat)}};
    }
    if (gait.kind != MotionRig::Kind::Other)
        metrics.insert(QStringLiteral("skate_free_speed"), speeds);
    metrics.insert(QStringLiteral("worst_bone_stretch"), gait.hasStretch ? number(gait.worstStretch) : QJsonValue());
    metrics.insert(QStringLiteral("worst_bone"), gait.hasStretch ? QJsonValue(gait.worstBone) : QJsonValue());
    metrics.insert(QStringLiteral("worst_bone_index"), gait.hasStretch ? QJsonValue(gait.worstBoneIndex) : QJsonValue());
    metrics.insert(QStringLiteral("worst_stretch_frame"), gait.hasStretch ? QJsonValue(gait.worstFrame) : QJsonValue());
    // Which measure worst_bone_stretch is (the humanoid's limb stretch against the game's rig
    // lengths, else the length change against the median) and the rig's names of the pair.
    metrics.insert(QStringLiteral("stretch_measure"),
                   gait.hasStretch ? QJsonValue(ClipGait::measureKey(gait.stretchMeasure)) : QJsonValue());
    metrics.insert(QStringLiteral("worst_link"), gait.hasStretch ? QJsonValue(gait.worstLink) : QJsonValue());
    out.insert(QStringLiteral("metrics"), metrics);
    return out;
}

QJsonObject report(const BpatFile &file, const QString &path, const MotionRig &rig, const QList<ClipGait> &clips)
{
    QJsonArray entries;
    for (const ClipGait &g : clips)
        entries.append(clip(g));
    return QJsonObject{{QStringLiteral("file"), path},
                       {QStringLiteral("species"), file.speciesName().isEmpty() ? QJsonValue() : QJsonValue(file.speciesName())},
                       {QStringLiteral("species_id"), qint64(file.header().speciesId)},
                       {QStringLiteral("dialect"), format::dialectName(file.dialect())},
                       {QStringLiteral("kind"), MotionRig::kindName(rig.kind)},
                       {QStringLiteral("rig"), rig.rigName.isEmpty() ? QJsonValue() : QJsonValue(rig.rigName)},
                       {QStringLiteral("clips"), entries}};
}

} // namespace bpat::GaitJson

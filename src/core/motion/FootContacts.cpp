#include "motion/FootContacts.h"

#include "bpat/BpatFile.h"
#include "motion/MotionRig.h"
#include "motion/OriginReader.h"

#include <QVector3D>
#include <cmath>
#include <limits>

namespace bpat {

namespace {

// The lowest finite value (0 when there is none).
float lowestOf(const QList<float> &values)
{
    float lowest = std::numeric_limits<float>::infinity();
    for (float v : values) {
        if (std::isfinite(v) && v < lowest)
            lowest = v;
    }
    return std::isfinite(lowest) ? lowest : 0.0f;
}

// Frames within PlantedBand of `lowest` (a non-finite height is never on the ground).
QBitArray within(const QList<float> &values, float lowest)
{
    QBitArray out(values.size());
    for (qsizetype f = 0; f < values.size(); ++f) {
        const float v = values.at(f);
        if (std::isfinite(v) && v - lowest <= FootContacts::PlantedBand)
            out.setBit(f);
    }
    return out;
}

} // namespace

FootContacts FootContacts::of(const BpatFile &file, int clip)
{
    FootContacts out;
    if (clip < 0 || clip >= file.clips().size()) {
        out.m_note = QStringLiteral("no clip %1 in the file").arg(clip);
        return out;
    }
    const BpatClipInfo &info = file.clips().at(clip);
    out.m_clip = clip;
    out.m_frames = info.frameCount;
    out.m_supplies = info.hasV3Fields && info.suppliesGroundContact();
    if (info.frameCount > MaxFrames) {
        out.m_note = QStringLiteral("%1 frames: clips of more than %2 frames are not read for contacts")
                         .arg(info.frameCount)
                         .arg(MaxFrames);
        out.m_frames = 0;
        return out;
    }
    QStringList notes;
    // Only the frames the file holds are read (a damaged clip may claim more).
    const quint64 held = file.framesHeld(clip);
    if (held < info.frameCount) {
        notes << QStringLiteral("the file holds %1 of the clip's %2 frames").arg(held).arg(info.frameCount);
        out.m_frames = quint32(held);
    }

    // The feet, from the origins in place.
    const MotionRig rig = MotionRig::forFile(file);
    const OriginReader reader(file);
    if (rig.feet.isEmpty() || reader.boneCount() == 0) {
        notes << (rig.rigName.isEmpty() ? QStringLiteral("no feet known for this rig (%1)").arg(rig.rigSource)
                                        : QStringLiteral("no feet known for the %1 rig").arg(rig.rigName));
    } else {
        for (int i = 0; i < rig.feet.size(); ++i) {
            Foot foot;
            foot.bone = rig.feet.at(i);
            foot.label = rig.footLabels.value(i, QStringLiteral("foot %1").arg(i));
            foot.boneName = rig.boneName(foot.bone);
            foot.height.reserve(qsizetype(held));
            for (quint32 f = 0; f < held; ++f) {
                const std::optional<quint32> g = file.globalFrame(clip, f);
                bool ok = false;
                const QVector3D at = g ? reader.origin(*g, foot.bone, &ok) : QVector3D();
                foot.height.append(ok ? at.y() : std::numeric_limits<float>::quiet_NaN());
            }
            foot.lowest = lowestOf(foot.height);
            foot.planted = within(foot.height, foot.lowest);
            out.m_feet.append(std::move(foot));
        }
    }

    // The v3 contact records of the clip.
    if (file.contactTableInBounds()) {
        out.m_soleY.reserve(qsizetype(held));
        out.m_footY.reserve(qsizetype(held));
        for (quint32 f = 0; f < held; ++f) {
            const std::optional<quint32> g = file.globalFrame(clip, f);
            const auto record = g ? file.contact(*g) : std::nullopt;
            out.m_soleY.append(record ? record->first : std::numeric_limits<float>::quiet_NaN());
            out.m_footY.append(record ? record->second : std::numeric_limits<float>::quiet_NaN());
        }
        out.m_lowestFootY = lowestOf(out.m_footY);
        out.m_grounded = within(out.m_footY, out.m_lowestFootY);
    } else if (file.isV3()) {
        notes << QStringLiteral("the contact table is missing or not inside the file");
    } else {
        notes << QStringLiteral("v%1 files have no contact table (v3 adds it)").arg(file.header().version);
    }
    out.m_note = notes.join(QStringLiteral("; "));
    return out;
}

bool FootContacts::isPlanted(int foot, quint32 frame) const
{
    return foot >= 0 && foot < m_feet.size() && frame < quint32(m_feet.at(foot).planted.size())
        && m_feet.at(foot).planted.testBit(qsizetype(frame));
}

QList<int> FootContacts::plantedFeet(quint32 frame) const
{
    QList<int> out;
    for (int i = 0; i < m_feet.size(); ++i) {
        if (isPlanted(i, frame))
            out.append(i);
    }
    return out;
}

bool FootContacts::isGrounded(quint32 frame) const
{
    return frame < quint32(m_grounded.size()) && m_grounded.testBit(qsizetype(frame));
}

} // namespace bpat

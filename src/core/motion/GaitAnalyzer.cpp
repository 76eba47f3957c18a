#include "motion/GaitAnalyzer.h"

#include <QVector3D>
#include <algorithm>
#include <cmath>

namespace bpat {

namespace {

constexpr float PlantedBand = 0.015f; // metres above the clip's lowest foot height

float range(const QList<float> &v)
{
    if (v.isEmpty())
        return 0.0f;
    const auto [lo, hi] = std::minmax_element(v.cbegin(), v.cend());
    return *hi - *lo;
}

MotionSeries series(const char *key, const QString &label, const char *unit, const QList<float> &values, int bone = -1)
{
    MotionSeries s{QLatin1String(key), label, QLatin1String(unit), {}, bone};
    s.values.reserve(values.size());
    for (float v : values)
        s.values.append(double(v));
    return s;
}

QList<float> coordinate(const QList<QList<QVector3D>> &at, int bone, int axis)
{
    QList<float> out;
    out.reserve(at.size());
    for (const QList<QVector3D> &frame : at)
        out.append(frame.at(bone)[axis]);
    return out;
}

} // namespace

GaitAnalyzer::GaitAnalyzer(const BpatFile &file)
    : m_reader(file)
    , m_rig(MotionRig::forFile(file))
{
}

QString ClipGait::measureKey(StretchMeasure measure)
{
    return measure == StretchMeasure::RigLength ? QStringLiteral("rig_length") : QStringLiteral("clip_median");
}

QString ClipGait::measureName(StretchMeasure measure, bool withMeaning)
{
    if (measure == StretchMeasure::RigLength)
        return withMeaning ? QStringLiteral("limb stretch (length / the game's rig length)") : QStringLiteral("limb stretch");
    return withMeaning ? QStringLiteral("length change (length / its median in the clip)") : QStringLiteral("length change");
}

QList<double> GaitAnalyzer::defaultCycleTimes()
{
    return {0.70, 0.85, 1.00};
}

double GaitAnalyzer::contactRetreat(const QList<float> &y, const QList<float> &z)
{
    const qsizetype n = std::min(y.size(), z.size());
    if (n == 0)
        return 0.0;
    const float lowest = *std::min_element(y.cbegin(), y.cbegin() + n);
    QList<float> kept;
    for (qsizetype f = 0; f < n; ++f) {
        const qsizetype next = (f + 1) % n;
        if (!(y.at(f) - lowest <= PlantedBand) || !(y.at(next) - lowest <= PlantedBand))
            continue;
        const float delta = z.at(next) - z.at(f);
        if (delta < 0.0f)
            kept.append(-delta * float(n));
    }
    if (kept.isEmpty())
        return 0.0;
    std::sort(kept.begin(), kept.end());
    return double(kept.at(kept.size() / 2));
}

ClipGait GaitAnalyzer::analyze(int clip, const QList<double> &cycleTimes, const std::atomic<bool> *cancel) const
{
    ClipGait gait;
    const BpatFile &file = m_reader.file();
    if (clip < 0 || clip >= file.clips().size())
        return gait;
    const BpatClipInfo &info = file.clips().at(clip);
    gait.clip = clip;
    gait.name = info.name;
    gait.frames = info.frameCount;
    gait.fps = info.fps;
    gait.loops = info.loops();
    gait.kind = m_rig.kind;
    if (m_reader.boneCount() == 0) {
        gait.note = QStringLiteral("the palette is not inside the file");
        gait.unreadable = true;
        return gait;
    }
    if (info.frameCount < 4) {
        gait.note = QStringLiteral("fewer than 4 frames: no report (as the game's tool)");
        return gait;
    }
    QList<QVector3D> frame(m_reader.boneCount());
    // The clip's frames are contiguous: with its last frame inside the file, all are. Checked
    // before anything is sized by the clip's frame count (a malformed file may claim 2^31).
    const std::optional<quint32> last = file.globalFrame(clip, info.frameCount - 1);
    if (!last || !m_reader.read(*last, frame.data())) {
        gait.note = QStringLiteral("frame %1 is not inside the file").arg(info.frameCount - 1);
        gait.unreadable = true;
        return gait;
    }
    QList<QList<QVector3D>> at;
    at.reserve(qsizetype(info.frameCount));
    for (quint32 f = 0; f < info.frameCount; ++f) {
        if ((f & 0xFFF) == 0 && cancel && cancel->load(std::memory_order_relaxed)) {
            gait.note = QStringLiteral("cancelled");
            return gait;
        }
        const std::optional<quint32> g = file.globalFrame(clip, f);
        if (!g || !m_reader.read(*g, frame.data())) {
            gait.note = QStringLiteral("frame %1 is not inside the file").arg(f);
            gait.unreadable = true;
            return gait;
        }
        at.append(frame);
    }
    gait.reported = true;
    if (m_rig.kind == MotionRig::Kind::Humanoid)
        humanoidReport(gait, at);
    else
        quadrupedReport(gait, at); // per foot where there are feet, stretch against medians
    for (double t : cycleTimes)
        gait.skateFreeSpeeds.append({t, t > 0.0 ? double(float(gait.contactRetreat) / float(t)) : 0.0});
    return gait;
}

void GaitAnalyzer::humanoidReport(ClipGait &gait, const QList<QList<QVector3D>> &at) const
{
    const MotionRig::Humanoid &h = *m_rig.humanoid;
    const QList<float> footLZ = coordinate(at, h.footL, 2), footRZ = coordinate(at, h.footR, 2);
    const QList<float> footLY = coordinate(at, h.footL, 1), footRY = coordinate(at, h.footR, 1);
    const QList<float> handLZ = coordinate(at, h.handL, 2), shoulderLZ = coordinate(at, h.shoulderL, 2);
    const QList<float> pelvisY = coordinate(at, h.pelvis, 1), pelvisX = coordinate(at, h.pelvis, 0);
    QList<float> stepWidth, stretch, lowest;
    float widthSum = 0.0f;
    for (qsizetype f = 0; f < at.size(); ++f) {
        const float width = at.at(f).at(h.footR).x() - at.at(f).at(h.footL).x();
        stepWidth.append(width);
        widthSum += width;
        lowest.append(std::min(footLY.at(f), footRY.at(f)));
        float worst = -1.0f;
        int worstPair = 0;
        for (int p = 0; p < int(h.pairs.size()); ++p) {
            const MotionRig::StretchPair &pair = h.pairs[size_t(p)];
            const float s = at.at(f).at(pair.from).distanceToPoint(at.at(f).at(pair.to)) / pair.length;
            if (s > worst) {
                worst = s;
                worstPair = p;
            }
        }
        stretch.append(worst);
        if (!gait.hasStretch || worst > gait.worstStretch) {
            gait.hasStretch = true;
            gait.worstStretch = worst;
            gait.worstBone = h.pairs[size_t(worstPair)].label;
            gait.worstLink = m_rig.boneName(h.pairs[size_t(worstPair)].from) + QStringLiteral(" -> ")
                + m_rig.boneName(h.pairs[size_t(worstPair)].to);
            gait.worstBoneIndex = h.pairs[size_t(worstPair)].to;
            gait.worstFrame = int(f);
        }
    }
    gait.stretchMeasure = ClipGait::StretchMeasure::RigLength;
    gait.footTravel = range(footLZ);
    gait.handSwing = range(handLZ);
    gait.pelvisBob = range(pelvisY);
    gait.pelvisSway = range(pelvisX);
    gait.shoulderTwist = range(shoulderLZ);
    gait.stepWidth = double(widthSum / float(at.size()));
    gait.footLift = range(footLY);
    gait.contactRetreat = contactRetreat(footLY, footLZ);
    gait.series = {
        series("foot_l_y", QStringLiteral("Left foot (FootL) height"), "m", footLY, h.footL),
        series("foot_r_y", QStringLiteral("Right foot (FootR) height"), "m", footRY, h.footR),
        series("foot_l_z", QStringLiteral("Left foot (FootL) z"), "m", footLZ, h.footL),
        series("foot_r_z", QStringLiteral("Right foot (FootR) z"), "m", footRZ, h.footR),
        series("hand_l_z", QStringLiteral("HandL z"), "m", handLZ, h.handL),
        series("pelvis_y", QStringLiteral("Pelvis height (bob)"), "m", pelvisY, h.pelvis),
        series("pelvis_x", QStringLiteral("Pelvis x (sway)"), "m", pelvisX, h.pelvis),
        series("shoulder_l_z", QStringLiteral("ShoulderL z"), "m", shoulderLZ, h.shoulderL),
        series("step_width", QStringLiteral("Step width"), "m", stepWidth),
        series("lowest_foot_y", QStringLiteral("Lowest foot height"), "m", lowest),
        series("stretch", QStringLiteral("Limb stretch (length / the game's rig length)"), "", stretch),
    };
}

void GaitAnalyzer::quadrupedReport(ClipGait &gait, const QList<QList<QVector3D>> &at) const
{
    QList<double> retreats;
    for (int i = 0; i < m_rig.feet.size(); ++i) {
        const int bone = m_rig.feet.at(i);
        const QList<float> y = coordinate(at, bone, 1), z = coordinate(at, bone, 2);
        FootGait foot;
        foot.label = m_rig.footLabels.value(i);
        foot.bone = bone;
        foot.boneName = m_rig.boneName(bone);
        foot.travel = range(z);
        foot.lift = range(y);
        foot.contactRetreat = contactRetreat(y, z);
        foot.name = m_rig.footNames.value(i, foot.boneName); // "front left hoof"
        retreats.append(foot.contactRetreat);
        gait.feet.append(foot);
        const QString &name = foot.name;
        gait.series.append(series(qPrintable(foot.label + QStringLiteral("_y")), name + QStringLiteral(" height"), "m", y, bone));
        gait.series.append(series(qPrintable(foot.label + QStringLiteral("_z")), name + QStringLiteral(" z"), "m", z, bone));
    }
    if (!retreats.isEmpty()) {
        std::sort(retreats.begin(), retreats.end());
        gait.contactRetreat = retreats.at(retreats.size() / 2);
        gait.footTravel = 0.0;
        for (const FootGait &f : gait.feet) {
            gait.footTravel = std::max(gait.footTravel, f.travel);
            gait.footLift = std::max(gait.footLift, f.lift);
        }
    }
    if (!m_rig.parents.isEmpty()) {
        const int root = [&] {
            for (int b = 0; b < m_rig.boneCount; ++b)
                if (m_rig.isRoot(b))
                    return b;
            return 0;
        }();
        gait.series.append(
            series("body_y", m_rig.boneName(root) + QStringLiteral(" height"), "m", coordinate(at, root, 1), root));
        gait.series.append(series("body_x", m_rig.boneName(root) + QStringLiteral(" x"), "m", coordinate(at, root, 0), root));
    }
    medianStretch(gait, at);
}

void GaitAnalyzer::medianStretch(ClipGait &gait, const QList<QList<QVector3D>> &at) const
{
    QList<float> perFrame(at.size(), 1.0f);
    bool any = false;
    for (int b : m_rig.lengthBones()) { // as the lint's BONE_STRETCH: no controls, no side branches
        const int parent = m_rig.parents.at(b);
        QList<float> length;
        length.reserve(at.size());
        for (const QList<QVector3D> &frame : at)
            length.append(frame.at(parent).distanceToPoint(frame.at(b)));
        QList<float> sorted = length;
        std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
        const float median = sorted.at(sorted.size() / 2);
        if (!(median > 1e-4f))
            continue; // a bone of no length (at its parent's origin) cannot stretch by a ratio
        for (qsizetype f = 0; f < at.size(); ++f) {
            const float s = length.at(f) / median;
            perFrame[f] = std::max(perFrame[f], s);
            if (!any || s > gait.worstStretch) {
                any = true;
                gait.worstStretch = s;
                gait.worstBone = m_rig.boneName(b);
                gait.worstLink = m_rig.boneName(parent) + QStringLiteral(" -> ") + m_rig.boneName(b);
                gait.worstBoneIndex = b;
                gait.worstFrame = int(f);
            }
        }
    }
    gait.hasStretch = any;
    gait.stretchMeasure = ClipGait::StretchMeasure::ClipMedian;
    if (any)
        gait.series.append(series("stretch", QStringLiteral("Length change (length / its median in the clip)"), "", perFrame));
}

} // namespace bpat

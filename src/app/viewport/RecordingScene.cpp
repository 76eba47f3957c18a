#include "RecordingScene.h"

#include "anim/CurveEvaluator.h"
#include "mesh/CreatureMeshBuilder.h"
#include "mesh/RigDescription.h"
#include "rebake/BuiltinRecipes.h"
#include "species/SpeciesRig.h"

#include <algorithm>
#include <cmath>
#include <numbers>

using namespace bpat;

namespace bpat::studio {

namespace {

constexpr HandBoolCurve kTracked[HandCount] = {HandBoolCurve::LeftTracked, HandBoolCurve::RightTracked};
constexpr HandBoolCurve kPinching[HandCount] = {HandBoolCurve::LeftPinching, HandBoolCurve::RightPinching};

const PoseCurves &groupCurves(const InputAnimation &animation, const CurveGroup &group)
{
    return group.camera ? animation.camera() : animation.joint(group.hand, group.joint);
}

QVector4D handColor(Hand hand, bool tracked, float alpha)
{
    const QVector3D rgb = hand == Hand::Left ? QVector3D(0.45f, 0.85f, 1.0f) : QVector3D(1.0f, 0.75f, 0.35f);
    return QVector4D(rgb, (tracked ? 1.0f : 0.22f) * alpha);
}

} // namespace

RecordingScene::RecordingScene() = default;
RecordingScene::~RecordingScene() = default;

void RecordingScene::setAnimation(std::shared_ptr<const InputAnimation> animation)
{
    m_animation = std::move(animation);
    m_cursors.clear();
    m_poser.reset();
    m_rig = RecordingRig();
    m_source = PaletteSource();
    m_palette.reset();
    m_tracked = {false, false};
    m_pinching = {false, false};
    m_poses = {};
    m_camera = PoseSample();
    m_gaze = RaySample();
    m_extentLo = QVector3D(-0.5f, 0, -0.5f);
    m_extentHi = QVector3D(0.5f, 1, 0.5f);
    m_start = m_end = 0.0;
    if (!m_animation)
        return;
    m_start = m_animation->startTime();
    m_end = std::max(m_start, m_animation->duration());
    RebakeRecipe recipe = BuiltinRecipes::hands();
    recipe.convertCoordinates = m_convert;
    m_poser = std::make_unique<RecipePoser>(std::move(recipe));
    m_cursors.reserve(CurveGroup::Count);
    m_cursors.append(PoseCursor(m_animation->camera()));
    for (int h = 0; h < HandCount; ++h) {
        for (int j = 0; j < HandJointCount; ++j)
            m_cursors.append(PoseCursor(m_animation->joint(Hand(h), HandJoint(j))));
    }
    for (int b = 0; b < 4; ++b)
        m_bools[size_t(b)] = CurveCursor(m_animation->handBool(HandBoolCurve(b)));
    m_gazeCursor = RayCursor(m_animation->eyeGaze());

    const int bones = m_poser->boneCount();
    m_palette = std::make_shared<std::vector<float>>(size_t(bones) * 16, 0.0f);
    m_source.speciesId = m_poser->recipe().speciesId;
    m_source.boneCount = bones;
    m_source.frameTotal = 1;
    m_source.palette = reinterpret_cast<const uchar *>(m_palette->data());
    m_source.clips = {PaletteClip{QStringLiteral("recording"), 0, 1, 60.0f, false}};
    m_source.label = QStringLiteral("recording");

    // The rig's mesh from an instant where both hands are tracked when there is one (the
    // mesh's links take their rest direction from it), else the start.
    // At most 2,000 looks, evenly spaced: a hostile file's duration may be anything finite.
    double reference = startTime();
    const int looks = int(std::clamp((endTime() - startTime()) * 10.0, 1.0, 2000.0));
    for (int i = 0; i <= looks; ++i) {
        const double t = startTime() + (endTime() - startTime()) * double(i) / double(looks);
        if (CurveEvaluator::evaluate(m_animation->handBool(kTracked[0]), t)
            && CurveEvaluator::evaluate(m_animation->handBool(kTracked[1]), t)) {
            reference = t;
            break;
        }
    }
    sample(reference);
    if (const SpeciesRig *known = SpeciesRig::find(m_source.speciesId, bones)) {
        const RigDescription &rig = known->description();
        m_rig.m_mesh = CreatureMeshBuilder::build(rig, *m_palette, 12);
        m_rig.m_roleColors = rig.roleColors;
        m_rig.m_name = rig.name;
        for (const RigBoneDescription &bone : rig.bones)
            m_rig.m_parents.append(bone.parent);
    } else { // the hands rig ships with the application: joints only if it ever went missing
        m_rig.m_mesh = CreatureMeshBuilder::joints(bones, *m_palette, 10);
        m_rig.m_roleColors = RigDescription::defaultRoleColors();
        m_rig.m_parents = CreatureMeshBuilder::inferParents(bones, *m_palette);
        m_rig.m_name = QStringLiteral("joints");
    }
    computeExtent();
    sample(startTime());
}

void RecordingScene::setConvertCoordinates(bool convert)
{
    if (convert == m_convert)
        return;
    m_convert = convert;
    if (!m_animation)
        return;
    const double time = m_time;
    setAnimation(std::shared_ptr<const InputAnimation>(m_animation)); // a new poser and extent
    sample(time);
}

QVector3D RecordingScene::headsetForward() const
{
    // Unity's camera looks along its +Z; mirrored into right-handed Y-up that is -Z.
    return m_camera.rotation.rotatedVector(QVector3D(0, 0, m_convert ? -1.0f : 1.0f));
}

bool RecordingScene::setTime(double seconds)
{
    if (!m_animation || !std::isfinite(seconds))
        return false;
    seconds = std::clamp(seconds, startTime(), endTime());
    if (seconds == m_time && m_samples > 0)
        return false;
    sample(seconds);
    return true;
}

void RecordingScene::sample(double seconds)
{
    m_time = seconds;
    ++m_samples;
    RecipePoser::Input input;
    for (int g = 0; g < m_cursors.size(); ++g) {
        input.poses[size_t(g)] = m_cursors[g].sample(seconds);
        m_poses[size_t(g)] = converted(input.poses[size_t(g)]);
    }
    for (int h = 0; h < HandCount; ++h) {
        m_tracked[size_t(h)] = m_bools[size_t(kTracked[h])].boolValue(seconds);
        m_pinching[size_t(h)] = m_bools[size_t(kPinching[h])].boolValue(seconds);
        input.tracked[size_t(h)] = m_tracked[size_t(h)];
    }
    m_camera = m_poses[0];
    m_gaze = !hasGaze() ? RaySample()
        : m_convert     ? m_gazeCursor.sample(seconds).toRightHandedYUp()
                        : m_gazeCursor.sample(seconds);
    std::array<QMatrix4x4, RebakeRecipe::MaxBones> globals;
    m_poser->pose(input, globals.data());
    for (int b = 0; b < m_poser->boneCount(); ++b)
        RecipePoser::storeRowMajor(globals[size_t(b)], m_palette->data() + size_t(b) * 16);
}

QList<float> RecordingScene::palette() const
{
    return m_palette ? QList<float>(m_palette->cbegin(), m_palette->cend()) : QList<float>();
}

PaletteSource RecordingScene::framesAt(const QList<double> &seconds, std::shared_ptr<std::vector<float>> *keep) const
{
    auto buffer = m_palette ? std::make_shared<std::vector<float>>(*m_palette) : std::make_shared<std::vector<float>>();
    for (const double t : seconds)
        appendPaletteAt(t, buffer.get());
    PaletteSource source = m_source;
    source.frameTotal = quint32(1 + seconds.size());
    source.palette = reinterpret_cast<const uchar *>(buffer->data());
    *keep = std::move(buffer);
    return source;
}

void RecordingScene::appendPaletteAt(double seconds, std::vector<float> *out) const
{
    if (!m_animation)
        return;
    seconds = std::clamp(seconds, startTime(), endTime());
    RecipePoser::Input input;
    input.poses[0] = m_animation->camera().evaluate(seconds);
    for (int h = 0; h < HandCount; ++h) {
        for (int j = 0; j < HandJointCount; ++j)
            input.poses[size_t(CurveGroup::handJoint(Hand(h), HandJoint(j)).index())] =
                m_animation->joint(Hand(h), HandJoint(j)).evaluate(seconds);
        input.tracked[size_t(h)] = CurveEvaluator::evaluate(m_animation->handBool(kTracked[h]), seconds);
    }
    std::array<QMatrix4x4, RebakeRecipe::MaxBones> globals;
    m_poser->pose(input, globals.data());
    const size_t at = out->size();
    out->resize(at + size_t(m_poser->boneCount()) * 16);
    for (int b = 0; b < m_poser->boneCount(); ++b)
        RecipePoser::storeRowMajor(globals[size_t(b)], out->data() + at + size_t(b) * 16);
}

QVector3D RecordingScene::jointPosition(Hand hand, HandJoint joint) const
{
    return m_poses[size_t(CurveGroup::handJoint(hand, joint).index())].position;
}

std::optional<QVector3D> RecordingScene::position(const QString &name) const
{
    const std::optional<CurveGroup> group = CurveGroup::fromName(name);
    if (!m_animation || !group)
        return std::nullopt;
    return m_poses[size_t(group->index())].position;
}

QList<QVector3D> RecordingScene::path(const QString &name, double from, double to, int count) const
{
    QList<QVector3D> out;
    const std::optional<CurveGroup> group = CurveGroup::fromName(name);
    if (!m_animation || !group || count < 1)
        return out;
    const PoseCurves &curves = groupCurves(*m_animation, *group);
    out.reserve(count);
    for (int i = 0; i < count; ++i) {
        const double t = count == 1 ? from : from + (to - from) * double(i) / double(count - 1);
        out.append(converted(curves.evaluate(t)).position);
    }
    return out;
}

void RecordingScene::computeExtent()
{
    QVector3D lo(INFINITY, INFINITY, INFINITY), hi(-INFINITY, -INFINITY, -INFINITY);
    auto grow = [&](const QVector3D &p) {
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || !std::isfinite(p.z()))
            return;
        for (int i = 0; i < 3; ++i) {
            lo[i] = std::min(lo[i], p[i]);
            hi[i] = std::max(hi[i], p[i]);
        }
    };
    const double start = startTime(), end = endTime();
    const int steps = int(std::clamp((end - start) * 10.0, 1.0, 2000.0)); // bounded for any duration
    for (int i = 0; i <= steps; ++i) {
        const double t = start + (end - start) * double(i) / double(steps);
        grow(converted(m_animation->camera().evaluate(t)).position);
        for (int h = 0; h < HandCount; ++h) {
            if (!CurveEvaluator::evaluate(m_animation->handBool(kTracked[h]), t))
                continue;
            for (HandJoint j : {HandJoint::Wrist, HandJoint::ThumbTip, HandJoint::IndexTip, HandJoint::PinkyTip})
                grow(converted(m_animation->joint(Hand(h), j).evaluate(t)).position);
        }
    }
    if (!(lo.x() <= hi.x()))
        return;
    const QVector3D margin(0.1f, 0.1f, 0.1f);
    m_extentLo = lo - margin;
    m_extentHi = hi + margin;
}

void RecordingScene::appendLines(QList<LineVertex> &out, float alpha) const
{
    if (!m_animation)
        return;
    // Hands: each bone joined to its parent as the rig joins them (the head is not a hand).
    const QList<int> &parents = m_rig.parents();
    const RebakeRecipe &recipe = m_poser->recipe();
    for (int b = 0; b < recipe.boneCount() && b < parents.size(); ++b) {
        const RecipeBone &bone = recipe.bones.at(b);
        const int parent = parents.at(b);
        if (bone.curve.camera || parent < 0 || recipe.bones.at(parent).curve.camera)
            continue;
        const Hand hand = bone.curve.hand;
        const QVector3D a = m_poses[size_t(recipe.bones.at(parent).curve.index())].position;
        const QVector3D c = m_poses[size_t(bone.curve.index())].position;
        ViewportScene::appendLine(out, a, c, handColor(hand, tracked(hand), alpha));
    }
    // A pinch: a ring between thumb and index tips, across the line that joins them.
    for (int h = 0; h < HandCount; ++h) {
        if (!pinching(Hand(h)) || !tracked(Hand(h)))
            continue;
        const QVector3D thumb = jointPosition(Hand(h), HandJoint::ThumbTip);
        const QVector3D index = jointPosition(Hand(h), HandJoint::IndexTip);
        const QVector3D centre = (thumb + index) / 2;
        QVector3D axis = (index - thumb).normalized();
        if (axis.isNull())
            axis = QVector3D(0, 1, 0);
        QVector3D u = QVector3D::crossProduct(axis, QVector3D(0, 1, 0));
        if (u.lengthSquared() < 1e-6f)
            u = QVector3D::crossProduct(axis, QVector3D(1, 0, 0));
        u.normalize();
        const QVector3D v = QVector3D::crossProduct(axis, u);
        const float radius = 0.018f;
        const QVector4D color(1.0f, 0.3f, 0.8f, alpha);
        constexpr int segments = 16;
        for (int s = 0; s < segments; ++s) {
            const float a0 = 2.0f * std::numbers::pi_v<float> * float(s) / segments;
            const float a1 = 2.0f * std::numbers::pi_v<float> * float(s + 1) / segments;
            ViewportScene::appendLine(out, centre + radius * (std::cos(a0) * u + std::sin(a0) * v),
                                      centre + radius * (std::cos(a1) * u + std::sin(a1) * v), color);
        }
    }
    // The headset: a small view frustum at the camera pose (looking ahead, up +Y).
    if (m_animation->hasCamera()) {
        const QVector3D eye = m_camera.position;
        const QVector3D forward = headsetForward();
        const QVector3D up = m_camera.rotation.rotatedVector(QVector3D(0, 1, 0));
        const QVector3D right = m_camera.rotation.rotatedVector(QVector3D(1, 0, 0));
        const QVector4D color(0.9f, 0.9f, 0.95f, alpha);
        const QVector3D centre = eye + forward * 0.16f;
        QVector3D corners[4];
        for (int c = 0; c < 4; ++c)
            corners[c] = centre + right * ((c & 1) ? 0.1f : -0.1f) + up * ((c & 2) ? 0.06f : -0.06f);
        for (int c = 0; c < 4; ++c)
            ViewportScene::appendLine(out, eye, corners[c], color);
        ViewportScene::appendLine(out, corners[0], corners[1], color);
        ViewportScene::appendLine(out, corners[1], corners[3], color);
        ViewportScene::appendLine(out, corners[3], corners[2], color);
        ViewportScene::appendLine(out, corners[2], corners[0], color);
        ViewportScene::appendLine(out, centre + up * 0.06f, centre + up * 0.1f, color); // which way is up
    }
    // The eye gaze (1.1 files with an eye-gaze section).
    if (hasGaze() && !m_gaze.direction.isNull())
        ViewportScene::appendLine(out, m_gaze.origin, m_gaze.origin + m_gaze.direction * kGazeLength,
                                  QVector4D(0.3f, 1.0f, 0.4f, alpha));
}

} // namespace bpat::studio

#include "rebake/RecipePoser.h"

#include "rebake/TwoBoneIk.h"

#include <cmath>
#include <numbers>

namespace bpat {

RecipePoser::RecipePoser(RebakeRecipe recipe)
    : m_recipe(std::move(recipe))
    , m_order(m_recipe.evaluationOrder())
{
    for (int b = 0; b < m_recipe.boneCount(); ++b) {
        const std::optional<Hand> hand = m_recipe.handOf(b);
        m_handOf.append(hand);
        if (hand)
            m_usesHand[size_t(*hand)] = true;
    }
    m_required = m_recipe.curveGroups();
    if (m_recipe.untracked == UntrackedHands::Collapse) {
        for (int h = 0; h < HandCount; ++h) {
            const CurveGroup wrist = CurveGroup::handJoint(Hand(h), HandJoint::Wrist);
            if (m_usesHand[size_t(h)] && !m_required.contains(wrist))
                m_required.append(wrist);
        }
    }
    // Which bones another bone reads as a QMatrix4x4: the parent of a bone that can take its
    // rest pose (a Rest bone, or a hand's bone put to rest while untracked), and every bone of
    // an IK chain and its pole frame. Those, and the bones not driven by a pose, keep the
    // QMatrix4x4 path in poseRows().
    std::array<bool, RebakeRecipe::MaxBones> matrix{};
    for (int b = 0; b < m_recipe.boneCount(); ++b) {
        const RecipeBone &bone = m_recipe.bones.at(b);
        const bool canRest = bone.drive == DriveKind::Rest || (m_handOf.at(b) && m_recipe.untracked == UntrackedHands::Rest);
        if (bone.drive != DriveKind::Pose || canRest)
            matrix[size_t(b)] = true;
        if (canRest && bone.parent >= 0)
            matrix[size_t(bone.parent)] = true;
        if (bone.ik) {
            for (const int role : {b, bone.ik->middle, bone.ik->end, bone.ik->poleBone}) {
                if (role >= 0)
                    matrix[size_t(role)] = true;
            }
        }
        m_offsets.append(PoseRows::prepare(bone.offset.matrix()));
    }
    for (int b = 0; b < m_recipe.boneCount(); ++b)
        m_direct[size_t(b)] = !matrix[size_t(b)];
}

PoseSample RecipePoser::groupPose(const Input &input, const CurveGroup &group) const
{
    const PoseSample &raw = input.poses[size_t(group.index())];
    PoseSample pose = m_recipe.convertCoordinates ? raw.toRightHandedYUp() : raw;
    if (!m_shift.isNull()) // (-0 + 0 would be +0: a zero shift leaves the bits alone)
        pose.position += m_shift;
    return pose;
}

bool RecipePoser::untrackedRest(const Input &input, int bone) const
{
    const std::optional<Hand> hand = m_handOf.at(bone);
    return hand && m_recipe.untracked == UntrackedHands::Rest && !input.tracked[size_t(*hand)];
}

QMatrix4x4 RecipePoser::drivenGlobal(const Input &input, int bone, const QMatrix4x4 *globals) const
{
    const RecipeBone &b = m_recipe.bones.at(bone);
    const QMatrix4x4 parent = b.parent >= 0 ? globals[b.parent] : QMatrix4x4();
    if (b.drive == DriveKind::Rest || untrackedRest(input, bone))
        return parent * b.rest.matrix();
    const PoseSample pose = groupPose(input, b.curve);
    QMatrix4x4 m;
    m.translate(pose.position);
    if (b.drive == DriveKind::Pose) {
        m.rotate(pose.rotation);
    } else { // Ground: keep only the heading (rotation about Y) of the pose
        QVector3D forward = pose.rotation.rotatedVector(QVector3D(0, 0, 1));
        if (std::hypot(forward.x(), forward.z()) < 1e-4f)
            forward = pose.rotation.rotatedVector(QVector3D(0, 1, 0));
        const float yaw = std::atan2(forward.x(), forward.z());
        m.rotate(yaw * float(180.0 / std::numbers::pi), 0.0f, 1.0f, 0.0f);
    }
    return m * b.offset.matrix();
}

void RecipePoser::pose(const Input &input, QMatrix4x4 *globals) const
{
    compute(input, globals, nullptr);
}

void RecipePoser::poseRows(const Input &input, QMatrix4x4 *globals, float *rows) const
{
    compute(input, globals, rows);
}

// pose() when rows is null; poseRows() otherwise.
void RecipePoser::compute(const Input &input, QMatrix4x4 *globals, float *rows) const
{
    const int n = m_recipe.boneCount();
    const bool collapses = m_recipe.untracked == UntrackedHands::Collapse;
    std::array<bool, HandCount> collapsed{};
    for (int h = 0; h < HandCount; ++h)
        collapsed[size_t(h)] = collapses && m_usesHand[size_t(h)] && !input.tracked[size_t(h)];
    // End bones placed by an IK chain: their reached position replaces the target's.
    std::array<bool, RebakeRecipe::MaxBones> solved{};
    for (const int bone : m_order) {
        const RecipeBone &b = m_recipe.bones.at(bone);
        if (solved[size_t(bone)])
            continue;
        if (rows && m_direct[size_t(bone)]) {
            const std::optional<Hand> hand = m_handOf.at(bone);
            if (!hand || !collapsed[size_t(*hand)]) { // else collapsed below
                const PoseSample pose = groupPose(input, b.curve);
                PoseRows::compose(pose.position, pose.rotation, m_offsets.at(bone), rows + bone * 16);
            }
            continue;
        }
        globals[bone] = drivenGlobal(input, bone, globals);
        if (!b.ik || untrackedRest(input, b.ik->end))
            continue;
        const RecipeIk &ik = *b.ik;
        const RecipeBone &middle = m_recipe.bones.at(ik.middle);
        const RecipeBone &end = m_recipe.bones.at(ik.end);
        const QMatrix4x4 target = drivenGlobal(input, ik.end, globals);
        const QMatrix4x4 poleFrame = ik.poleBone >= 0 ? globals[ik.poleBone] : QMatrix4x4();
        const QVector3D root = globals[bone].column(3).toVector3D();
        const TwoBoneIkSolution s =
            TwoBoneIk::solve(root, target.column(3).toVector3D(), middle.rest.translation.length(), end.rest.translation.length(),
                             poleFrame.mapVector(ik.poleDirection), globals[bone].mapVector(QVector3D(0, 0, -1)));
        globals[bone] = TwoBoneIk::boneFrame(root, s.middle, s.hingeAxis);
        globals[ik.middle] = TwoBoneIk::boneFrame(s.middle, s.end, s.hingeAxis);
        globals[ik.end] = target;
        globals[ik.end].setColumn(3, QVector4D(s.end, 1.0f));
        solved[size_t(ik.middle)] = solved[size_t(ik.end)] = true;
    }
    for (int h = 0; h < HandCount; ++h) {
        if (!collapsed[size_t(h)])
            continue;
        // Scaled to zero about the wrist: T(w) * S(0) * T(-w) * M leaves only translation w.
        const QVector3D wrist = groupPose(input, CurveGroup::handJoint(Hand(h), HandJoint::Wrist)).position;
        const QMatrix4x4 flat(0, 0, 0, wrist.x(), 0, 0, 0, wrist.y(), 0, 0, 0, wrist.z(), 0, 0, 0, 1);
        for (int bone = 0; bone < n; ++bone) {
            if (m_handOf.at(bone) == Hand(h))
                globals[bone] = flat;
        }
    }
    if (!rows)
        return;
    for (int bone = 0; bone < n; ++bone) {
        const std::optional<Hand> hand = m_handOf.at(bone);
        if (!m_direct[size_t(bone)] || (hand && collapsed[size_t(*hand)]))
            storeRowMajor(globals[bone], rows + bone * 16);
    }
}

void RecipePoser::storeRowMajor(const QMatrix4x4 &m, float *out)
{
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c)
            out[r * 4 + c] = m(r, c);
    }
}

void RecipePoser::storeSocketRows(const QMatrix4x4 &anchor, const QVector3D &offset, float *out)
{
    QMatrix4x4 m = anchor;
    m.translate(offset);
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 4; ++c)
            out[r * 4 + c] = m(r, c);
    }
}

} // namespace bpat

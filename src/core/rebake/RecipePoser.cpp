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
}

PoseSample RecipePoser::groupPose(const Input &input, const CurveGroup &group) const
{
    const PoseSample &raw = input.poses[size_t(group.index())];
    return m_recipe.convertCoordinates ? raw.toRightHandedYUp() : raw;
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
    const int n = m_recipe.boneCount();
    // End bones placed by an IK chain: their reached position replaces the target's.
    std::array<bool, RebakeRecipe::MaxBones> solved{};
    for (const int bone : m_order) {
        const RecipeBone &b = m_recipe.bones.at(bone);
        if (solved[size_t(bone)])
            continue;
        globals[bone] = drivenGlobal(input, bone, globals);
        if (!b.ik || untrackedRest(input, b.ik->end))
            continue;
        const RecipeIk &ik = *b.ik;
        const RecipeBone &middle = m_recipe.bones.at(ik.middle);
        const RecipeBone &end = m_recipe.bones.at(ik.end);
        const QMatrix4x4 target = drivenGlobal(input, ik.end, globals);
        const QMatrix4x4 poleFrame = ik.poleBone >= 0 ? globals[ik.poleBone] : QMatrix4x4();
        const QVector3D root = globals[bone].column(3).toVector3D();
        const TwoBoneIkSolution s = TwoBoneIk::solve(
            root, target.column(3).toVector3D(), middle.rest.translation.length(),
            end.rest.translation.length(), poleFrame.mapVector(ik.poleDirection),
            globals[bone].mapVector(QVector3D(0, 0, -1)));
        globals[bone] = TwoBoneIk::boneFrame(root, s.middle, s.hingeAxis);
        globals[ik.middle] = TwoBoneIk::boneFrame(s.middle, s.end, s.hingeAxis);
        globals[ik.end] = target;
        globals[ik.end].setColumn(3, QVector4D(s.end, 1.0f));
        solved[size_t(ik.middle)] = solved[size_t(ik.end)] = true;
    }
    if (m_recipe.untracked != UntrackedHands::Collapse)
        return;
    for (int h = 0; h < HandCount; ++h) {
        if (!m_usesHand[size_t(h)] || input.tracked[size_t(h)])
            continue;
        // Scaled to zero about the wrist: T(w) * S(0) * T(-w) * M leaves only translation w.
        const QVector3D wrist = groupPose(input, CurveGroup::handJoint(Hand(h), HandJoint::Wrist)).position;
        QMatrix4x4 collapsed(0, 0, 0, wrist.x(), 0, 0, 0, wrist.y(), 0, 0, 0, wrist.z(), 0, 0, 0, 1);
        for (int bone = 0; bone < n; ++bone) {
            if (m_handOf.at(bone) == Hand(h))
                globals[bone] = collapsed;
        }
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

#pragma once
// Poses a recipe's rig for one instant: from the evaluated pose of every curve group and the
// hands' tracked states to one global (model-space) matrix per bone. Pure rig math; the curves
// are evaluated by the curve core (PoseCursor / PoseCurves) before this is called. Const and
// thread-safe: one poser serves every worker thread.
#include "anim/PoseSample.h"
#include "rebake/PoseRows.h"
#include "rebake/RebakeRecipe.h"

#include <QMatrix4x4>
#include <array>

namespace bpat {

class RecipePoser
{
public:
    // The recipe must be valid (RebakeRecipe::problems() empty).
    explicit RecipePoser(RebakeRecipe recipe);

    struct Input
    {
        std::array<PoseSample, CurveGroup::Count> poses; // as recorded (Unity frame), by CurveGroup::index()
        std::array<bool, HandCount> tracked{true, true};
    };

    const RebakeRecipe &recipe() const { return m_recipe; }
    int boneCount() const { return m_recipe.boneCount(); }
    // The groups whose poses pose() reads (the recipe's plus the wrists of collapsible hands).
    const QList<CurveGroup> &requiredGroups() const { return m_required; }
    // Whether a hand's Tracked curve matters.
    bool usesHand(Hand hand) const { return m_usesHand[size_t(hand)]; }

    // Writes boneCount() global matrices.
    void pose(const Input &input, QMatrix4x4 *globals) const;
    // Writes boneCount() x 16 row-major floats: storeRowMajor() of each of pose()'s matrices,
    // the same bits, faster: a pose-driven bone whose matrix no other bone reads is composed
    // straight into its rows (PoseRows), the others go through QMatrix4x4 in `globals`
    // (boneCount() matrices of scratch).
    void poseRows(const Input &input, QMatrix4x4 *globals, float *rows) const;

    // The pose of a group as the recipe sees it (converted when the recipe converts, then moved
    // by shift()).
    PoseSample groupPose(const Input &input, const CurveGroup &group) const;
    // Moves every pose the recipe reads by `shift` (model space): the rebake stands a recipe's
    // ground bone on y = 0, where the game stands a unit (Rebaker::floorShift). Zero by default.
    void setShift(const QVector3D &shift) { m_shift = shift; }
    QVector3D shift() const { return m_shift; }

    // QMatrix4x4 -> 16 floats, row-major (the v1 palette layout).
    static void storeRowMajor(const QMatrix4x4 &m, float *out);
    // Rows 0..2 of anchor * translate(offset).
    static void storeSocketRows(const QMatrix4x4 &anchor, const QVector3D &offset, float *out);

private:
    void compute(const Input &input, QMatrix4x4 *globals, float *rows) const;
    QMatrix4x4 drivenGlobal(const Input &input, int bone, const QMatrix4x4 *globals) const;
    bool untrackedRest(const Input &input, int bone) const;

    RebakeRecipe m_recipe;
    QList<int> m_order;
    QList<std::optional<Hand>> m_handOf;
    QList<CurveGroup> m_required;
    std::array<bool, HandCount> m_usesHand{false, false};
    // Per bone: composed straight into rows by poseRows() (pose-driven, and no bone reads its
    // matrix: no rest child, no IK role, never put to rest when untracked), and its offset.
    std::array<bool, RebakeRecipe::MaxBones> m_direct{};
    QList<PoseRows::Offset> m_offsets;
    QVector3D m_shift;
};

} // namespace bpat

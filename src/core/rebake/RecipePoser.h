#pragma once
// Poses a recipe's rig for one instant: from the evaluated pose of every curve group and the
// hands' tracked states to one global (model-space) matrix per bone. Pure rig math; the curves
// are evaluated by the curve core (PoseCursor / PoseCurves) before this is called. Const and
// thread-safe: one poser serves every worker thread.
#include "anim/PoseSample.h"
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

    // The pose of a group as the recipe sees it (converted when the recipe converts).
    PoseSample groupPose(const Input &input, const CurveGroup &group) const;

    // QMatrix4x4 -> 16 floats, row-major (the v1 palette layout).
    static void storeRowMajor(const QMatrix4x4 &m, float *out);
    // Rows 0..2 of anchor * translate(offset).
    static void storeSocketRows(const QMatrix4x4 &anchor, const QVector3D &offset, float *out);

private:
    QMatrix4x4 drivenGlobal(const Input &input, int bone, const QMatrix4x4 *globals) const;
    bool untrackedRest(const Input &input, int bone) const;

    RebakeRecipe m_recipe;
    QList<int> m_order;
    QList<std::optional<Hand>> m_handOf;
    QList<CurveGroup> m_required;
    std::array<bool, HandCount> m_usesHand{false, false};
};

} // namespace bpat

#pragma once
// Undoable motion edits (issue 41), each the core's MotionEditor as `bpat edit` runs it.
//
// OffsetLayerCommand sets a clip's offset layer (a key added, moved, typed, deleted, its
// interpolation or the layer's range changed): the clip's frames go back to the layer's base and
// the new layer is added to them (MotionEditor::applyOffsets), so a key can move again and again
// without the offsets piling up. Moves of one key in one drag merge into one undo step. Undo puts
// back the clip's very bytes and the layers as they were.
//
// MotionEditCommand runs one MotionEditor operation on a clip (retime, time warp, reverse,
// mirror in place, or mirror into a new clip) and keeps the clip as it was for undo.
#include "DocumentCommand.h"
#include "bpat/BpatDocument.h"
#include "motionedit/MotionEditor.h"

#include <QString>
#include <functional>
#include <optional>

namespace bpat::studio {

class OffsetLayerCommand : public DocumentCommand
{
public:
    // `drag` >= 0: the moves of one drag (same clip and number) merge into one step.
    OffsetLayerCommand(DocumentSession *session, int clip, bpat::OffsetLayer layer, const QString &text, int drag = -1);
    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    int focusClip(bool) const override { return m_clip; }
    bool keepsOffsetLayers() const override { return true; }
    // A drag's moves change only matrices where they lie: the window redraws the motion at each
    // move and the rest once the drag settles (DocumentChange::Motion).
    DocumentChanges changes() const override
    {
        return m_drag >= 0 ? DocumentChanges(DocumentChange::Motion) : DocumentCommand::changes();
    }
    int id() const override { return m_drag >= 0 ? 4141 : -1; }
    bool mergeWith(const QUndoCommand *other) override;
    // What the last apply() said (the change, notes).
    const bpat::MotionEditResult &result() const { return m_result; }

private:
    int m_clip;
    bpat::OffsetLayer m_layer;
    int m_drag;
    std::optional<OffsetLayers> m_layersBefore;
    std::optional<BpatClip> m_clipBefore; // its frames before the first apply
    bpat::MotionEditResult m_result;
};

class MotionEditCommand : public DocumentCommand
{
public:
    using Edit = std::function<bpat::MotionEditResult(bpat::MotionEditor &)>;
    // `addsClip`: the edit appends a clip (a mirror into a new clip), which undo removes.
    MotionEditCommand(DocumentSession *session, int clip, Edit edit, const QString &text, bool addsClip = false);
    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    int focusClip(bool undo) const override { return undo ? m_clip : m_result.clip; }
    const bpat::MotionEditResult &result() const { return m_result; }

private:
    int m_clip;
    Edit m_edit;
    bool m_addsClip;
    std::optional<BpatClip> m_original;
    bpat::MotionEditResult m_result;
};

} // namespace bpat::studio

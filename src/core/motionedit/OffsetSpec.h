#pragma once
// Offset keys written as text, as `bpat edit --offset` and `bpat-studio --offset` take them:
//     CLIP:BONE:CHANNEL=FRAME:VALUE[:MODE],FRAME:VALUE[:MODE]...[@FIRST:LAST]
// CLIP and BONE by name or index (the clip's name may itself hold ':'), CHANNEL as the bone graph
// names it (offsetChannelFromName), MODE auto, flat, linear or stepped, @FIRST:LAST the frame
// range the layer applies to. parse() checks the form; resolve() finds the clip and the bone in a
// document (a bone index outside the rig is left for OffsetLayer::problem() to name).
#include "motionedit/OffsetLayer.h"

#include <QString>
#include <optional>

namespace bpat {

class BpatDocument;

struct OffsetSpec
{
    QString clip;
    QString bone;
    OffsetChannel channel = OffsetChannel::RotationX;
    QList<OffsetKey> keys;
    std::optional<std::pair<quint32, quint32>> range;

    // Nullopt and *error ("the key '5' is not FRAME:VALUE[:MODE] with finite numbers") when the
    // text does not have the form.
    static std::optional<OffsetSpec> parse(const QString &text, QString *error = nullptr);
    // The clip and bone in `document` and the layer of these keys (in `order`); false and
    // *error when the clip or a named bone is not there.
    bool resolve(const BpatDocument &document, EulerOrder order, int *clipIndex, OffsetLayer *layer,
                 QString *error = nullptr) const;
};

} // namespace bpat

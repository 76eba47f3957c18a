#include "MotionCommands.h"

#include "DocumentSession.h"

namespace bpat::studio {

namespace {

// The frame data of a clip (what a layer adds to): the rest of the clip is the document's.
void setFrames(BpatClip &clip, const BpatClip &from)
{
    clip.palette = from.palette;
    clip.socketRows = from.socketRows;
    clip.contacts = from.contacts;
    clip.storedSkin = from.storedSkin;
}

} // namespace

OffsetLayerCommand::OffsetLayerCommand(DocumentSession *session, int clip, bpat::OffsetLayer layer, const QString &text, int drag)
    : DocumentCommand(session, text)
    , m_clip(clip)
    , m_layer(std::move(layer))
    , m_drag(drag)
{
}

bool OffsetLayerCommand::apply(BpatDocument &document, QString *error)
{
    if (m_clip < 0 || m_clip >= document.clipCount()) {
        if (error)
            *error = QObject::tr("no clip %1 to put offset keys on").arg(m_clip);
        return false;
    }
    OffsetLayers layers = session()->offsetLayers();
    if (!m_layersBefore) {
        m_layersBefore = layers;
        m_clipBefore = document.clip(m_clip);
    }
    ClipOffsetLayer entry = layers.value(m_clip);
    BpatClip &clip = document.clip(m_clip);
    if (!entry.base) {
        auto base = std::make_shared<BpatClip>();
        setFrames(*base, clip);
        entry.base = std::move(base);
        entry.baseFile = session()->shownFile();
    }
    const BpatClip now = clip; // put back when the layer is refused
    setFrames(clip, *entry.base);
    m_result = bpat::MotionEditor(document).applyOffsets(m_clip, m_layer);
    if (!m_result.ok) {
        document.clip(m_clip) = now;
        if (error)
            *error = m_result.error;
        return false;
    }
    entry.layer = m_layer;
    if (m_layer.isEmpty())
        layers.remove(m_clip); // every key gone: the frames are the base's again, bit for bit
    else
        layers.insert(m_clip, entry);
    session()->setOffsetLayers(layers);
    return true;
}

void OffsetLayerCommand::revert(BpatDocument &document)
{
    if (m_clipBefore && m_clip < document.clipCount())
        document.clip(m_clip) = *m_clipBefore;
    if (m_layersBefore)
        session()->setOffsetLayers(*m_layersBefore);
}

bool OffsetLayerCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = dynamic_cast<const OffsetLayerCommand *>(other);
    if (!next || next->m_clip != m_clip || next->m_drag != m_drag || m_drag < 0)
        return false;
    // This command keeps the state from before the drag; it now redoes the latest move.
    m_layer = next->m_layer;
    m_result = next->m_result;
    setText(next->text());
    return true;
}

MotionEditCommand::MotionEditCommand(DocumentSession *session, int clip, Edit edit, const QString &text, bool addsClip)
    : DocumentCommand(session, text)
    , m_clip(clip)
    , m_edit(std::move(edit))
    , m_addsClip(addsClip)
{
}

bool MotionEditCommand::apply(BpatDocument &document, QString *error)
{
    if (m_clip < 0 || m_clip >= document.clipCount()) {
        if (error)
            *error = QObject::tr("no clip %1").arg(m_clip);
        return false;
    }
    m_original = document.clip(m_clip);
    bpat::MotionEditor editor(document);
    m_result = m_edit(editor);
    if (!m_result.ok && error)
        *error = m_result.error;
    return m_result.ok;
}

void MotionEditCommand::revert(BpatDocument &document)
{
    if (m_addsClip) {
        // The new clip went last, a family of its own: removing it moves and renumbers nothing.
        document.removeClip(document.clipCount() - 1);
        return;
    }
    if (m_original)
        document.replaceClip(m_clip, *m_original);
}

} // namespace bpat::studio

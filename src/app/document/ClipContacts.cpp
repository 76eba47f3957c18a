#include "ClipContacts.h"

#include "StudioContext.h"

namespace bpat::studio {

ClipContacts::ClipContacts(StudioContext *context, QObject *parent)
    : QObject(parent)
    , m_context(context)
{
    connect(m_context, &StudioContext::fileLoaded, this, [this] {
        // Names, fps, loops and markers do not move a foot.
        update(m_context->lastChanges() != DocumentChanges(DocumentChange::Metadata));
    });
    connect(m_context, &StudioContext::fileClosed, this, [this] { update(true); });
    connect(m_context, &StudioContext::currentClipChanged, this, [this] { update(false); });
    update(true);
}

void ClipContacts::update(bool force)
{
    const int clip = m_context->hasFile() ? m_context->currentClip() : -1;
    if (!force && (m_contacts ? m_contacts->clip() : -1) == clip)
        return;
    m_contacts =
        clip >= 0 ? std::make_shared<const bpat::FootContacts>(bpat::FootContacts::of(m_context->file(), clip)) : nullptr;
    Q_EMIT changed();
}

} // namespace bpat::studio

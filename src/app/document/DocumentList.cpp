#include "document/DocumentList.h"

#include "editing/DocumentSession.h"
#include "formats/FormatRegistry.h"

#include <QFileInfo>

namespace bpat::studio {

DocumentList::DocumentList(StudioContext *context, QObject *parent)
    : QObject(parent)
    , m_context(context)
{
    // A document shown through the context alone (the single-document paths: the command line,
    // a reload, Save As) is the active entry, or the first one.
    connect(context, &StudioContext::fileLoaded, this, &DocumentList::syncActiveEntry);
    connect(context, &StudioContext::fileClosed, this, [this] {
        if (m_busy || m_active < 0 || m_context->hasDocument())
            return;
        removeEntry(m_active); // closed underneath (a reload that found the file gone)
    });
}

QString DocumentList::path(int index) const
{
    return index >= 0 && index < count() ? m_entries.at(index).path : QString();
}

QString DocumentList::title(int index) const
{
    return QFileInfo(path(index)).fileName();
}

bool DocumentList::isModified(int index) const
{
    return index >= 0 && index < count() && m_entries.at(index).session->isModified();
}

DocumentSession *DocumentList::session(int index) const
{
    return index >= 0 && index < count() ? m_entries.at(index).session : nullptr;
}

int DocumentList::indexOf(const QString &path) const
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    for (int i = 0; i < count(); ++i) {
        if (m_entries.at(i).path == absolute)
            return i;
    }
    return -1;
}

void DocumentList::watchSession(DocumentSession *session)
{
    connect(session, &DocumentSession::modifiedChanged, this, &DocumentList::documentsChanged, Qt::UniqueConnection);
}

void DocumentList::syncActiveEntry()
{
    if (m_busy || !m_context->hasDocument())
        return;
    const QString path = m_context->filePath();
    if (m_active < 0) {
        m_entries.append(Entry{path, m_context->session(), {}});
        m_active = 0;
        watchSession(m_context->session());
        Q_EMIT documentsChanged();
        Q_EMIT activeChanged(m_active);
        return;
    }
    Entry &active = m_entries[m_active];
    if (active.path != path || active.session != m_context->session()) {
        active.path = path;
        active.session = m_context->session();
        watchSession(active.session);
        Q_EMIT documentsChanged();
    }
}

StudioContext::OpenResult DocumentList::open(const QString &path)
{
    if (FormatRegistry::detect(path) == FileKind::InputAnimation)
        return m_context->open(path); // not a document: shown beside the open ones
    const int open = indexOf(path);
    if (open >= 0 && open != m_active) {
        activate(open);
        return hasErrors(m_context->diagnostics()) ? StudioContext::OpenResult::OpenedWithErrors
                                                   : StudioContext::OpenResult::Opened;
    }
    // Nothing shown, or this very file without edits (read again, as before): in place.
    if (m_active < 0 || !m_context->hasDocument() || (open == m_active && !isModified(open)))
        return m_context->open(path);
    if (open == m_active) // the shown file with unsaved edits: kept as it is
        return StudioContext::OpenResult::Opened;

    // Beside the others: the shown one is put aside, the new one gets a session of its own.
    m_entries[m_active].state = m_context->shownState();
    DocumentSession *previous = m_context->session();
    auto *session = new DocumentSession(this);
    m_busy = true;
    m_context->setSession(session);
    const StudioContext::OpenResult result = m_context->open(path);
    m_busy = false;
    if (result == StudioContext::OpenResult::Failed) { // nothing changed but the session: back
        m_context->setSession(previous);
        delete session;
        return result;
    }
    m_entries.append(Entry{m_context->filePath(), session, {}});
    m_active = count() - 1;
    watchSession(session);
    Q_EMIT documentsChanged();
    Q_EMIT activeChanged(m_active);
    return result;
}

void DocumentList::activate(int index)
{
    if (index < 0 || index >= count() || index == m_active)
        return;
    if (m_active >= 0)
        m_entries[m_active].state = m_context->shownState();
    m_active = index;
    m_busy = true;
    m_context->showState(m_entries.at(index).state, m_entries.at(index).session);
    m_busy = false;
    Q_EMIT activeChanged(m_active);
    Q_EMIT documentsChanged();
}

void DocumentList::activateNext(int step)
{
    if (count() > 1)
        activate(((m_active + step) % count() + count()) % count());
}

bool DocumentList::close(int index)
{
    if (index < 0)
        index = m_active;
    if (index < 0 || index >= count()) {
        m_context->close(); // nothing listed: whatever the context shows
        return true;
    }
    if (isModified(index)) {
        activate(index); // the question is about what the user sees
        if (m_askToClose && !m_askToClose())
            return false;
    }
    const QString closed = m_entries.at(index).path;
    if (index == m_active && count() > 1) {
        const int next = index + 1 < count() ? index + 1 : index - 1;
        m_active = next;
        m_busy = true;
        m_context->showState(m_entries.at(next).state, m_entries.at(next).session);
        m_busy = false;
    } else if (index == m_active) {
        m_busy = true;
        m_context->close();
        m_busy = false;
    }
    removeEntry(index);
    Q_EMIT documentClosed(closed);
    return true;
}

void DocumentList::removeEntry(int index)
{
    DocumentSession *session = m_entries.at(index).session;
    m_entries.removeAt(index);
    if (session != m_context->session()) {
        session->setSource(nullptr, QString());
        session->deleteLater(); // its undo history and document go with it
    }
    if (m_entries.isEmpty())
        m_active = -1;
    else if (m_active > index || m_active >= count())
        --m_active;
    Q_EMIT documentsChanged();
    Q_EMIT activeChanged(m_active);
}

bool DocumentList::confirmCloseAll()
{
    for (int i = 0; i < count(); ++i) {
        if (!isModified(i))
            continue;
        activate(i);
        if (m_askToClose && !m_askToClose())
            return false;
    }
    return true;
}

} // namespace bpat::studio

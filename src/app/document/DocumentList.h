#pragma once
// The documents open in the window (BPAT, BPSM, BPRM files), one of them shown by the
// StudioContext at a time. Each keeps its own edit session (undo history, unsaved edits) and,
// while another is shown, what the context showed of it (StudioContext::ShownState: clip,
// frame, bones, findings); switching puts the shown one aside and shows the other as it was
// (the viewport keeps each one's camera: CentralViews). A recording is not a document: it is
// opened through the context as before, beside whatever document is shown.
//
// The single-document paths stay as they were: the context's open(), reload(), close() and
// session() act on the shown document, and with one document open nothing else changes.
// Opening a file that is open already shows it; closing asks the window (askToClose) first,
// so unsaved edits are never dropped without a question.
#include "StudioContext.h"

#include <QList>
#include <QObject>
#include <QString>
#include <functional>

namespace bpat::studio {

class DocumentSession;

class DocumentList : public QObject
{
    Q_OBJECT
public:
    explicit DocumentList(StudioContext *context, QObject *parent = nullptr);

    int count() const { return int(m_entries.size()); }
    int activeIndex() const { return m_active; } // -1 when none is open
    QString path(int index) const;
    QString title(int index) const; // the file name
    bool isModified(int index) const;
    DocumentSession *session(int index) const;
    int indexOf(const QString &path) const; // -1 when not open

    // Opens a file beside the open ones (a recording: as the context does, beside them) and
    // shows it; a file open already is shown. Failed: nothing changed (context->lastError()).
    StudioContext::OpenResult open(const QString &path);
    // Shows the document at `index` as it was left.
    void activate(int index);
    void activateNext(int step = 1); // wraps around

    // Closes a document: the active one (-1), or the one at `index`. A modified document is
    // shown first and askToClose() must agree (it may save). False when it stays open.
    bool close(int index = -1);
    // Before the window closes: asks about each modified document (shown in turn); false when
    // the user cancelled one. Closes nothing.
    bool confirmCloseAll();
    // Asks about the shown document's unsaved edits: true to go on (saved or discarded). The
    // window sets it (EditActions::maybeSave); without it everything may close.
    void setAskToClose(std::function<bool()> ask) { m_askToClose = std::move(ask); }

Q_SIGNALS:
    void documentsChanged(); // added, removed, renamed (Save As) or modified state
    void activeChanged(int index);
    void documentClosed(const QString &path);

private:
    struct Entry
    {
        QString path;
        DocumentSession *session = nullptr;
        StudioContext::ShownState state; // while another document is shown
    };
    void watchSession(DocumentSession *session);
    void syncActiveEntry(); // the active entry's path from the context (open, Save As, close)
    void removeEntry(int index);

    StudioContext *m_context;
    QList<Entry> m_entries;
    int m_active = -1;
    bool m_busy = false; // inside open / activate / close: the context's signals are ours
    std::function<bool()> m_askToClose;
};

} // namespace bpat::studio

#pragma once
// Unsaved edits outlive the process: a crash, a freeze that has to be killed, a power cut. Each
// time a document's session publishes an edit, undo or redo (DocumentSession::published), the
// edited bytes are written into the recovery folder (recoveryFolder()) off the GUI thread,
// through the one atomic save path, with a small JSON record naming the original file; the write
// starts at once, so an edit made just before the window stops answering is on disk moments
// later (the moves of a drag, DocumentChange::Motion, at most every half second). Saving, undoing back to the saved state, discarding, closing the document and closing
// the window remove the record. What a process that ended another way left behind is offered at
// the next start (EditActions::offerRecovery): the original file opens with those edits as one
// undoable step, unsaved until saved.
#include "bpat/BpatFile.h"
#include "document/DocumentChanges.h"

#include <QDateTime>
#include <QFuture>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>

namespace bpat::studio {

class DocumentSession;
class StudioContext;

class EditRecovery : public QObject
{
    Q_OBJECT
public:
    explicit EditRecovery(StudioContext *context, QObject *parent = nullptr);
    ~EditRecovery() override; // removes the records of this process (the window closed normally)

    // QStandardPaths::AppLocalDataLocation/recovery.
    static QString recoveryFolder();

    // A record: the edited bytes of `original` as they were at `written`.
    struct Record
    {
        QString original;
        QString bytesPath;
        QString recordPath;
        QDateTime written;
        qint64 pid = 0;
        qint64 size = 0;
    };
    // The records left by processes that no longer run (oldest first); `includeOwn` adds this
    // process's own (tests).
    static QList<Record> leftovers(bool includeOwn = false);
    // Removes a record and its bytes.
    static void remove(const Record &record);
    // The recovered bytes of a record, read and checked against its size (empty on failure).
    static QByteArray read(const Record &record, QString *error = nullptr);

    // Waits for the writes in flight (tests; the destructor).
    void waitForWrites();
    // The record of this process for `original`, when one is written.
    QString recordPathFor(const QString &original) const;
    int writes() const { return m_writes; } // records written so far (tests)

private:
    struct Entry
    {
        QString original;
        BpatFile file; // the last version published
        quint64 generation = 0;
        bool writing = false;
        bool dirty = false;  // published again while a write was in flight
        bool motion = false; // the last version came from a drag's move: written a little later
        bool soon = false;   // a write of it is due shortly (startWriteSoon)
        QFuture<bool> future;
    };
    void watch(DocumentSession *session);
    void published(DocumentSession *session, const BpatFile &file, DocumentChanges changes);
    void startWrite(DocumentSession *session);
    void startWriteSoon(DocumentSession *session); // a drag's moves: at most every half second
    void forget(DocumentSession *session);         // its record removed, nothing more written
    QString bytesPathFor(const QString &original) const;

    QHash<DocumentSession *, Entry> m_entries;
    QSet<DocumentSession *> m_watched;
    int m_writes = 0;
};

} // namespace bpat::studio

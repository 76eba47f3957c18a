#pragma once
// Editing the open BPAT file. Opening stays copy-free (a read-only mapping); the first edit
// copies the file into a BpatDocument. After every edit, undo or redo the document is written
// into memory once and published (published()) with what the edit changed (DocumentChanges):
// the StudioContext shows it as the file every panel and the viewport read, so no view has a
// second code path for edited files, and a metadata-only edit re-uploads nothing to the GPU.
//
// A metadata-only edit (DocumentChange::Metadata alone) whose tables still end where the
// palette starts writes only the header and tables and copies the rest of the last version the
// session wrote (the palettes, socket rows and v3 blocks do not depend on names, fps, loops or
// markers); the first edit after opening writes the whole file, as a file read from disk may
// hold bytes the writer would not produce.
//
// The session does not know the StudioContext: the context hands it the file edits start from
// (setSource, on every open) and observes published(). Edits go through undoable commands
// (DocumentCommand) on a QUndoStack; an edit the DocumentEditor refuses is reported (refused())
// and never reaches the stack. Saving goes through BpatSaver (serialize, validate, atomic
// replace) and marks the stack clean.
#include "bpat/BpatDocument.h"
#include "bpat/BpatWriter.h" // BpatLayout
#include "document/DocumentChanges.h"
#include "document/LoadedFile.h"
#include "editing/OffsetLayers.h"

#include <QDateTime>
#include <QObject>
#include <QString>
#include <memory>
#include <optional>

class QUndoStack;

namespace bpat::studio {

class DocumentCommand;

class DocumentSession : public QObject
{
    Q_OBJECT
public:
    explicit DocumentSession(QObject *parent = nullptr);
    ~DocumentSession() override;

    // The file edits start from and where it lives (null: nothing editable is open). Forgets the
    // edited document and its history, as a file read from disk (again) starts without edits.
    void setSource(std::shared_ptr<const LoadedFile> source, const QString &path);
    QString path() const { return m_path; }

    QUndoStack *undoStack() const { return m_stack; }
    bool isModified() const;
    bool hasDocument() const { return m_document.has_value(); }
    // The edited document, created from the source file on first use (nullptr when the file
    // cannot be copied into one; lastError() says why).
    const BpatDocument *document();

    // Applies `command` and pushes it (takes ownership). False, with the reason in *error and
    // refused(), when the editor refuses it; nothing changes then.
    bool execute(DocumentCommand *command, QString *error = nullptr);

    // Saves to the source's path / to `path` (which becomes the open file). An unedited file
    // is written through the same path and comes out byte-identical. False with the reason.
    bool save(QString *error = nullptr);
    bool saveAs(const QString &path, QString *error = nullptr);
    // True when `path` is what our own last save wrote (same size and modification time): the
    // file watcher must not treat it as an external change.
    bool isOwnWrite(const QString &path) const;
    // The open file was replaced or closed: the document and its history go away.
    void discard();

    // The offset layers of the bone graph (OffsetLayers.h): per clip the keys and the frames they
    // add to. Set by the commands that edit them (and by DocumentCommand, which drops them when
    // an edit bakes them and puts them back on undo); offsetLayersChanged() follows.
    const OffsetLayers &offsetLayers() const { return m_offsetLayers; }
    void setOffsetLayers(OffsetLayers layers);
    // The version of the file shown now (the last published, or the file opened).
    const BpatFile &shownFile() const { return m_shown; }

    // Test hooks: whole-file serializations, and metadata-only writes of the header and tables
    // (one of the two per edit, undo and redo).
    int serializations() const { return m_serializations; }
    int tableWrites() const { return m_tableWrites; }
    int clipWrites() const { return m_clipWrites; }

    // --- For commands ---
    BpatDocument &editableDocument() { return *m_document; }
    // Writes the document into memory (unless execute() just did) and publishes it;
    // `focusClip` >= 0 becomes current.
    void publish(int focusClip, DocumentChanges changes);
    void report(const QString &text);

Q_SIGNALS:
    void refused(const QString &reason);
    void modifiedChanged(bool modified);
    void saved(const QString &path);
    // An edited version of the file to show. `path` is non-empty when the file now lives
    // elsewhere (after Save As).
    void published(const bpat::BpatFile &file, int focusClip, const QString &path, bpat::studio::DocumentChanges changes);
    void offsetLayersChanged();

private:
    bool ensureDocument(QString *error);
    bool writeTo(const QString &path, QString *error);
    // The document's bytes: the header and tables spliced before the last written version's
    // palette when `changes` allows it (Metadata), that version with `clip`'s frames written over
    // their places (Motion), else the whole file.
    QByteArray serialize(DocumentChanges changes, int clip, QString *error);

    QUndoStack *m_stack;
    std::shared_ptr<const LoadedFile> m_source;
    QString m_path;
    std::optional<BpatDocument> m_document;
    BpatFile m_shown;                        // the last version published
    std::optional<BpatLayout> m_shownLayout; // its layout, when the session wrote it
    BpatLayout m_pendingLayout;              // of the bytes serialize() wrote last
    QByteArray m_pending;                    // execute()'s bytes, which the first redo publishes
    int m_serializations = 0;
    int m_tableWrites = 0;
    int m_clipWrites = 0;
    OffsetLayers m_offsetLayers;
    QString m_ownWritePath;
    qint64 m_ownWriteSize = -1;
    QDateTime m_ownWriteTime;
};

} // namespace bpat::studio

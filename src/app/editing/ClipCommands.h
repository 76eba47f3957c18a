#pragma once
// Undoable clip edits: each wraps one DocumentEditor operation and stores what undoing it
// needs (the old value, the removed or replaced clip, the clip count before an import).
#include "bpat/BpatDocument.h"
#include "DocumentCommand.h"

#include <QList>
#include <QString>
#include <optional>

namespace bpat::studio {

class RenameClipCommand : public DocumentCommand
{
public:
    RenameClipCommand(DocumentSession *session, int clip, const QString &name);
    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    DocumentChanges changes() const override { return DocumentChange::Metadata; }

private:
    int m_clip;
    QString m_name;
    QString m_oldName;
};

class SetClipFpsCommand : public DocumentCommand
{
public:
    SetClipFpsCommand(DocumentSession *session, int clip, float fps);
    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    DocumentChanges changes() const override { return DocumentChange::Metadata; }

private:
    int m_clip;
    float m_fps;
    float m_oldFps = 0.0f;
};

class SetClipLoopsCommand : public DocumentCommand
{
public:
    SetClipLoopsCommand(DocumentSession *session, int clip, bool loops);
    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    DocumentChanges changes() const override { return DocumentChange::Metadata; }

private:
    int m_clip;
    bool m_loops;
    bool m_oldLoops = false;
};

class RemoveClipCommand : public DocumentCommand
{
public:
    RemoveClipCommand(DocumentSession *session, int clip);
    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    int focusClip(bool undo) const override;

private:
    int m_clip;
    std::optional<BpatClip> m_removed;
    QList<std::pair<int, quint8>> m_variants; // every clip's (family, ordinal) before: undo restores them
};

class MoveClipCommand : public DocumentCommand
{
public:
    MoveClipCommand(DocumentSession *session, int from, int to);
    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    int focusClip(bool undo) const override { return undo ? m_from : m_to; }

private:
    int m_from;
    int m_to;
};

class DuplicateClipCommand : public DocumentCommand
{
public:
    DuplicateClipCommand(DocumentSession *session, int clip, const QString &name = QString());
    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    int focusClip(bool undo) const override { return undo ? m_clip : m_clip + 1; }

private:
    int m_clip;
    QString m_name;
};

// Trim and split replace the clip; undo puts the stored original back.
class TrimClipCommand : public DocumentCommand
{
public:
    TrimClipCommand(DocumentSession *session, int clip, quint32 firstFrame, quint32 lastFrame);
    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    int focusClip(bool) const override { return m_clip; }

private:
    int m_clip;
    quint32 m_first;
    quint32 m_last;
    std::optional<BpatClip> m_original;
};

class SplitClipCommand : public DocumentCommand
{
public:
    SplitClipCommand(DocumentSession *session, int clip, quint32 frame, const QString &secondName = QString());
    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    int focusClip(bool) const override { return m_clip; }

private:
    int m_clip;
    quint32 m_frame;
    QString m_secondName;
    std::optional<BpatClip> m_original;
};

class ImportClipsCommand : public DocumentCommand
{
public:
    // Copies the source document: the command must outlive the file it came from.
    ImportClipsCommand(DocumentSession *session, BpatDocument source, QList<int> clips, const QString &sourceName);
    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    int focusClip(bool undo) const override { return undo ? -1 : m_countBefore; }

private:
    BpatDocument m_source;
    QList<int> m_clips;
    int m_countBefore = 0;
};

} // namespace bpat::studio

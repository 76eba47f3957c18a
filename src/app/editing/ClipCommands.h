#pragma once
// Undoable clip edits: each wraps one DocumentEditor operation and stores what undoing it
// needs (the old value, the removed or replaced clip, the clip count before an import).
#include "bpat/BpatDocument.h"
#include "DocumentCommand.h"

#include <QList>
#include <QString>
#include <functional>
#include <optional>

namespace bpat {
class DocumentEditor;
}

namespace bpat::studio {

// An edit of one clip's metadata (its name, fps, loop flag or a marker): `edit` runs the
// DocumentEditor operation; `describe` names it for the Edit menu from the clip before and
// after. The clip's old metadata is enough to undo it.
class ClipMetadataCommand : public DocumentCommand
{
public:
    using Edit = std::function<bool(DocumentEditor &, QString *)>;
    using Describe = std::function<QString(const BpatClip &before, const BpatClip &after)>;
    ClipMetadataCommand(DocumentSession *session, int clip, Edit edit, Describe describe);
    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    DocumentChanges changes() const override { return DocumentChange::Metadata; }

private:
    int m_clip;
    Edit m_edit;
    Describe m_describe;
    BpatClip m_old; // name, fps, loops and markers before (no frames)
};

class RenameClipCommand : public ClipMetadataCommand
{
public:
    RenameClipCommand(DocumentSession *session, int clip, const QString &name);
};

class SetClipFpsCommand : public ClipMetadataCommand
{
public:
    SetClipFpsCommand(DocumentSession *session, int clip, float fps);
};

class SetClipLoopsCommand : public ClipMetadataCommand
{
public:
    SetClipLoopsCommand(DocumentSession *session, int clip, bool loops);
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

#include "ClipCommands.h"

#include "bpat/DocumentEditor.h"
#include "bpat/VersionConverter.h"

#include <QObject>
#include <algorithm>

namespace bpat::studio {

namespace {
QString clipName(const BpatDocument &document, int clip)
{
    return clip >= 0 && clip < document.clipCount() ? document.clip(clip).name : QString::number(clip);
}
} // namespace

// --- Rename, fps, loops (and markers): the old metadata is enough -------------------------

ClipMetadataCommand::ClipMetadataCommand(DocumentSession *session, int clip, Edit edit, Describe describe)
    : DocumentCommand(session)
    , m_clip(clip)
    , m_edit(std::move(edit))
    , m_describe(std::move(describe))
{
}

bool ClipMetadataCommand::apply(BpatDocument &document, QString *error)
{
    BpatClip old;
    if (m_clip >= 0 && m_clip < document.clipCount()) {
        const BpatClip &clip = document.clip(m_clip);
        old.name = clip.name;
        old.fps = clip.fps;
        old.loops = clip.loops;
        old.markers = clip.markers;
    }
    DocumentEditor editor(document);
    if (!m_edit(editor, error))
        return false;
    m_old = std::move(old);
    setText(m_describe(m_old, document.clip(m_clip)));
    return true;
}

void ClipMetadataCommand::revert(BpatDocument &document)
{
    BpatClip &clip = document.clip(m_clip);
    clip.name = m_old.name;
    clip.fps = m_old.fps;
    clip.loops = m_old.loops;
    clip.markers = m_old.markers;
}

RenameClipCommand::RenameClipCommand(DocumentSession *session, int clip, const QString &name)
    : ClipMetadataCommand(
        session, clip, [clip, name](DocumentEditor &editor, QString *error) { return editor.renameClip(clip, name, error); },
        [](const BpatClip &before, const BpatClip &after) {
            return QObject::tr("Rename clip '%1' to '%2'").arg(before.name, after.name);
        })
{
}

SetClipFpsCommand::SetClipFpsCommand(DocumentSession *session, int clip, float fps)
    : ClipMetadataCommand(
        session, clip, [clip, fps](DocumentEditor &editor, QString *error) { return editor.setClipFps(clip, fps, error); },
        [](const BpatClip &before, const BpatClip &after) {
            return QObject::tr("Set fps of '%1' to %2 (was %3)")
                .arg(after.name)
                .arg(double(after.fps), 0, 'g', 6)
                .arg(double(before.fps), 0, 'g', 6);
        })
{
}

SetClipLoopsCommand::SetClipLoopsCommand(DocumentSession *session, int clip, bool loops)
    : ClipMetadataCommand(
        session, clip, [clip, loops](DocumentEditor &editor, QString *error) { return editor.setClipLoops(clip, loops, error); },
        [](const BpatClip &, const BpatClip &after) {
            return after.loops ? QObject::tr("Make clip '%1' loop").arg(after.name)
                               : QObject::tr("Make clip '%1' one-shot").arg(after.name);
        })
{
}

// --- Remove, move, duplicate ---------------------------------------------------------------

RemoveClipCommand::RemoveClipCommand(DocumentSession *session, int clip)
    : DocumentCommand(session)
    , m_clip(clip)
{
}

bool RemoveClipCommand::apply(BpatDocument &document, QString *error)
{
    std::optional<BpatClip> removed;
    if (m_clip >= 0 && m_clip < document.clipCount())
        removed = document.clip(m_clip);
    QList<std::pair<int, quint8>> variants;
    for (const BpatClip &c : document.clips())
        variants.append({c.variantFamily, c.variantOrdinal});
    if (!DocumentEditor(document).removeClip(m_clip, error))
        return false;
    m_removed = std::move(removed);
    m_variants = std::move(variants);
    setText(QObject::tr("Remove clip '%1'").arg(m_removed->name));
    return true;
}

void RemoveClipCommand::revert(BpatDocument &document)
{
    // The stored clip keeps its socket rows, so insertClip() does not recompute them.
    document.insertClip(m_clip, *m_removed);
    // Removing a family's base dissolved the family (v3): put every clip's variant back.
    for (int i = 0; i < document.clipCount() && i < m_variants.size(); ++i) {
        document.clip(i).variantFamily = m_variants.at(i).first;
        document.clip(i).variantOrdinal = m_variants.at(i).second;
    }
}

int RemoveClipCommand::focusClip(bool undo) const
{
    return undo ? m_clip : std::max(0, m_clip - 1);
}

MoveClipCommand::MoveClipCommand(DocumentSession *session, int from, int to)
    : DocumentCommand(session)
    , m_from(from)
    , m_to(to)
{
}

bool MoveClipCommand::apply(BpatDocument &document, QString *error)
{
    if (!DocumentEditor(document).moveClip(m_from, m_to, error))
        return false;
    setText(m_to < m_from ? QObject::tr("Move clip '%1' up").arg(clipName(document, m_to))
                          : QObject::tr("Move clip '%1' down").arg(clipName(document, m_to)));
    return true;
}

void MoveClipCommand::revert(BpatDocument &document)
{
    document.moveClip(m_to, m_from);
}

DuplicateClipCommand::DuplicateClipCommand(DocumentSession *session, int clip, const QString &name)
    : DocumentCommand(session)
    , m_clip(clip)
    , m_name(name)
{
}

bool DuplicateClipCommand::apply(BpatDocument &document, QString *error)
{
    if (!DocumentEditor(document).duplicateClip(m_clip, m_name, error))
        return false;
    setText(QObject::tr("Duplicate clip '%1' as '%2'").arg(clipName(document, m_clip), clipName(document, m_clip + 1)));
    return true;
}

void DuplicateClipCommand::revert(BpatDocument &document)
{
    document.removeClip(m_clip + 1);
}

// --- Trim, split, import -------------------------------------------------------------------

TrimClipCommand::TrimClipCommand(DocumentSession *session, int clip, quint32 firstFrame, quint32 lastFrame)
    : DocumentCommand(session)
    , m_clip(clip)
    , m_first(firstFrame)
    , m_last(lastFrame)
{
}

bool TrimClipCommand::apply(BpatDocument &document, QString *error)
{
    std::optional<BpatClip> original;
    if (m_clip >= 0 && m_clip < document.clipCount())
        original = document.clip(m_clip);
    if (!DocumentEditor(document).trimClip(m_clip, m_first, m_last, error))
        return false;
    m_original = std::move(original);
    setText(QObject::tr("Trim clip '%1' to frames %2..%3").arg(m_original->name).arg(m_first).arg(m_last));
    return true;
}

void TrimClipCommand::revert(BpatDocument &document)
{
    document.replaceClip(m_clip, *m_original);
}

SplitClipCommand::SplitClipCommand(DocumentSession *session, int clip, quint32 frame, const QString &secondName)
    : DocumentCommand(session)
    , m_clip(clip)
    , m_frame(frame)
    , m_secondName(secondName)
{
}

bool SplitClipCommand::apply(BpatDocument &document, QString *error)
{
    std::optional<BpatClip> original;
    if (m_clip >= 0 && m_clip < document.clipCount())
        original = document.clip(m_clip);
    if (!DocumentEditor(document).splitClip(m_clip, m_frame, m_secondName, error))
        return false;
    m_original = std::move(original);
    setText(QObject::tr("Split clip '%1' at frame %2 into '%1' and '%3'")
                .arg(m_original->name)
                .arg(m_frame)
                .arg(clipName(document, m_clip + 1)));
    return true;
}

void SplitClipCommand::revert(BpatDocument &document)
{
    document.removeClip(m_clip + 1);
    document.replaceClip(m_clip, *m_original);
}

ImportClipsCommand::ImportClipsCommand(DocumentSession *session, BpatDocument source, QList<int> clips, const QString &sourceName)
    : DocumentCommand(session)
    , m_source(std::move(source))
    , m_clips(std::move(clips))
{
    const int count = m_clips.isEmpty() ? m_source.clipCount() : int(m_clips.size());
    setText(QObject::tr("Import %n clip(s) from %1", nullptr, count).arg(sourceName));
}

bool ImportClipsCommand::apply(BpatDocument &document, QString *error)
{
    const int before = document.clipCount();
    if (!DocumentEditor(document).importClips(m_source, m_clips, true, error))
        return false;
    // The open file keeps its version (it is what is written): clips from an older file get
    // what that version adds, as `bpat merge` gives them: v3 flags by the game's name rule, and
    // contact records from the rig's feet (else the contact table goes, as the dialog said).
    if (document.version() == 3 && m_source.version() < 3) {
        for (int i = before; i < document.clipCount(); ++i)
            document.clip(i).flags = format::defaultClipFlags(document.clip(i).name);
    }
    VersionConverter::completeNewClips(document);
    m_countBefore = before;
    return true;
}

void ImportClipsCommand::revert(BpatDocument &document)
{
    while (document.clipCount() > m_countBefore)
        document.removeClip(document.clipCount() - 1);
}

} // namespace bpat::studio

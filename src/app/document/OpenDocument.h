#pragma once
// The document the StudioContext has open, whatever its kind (a BPAT file: BpatDocumentView; a
// BPSM minimal snapshot mesh: SnapshotDocumentView; a BPRM body: BodyDocumentView), behind one API: its clips (ClipEntry),
// the frames each clip really holds, bones, sockets and their names, its quick validation, its
// staleness and how the viewport shows it. Models and views ask the document instead of
// branching on its kind; only panels that show one format's own fields (the header rows, the
// palette table) reach the typed file through bpat() / bpsm().
//
// A document is immutable and shared (std::shared_ptr<const OpenDocument>): an edit publishes
// a new one, and worker threads keep the one they started on.
#include "ClipEntry.h"
#include "bpat/GameEra.h"
#include "diagnostics/Diagnostic.h"
#include "diagnostics/ValidationCodes.h" // ValidationProfile
#include "document/DocumentChanges.h"
#include "formats/FileFormat.h"
#include "mesh/Rig.h"

#include <QList>
#include <QString>
#include <memory>
#include <optional>


namespace bpat {
class BpatFile;
class BpsmFile;
class BprmFile;
} // namespace bpat

namespace bpat::studio {

class ViewportWidget;

struct LoadedFile;

class OpenDocument
{
public:
    virtual ~OpenDocument();

    // Opens the file at `path` as `kind` says (BPAT, BPSM or BPRM; Unknown opens as BPAT, whose
    // reader says what is wrong). Null with the reason in *error when nothing can be read.
    static std::shared_ptr<const OpenDocument> open(const QString &path, FileKind kind, QString *error);

    virtual FileKind kind() const = 0;
    virtual quint64 fileSize() const = 0;

    // --- Clips ------------------------------------------------------------------------------
    virtual QList<ClipEntry> clips() const = 0; // in file order
    virtual int clipCount() const = 0;
    // Frames `clip` claims, bounded by the frames the file holds for it (a clip table can claim
    // 0x80000000 frames in a 1 KiB file); 0 for a clip that does not exist.
    virtual quint64 framesHeld(int clip) const = 0;
    // The file's global frame of `frame` in `clip`, when it exists.
    virtual std::optional<quint32> globalFrame(int clip, quint32 frame) const = 0;

    // --- Bones and sockets ------------------------------------------------------------------
    virtual int boneCount() const = 0; // 0 where the file stores no bones (BPSM)
    virtual int socketCount() const = 0;
    // The rig of the file's species and bone count, when there is one (bone names, parents).
    const std::optional<Rig> &rig() const { return m_rig; }
    QString boneName(int bone) const; // rig name or "bone N"

    // --- Checks, editing, staleness ---------------------------------------------------------
    // The quick checks: header and tables, never every matrix.
    virtual Diagnostics validate(ValidationProfile profile) const = 0;
    // The same, with the game profile judging against `era` (BPAT; other kinds ignore it).
    virtual Diagnostics validateForEra(ValidationProfile profile, GameEra era) const
    {
        (void)era;
        return validate(profile);
    }
    // Whether edits (DocumentSession) apply to it; deep checks run on editable files too.
    virtual bool isEditable() const { return false; }
    // True when a read hit a page past the end of a file that shrank.
    virtual bool isStale() const = 0;

    // --- Showing ----------------------------------------------------------------------------
    // Shows the document in `viewport`. `keepView` keeps the camera (the same document again);
    // `changes` says what differs from the document shown before (with keepView), so a
    // metadata-only edit uploads nothing to the GPU, a Motion edit only the rows of `clip`.
    virtual void showIn(ViewportWidget &viewport, bool keepView, DocumentChanges changes, int clip = -1) const = 0;

    // --- The typed file, for panels that show one format's own fields -----------------------
    virtual const BpatFile *bpat() const { return nullptr; }
    virtual const BpsmFile *bpsm() const { return nullptr; }
    virtual const BprmFile *bprm() const { return nullptr; }
    // The BPAT file with its mapping guard, for work on other threads (null for other kinds).
    virtual std::shared_ptr<const LoadedFile> loadedBpat() const { return {}; }

protected:
    // Frames from `frameOffset` on that a data block starting at `dataOffset` can hold, at
    // `bytesPerFrame` bytes a frame, in a file of `fileSize` bytes (all overflow-safe).
    static quint64 framesInData(quint64 fileSize, quint64 dataOffset, quint64 bytesPerFrame, quint32 frameOffset);

    std::optional<Rig> m_rig;
};

} // namespace bpat::studio

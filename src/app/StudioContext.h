#pragma once
// The application's shared state, observed by every panel and view (qrenderdoc's "context"):
// the open document (an OpenDocument: a BPAT file or a BPSM minimal snapshot mesh), its
// validation results and profile, the current clip, frame, bone and socket, and the open
// recording (RecordingState). Panels read from here and react to the signals; they never call
// each other, and they ask the document (document()) rather than branch on its kind.
//
// Documents are immutable and shared: worker threads copy the shared_ptr so the mapping and its
// guard outlive a reload. If the file shrinks underneath (SIGBUS), reads return zeros, the
// mapping is marked stale and the context reloads (see checkStale()). Edits go through the
// DocumentSession, which publishes each edited version; the context shows it (editPublished)
// with what changed (lastChanges()), so observers redo only their part.
#include "ClipEntry.h"
#include "diagnostics/Diagnostic.h"
#include "diagnostics/ValidationCodes.h"
#include "document/DocumentChanges.h"
#include "document/LoadedFile.h"
#include "document/OpenDocument.h"
#include "document/RecordingState.h"
#include "mesh/Rig.h"

#include <QObject>
#include <QTimer>
#include <memory>
#include <optional>

namespace bpat::studio {

class CompareState;
class DocumentSession;

class StudioContext : public QObject
{
    Q_OBJECT
public:
    enum class OpenResult {
        Opened,
        OpenedWithErrors,
        Failed
    };

    explicit StudioContext(QObject *parent = nullptr);
    ~StudioContext() override;

    // Opens a BPAT file, a BPSM snapshot mesh or an input animation recording, as
    // FormatRegistry::detect tells them apart (name, then magic). A file with validation errors still
    // opens (OpenedWithErrors); Failed means nothing could be read (see lastError()).
    OpenResult open(const QString &path);
    // Reads the same path again, keeping the current clip (by name) and frame.
    OpenResult reload();
    void close();

    // The open document (null when none).
    const OpenDocument *document() const { return m_document.get(); }
    std::shared_ptr<const OpenDocument> sharedDocument() const { return m_document; }
    bool hasDocument() const { return m_document != nullptr; }
    // The clips of the open document, in file order.
    QList<ClipEntry> clipEntries() const;
    QString filePath() const { return m_path; }
    QString lastError() const { return m_lastError; }
    // The rig of the document's species and bone count, when the game has one (bone names).
    const std::optional<Rig> &rig() const;
    QString boneName(int bone) const; // rig name or "bone N"

    // --- The BPAT file, for BPAT-only panels and edits --------------------------------------
    bool hasFile() const { return m_document && m_document->bpat(); }
    // The open BPAT file (a null BpatFile when none). Cheap to copy; valid until the next reload.
    const BpatFile &file() const;
    // The open BPAT file with its mapping guard, for work on other threads.
    std::shared_ptr<const LoadedFile> loadedFile() const { return m_document ? m_document->loadedBpat() : nullptr; }

    // --- Validation -------------------------------------------------------------------------
    ValidationProfile profile() const { return m_profile; }
    void setProfile(ValidationProfile profile); // re-runs the quick checks
    // Which game the game profile judges against (the current game by default).
    GameEra gameEra() const { return m_gameEra; }
    void setGameEra(GameEra era); // re-runs the quick checks in the game profile
    // "spec profile", "game profile, current game", "game profile, v1-era game": for verdicts.
    QString rulesDescription() const;
    const Diagnostics &diagnostics() const { return m_diagnostics; }
    bool deepChecked() const { return m_deepChecked; }
    // Results of a background deep check of the current file (ignored if it has changed).
    void setDiagnostics(const Diagnostics &diagnostics, bool deep);
    // The quick (non-deep) checks of the current document with the current profile.
    void revalidate();

    // --- Current selection ------------------------------------------------------------------
    int currentClip() const { return m_clip; } // -1 when the file has no readable clip
    int currentFrame() const { return m_frame; }
    int currentBone() const { return m_bone; }     // -1: none selected
    int currentSocket() const { return m_socket; } // -1: none selected
    int clipCount() const;                         // of the open document
    // Of the current clip (0 when none): the frames it claims, bounded by the frames the file
    // holds for it (OpenDocument::framesHeld) and by kMaxTimelineFrames, so no widget is ever
    // handed a range near INT_MAX.
    int frameCount() const;
    static constexpr int kMaxTimelineFrames = 1 << 24; // 77 hours at 60 fps
    std::optional<quint32> currentGlobalFrame() const;
    void setCurrentClip(int clip);                         // resets the frame to 0
    void setCurrentClipByName(const QString &nameOrIndex); // false when not found
    void setCurrentFrame(int frame);                       // clamped to the clip
    void setCurrentBone(int bone);                         // the selected bones become {bone} unless it is one of them
    void setCurrentSocket(int socket);
    // Several bones at once (the Curves tab plots each; Ctrl+click in the viewport or the
    // Palette panel adds one): the current bone is always one of them; empty when none is.
    const QList<int> &selectedBones() const { return m_selectedBones; }
    // Valid, distinct bones in order; the current bone stays current if it is among them, else
    // the last becomes current.
    void setSelectedBones(const QList<int> &bones);

    // --- The recording (.bin): its own observed state ---------------------------------------
    RecordingState *recording() const { return m_recording; }

    // --- Compare mode: a second file beside the open one (document/CompareState.h) --------
    CompareState *compare() const { return m_compare; }

    // True (and reloads) when a read hit a page past the end of a file that shrank.
    bool checkStale();

    // --- Several open documents (document/DocumentList.h) -----------------------------------
    // What the context shows of one open document, to put aside while another is shown and
    // show again as it was: the document, where it lives, its findings (deep ones too) and the
    // selection. The recording and the validation profile are the window's, not a document's.
    struct ShownState
    {
        std::shared_ptr<const OpenDocument> document;
        QString path;
        Diagnostics diagnostics;
        bool deepChecked = false;
        int clip = -1;
        int frame = 0;
        int bone = -1;
        int socket = -1;
        QList<int> selectedBones;
        ValidationProfile profile = ValidationProfile::Game; // what the diagnostics were judged by
        GameEra era = GameEra::Current;
    };
    ShownState shownState() const;
    // Shows a document put aside (shownState()) with its own edit session: the signals of an
    // open (fileLoaded, validationChanged, the selection's), the quick checks run again when the
    // profile changed meanwhile.
    void showState(const ShownState &state, DocumentSession *session);

    // --- Editing (see editing/DocumentSession.h) --------------------------------------------
    // The edit session of the shown document (each open document has its own).
    DocumentSession *session() const { return m_session; }
    // Makes `session` the one edits go through and the context shows (sessionChanged()).
    void setSession(DocumentSession *session);
    // What the last fileLoaded() changed: everything after an open or reload, the edit's
    // changes after an edit, undo or redo (fileEdited()).
    DocumentChanges lastChanges() const { return m_lastChanges; }
    // A Motion edit (a key's drag) is shown at once to what draws motion (motionEdited()); the
    // full signals of an edit (fileLoaded(), fileEdited(), validationChanged()...) follow once no
    // move came for a moment, or now with settleEdits() (the drag ended). True while they wait.
    bool editsSettling() const;
    void settleEdits();

Q_SIGNALS:
    void fileLoaded();   // a new file, or the same one reloaded or edited
    void fileReloaded(); // after fileLoaded(), when it was a reload
    void fileClosed();
    void fileBecameStale(const QString &path);
    void validationChanged();
    void profileChanged(bpat::ValidationProfile profile);
    void gameEraChanged(bpat::GameEra era);
    void currentClipChanged(int clip);
    void currentFrameChanged(int frame);
    void currentBoneChanged(int bone);
    void currentSocketChanged(int socket);
    void selectedBonesChanged(const QList<int> &bones);
    // Something the user should know that is not worth a dialog (shown in the status bar).
    void message(const QString &text);
    void fileEdited();                                           // after fileLoaded(), when it shows an edit (undo, redo)
    void sessionChanged(bpat::studio::DocumentSession *session); // another document's session
    // The current clip's matrices changed where they lie (DocumentChange::Motion): file() is the
    // edited file; tables, clips and layout are the same. fileLoaded() follows when it settles.
    void motionEdited(int clip);

private:
    OpenResult openDocument(const QString &path, FileKind kind, bool keepSelection);
    OpenResult openRecording(const QString &path);
    // A new document is opened: the recording is closed, or kept as an overlay (RecordingState).
    void replaceRecording();
    // The session published an edited version of the open file (not an open path: the document
    // stays the same one): keeps the current clip (or makes `focusClip` current) and frame; a
    // non-empty `path` is where the file now lives (Save As).
    void applyPublishedEdit(const BpatFile &edited, int focusClip, const QString &path, DocumentChanges changes);
    // Current clip and frame after (re)loading: the same clip by name, else index, and frame.
    struct Selection
    {
        QString clipName;
        int clip = -1;
        int frame = 0;
    };
    void restoreSelection(bool keepSelection, const Selection &before);
    QString currentClipName() const;
    // Makes `document` the open one: rig, quick checks, bone and socket bounds.
    void setDocument(std::shared_ptr<const OpenDocument> document);
    void emitLoaded(bool reloaded, bool edited);

    std::shared_ptr<const OpenDocument> m_document;
    QString m_path;
    QString m_lastError;
    // The game's verdict first: files open judged by the current game (the spec profile is a
    // click away in the Validation panel).
    ValidationProfile m_profile = ValidationProfile::Game;
    GameEra m_gameEra = GameEra::Current;
    Diagnostics m_diagnostics;
    bool m_deepChecked = false;
    int m_clip = -1;
    int m_frame = 0;
    int m_bone = -1;
    int m_socket = -1;
    QList<int> m_selectedBones;
    DocumentChanges m_lastChanges = AllDocumentChanges;
    QTimer *m_settle;
    RecordingState *m_recording;
    CompareState *m_compare;
    DocumentSession *m_session;
};

} // namespace bpat::studio

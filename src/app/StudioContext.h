#pragma once
// The application's shared state, observed by every panel and view (qrenderdoc's "context"):
// the open document (a BPAT file, or a BPSM minimal snapshot mesh: documentKind()), its
// validation results, the current clip, frame, bone and the validation
// profile. Panels read from here and react to the signals; they never call each other.
//
// The file is a shared, read-only BpatFile (a mapping of the file on disk) together with a
// MappingGuard, held by LoadedFile: worker threads copy the shared_ptr so the mapping and its
// guard outlive a reload. A BPSM file is held the same way (LoadedSnapshot); while one is open
// hasFile() is false and file() is null, so BPAT-only panels and edit actions stay empty. If the file shrinks underneath (SIGBUS), reads return zeros, the
// mapping is marked stale and the context reloads (see checkStale()).
#include "bpat/BpatFile.h"
#include "bpsm/BpsmFile.h"
#include "ClipEntry.h"
#include "diagnostics/Diagnostic.h"
#include "mesh/Rig.h"

#include <QObject>
#include <memory>
#include <optional>

namespace bpat {
class MappingGuard;
class InputAnimation;
}

namespace bpat::studio {

struct LoadedFile
{
    // `guarded`: the file is a mapping of a file on disk (edited files live in memory).
    explicit LoadedFile(BpatFile f, bool guarded = true);
    ~LoadedFile();
    BpatFile file;
    std::unique_ptr<MappingGuard> guard;
    bool isStale() const;
};

struct LoadedSnapshot
{
    explicit LoadedSnapshot(BpsmFile f);
    ~LoadedSnapshot();
    BpsmFile file;
    std::unique_ptr<MappingGuard> guard;
    bool isStale() const;
};

class DocumentSession;

class StudioContext : public QObject
{
    Q_OBJECT
public:
    enum class OpenResult { Opened, OpenedWithErrors, Failed };
    enum class DocumentKind { None, Bpat, Snapshot };

    explicit StudioContext(QObject *parent = nullptr);
    ~StudioContext() override;

    // Opens a BPAT file, a BPSM snapshot mesh or an input animation recording, as
    // FormatRegistry::detect tells them apart (name, then magic). A file with validation errors still
    // opens (OpenedWithErrors); Failed means nothing could be read (see lastError()).
    OpenResult open(const QString &path);
    // Reads the same path again, keeping the current clip (by name) and frame.
    OpenResult reload();
    void close();

    bool hasFile() const { return m_loaded != nullptr; } // a BPAT file
    bool hasSnapshot() const { return m_snapshot != nullptr; }
    bool hasDocument() const { return hasFile() || hasSnapshot(); }
    DocumentKind documentKind() const;
    // The open BPSM file (a null BpsmFile when none). Cheap to copy; shares the mapping.
    const BpsmFile &snapshot() const;
    std::shared_ptr<const LoadedSnapshot> loadedSnapshot() const { return m_snapshot; }
    // The clips of the open document (BPAT or BPSM), in file order.
    QList<ClipEntry> clipEntries() const;
    // The open file (a null BpatFile when none). Cheap to copy; valid until the next reload.
    const BpatFile &file() const;
    // The open file with its mapping guard, for work on other threads.
    std::shared_ptr<const LoadedFile> loadedFile() const { return m_loaded; }
    QString filePath() const { return m_path; }
    QString lastError() const { return m_lastError; }
    // The rig of the file's species and bone count, when the game has one (bone names).
    const std::optional<Rig> &rig() const { return m_rig; }
    QString boneName(int bone) const; // rig name or "bone N"

    // --- Validation -------------------------------------------------------------------------
    QString profile() const { return m_profile; } // "spec" or "game"
    void setProfile(const QString &profile);       // re-runs the quick checks
    const Diagnostics &diagnostics() const { return m_diagnostics; }
    bool deepChecked() const { return m_deepChecked; }
    // Results of a background deep check of the current file (ignored if it has changed).
    void setDiagnostics(const Diagnostics &diagnostics, bool deep);
    // The quick (non-deep) checks of the current file with the current profile.
    void revalidate();

    // --- Current selection ------------------------------------------------------------------
    int currentClip() const { return m_clip; }       // -1 when the file has no readable clip
    int currentFrame() const { return m_frame; }
    int currentBone() const { return m_bone; }       // -1: none selected
    int currentSocket() const { return m_socket; }   // -1: none selected
    int clipCount() const;                           // of the open document
    // Of the current clip (0 when none): the frames it claims, bounded by the frames the file
    // holds for it (a clip table can claim 0x80000000 frames in a 1 KiB file) and by
    // kMaxTimelineFrames, so no widget is ever handed a range near INT_MAX.
    int frameCount() const;
    static constexpr int kMaxTimelineFrames = 1 << 24; // 77 hours at 60 fps
    std::optional<quint32> currentGlobalFrame() const;
    void setCurrentClip(int clip);                   // resets the frame to 0
    void setCurrentClipByName(const QString &nameOrIndex); // false when not found
    void setCurrentFrame(int frame);                 // clamped to the clip
    void setCurrentBone(int bone);
    void setCurrentSocket(int socket);

    // --- Input animation (.bin) -------------------------------------------------------------
    // The last input animation recording opened (null when none). Curve panels observe
    // inputAnimationLoaded().
    std::shared_ptr<const InputAnimation> inputAnimation() const { return m_inputAnimation; }
    QString inputAnimationPath() const { return m_inputAnimationPath; }

    // --- What the timeline drives -----------------------------------------------------------
    // The timeline plays either the current clip of the BPAT file (frames) or the recording
    // (time in seconds, stepped at kRecordingFrameRate), whose time is the curve plots' cursor.
    enum class TimelineSource { Clip, Recording };
    static constexpr double kRecordingFrameRate = 60.0;
    TimelineSource timelineSource() const { return m_timelineSource; }
    // Recording is refused (no change) while no recording is open.
    void setTimelineSource(TimelineSource source);
    double recordingTime() const { return m_recordingTime; }
    // Clamped to [startTime, duration] of the recording; ignored without one.
    void setRecordingTime(double seconds);

    // True (and reloads) when a read hit a page past the end of a file that shrank.
    bool checkStale();

    // --- Editing (see editing/DocumentSession.h) --------------------------------------------
    DocumentSession *session() const { return m_session; }
    // Shows an edited version of the open file (serialized in memory) in every panel: keeps the
    // current clip (or makes `focusClip` current) and frame. A non-empty `path` is where the
    // file now lives (after Save As).
    void showEdited(BpatFile edited, int focusClip = -1, const QString &path = QString());

Q_SIGNALS:
    void fileLoaded();                 // a new file, or the same one reloaded
    void fileReloaded();               // after fileLoaded(), when it was a reload
    void fileClosed();
    void fileBecameStale(const QString &path);
    void validationChanged();
    void profileChanged(const QString &profile);
    void currentClipChanged(int clip);
    void currentFrameChanged(int frame);
    void currentBoneChanged(int bone);
    void currentSocketChanged(int socket);
    void inputAnimationLoaded(const QString &path);
    void timelineSourceChanged(bpat::studio::StudioContext::TimelineSource source);
    void recordingTimeChanged(double seconds);
    // Something the user should know that is not worth a dialog (shown in the status bar).
    void message(const QString &text);
    void fileEdited();                 // after fileLoaded(), when it shows an edit (undo, redo)

private:
    OpenResult openBpat(const QString &path, bool keepSelection);
    OpenResult openSnapshot(const QString &path, bool keepSelection);
    OpenResult openInputAnimation(const QString &path);
    // Current clip and frame after (re)loading: the same clip by name, else index, and frame.
    void restoreSelection(bool keepSelection, const QString &clipName, int clip, int frame);
    // The open paths' shared steps: the selection a reload restores, a failed open (a reload
    // that fails shows nothing stale), and forgetting the previous file's error and edits.
    struct Selection
    {
        QString clipName;
        int clip = -1;
        int frame = 0;
    };
    Selection selectionToRestore(bool keepSelection) const;
    OpenResult failOpen(const QString &path, const QString &error, bool keepSelection);
    void beginOpen(const QString &path);
    QString currentClipName() const;
    void emitLoaded(bool reloaded);

    std::shared_ptr<const LoadedFile> m_loaded;
    std::shared_ptr<const LoadedSnapshot> m_snapshot;
    QString m_path;
    QString m_lastError;
    std::optional<Rig> m_rig;
    QString m_profile = QStringLiteral("spec");
    Diagnostics m_diagnostics;
    bool m_deepChecked = false;
    int m_clip = -1;
    int m_frame = 0;
    int m_bone = -1;
    int m_socket = -1;
    std::shared_ptr<const InputAnimation> m_inputAnimation;
    QString m_inputAnimationPath;
    TimelineSource m_timelineSource = TimelineSource::Clip;
    double m_recordingTime = 0.0;
    DocumentSession *m_session = nullptr;
};

} // namespace bpat::studio

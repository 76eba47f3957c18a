#pragma once
// File > Rebake...: input animation curves into a BPAT clip. The dialog only gathers a
// RebakeRequest; the work (RebakeJob) runs as a job of the JobController (jobs/JobController.h)
// with progress and cancel, fed to the dialog's own bar by the controller's signals. Preview
// streams the file into a temporary folder and maps it (memory stays flat however many frames
// it has), then plays it on its creature in the embedded preview pane (RebakePreviewPane), with
// the validator's verdict and a palette summary; changing a setting afterwards marks that
// preview out of date. After a successful write it emits rebaked(path) so the main window can
// open the file. A recording the app has already read (setSourceRecording) is read neither by
// the dialog nor by the job again.
#include "bpat/BpatFile.h"
#include "jobs/JobController.h"
#include "rebake/RebakeJob.h"

#include <QDialog>
#include <QPointer>
#include <memory>

class QComboBox;
class QTemporaryDir;

namespace Ui {
class RebakeDialog;
}

namespace bpat::studio {

class RebakePreviewPane;

class RebakeDialog : public QDialog
{
    Q_OBJECT

public:
    // Jobs run on `jobs` (the main window's, so its status bar shows them); without one the
    // dialog makes a controller of its own.
    explicit RebakeDialog(QWidget *parent = nullptr, bpat::studio::JobController *jobs = nullptr);
    ~RebakeDialog() override;

    // Sets the source (e.g. the open recording). The clip name and output path follow it while
    // they still hold the names derived from the previous source (or are empty), so picking
    // another recording never keeps a stale name but never overwrites one the user typed. The
    // recording is read on a worker thread for its duration, which fills the range's end.
    void setSourcePath(const QString &path);
    // The same, for a recording already read from `path` (the one open in the main window): its
    // summary comes from `animation`, and a rebake of it uses it instead of reading the file.
    void setSourceRecording(const QString &path, std::shared_ptr<const bpat::InputAnimation> animation);
    // The source recording's time span once read (nullopt before, or when it cannot be read).
    std::optional<double> sourceDuration() const { return m_sourceDuration; }
    QString sourceInfoText() const;
    void setOutputPath(const QString &path);
    void setIntoPath(const QString &path); // switches to "add to existing"
    void setRecipe(const QString &nameOrPath);
    void setFps(double fps);
    void setRange(std::optional<double> from, std::optional<double> to);
    void setClipName(const QString &name);
    void setLoops(bool loops);

    // The request the current fields describe, or nullopt with the reason in *error.
    // `preview`: for Preview, which writes nothing where the output would go (none is needed).
    std::optional<bpat::RebakeRequest> request(QString *error = nullptr, bool preview = false) const;

    bool isRunning() const;
    const bpat::RebakeOutcome &lastOutcome() const { return m_outcome; }
    QString summaryText() const;
    QString statusText() const;
    // What the version choice keeps and drops, and what the current game makes of it; after a
    // preview or rebake, also what the conversion dropped or filled (RebakeOutcome::warnings).
    QString versionNoteText() const;
    // Whether the recipe fits the target species' game rig, and which built-in recipe does.
    QString recipeHintText() const;
    QString suggestedRecipe() const { return m_suggestedRecipe; }
    RebakePreviewPane *previewPane() const;

public Q_SLOTS:
    void startPreview();
    void startRebake();
    void cancel();
    // The version choice: -1 keeps it (a new file late v3, --into the target's), else a format::Dialect.
    void setFormatVersion(int dialect);
    // Uses the recipe the hint suggests for the target species (recipeHintText()).
    void useSuggestedRecipe();

Q_SIGNALS:
    void rebaked(const QString &path);
    void finished(bool ok); // a preview or rebake ended (ok, failed or cancelled)
    void progressed(qint64 done, qint64 total);
    void sourceInspected(); // the source recording was read (or failed to be): sourceInfoText()

protected:
    void reject() override; // cancels a running job first

private:
    void start(bool write);
    struct JobResult
    {
        bpat::RebakeOutcome outcome;
        QString summary; // RebakeSummary::text() of the written (or previewed) file
    };
    void onJobFinished(std::optional<JobResult> result);
    void onJobProgress(bpat::studio::JobController::JobId id, int value, int maximum);
    void updateEnabled();
    void showPreview(const bpat::BpatFile &file);
    void offerPreviewOverlay(); // the source recording to the preview pane, when it is the previewed one
    void settingsChanged();
    void inspectSource();
    void deriveNames(const QString &sourcePath); // the clip's name and the output, from the recording
    void updateVersionNote();
    void updateRecipeHint();

    std::unique_ptr<Ui::RebakeDialog> m_ui;
    QComboBox *m_formatCombo = nullptr;    // the BPAT version to write (data: format::Dialect, -1 = keep)
    class QLabel *m_versionNote = nullptr; // what the version choice drops (in the dialog, not a status line)
    class QLabel *m_recipeHint = nullptr;  // the recipe against the target species' rig
    class QPushButton *m_useRecipe = nullptr;
    QString m_suggestedRecipe;
    QPointer<bpat::studio::JobController> m_jobs;
    bpat::studio::JobController::JobId m_job = 0;       // the rebake or preview
    bpat::studio::JobController::JobId m_sourceJob = 0; // reading the source recording
    std::unique_ptr<QTemporaryDir> m_previewDir;        // where previews are streamed and mapped
    QString m_previewPath;                              // the running (or shown) preview's file
    bool m_writing = false;
    bool m_changedWhileRunning = false;
    std::optional<bpat::RebakeRequest> m_running;
    struct SourceInfo
    {
        QString path;
        std::optional<double> start, duration;
        int curves = 0;
        qint64 keys = 0;
        QString error;
        std::shared_ptr<const bpat::InputAnimation> animation; // for the preview's overlay
    };
    static SourceInfo describe(const QString &path, std::shared_ptr<const bpat::InputAnimation> animation);
    void onSourceInspected(const SourceInfo &info);
    QString m_knownPath; // a recording already read (setSourceRecording), and its curves
    std::shared_ptr<const bpat::InputAnimation> m_knownAnimation;
    QString m_inspectedPath;                    // the source whose SourceInfo is shown or coming
    QString m_derivedClipName, m_derivedOutput; // what deriveNames filled in last
    bool m_recipeChosen = false;                // by setRecipe() or the user: no longer proposed
    std::optional<double> m_sourceDuration;
    std::shared_ptr<const bpat::InputAnimation> m_sourceAnimation; // of m_inspectedPath
    bpat::RebakeOutcome m_outcome;
};

} // namespace bpat::studio

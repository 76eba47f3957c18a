#pragma once
// File > Rebake...: input animation curves into a BPAT clip. The dialog only gathers a
// RebakeRequest; the work (RebakeJob) runs on a worker thread (QtConcurrent) with progress and
// cancel. Preview builds the file in memory without writing and plays it on its creature in the
// embedded preview pane (RebakePreviewPane), with the validator's verdict and a palette summary;
// changing a setting afterwards marks that preview out of date. After a successful write it
// emits rebaked(path) so the main window can open the file.
#include "bpat/BpatFile.h"
#include "rebake/RebakeJob.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QTimer>
#include <atomic>
#include <memory>

class RebakePreviewPane;

class QComboBox;

namespace Ui {
class RebakeDialog;
}

class RebakeDialog : public QDialog
{
    Q_OBJECT

public:
    explicit RebakeDialog(QWidget *parent = nullptr);
    ~RebakeDialog() override;

    // Sets the source (e.g. the open recording). The clip name and output path follow it while
    // they still hold the names derived from the previous source (or are empty), so picking
    // another recording never keeps a stale name but never overwrites one the user typed. The
    // recording is read on a worker thread for its duration, which fills the range's end.
    void setSourcePath(const QString &path);
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
    std::optional<bpat::RebakeRequest> request(QString *error = nullptr) const;

    bool isRunning() const;
    const bpat::RebakeOutcome &lastOutcome() const { return m_outcome; }
    QString summaryText() const;
    QString statusText() const;
    RebakePreviewPane *previewPane() const;
    // A palette summary of a rebake (clips, frames, bones; bone travel read from `file`, the
    // written file or the preview's bytes).
    static QString paletteSummary(const bpat::RebakeOutcome &outcome, const bpat::RebakeRecipe &recipe,
                                  const bpat::BpatFile &file);

public slots:
    void startPreview();
    void startRebake();
    void cancel();
    // The version choice: -1 keeps it (a new file v1, --into the target's), else a format::Dialect.
    void setFormatVersion(int dialect);

signals:
    void rebaked(const QString &path);
    void finished(bool ok);                   // a preview or rebake ended (ok, failed or cancelled)
    void progressed(qint64 done, qint64 total);
    void sourceInspected(); // the source recording was read (or failed to be): sourceInfoText()

protected:
    void reject() override; // cancels a running job first

private:
    void start(bool write);
    void onJobFinished();
    void updateEnabled();
    void pollProgress();
    void showPreview();
    void offerPreviewOverlay(); // the source recording to the preview pane, when it is the previewed one
    void settingsChanged();
    void inspectSource();
    void onSourceInspected();

    std::unique_ptr<Ui::RebakeDialog> m_ui;
    QComboBox *m_formatCombo = nullptr; // the BPAT version to write (data: format::Dialect, -1 = keep)
    QFutureWatcher<bpat::RebakeOutcome> m_watcher;
    QTimer m_progressTimer;
    std::atomic<bool> m_cancel{false};
    std::atomic<qint64> m_done{0};
    std::atomic<qint64> m_total{0};
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
    QFutureWatcher<SourceInfo> m_sourceWatcher;
    QString m_inspectedPath;                  // the source whose SourceInfo is shown or coming
    QString m_derivedClipName, m_derivedOutput; // what setSourcePath filled in last
    std::optional<double> m_sourceDuration;
    std::shared_ptr<const bpat::InputAnimation> m_sourceAnimation; // of m_inspectedPath
    bpat::RebakeOutcome m_outcome;
};

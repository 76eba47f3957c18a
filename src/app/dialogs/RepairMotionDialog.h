#pragma once
// Clip > Repair Motion...: the motion repairs of `bpat fix` with their options, and a preview of
// the result before anything changes: the repaired clip on its creature with the original drawn
// over it as a ghost (as compare mode draws a second file), the gait report's numbers before and
// after, and what each repair did or why it did not. OK applies the same repair to the open file
// as one undo step (RepairMotionCommand); the preview runs the core's MotionFixer on a copy.
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "repair/FixOptions.h"
#include "repair/FixReport.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QSlider;
class QSpinBox;
class QTableWidget;
class QToolButton;

namespace bpat::studio {

class PlaybackClock;
class ViewportWidget;

class RepairMotionDialog : public QDialog
{
    Q_OBJECT
public:
    // `document`: the open file's (the dialog previews on a copy); `clip` the current one.
    RepairMotionDialog(const bpat::BpatDocument &document, int clip, QWidget *parent = nullptr);
    ~RepairMotionDialog() override;

    // The options as set: the clip (or every clip), the repairs and their settings.
    bpat::FixOptions options() const;
    // Sets the checkboxes from `repairs` ("all", "loop-seam", "foot-lock", "smooth-pops",
    // "bone-lengths", "ground-lift", "ground-ik"); false for a name it does not know.
    bool setRepairs(const QStringList &repairs);
    // A short text for the undo stack ("Repair Motion: loop seam, foot lock on 'walk'").
    QString summary() const;

    // Repairs a copy and shows it; false when the core refused (the reason is shown).
    bool preview();
    const bpat::FixReport &report() const { return m_report; }
    bool hasPreview() const { return m_previewed; }
    // The clip the preview shows, its gait table and the report text (tests, screenshots).
    int previewClip() const { return m_previewClip; }
    QTableWidget *gaitTable() const { return m_gait; }
    QString reportText() const;
    ViewportWidget *viewport() const { return m_viewport; }
    void setFrame(int frame);

private:
    void optionsChanged();
    void showFrame(int frame);
    void showGait(const bpat::BpatFile &before, const bpat::BpatFile &after, int clip);

    bpat::BpatDocument m_document;
    bpat::BpatFile m_original; // the document written once, for the ghost and the "before" numbers
    int m_clip;
    QComboBox *m_clipCombo;
    QCheckBox *m_all, *m_seam, *m_lock, *m_pops, *m_lengths;
    QComboBox *m_ground;
    QSpinBox *m_seamWindow, *m_blend;
    QLabel *m_banner;
    ViewportWidget *m_viewport;
    QToolButton *m_play;
    QSlider *m_scrub;
    PlaybackClock *m_clock;
    QTableWidget *m_gait;
    QPlainTextEdit *m_text;
    bpat::FixReport m_report;
    bpat::BpatFile m_repaired;
    int m_previewClip = -1;
    bool m_previewed = false;
};

} // namespace bpat::studio

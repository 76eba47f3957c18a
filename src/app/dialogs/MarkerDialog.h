#pragma once
// Sets, renames or clears one of a clip's five markers (double-click on the timeline's marker
// row): its name (one of anticipation_start, weapon_release, contact, recover_unlocked,
// exit_safe, as `bpat edit --set-marker` names them), and where it falls, as a frame (frames
// count from 0; fractions fall between two) or as the phase the file stores (frame / last
// frame). The two fields follow each other; a number outside the clip is refused when the
// dialog is confirmed, with a message, never cut short or clamped. The dialog says what the
// edit does to another marker of that name, and warns when the markers leave the order the
// game's markers keep (the warning `bpat edit` prints); it refuses nothing for that.
#include <QDialog>

#include <array>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace bpat::studio {

class MarkerDialog : public QDialog
{
    Q_OBJECT
public:
    // `markers`: the clip's five phases (-1: unset); `marker`: the one edited, or -1 for a new
    // one at `frame`; `frameCount`: the clip's frames.
    MarkerDialog(const QString &clipName, const std::array<float, 5> &markers, quint32 frameCount, int marker, double frame,
                 QWidget *parent = nullptr);

    int editedMarker() const { return m_edited; } // -1: a new marker
    int marker() const;                           // the name chosen (format::MarkerKeys index)
    float phase() const;                          // the phase chosen (valid after accept)
    bool clearRequested() const { return m_clear; }
    // Why OK was refused, and the notes on the edit (another marker replaced, the order).
    QString error() const;
    QString notes() const;

    QComboBox *nameCombo() const { return m_name; }
    QLineEdit *frameEdit() const { return m_frame; }
    QLineEdit *phaseEdit() const { return m_phase; }
    QPushButton *clearButton() const { return m_clearButton; }

    void accept() override;

private:
    void frameTyped();
    void phaseTyped();
    void updateNotes();
    // The phase in the fields, when it is a number in [0, 1].
    bool typedPhase(float *phase, QString *problem) const;

    std::array<float, 5> m_markers;
    quint32 m_frames;
    int m_edited;
    QComboBox *m_name;
    QLineEdit *m_frame;
    QLineEdit *m_phase;
    QLabel *m_notes;
    QLabel *m_error;
    QPushButton *m_clearButton = nullptr;
    float m_result = -1.0f;
    bool m_clear = false;
    bool m_phaseLeads = false; // the phase field was typed last (the frame follows it)
};

} // namespace bpat::studio

#pragma once
// A band above the views saying that the current game refuses the open BPAT file, whichever
// validation profile the Validation panel shows: a version it does not read (v1, v2) or reads
// wrongly (early v3), a rig it does not play (a 16-bone horse where it plays 50 bones), any other
// error of the game profile. The file opens under the game profile already (StudioContext); the
// band stays while another profile is chosen, so the spec profile's "No issues found" never
// reads as the game's verdict. Its buttons convert the file (File > Convert to...) and show
// the game profile's findings. Hidden when the game takes the file.
#include "diagnostics/Diagnostic.h"

#include <QFrame>

class QAction;
class QLabel;
class QPushButton;

namespace bpat::studio {

class StudioContext;

class GameVerdictBanner : public QFrame
{
    Q_OBJECT
public:
    GameVerdictBanner(StudioContext *context, QAction *convert, QWidget *parent = nullptr);

    // The current game's findings that make it refuse the open file (empty: it takes it).
    const bpat::Diagnostics &refusals() const { return m_refusals; }
    QString text() const;
    QPushButton *convertButton() const { return m_convert; }
    QPushButton *profileButton() const { return m_profile; }

    // Of a document's game-profile findings (current game), the ones that refuse it.
    static bpat::Diagnostics refusalsOf(const bpat::Diagnostics &gameFindings);

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void applyColours();

    StudioContext *m_context;
    bpat::Diagnostics m_refusals;
    QLabel *m_text;
    QPushButton *m_convert;
    QPushButton *m_profile;
    bool m_applying = false; // inside applyColours(): its own palette change
};

} // namespace bpat::studio

#pragma once
// View > Crowd... (ui/CrowdDialog.ui): the species of a mixed crowd in a table, one row each
// (file, count, body, clips, formation, spacing, centre, phase), with Add Files..., Remove, Open
// and Save Specification... (the JSON of crowd/CrowdSpec, written through io/AtomicFile). What the
// table says is read back through CrowdSpec::parse, so the dialog, `--crowd SPEC.json` and the
// benchmark check a crowd the same way and name the same JSON paths in their findings. Show
// Crowd asks for it to be drawn (CrowdActions loads it as a job); Show the File goes back.
#include "crowd/CrowdSpec.h"

#include <QDialog>
#include <QStringList>
#include <memory>

namespace Ui {
class CrowdDialog;
}

namespace bpat::studio {

class CrowdDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CrowdDialog(QWidget *parent = nullptr);
    ~CrowdDialog() override;

    // The table from a specification (paths shown relative to `baseDir` where they lie under it).
    void setSpec(const bpat::CrowdSpec &spec);
    // The table as a specification, checked by CrowdSpec::parse (findings in `diagnostics`).
    bpat::CrowdSpec spec(bpat::Diagnostics *diagnostics) const;
    // Rows for these BPAT files (count 100, grid beside the others).
    void addFiles(const QStringList &paths);
    int rowCount() const;

    bool openSpec(const QString &path, QString *error);
    bool saveSpec(const QString &path, QString *error) const;

    // The findings of the crowd shown (a missing file, a clamped count), and whether a crowd is
    // being loaded.
    void showFindings(const QStringList &findings, const QString &summary);
    void setBusy(bool busy);
    // Whether message boxes may be shown (tests and --screenshot say no).
    void setInteractive(bool on) { m_interactive = on; }

Q_SIGNALS:
    void showRequested();
    void stopRequested();

private:
    void addRow(const bpat::CrowdSpeciesSpec &species);
    // The table as a specification's JSON, paths relative to baseDir where they lie under it.
    QByteArray tableJson(const QString &baseDir) const;
    void chooseFiles();
    void chooseSpecToOpen();
    void chooseSpecToSave();

    std::unique_ptr<Ui::CrowdDialog> m_ui;
    bool m_interactive = true;
};

} // namespace bpat::studio

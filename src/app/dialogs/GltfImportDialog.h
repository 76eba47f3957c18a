#pragma once
// File > Import glTF..., once the glTF is read: where the BPAT goes (never the open file or the
// glTF itself) and which BPAT version it is written in: by default the version of the BPAT the
// glTF was exported from, else late v3 (what the current game reads). The dialog says, as the
// choice changes, what that version drops of what the glTF carried (markers, variants,
// contacts, bind palette and parents) and whether the current game refuses it.
#include "gltf/GltfImporter.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;

namespace bpat::studio {

class GltfImportDialog : public QDialog
{
    Q_OBJECT
public:
    // `avoid`: paths the output must not be proposed as (the open file, the glTF).
    GltfImportDialog(const QString &gltfPath, const bpat::GltfImportResult &imported, const QStringList &avoid,
                     QWidget *parent = nullptr);

    QString outputPath() const;
    void setOutputPath(const QString &path);
    int formatVersion() const; // 1, 2 or 3 (late v3)
    void setFormatVersion(int version);
    // What the dialog says about the chosen version (dropped data, the current game's verdict).
    QString noteText() const;
    QComboBox *versionCombo() const { return m_version; }

    void accept() override; // refuses an output that is one of `avoid`

private:
    void updateNote();

    const bpat::GltfImportResult &m_imported;
    QStringList m_avoid;
    QLineEdit *m_output;
    QComboBox *m_version;
    QLabel *m_note;
    QLabel *m_error;
};

} // namespace bpat::studio

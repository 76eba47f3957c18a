#pragma once
// File > Convert to...: the open BPAT file (with its unsaved edits) written in another version,
// as `bpat convert` writes it (core bpat/FileConverter, through the one atomic save path). The
// dialog proposes late v3, what the current game reads, and a new file beside the open one
// (never the open file itself); as the version changes it says what that version drops of this
// file (markers, flags, contacts, variant families, bind palette and parents), what the current
// game makes of it, and what a conversion cannot change (a rig the current game does not play).
#include "bpat/BpatFormat.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;

namespace bpat {
class BpatDocument;
}

namespace bpat::studio {

class ConvertDialog : public QDialog
{
    Q_OBJECT
public:
    // `plan`: the open file's document without its frames (BpatDocument::planFromFile);
    // `gameRigNote`: why the current game refuses the file whatever its version (its rig), or
    // empty; `edited`: the file has unsaved edits (converted with them).
    ConvertDialog(const bpat::BpatDocument &plan, const QString &sourcePath, const QString &gameRigNote, bool edited,
                  QWidget *parent = nullptr);

    format::Dialect target() const;
    void setTarget(format::Dialect dialect);
    QString outputPath() const;
    void setOutputPath(const QString &path);
    // What the dialog says of the chosen version.
    QString noteText() const;
    QComboBox *versionCombo() const { return m_version; }

    // The name proposed for a conversion of `source` to `target` ("horse_v3.bpat" beside it).
    static QString proposedPath(const QString &source, format::Dialect target);

    void accept() override; // refuses the open file as the output

private:
    void updateNote();

    const bpat::BpatDocument &m_plan;
    QString m_source;
    QString m_gameRigNote;
    bool m_userPath = false; // a path chosen or typed: kept when the version changes
    QLineEdit *m_output;
    QComboBox *m_version;
    QLabel *m_note;
    QLabel *m_error;
};

} // namespace bpat::studio

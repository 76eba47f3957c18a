#pragma once
// What the dialogs that write one BPAT file in a chosen version share (Convert, glTF import):
// the note on what the version keeps and the error a failed write shows (hidden again once the
// path is edited), and the form's rows under the dialog's own first line: "Write to:" (the
// path and its browse button), "BPAT version:", the note, the error, and OK (named by the
// dialog) / Cancel, which accept and reject the dialog.
#include <QString>
#include <QStringList>

class QComboBox;
class QDialog;
class QFormLayout;
class QLabel;
class QLayout;
class QLineEdit;

namespace bpat::studio {

class WriteFileRows
{
public:
    static void setUpNoteAndError(QLabel *note, QLabel *error, QLineEdit *output);
    static void addRows(QDialog *dialog, QFormLayout *form, QLineEdit *output, QLayout *outputRow, QComboBox *version,
                        QLabel *note, QLabel *error, const QString &okText);
    // The note's lines, in the theme's warning colour when `warn`.
    static void showNote(QLabel *note, const QStringList &lines, bool warn);
    // On OK: the path typed (`typed`, given the .bpat suffix when it has none) goes back into
    // `output` and true is returned, unless it is empty (`error` says `whenEmpty`) or names one
    // of the files in `avoid` (`error` says `whenAvoided`, %1 its file name).
    static bool acceptOutput(const QString &typed, QLineEdit *output, QLabel *error, const QString &whenEmpty,
                             const QStringList &avoid, const QString &whenAvoided);
};

} // namespace bpat::studio

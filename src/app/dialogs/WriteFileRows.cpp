#include "dialogs/WriteFileRows.h"

#include "SaveFileNames.h"
#include "Theme.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace bpat::studio {

void WriteFileRows::setUpNoteAndError(QLabel *note, QLabel *error, QLineEdit *output)
{
    note->setObjectName(QStringLiteral("versionNote"));
    note->setWordWrap(true);
    note->setTextFormat(Qt::PlainText);
    error->setObjectName(QStringLiteral("errorLabel"));
    error->setWordWrap(true);
    error->setStyleSheet(QStringLiteral("color: %1;").arg(Theme::invalidInputColor().name()));
    error->hide();
    QObject::connect(output, &QLineEdit::textChanged, error, &QLabel::hide);
}

void WriteFileRows::addRows(QDialog *dialog, QFormLayout *form, QLineEdit *output, QLayout *outputRow, QComboBox *version,
                            QLabel *note, QLabel *error, const QString &okText)
{
    // A row of a layout gets a label without a buddy, which shows its "&" literally: the label
    // is made here with the line edit as its buddy (the mnemonic is a shortcut).
    auto *outputLabel = new QLabel(QCoreApplication::translate("WriteFileRows", "&Write to:"), dialog);
    outputLabel->setBuddy(output);
    form->addRow(outputLabel, outputRow);
    form->addRow(QCoreApplication::translate("WriteFileRows", "BPAT &version:"), version);
    form->addRow(note);
    form->addRow(error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(okText);
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept); // the dialog's own accept()
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    form->addRow(buttons);
}

void WriteFileRows::showNote(QLabel *note, const QStringList &lines, bool warn)
{
    note->setText(lines.join(QLatin1Char('\n')));
    note->setStyleSheet(warn ? QStringLiteral("color: %1;").arg(Theme::warningTextColor().name()) : QString());
}

bool WriteFileRows::acceptOutput(const QString &typed, QLineEdit *output, QLabel *error, const QString &whenEmpty,
                                 const QStringList &avoid, const QString &whenAvoided)
{
    const QString path = SaveFileNames::withDefaultSuffix(typed, QStringLiteral("bpat"));
    if (path.isEmpty()) {
        error->setText(whenEmpty);
        error->show();
        return false;
    }
    for (const QString &a : avoid) {
        if (!a.isEmpty() && QFileInfo(a).absoluteFilePath() == QFileInfo(path).absoluteFilePath()) {
            error->setText(whenAvoided.arg(QFileInfo(path).fileName()));
            error->show();
            return false;
        }
    }
    output->setText(path);
    return true;
}

} // namespace bpat::studio

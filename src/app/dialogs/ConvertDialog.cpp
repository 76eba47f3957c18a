#include "dialogs/ConvertDialog.h"

#include "SaveFileNames.h"
#include "dialogs/WriteFileRows.h"
#include "bpat/BpatDocument.h"
#include "bpat/GameEra.h"
#include "bpat/VersionConverter.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace bpat::studio {

namespace {
using format::Dialect;

// "_v1", "_v2", "_v3early", "_v3" (late v3: the version the game reads today).
QString suffixOf(Dialect dialect)
{
    switch (dialect) {
    case Dialect::V1: return QStringLiteral("_v1");
    case Dialect::V2: return QStringLiteral("_v2");
    case Dialect::V3Early: return QStringLiteral("_v3early");
    default: return QStringLiteral("_v3");
    }
}
} // namespace

ConvertDialog::ConvertDialog(const BpatDocument &plan, const QString &sourcePath, const QString &gameRigNote, bool edited,
                             QWidget *parent)
    : QDialog(parent)
    , m_plan(plan)
    , m_source(sourcePath)
    , m_gameRigNote(gameRigNote)
    , m_output(new QLineEdit(this))
    , m_version(new QComboBox(this))
    , m_note(new QLabel(this))
    , m_error(new QLabel(this))
{
    setWindowTitle(tr("Convert to Another Version"));
    const QFileInfo in(sourcePath);
    m_version->setObjectName(QStringLiteral("versionCombo"));
    const std::pair<Dialect, QString> choices[] = {
        {Dialect::V3Late, tr("v3 late: what the current game reads")},
        {Dialect::V3Early, tr("v3 early")},
        {Dialect::V2, tr("v2")},
        {Dialect::V1, tr("v1")},
    };
    for (const auto &[dialect, label] : choices) {
        const QString now = dialect == plan.dialect() ? tr(" (this file's version)") : QString();
        m_version->addItem(label + now, int(dialect));
    }
    m_version->setCurrentIndex(0);

    m_output->setObjectName(QStringLiteral("outputEdit"));
    m_output->setMinimumWidth(420);
    m_output->setText(proposedPath(sourcePath, target()));
    connect(m_output, &QLineEdit::textEdited, this, [this] { m_userPath = true; });
    auto *browse = new QToolButton(this);
    browse->setText(QStringLiteral("..."));
    browse->setToolTip(tr("Choose where to write the converted file"));
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Save Converted File As"), m_output->text(), tr("BPAT files (*.bpat)"));
        if (!path.isEmpty()) {
            m_userPath = true;
            setOutputPath(SaveFileNames::withDefaultSuffix(path, QStringLiteral("bpat")));
        }
    });
    auto *outputRow = new QHBoxLayout;
    outputRow->addWidget(m_output, 1);
    outputRow->addWidget(browse);
    connect(m_version, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_userPath)
            m_output->setText(proposedPath(m_source, target()));
        updateNote();
    });

    WriteFileRows::setUpNoteAndError(m_note, m_error, m_output);
    m_note->setMinimumWidth(480);

    auto *form = new QFormLayout(this);
    form->addRow(new QLabel(tr("%1: %2, %3 clip(s), %4 bones%5.")
                                .arg(in.fileName(), format::dialectName(plan.dialect()))
                                .arg(plan.clipCount())
                                .arg(plan.boneCount())
                                .arg(edited ? tr(", with its unsaved edits") : QString())));
    WriteFileRows::addRows(this, form, m_output, outputRow, m_version, m_note, m_error, tr("Convert"));
    updateNote();
}

QString ConvertDialog::proposedPath(const QString &source, Dialect target)
{
    const QFileInfo in(source);
    return SaveFileNames::proposedOutput(in.absolutePath(), in.completeBaseName() + suffixOf(target), QStringLiteral("bpat"),
                                         {in.absoluteFilePath()});
}

Dialect ConvertDialog::target() const
{
    return Dialect(m_version->currentData().toInt());
}

void ConvertDialog::setTarget(Dialect dialect)
{
    m_version->setCurrentIndex(std::max(0, m_version->findData(int(dialect))));
}

QString ConvertDialog::outputPath() const
{
    return m_output->text().trimmed();
}

void ConvertDialog::setOutputPath(const QString &path)
{
    m_output->setText(path);
}

QString ConvertDialog::noteText() const
{
    return m_note->text();
}

void ConvertDialog::updateNote()
{
    const Dialect to = target();
    QStringList lines;
    bool warn = false;
    const QStringList dropped = VersionConverter::dropped(m_plan, to);
    if (!dropped.isEmpty()) {
        lines << tr("Writing %1 drops: %2.").arg(format::dialectName(to), dropped.join(QStringLiteral("; ")));
        warn = true;
    }
    if (format::versionOf(to) > m_plan.version())
        lines << tr("Going up, what %1 holds that this file has not is filled in as `bpat convert` does: the bind pose "
                    "from the first frame of the first clip, the parents and feet from the game's rig, the contact "
                    "records from the feet.")
                     .arg(format::dialectName(to));
    if (const QString note = gameEra::currentGameNote(to); !note.isEmpty()) {
        lines << note + QLatin1Char('.');
        warn = true;
    } else if (to == m_plan.dialect()) {
        lines << tr("This file is %1 already: the conversion writes it again as %1.").arg(format::dialectName(to));
    } else {
        lines << tr("The current game reads %1.").arg(format::dialectName(to));
    }
    if (!m_gameRigNote.isEmpty()) {
        lines << tr("Whatever the version, the current game refuses this file: %1").arg(m_gameRigNote);
        warn = true;
    }
    WriteFileRows::showNote(m_note, lines, warn);
}

void ConvertDialog::accept()
{
    if (WriteFileRows::acceptOutput(outputPath(), m_output, m_error, tr("Choose where to write the converted file."), {m_source},
                                    tr("%1 is the open file: a conversion is written beside it, so nothing it drops is lost.")))
        QDialog::accept();
}

} // namespace bpat::studio

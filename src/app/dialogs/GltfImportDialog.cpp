#include "GltfImportDialog.h"

#include "SaveFileNames.h"
#include "dialogs/WriteFileRows.h"
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
format::Dialect dialectOfVersion(int version)
{
    return version == 1 ? format::Dialect::V1 : version == 2 ? format::Dialect::V2 : format::Dialect::V3Late;
}
} // namespace

GltfImportDialog::GltfImportDialog(const QString &gltfPath, const GltfImportResult &imported, const QStringList &avoid,
                                   QWidget *parent)
    : QDialog(parent)
    , m_imported(imported)
    , m_avoid(avoid)
    , m_output(new QLineEdit(this))
    , m_version(new QComboBox(this))
    , m_note(new QLabel(this))
    , m_error(new QLabel(this))
{
    setWindowTitle(tr("Import glTF"));
    const QFileInfo in(gltfPath);
    m_output->setObjectName(QStringLiteral("outputEdit"));
    m_output->setText(SaveFileNames::proposedOutput(in.absolutePath(), in.completeBaseName(), QStringLiteral("bpat"), m_avoid));
    m_output->setMinimumWidth(420);
    auto *browse = new QToolButton(this);
    browse->setText(QStringLiteral("..."));
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Save Imported Motion As"), m_output->text(), tr("BPAT files (*.bpat)"));
        if (!path.isEmpty())
            setOutputPath(SaveFileNames::withDefaultSuffix(path, QStringLiteral("bpat")));
    });
    auto *outputRow = new QHBoxLayout;
    outputRow->addWidget(m_output, 1);
    outputRow->addWidget(browse);

    // The default: the source BPAT's version, else late v3.
    const int defaultVersion = GltfImporter::defaultFormatVersion(imported);
    const QString source =
        imported.sourceDialect ? tr(" (the version it was exported from)") : tr(" (no BPAT source: what the current game reads)");
    m_version->setObjectName(QStringLiteral("versionCombo"));
    for (int v : GltfImporter::writableFormatVersions()) {
        QString label = v == 3 ? tr("v3 late: what the current game reads") : tr("v%1").arg(v);
        if (v == defaultVersion)
            label += source;
        m_version->addItem(label, v);
    }
    m_version->setCurrentIndex(m_version->findData(defaultVersion));
    connect(m_version, &QComboBox::currentIndexChanged, this, &GltfImportDialog::updateNote);

    WriteFileRows::setUpNoteAndError(m_note, m_error, m_output);

    auto *form = new QFormLayout(this);
    const BpatDocument *doc = imported.document ? &*imported.document : nullptr;
    form->addRow(new QLabel(tr("%1: %2 clip(s), %3 bones (%4).")
                                .arg(in.fileName())
                                .arg(doc ? doc->clipCount() : 0)
                                .arg(doc ? doc->boneCount() : 0)
                                .arg(imported.rigSource)));
    WriteFileRows::addRows(this, form, m_output, outputRow, m_version, m_note, m_error, tr("Import"));
    updateNote();
}

QString GltfImportDialog::outputPath() const
{
    return m_output->text().trimmed();
}
void GltfImportDialog::setOutputPath(const QString &path)
{
    m_output->setText(path);
}
int GltfImportDialog::formatVersion() const
{
    return m_version->currentData().toInt();
}
void GltfImportDialog::setFormatVersion(int version)
{
    m_version->setCurrentIndex(std::max(0, m_version->findData(version)));
}
QString GltfImportDialog::noteText() const
{
    return m_note->text();
}

void GltfImportDialog::updateNote()
{
    // What the choice drops of what the glTF carried, and what the current game makes of it.
    QStringList lines;
    const format::Dialect target = dialectOfVersion(formatVersion());
    bool warn = false;
    if (m_imported.document) {
        const QStringList dropped = VersionConverter::dropped(*m_imported.document, target);
        if (!dropped.isEmpty()) {
            lines << tr("Writing %1 drops: %2.").arg(format::dialectName(target), dropped.join(QStringLiteral("; ")));
            warn = true;
        }
    }
    if (const QString note = gameEra::currentGameNote(target); !note.isEmpty()) {
        lines << note + QLatin1Char('.'); // starts with the version: "v1 is not what ..."
        warn = true;
    }
    if (lines.isEmpty())
        lines << tr("Nothing is dropped; the current game reads %1.").arg(format::dialectName(target));
    for (const QString &n : m_imported.notes)
        lines << tr("Note: %1").arg(n);
    WriteFileRows::showNote(m_note, lines, warn);
}

void GltfImportDialog::accept()
{
    if (WriteFileRows::acceptOutput(
            outputPath(), m_output, m_error, tr("Choose where to write the BPAT file."), m_avoid,
            tr("%1 is open or is the glTF being read: choose another file, so nothing is written over it.")))
        QDialog::accept();
}

} // namespace bpat::studio

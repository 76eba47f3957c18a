#include "dialogs/CrowdDialog.h"
#include "ui_CrowdDialog.h"

#include "io/AtomicFile.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QSpinBox>

namespace bpat::studio {

namespace {

enum Column {
    File = 0,
    Count,
    Body,
    Clips,
    Formation,
    Spacing,
    Centre,
    Phase
};
constexpr int kPathRole = Qt::UserRole;
constexpr int kMaxCount = 10000000; // more than the viewport draws: the clamp says so

QString clipsText(const QList<bpat::CrowdClipChoice> &clips)
{
    QStringList parts;
    for (const bpat::CrowdClipChoice &c : clips)
        parts << (c.weight == 1.0 ? c.name : QStringLiteral("%1:%2").arg(c.name).arg(c.weight));
    return parts.join(QStringLiteral(", "));
}

// "walk:3, run" -> {walk 3, run 1}; a weight that is not a number stays in the name (the
// specification's check then names it).
QList<bpat::CrowdClipChoice> clipsFrom(const QString &text)
{
    QList<bpat::CrowdClipChoice> clips;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        bpat::CrowdClipChoice c;
        c.name = part.trimmed();
        const qsizetype colon = c.name.lastIndexOf(u':');
        bool ok = false;
        const double weight = colon > 0 ? c.name.mid(colon + 1).toDouble(&ok) : 0.0;
        if (ok) {
            c.weight = weight;
            c.name = c.name.left(colon).trimmed();
        }
        if (!c.name.isEmpty())
            clips.append(c);
    }
    return clips;
}

QComboBox *combo(const QStringList &items, const QString &current, bool editable)
{
    auto *box = new QComboBox;
    box->addItems(items);
    box->setEditable(editable);
    if (box->findText(current) < 0)
        box->addItem(current);
    box->setCurrentText(current);
    return box;
}

} // namespace

CrowdDialog::CrowdDialog(QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::CrowdDialog>())
{
    m_ui->setupUi(this);
    m_ui->speciesTable->horizontalHeader()->setStretchLastSection(true);
    m_ui->speciesTable->setColumnWidth(File, 170);
    m_ui->speciesTable->setColumnWidth(Clips, 170);
    connect(m_ui->addButton, &QPushButton::clicked, this, &CrowdDialog::chooseFiles);
    connect(m_ui->removeButton, &QPushButton::clicked, this, [this] {
        const int row = m_ui->speciesTable->currentRow();
        if (row >= 0)
            m_ui->speciesTable->removeRow(row);
    });
    connect(m_ui->openButton, &QPushButton::clicked, this, &CrowdDialog::chooseSpecToOpen);
    connect(m_ui->saveButton, &QPushButton::clicked, this, &CrowdDialog::chooseSpecToSave);
    connect(m_ui->showButton, &QPushButton::clicked, this, &CrowdDialog::showRequested);
    connect(m_ui->stopButton, &QPushButton::clicked, this, &CrowdDialog::stopRequested);
}

CrowdDialog::~CrowdDialog() = default;

int CrowdDialog::rowCount() const
{
    return m_ui->speciesTable->rowCount();
}

void CrowdDialog::addRow(const bpat::CrowdSpeciesSpec &species)
{
    QTableWidget *table = m_ui->speciesTable;
    const int row = table->rowCount();
    table->insertRow(row);
    auto *file = new QTableWidgetItem(QFileInfo(species.file).fileName());
    file->setData(kPathRole, species.file);
    file->setToolTip(species.file);
    file->setFlags(file->flags() & ~Qt::ItemIsEditable);
    table->setItem(row, File, file);
    auto *count = new QSpinBox;
    count->setRange(1, kMaxCount);
    count->setGroupSeparatorShown(true);
    count->setValue(std::clamp(species.requestedCount, 1, kMaxCount));
    table->setCellWidget(row, Count, count);
    table->setCellWidget(row, Body, combo({u"full"_qs, u"minimal"_qs, u"stand-in"_qs}, species.body, true));
    table->setItem(row, Clips, new QTableWidgetItem(clipsText(species.clips)));
    table->setCellWidget(
        row, Formation,
        combo({u"grid"_qs, u"ranks"_qs, u"random"_qs}, bpat::CrowdFormation::typeName(species.formation.type), false));
    auto *spacing = new QDoubleSpinBox;
    spacing->setRange(0, 1000);
    spacing->setDecimals(2);
    spacing->setSpecialValueText(tr("auto"));
    spacing->setValue(species.formation.across.value_or(0));
    table->setCellWidget(row, Spacing, spacing);
    table->setItem(
        row, Centre,
        new QTableWidgetItem(QStringLiteral("%1, %2").arg(species.formation.center.x()).arg(species.formation.center.y())));
    const QString phase = species.phase == bpat::CrowdSpeciesSpec::Phase::InStep ? u"in-step"_qs
        : species.phase == bpat::CrowdSpeciesSpec::Phase::Fixed                  ? QString::number(species.phaseOffset)
                                                                                 : u"random"_qs;
    table->setCellWidget(row, Phase, combo({u"random"_qs, u"in-step"_qs}, phase, true));
    // What the table has no column for (facing, columns, box size, rank spacing, seed) rides along.
    QJsonObject extra;
    extra.insert(u"facing"_qs, species.formation.facingDegrees);
    if (species.formation.columns)
        extra.insert(u"columns"_qs, *species.formation.columns);
    if (species.formation.size)
        extra.insert(u"size"_qs, QJsonArray{species.formation.size->width(), species.formation.size->height()});
    if (species.formation.between)
        extra.insert(u"between"_qs, *species.formation.between);
    extra.insert(u"seed"_qs, qint64(species.seed));
    file->setData(kPathRole + 1, extra);
}

void CrowdDialog::setSpec(const bpat::CrowdSpec &spec)
{
    m_ui->speciesTable->setRowCount(0);
    for (const bpat::CrowdSpeciesSpec &species : spec.species)
        addRow(species);
}

void CrowdDialog::addFiles(const QStringList &paths)
{
    for (const QString &path : paths) {
        bpat::CrowdSpeciesSpec species;
        species.file = QFileInfo(path).absoluteFilePath();
        species.requestedCount = species.count = 100;
        species.seed = quint32(rowCount());
        // Beside the rows before it, along x, so a new species does not stand in the others.
        species.formation.center = QPointF(30.0 * rowCount(), 0);
        addRow(species);
    }
}

bpat::CrowdSpec CrowdDialog::spec(bpat::Diagnostics *diagnostics) const
{
    return bpat::CrowdSpec::parse(tableJson(QDir::rootPath()), QDir::rootPath(), diagnostics).value_or(bpat::CrowdSpec());
}

QByteArray CrowdDialog::tableJson(const QString &baseDir) const
{
    const QDir base(baseDir);
    auto relative = [&](const QString &path) {
        const QString r = base.relativeFilePath(path);
        return r.startsWith(u"..") ? path : r;
    };
    const QTableWidget *table = m_ui->speciesTable;
    QJsonArray list;
    for (int row = 0; row < table->rowCount(); ++row) {
        const QJsonObject extra = table->item(row, File)->data(kPathRole + 1).toJsonObject();
        QJsonObject formation{{u"type"_qs, qobject_cast<QComboBox *>(table->cellWidget(row, Formation))->currentText()},
                              {u"facing"_qs, extra.value(u"facing"_qs).toDouble()}};
        for (const char *key : {"columns", "size"}) {
            if (extra.contains(QLatin1String(key)))
                formation.insert(QLatin1String(key), extra.value(QLatin1String(key)));
        }
        const double across = qobject_cast<QDoubleSpinBox *>(table->cellWidget(row, Spacing))->value();
        if (across > 0)
            formation.insert(u"spacing"_qs,
                             extra.contains(u"between"_qs) ? QJsonValue(QJsonArray{across, extra.value(u"between"_qs)})
                                                           : QJsonValue(across));
        const QStringList centre = table->item(row, Centre)->text().split(u',');
        if (centre.size() == 2)
            formation.insert(u"center"_qs, QJsonArray{centre.at(0).trimmed().toDouble(), centre.at(1).trimmed().toDouble()});
        QString body = qobject_cast<QComboBox *>(table->cellWidget(row, Body))->currentText();
        if (body != u"full" && body != u"minimal" && body != u"stand-in")
            body = relative(QFileInfo(body).absoluteFilePath());
        QJsonObject species{{u"file"_qs, relative(table->item(row, File)->data(kPathRole).toString())},
                            {u"count"_qs, qobject_cast<QSpinBox *>(table->cellWidget(row, Count))->value()},
                            {u"body"_qs, body},
                            {u"formation"_qs, formation},
                            {u"seed"_qs, extra.value(u"seed"_qs)}};
        QJsonArray clips;
        for (const bpat::CrowdClipChoice &c : clipsFrom(table->item(row, Clips)->text()))
            clips.append(QJsonObject{{u"name"_qs, c.name}, {u"weight"_qs, c.weight}});
        if (!clips.isEmpty())
            species.insert(u"clips"_qs, clips);
        const QString phase = qobject_cast<QComboBox *>(table->cellWidget(row, Phase))->currentText();
        bool number = false;
        const double offset = phase.toDouble(&number);
        species.insert(u"phase"_qs, number ? QJsonValue(offset) : QJsonValue(phase));
        list.append(species);
    }
    return QJsonDocument(QJsonObject{{u"species"_qs, list}}).toJson(QJsonDocument::Indented);
}

bool CrowdDialog::openSpec(const QString &path, QString *error)
{
    bpat::Diagnostics diagnostics;
    const std::optional<bpat::CrowdSpec> spec = bpat::CrowdSpec::readFile(path, &diagnostics);
    QStringList findings;
    for (const bpat::Diagnostic &d : std::as_const(diagnostics))
        findings << d.message;
    showFindings(findings, QString());
    if (!spec) {
        if (error)
            *error = findings.join(u'\n');
        return false;
    }
    setSpec(*spec);
    return true;
}

bool CrowdDialog::saveSpec(const QString &path, QString *error) const
{
    // The table as it is, rows with missing files too (opening it again shows what is wrong).
    return bpat::AtomicFile::write(path, tableJson(QFileInfo(path).absolutePath()), error);
}

void CrowdDialog::showFindings(const QStringList &findings, const QString &summary)
{
    m_ui->findingsList->clear();
    m_ui->findingsList->addItems(findings.isEmpty() ? QStringList{tr("none")} : findings);
    m_ui->summaryLabel->setText(summary);
}

void CrowdDialog::setBusy(bool busy)
{
    m_ui->showButton->setEnabled(!busy);
    if (busy)
        m_ui->summaryLabel->setText(tr("Loading the crowd's files and making their levels of detail..."));
}

void CrowdDialog::chooseFiles()
{
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Add Species"), QString(), tr("BPAT files (*.bpat)"));
    addFiles(paths);
}

void CrowdDialog::chooseSpecToOpen()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open Crowd Specification"), QString(), tr("Crowd specifications (*.json)"));
    QString error;
    if (!path.isEmpty() && !openSpec(path, &error) && m_interactive)
        QMessageBox::warning(this, tr("Open Crowd Specification"), error);
}

void CrowdDialog::chooseSpecToSave()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save Crowd Specification"), QString(), tr("Crowd specifications (*.json)"));
    QString error;
    if (!path.isEmpty() && !saveSpec(path, &error) && m_interactive)
        QMessageBox::warning(this, tr("Save Crowd Specification"), error);
}

} // namespace bpat::studio

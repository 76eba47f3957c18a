#include "GltfExportDialog.h"

#include "SaveFileNames.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QToolButton>

namespace bpat::studio {

GltfExportDialog::GltfExportDialog(const QString &suggestedPath, const QStringList &clipNames, QWidget *parent)
    : QDialog(parent)
    , m_output(new QLineEdit(suggestedPath, this))
    , m_mesh(new QCheckBox(tr("Include the creature &mesh, skinned to the skeleton, so the file plays in any glTF viewer"), this))
    , m_clips(new QListWidget(this))
    , m_count(new QLabel(this))
{
    setWindowTitle(tr("Export glTF"));
    m_output->setObjectName(QStringLiteral("outputEdit"));
    m_output->setMinimumWidth(420);
    auto *browse = new QToolButton(this);
    browse->setText(QStringLiteral("..."));
    connect(browse, &QToolButton::clicked, this, [this] {
        QString filter;
        const QString path = QFileDialog::getSaveFileName(this, tr("Export glTF"), m_output->text(),
                                                          tr("Binary glTF (*.glb);;glTF JSON (*.gltf)"), &filter);
        if (!path.isEmpty())
            setOutputPath(SaveFileNames::withDefaultSuffix(
                path, filter.contains(QLatin1String("gltf)")) ? QStringLiteral("gltf") : QStringLiteral("glb")));
    });
    auto *outputRow = new QHBoxLayout;
    outputRow->addWidget(m_output, 1);
    outputRow->addWidget(browse);

    m_mesh->setObjectName(QStringLiteral("meshCheck"));
    m_mesh->setChecked(true);
    m_clips->setObjectName(QStringLiteral("clipList"));
    for (const QString &name : clipNames) {
        auto *item = new QListWidgetItem(name, m_clips);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(Qt::Checked);
    }
    m_clips->setMinimumHeight(160);
    connect(m_clips, &QListWidget::itemChanged, this, &GltfExportDialog::updateOk);
    auto *all = new QPushButton(tr("All"), this);
    auto *none = new QPushButton(tr("None"), this);
    const auto checkAll = [this](Qt::CheckState state) {
        for (int i = 0; i < m_clips->count(); ++i)
            m_clips->item(i)->setCheckState(state);
    };
    connect(all, &QPushButton::clicked, this, [checkAll] { checkAll(Qt::Checked); });
    connect(none, &QPushButton::clicked, this, [checkAll] { checkAll(Qt::Unchecked); });
    auto *clipButtons = new QHBoxLayout;
    clipButtons->addWidget(m_count, 1);
    clipButtons->addWidget(all);
    clipButtons->addWidget(none);

    auto *form = new QFormLayout(this);
    // A row of a layout gets a label without a buddy, which shows its "&" literally: the label
    // is made here with the line edit as its buddy.
    auto *outputLabel = new QLabel(tr("&File:"), this);
    outputLabel->setBuddy(m_output);
    form->addRow(outputLabel, outputRow);
    form->addRow(m_mesh);
    form->addRow(tr("&Clips:"), m_clips);
    form->addRow(QString(), clipButtons);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        setOutputPath(SaveFileNames::withDefaultSuffix(outputPath(), QStringLiteral("glb")));
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_output, &QLineEdit::textChanged, this, &GltfExportDialog::updateOk);
    form->addRow(buttons);
    updateOk();
}

QString GltfExportDialog::outputPath() const
{
    return m_output->text().trimmed();
}
void GltfExportDialog::setOutputPath(const QString &path)
{
    m_output->setText(path);
}
bool GltfExportDialog::includeMesh() const
{
    return m_mesh->isChecked();
}
void GltfExportDialog::setIncludeMesh(bool on)
{
    m_mesh->setChecked(on);
}

void GltfExportDialog::setBodyName(const QString &fileName)
{
    m_mesh->setText(tr("Include the game's &body %1 (skinned to the skeleton, its colour roles as materials), so the "
                       "file plays in any glTF viewer")
                        .arg(fileName));
}

QStringList GltfExportDialog::chosenClips() const
{
    QStringList chosen;
    for (int i = 0; i < m_clips->count(); ++i) {
        if (m_clips->item(i)->checkState() == Qt::Checked)
            chosen << m_clips->item(i)->text();
    }
    return chosen.size() == m_clips->count() ? QStringList() : chosen;
}

void GltfExportDialog::setClipChosen(const QString &name, bool chosen)
{
    for (int i = 0; i < m_clips->count(); ++i) {
        if (m_clips->item(i)->text() == name)
            m_clips->item(i)->setCheckState(chosen ? Qt::Checked : Qt::Unchecked);
    }
}

void GltfExportDialog::updateOk()
{
    int checked = 0;
    for (int i = 0; i < m_clips->count(); ++i)
        checked += m_clips->item(i)->checkState() == Qt::Checked ? 1 : 0;
    m_count->setText(tr("%1 of %2 clips become animations").arg(checked).arg(m_clips->count()));
    if (m_ok)
        m_ok->setEnabled(checked > 0 && !outputPath().isEmpty());
}

} // namespace bpat::studio

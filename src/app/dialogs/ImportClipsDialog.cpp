#include "ImportClipsDialog.h"

#include "bpat/BpatFile.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace bpat::studio {

ImportClipsDialog::ImportClipsDialog(QWidget *parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
{
    setWindowTitle(tr("Import Clips"));
    m_list->setObjectName(QStringLiteral("clipList"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Clips to append (a name already in use gets a free \"_2\" suffix):"), this));
    layout->addWidget(m_list);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    QPushButton *all = buttons->addButton(tr("Select &All"), QDialogButtonBox::ResetRole);
    QPushButton *none = buttons->addButton(tr("Select &None"), QDialogButtonBox::ResetRole);
    auto checkAll = [this](Qt::CheckState state) {
        for (int i = 0; i < m_list->count(); ++i)
            m_list->item(i)->setCheckState(state);
    };
    connect(all, &QPushButton::clicked, this, [checkAll] { checkAll(Qt::Checked); });
    connect(none, &QPushButton::clicked, this, [checkAll] { checkAll(Qt::Unchecked); });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

bool ImportClipsDialog::load(const QString &path, QString *error)
{
    std::optional<BpatFile> file = BpatFile::open(path, error);
    if (!file)
        return false;
    QString why;
    std::optional<BpatDocument> document = BpatDocument::fromFile(*file, &why);
    if (!document) {
        if (error)
            *error = tr("Cannot import from %1: %2").arg(QFileInfo(path).fileName(), why);
        return false;
    }
    m_source = std::move(*document);
    setWindowTitle(tr("Import Clips from %1").arg(QFileInfo(path).fileName()));
    m_list->clear();
    for (const BpatClip &clip : m_source.clips()) {
        auto *item = new QListWidgetItem(tr("%1  (%2 frames, %3 fps, %4)")
                                             .arg(clip.name)
                                             .arg(clip.frameCount)
                                             .arg(double(clip.fps), 0, 'g', 6)
                                             .arg(clip.loops ? tr("loops") : tr("one-shot")),
                                         m_list);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    return true;
}

QList<int> ImportClipsDialog::selectedClips() const
{
    QList<int> picked;
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->checkState() == Qt::Checked)
            picked.append(i);
    }
    return picked;
}

} // namespace bpat::studio

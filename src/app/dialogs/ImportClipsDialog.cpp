#include "ImportClipsDialog.h"

#include "Theme.h"
#include "bpat/BpatFile.h"
#include "mesh/RigDescription.h"
#include "species/SpeciesRig.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

namespace bpat::studio {

ImportClipsDialog::ImportClipsDialog(QWidget *parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
    , m_note(new QLabel(this))
{
    setWindowTitle(tr("Import Clips"));
    m_list->setObjectName(QStringLiteral("clipList"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Clips to append (a name already in use gets a free \"_2\" suffix):"), this));
    layout->addWidget(m_list);
    m_note->setObjectName(QStringLiteral("versionNote"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->hide();
    layout->addWidget(m_note);
    connect(m_list, &QListWidget::itemChanged, this, &ImportClipsDialog::updateNote);
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

void ImportClipsDialog::setTarget(const BpatDocument &target)
{
    m_targetDialect = target.dialect();
    const SpeciesRig *rig = SpeciesRig::find(target.speciesId(), int(target.boneCount()));
    m_targetHasRigFeet = rig && !rig->feet().isEmpty();
    updateNote();
}

QString ImportClipsDialog::noteText() const
{
    return m_note->text();
}

void ImportClipsDialog::updateNote()
{
    if (m_targetDialect == format::Dialect::Unknown) {
        m_note->hide();
        return;
    }
    const quint32 to = format::versionOf(m_targetDialect);
    const quint32 from = m_source.version();
    int marked = 0, v3Fields = 0, families = 0;
    for (int i : selectedClips()) {
        const BpatClip &c = m_source.clip(i);
        marked += std::any_of(c.markers.cbegin(), c.markers.cend(), [](float m) { return m >= 0.0f; }) ? 1 : 0;
        v3Fields += !c.contacts.isEmpty() || c.flags != format::defaultClipFlags(c.name) ? 1 : 0;
        families += (c.variantFamily >= 0 && c.variantFamily != i) || c.variantOrdinal != 0 ? 1 : 0;
    }
    QStringList dropped, filled;
    if (to < 2 && marked > 0)
        dropped << tr("the markers of %n clip(s) (v1 has no markers)", nullptr, marked);
    if (to < 3 && from == 3 && v3Fields > 0)
        dropped << tr("the flags and contact records of %n clip(s) (only v3 holds them)", nullptr, v3Fields);
    if (families > 0)
        dropped << tr("the variant families of %n clip(s) (clip indices mean nothing in another file)", nullptr, families);
    if (to == 3 && from < 3) {
        filled << tr("v3 flags by the game's name rule");
        filled << (m_targetHasRigFeet
                       ? tr("contact records computed from the rig's feet")
                       : tr("no contact records (no rig names this species' feet): the file's contact table is dropped"));
    }
    QStringList lines;
    const QString version = format::dialectName(m_targetDialect);
    if (!dropped.isEmpty())
        lines << tr("The open file is %1 and stays %1: importing drops %2.").arg(version, dropped.join(QStringLiteral("; ")));
    if (!filled.isEmpty())
        lines << tr("The open file is %1: the imported clips get %2.").arg(version, filled.join(QStringLiteral("; ")));
    if (lines.isEmpty())
        lines << tr("The open file is %1 (the source %2): the clips keep everything.")
                     .arg(version, format::dialectName(m_source.dialect()));
    m_note->setText(lines.join(QLatin1Char('\n')));
    m_note->setStyleSheet(dropped.isEmpty() ? QString() : QStringLiteral("color: %1;").arg(Theme::warningTextColor().name()));
    m_note->show();
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

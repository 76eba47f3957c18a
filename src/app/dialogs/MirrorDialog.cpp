#include "dialogs/MirrorDialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace bpat::studio {

MirrorDialog::MirrorDialog(const bpat::MotionEditor::MirrorPlan &plan, const QString &defaultName, QWidget *parent)
    : QDialog(parent)
    , m_inPlace(new QCheckBox(tr("Mirror the clip in place")))
    , m_name(new QLineEdit(defaultName))
{
    setWindowTitle(tr("Mirror Clip Left/Right"));
    QStringList lines;
    if (!plan.error.isEmpty()) {
        lines << plan.error;
    } else {
        const QStringList &names = plan.bones.names();
        lines << tr("Bone pairs (%1):").arg(plan.bones.pairs().size());
        for (const auto &[left, right] : plan.bones.pairs())
            lines << QStringLiteral("    %1  <->  %2").arg(names.value(left), names.value(right));
        QStringList alone;
        for (int bone : plan.bones.unpaired())
            alone << names.value(bone, QStringLiteral("bone %1").arg(bone));
        lines << tr("Mirrored onto themselves across the plane (%1): %2").arg(alone.size()).arg(alone.join(QStringLiteral(", ")));
        if (plan.sockets.hasPairs())
            lines << tr("Socket pairs: %1").arg(plan.sockets.describePairs());
        lines << tr("Plane: %1").arg(plan.plane.describe());
        lines << tr("The feet of the contact records are swapped; marker phases are kept.");
    }
    m_planText = lines.join(QLatin1Char('\n'));
    auto *text = new QPlainTextEdit(m_planText);
    text->setObjectName(QStringLiteral("mirrorPlan"));
    text->setReadOnly(true);
    text->setMinimumSize(460, 260);

    auto *form = new QFormLayout;
    form->addRow(m_inPlace);
    form->addRow(tr("New clip"), m_name);
    connect(m_inPlace, &QCheckBox::toggled, m_name, [this](bool inPlace) { m_name->setEnabled(!inPlace); });

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Mirror"));
    buttons->button(QDialogButtonBox::Ok)->setEnabled(plan.error.isEmpty());
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(text, 1);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

bpat::MirrorOptions MirrorDialog::options() const
{
    bpat::MirrorOptions options;
    options.inPlace = m_inPlace->isChecked();
    options.name = m_name->text().trimmed();
    return options;
}

} // namespace bpat::studio

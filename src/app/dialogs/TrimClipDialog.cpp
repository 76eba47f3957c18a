#include "TrimClipDialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <algorithm>
#include <limits>

namespace bpat::studio {

TrimClipDialog::TrimClipDialog(const QString &clipName, quint32 frameCount, QWidget *parent)
    : QDialog(parent)
    , m_first(new QSpinBox(this))
    , m_last(new QSpinBox(this))
{
    setWindowTitle(tr("Trim Clip"));
    const int last = int(std::min<quint32>(std::max<quint32>(frameCount, 1) - 1, quint32(std::numeric_limits<int>::max())));
    m_first->setObjectName(QStringLiteral("firstFrame"));
    m_last->setObjectName(QStringLiteral("lastFrame"));
    m_first->setRange(0, last);
    m_last->setRange(0, last);
    m_last->setValue(last);
    // The range stays ordered whichever end moves.
    connect(m_first, &QSpinBox::valueChanged, this, [this](int v) { m_last->setValue(std::max(v, m_last->value())); });
    connect(m_last, &QSpinBox::valueChanged, this, [this](int v) { m_first->setValue(std::min(v, m_first->value())); });

    auto *form = new QFormLayout(this);
    form->addRow(new QLabel(tr("Keep frames of '%1' (%2 frames), both ends included:").arg(clipName).arg(frameCount)));
    form->addRow(tr("&First frame:"), m_first);
    form->addRow(tr("&Last frame:"), m_last);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

quint32 TrimClipDialog::firstFrame() const
{
    return quint32(m_first->value());
}

quint32 TrimClipDialog::lastFrame() const
{
    return quint32(m_last->value());
}

void TrimClipDialog::setRange(quint32 first, quint32 last)
{
    m_last->setValue(int(last));
    m_first->setValue(int(first));
}

} // namespace bpat::studio

#include "TrimClipDialog.h"

#include "Theme.h"
#include "widgets/FrameSpinBox.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <algorithm>
#include <limits>

namespace bpat::studio {

TrimClipDialog::TrimClipDialog(const QString &clipName, quint32 frameCount, QWidget *parent)
    : QDialog(parent)
    , m_first(new FrameSpinBox(this))
    , m_last(new FrameSpinBox(this))
    , m_error(new QLabel(this))
{
    setWindowTitle(tr("Trim Clip"));
    const int last = int(std::min<quint32>(std::max<quint32>(frameCount, 1) - 1, quint32(std::numeric_limits<int>::max())));
    m_first->setObjectName(QStringLiteral("firstFrame"));
    m_last->setObjectName(QStringLiteral("lastFrame"));
    m_first->setRange(0, last);
    m_last->setRange(0, last);
    m_last->setValue(last);
    // No linked clamping: each field keeps what is typed; accept() checks the pair.
    m_error->setObjectName(QStringLiteral("errorLabel"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: %1;").arg(Theme::invalidInputColor().name()));
    m_error->hide();
    const auto clearError = [this] {
        m_error->hide();
        m_error->clear();
    };
    connect(m_first, &QSpinBox::textChanged, this, clearError);
    connect(m_last, &QSpinBox::textChanged, this, clearError);

    auto *form = new QFormLayout(this);
    form->addRow(new QLabel(tr("Keep frames of '%1' (%2 frames), both ends included:").arg(clipName).arg(frameCount)));
    form->addRow(tr("&First frame:"), m_first);
    form->addRow(tr("&Last frame:"), m_last);
    form->addRow(m_error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &TrimClipDialog::accept);
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
    m_first->setValue(int(first));
    m_last->setValue(int(last));
}

QString TrimClipDialog::error() const
{
    return m_error->text();
}

void TrimClipDialog::accept()
{
    // A number past the clip is refused with a message, never clamped or cut short.
    for (FrameSpinBox *field : {m_first, m_last}) {
        const QString problem = field->rangeProblem(field == m_first ? tr("The first frame") : tr("The last frame"));
        if (!problem.isEmpty()) {
            m_error->setText(problem);
            m_error->show();
            field->setFocus();
            field->selectAll();
            return;
        }
    }
    // A spin box still being edited holds its text uncommitted: commit it first.
    m_first->interpretText();
    m_last->interpretText();
    if (m_first->value() > m_last->value()) {
        m_error->setText(tr("The first frame (%1) is after the last frame (%2): type a first frame at or before the last.")
                             .arg(m_first->value())
                             .arg(m_last->value()));
        m_error->show();
        (m_first->hasFocus() ? m_first : m_last)->setFocus();
        return;
    }
    QDialog::accept();
}

} // namespace bpat::studio

#include "dialogs/RetimeDialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

namespace bpat::studio {

RetimeDialog::RetimeDialog(quint32 frames, float fps, int frame, QWidget *parent)
    : QDialog(parent)
    , m_clipFrames(frames)
    , m_clipFps(fps)
    , m_resample(new QRadioButton(tr("Resample to another frame count")))
    , m_warp(new QRadioButton(tr("Time warp: move a frame")))
    , m_frames(new QSpinBox)
    , m_setFps(new QCheckBox(tr("Frame rate")))
    , m_fps(new QDoubleSpinBox)
    , m_from(new QSpinBox)
    , m_to(new QSpinBox)
    , m_summary(new QLabel)
{
    setWindowTitle(tr("Resample / Retime Clip"));
    const int last = int(std::max<quint32>(frames, 1) - 1);
    m_frames->setRange(1, 1 << 24); // the core refuses what does not fit a clip edit, and says why
    m_frames->setValue(int(frames));
    m_frames->setObjectName(QStringLiteral("retimeFrames"));
    m_fps->setRange(0.1, 1000.0);
    m_fps->setValue(double(fps));
    m_fps->setEnabled(false);
    m_from->setRange(0, last);
    m_from->setValue(std::clamp(frame, 0, last));
    m_to->setRange(0, last);
    m_to->setValue(std::clamp(frame, 0, last));
    m_resample->setChecked(true);

    auto *form = new QFormLayout;
    form->addRow(m_resample);
    form->addRow(tr("Frames"), m_frames);
    form->addRow(m_setFps, m_fps);
    form->addRow(m_warp);
    form->addRow(tr("Frame"), m_from);
    form->addRow(tr("Moves to"), m_to);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    layout->addWidget(buttons);

    connect(m_setFps, &QCheckBox::toggled, m_fps, &QWidget::setEnabled);
    for (QSpinBox *box : {m_frames, m_from, m_to})
        connect(box, &QSpinBox::valueChanged, this, &RetimeDialog::updateSummary);
    connect(m_fps, &QDoubleSpinBox::valueChanged, this, &RetimeDialog::updateSummary);
    connect(m_setFps, &QCheckBox::toggled, this, &RetimeDialog::updateSummary);
    connect(m_warp, &QRadioButton::toggled, this, &RetimeDialog::updateSummary);
    updateSummary();
}

bool RetimeDialog::isTimeWarp() const
{
    return m_warp->isChecked();
}

quint32 RetimeDialog::frames() const
{
    return quint32(m_frames->value());
}

std::optional<float> RetimeDialog::fps() const
{
    return m_setFps->isChecked() ? std::optional<float>(float(m_fps->value())) : std::nullopt;
}

double RetimeDialog::from() const
{
    return m_from->value();
}

double RetimeDialog::to() const
{
    return m_to->value();
}

void RetimeDialog::updateSummary()
{
    const bool warp = isTimeWarp();
    for (QWidget *w : {static_cast<QWidget *>(m_frames), static_cast<QWidget *>(m_setFps)})
        w->setEnabled(!warp);
    m_fps->setEnabled(!warp && m_setFps->isChecked());
    m_from->setEnabled(warp);
    m_to->setEnabled(warp);
    if (warp) {
        m_summary->setText(tr("What frame %1 shows moves to frame %2; the frames around it are eased, the clip keeps "
                              "its %3 frames.")
                               .arg(from())
                               .arg(to())
                               .arg(m_clipFrames));
        return;
    }
    const double rate = fps() ? double(*fps()) : double(m_clipFps);
    m_summary->setText(tr("%1 frames at %2 fps become %3 frames at %4 fps (%5 s). Rotations are slerped between "
                          "frames, translations lerped; a looping clip is resampled as a loop.")
                           .arg(m_clipFrames)
                           .arg(double(m_clipFps))
                           .arg(frames())
                           .arg(rate)
                           .arg(rate > 0 ? frames() / rate : 0.0, 0, 'f', 3));
}

} // namespace bpat::studio

#include "MarkerDialog.h"

#include "Theme.h"
#include "bpat/BpatFormat.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <cmath>

namespace bpat::studio {

namespace {
bool isSet(float phase)
{
    return phase >= 0.0f && phase <= 1.0f;
}

// A number as typed: C locale or the user's.
bool parseNumber(const QString &text, double *value)
{
    bool ok = false;
    *value = text.trimmed().toDouble(&ok);
    if (!ok)
        *value = QLocale().toDouble(text.trimmed(), &ok);
    return ok && std::isfinite(*value);
}
} // namespace

MarkerDialog::MarkerDialog(const QString &clipName, const std::array<float, 5> &markers, quint32 frameCount, int marker,
                           double frame, QWidget *parent)
    : QDialog(parent)
    , m_markers(markers)
    , m_frames(std::max<quint32>(frameCount, 1))
    , m_edited(marker >= 0 && marker < format::MarkerCount ? marker : -1)
    , m_name(new QComboBox(this))
    , m_frame(new QLineEdit(this))
    , m_phase(new QLineEdit(this))
    , m_notes(new QLabel(this))
    , m_error(new QLabel(this))
{
    setWindowTitle(m_edited >= 0 ? tr("Edit Marker") : tr("Add Marker"));
    const quint32 last = m_frames - 1;
    m_name->setObjectName(QStringLiteral("markerName"));
    m_frame->setObjectName(QStringLiteral("markerFrame"));
    m_phase->setObjectName(QStringLiteral("markerPhase"));
    for (int k = 0; k < format::MarkerCount; ++k) {
        const float v = m_markers[size_t(k)];
        const QString where = isSet(v) && k != m_edited ? tr("  (at frame %1)").arg(double(v) * last, 0, 'f', 1) : QString();
        m_name->addItem(QLatin1String(format::MarkerKeys[k]) + where, k);
    }
    // A new marker takes the first name that is not set.
    int chosen = m_edited;
    for (int k = 0; chosen < 0 && k < format::MarkerCount; ++k) {
        if (!isSet(m_markers[size_t(k)]))
            chosen = k;
    }
    m_name->setCurrentIndex(std::max(0, chosen));
    const double phase = m_edited >= 0 ? double(m_markers[size_t(m_edited)]) : (last > 0 ? frame / last : 0.0);
    m_phase->setText(QString::number(phase, 'g', 6));
    m_frame->setText(QString::number(phase * last, 'f', std::abs(phase * last - std::round(phase * last)) < 1e-4 ? 0 : 2));
    m_notes->setObjectName(QStringLiteral("markerNotes"));
    m_notes->setWordWrap(true);
    m_error->setObjectName(QStringLiteral("errorLabel"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: %1;").arg(Theme::invalidInputColor().name()));
    m_error->hide();

    auto *form = new QFormLayout(this);
    form->addRow(new QLabel(tr("Clip '%1', %2 frames (0 to %3):").arg(clipName).arg(m_frames).arg(last)));
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Frame:"), m_frame);
    form->addRow(tr("&Phase:"), m_phase);
    form->addRow(m_notes);
    form->addRow(m_error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    if (m_edited >= 0) {
        m_clearButton = buttons->addButton(tr("C&lear Marker"), QDialogButtonBox::DestructiveRole);
        m_clearButton->setObjectName(QStringLiteral("clearMarkerButton"));
        connect(m_clearButton, &QPushButton::clicked, this, [this] {
            m_clear = true;
            QDialog::accept();
        });
    }
    connect(buttons, &QDialogButtonBox::accepted, this, &MarkerDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);

    connect(m_frame, &QLineEdit::textEdited, this, &MarkerDialog::frameTyped);
    connect(m_phase, &QLineEdit::textEdited, this, &MarkerDialog::phaseTyped);
    connect(m_name, &QComboBox::currentIndexChanged, this, &MarkerDialog::updateNotes);
    updateNotes();
}

int MarkerDialog::marker() const
{
    return m_name->currentData().toInt();
}

float MarkerDialog::phase() const
{
    return m_result;
}

QString MarkerDialog::error() const
{
    return m_error->text();
}

QString MarkerDialog::notes() const
{
    return m_notes->text();
}

void MarkerDialog::frameTyped()
{
    m_phaseLeads = false;
    m_error->hide();
    m_error->clear();
    double frame = 0.0;
    const quint32 last = m_frames - 1;
    if (parseNumber(m_frame->text(), &frame) && frame >= 0.0 && frame <= last) {
        const QSignalBlocker blocker(m_phase);
        m_phase->setText(QString::number(last > 0 ? frame / last : 0.0, 'g', 6));
    }
    updateNotes();
}

void MarkerDialog::phaseTyped()
{
    m_phaseLeads = true;
    m_error->hide();
    m_error->clear();
    double phase = 0.0;
    if (parseNumber(m_phase->text(), &phase) && phase >= 0.0 && phase <= 1.0) {
        const QSignalBlocker blocker(m_frame);
        m_frame->setText(QString::number(phase * (m_frames - 1), 'f', 2));
    }
    updateNotes();
}

bool MarkerDialog::typedPhase(float *phase, QString *problem) const
{
    const quint32 last = m_frames - 1;
    double value = 0.0;
    if (m_phaseLeads) {
        if (!parseNumber(m_phase->text(), &value)) {
            *problem = tr("'%1' is not a phase: type a number from 0 to 1.").arg(m_phase->text());
            return false;
        }
        if (value < 0.0 || value > 1.0) {
            *problem = tr("Phase %1 is outside the clip: type a number from 0 to 1.").arg(m_phase->text().trimmed());
            return false;
        }
        *phase = float(value);
        return true;
    }
    if (!parseNumber(m_frame->text(), &value)) {
        *problem = tr("'%1' is not a frame: type a frame from 0 to %2.").arg(m_frame->text()).arg(last);
        return false;
    }
    if (value < 0.0 || value > last) {
        *problem = value < 0.0
            ? tr("Frame %1 is before the first frame, 0: type a frame from 0 to %2.").arg(m_frame->text().trimmed()).arg(last)
            : tr("Frame %1 is past the last frame, %2: type a frame from 0 to %2.").arg(m_frame->text().trimmed()).arg(last);
        return false;
    }
    *phase = last > 0 ? float(value / last) : 0.0f;
    return true;
}

void MarkerDialog::updateNotes()
{
    QStringList lines;
    const int k = marker();
    const quint32 last = m_frames - 1;
    if (k != m_edited && isSet(m_markers[size_t(k)]))
        lines << tr("%1 is set at frame %2: it moves here.")
                     .arg(QLatin1String(format::MarkerKeys[k]))
                     .arg(double(m_markers[size_t(k)]) * last, 0, 'f', 1);
    float phase = 0.0f;
    QString problem;
    if (typedPhase(&phase, &problem)) {
        std::array<float, 5> after = m_markers;
        if (m_edited >= 0)
            after[size_t(m_edited)] = -1.0f;
        after[size_t(k)] = phase;
        const QString order = format::markerOrderProblem(after);
        if (!order.isEmpty())
            lines << tr("Warning: %1; the game expects %2.").arg(order, QLatin1String(format::MarkerOrderRule));
    }
    m_notes->setText(lines.join(QLatin1Char('\n')));
    m_notes->setVisible(!lines.isEmpty());
}

void MarkerDialog::accept()
{
    float phase = 0.0f;
    QString problem;
    if (!typedPhase(&phase, &problem)) {
        m_error->setText(problem);
        m_error->show();
        QLineEdit *field = m_phaseLeads ? m_phase : m_frame;
        field->setFocus();
        field->selectAll();
        return;
    }
    m_result = phase;
    m_clear = false;
    QDialog::accept();
}

} // namespace bpat::studio

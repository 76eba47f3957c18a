#include "FrameSpinBox.h"

#include <QLocale>

namespace bpat::studio {

FrameSpinBox::FrameSpinBox(QWidget *parent)
    : QSpinBox(parent)
{
    setCorrectionMode(QAbstractSpinBox::CorrectToPreviousValue);
}

std::optional<qint64> FrameSpinBox::numberIn(const QString &text) const
{
    QString t = text;
    if (!prefix().isEmpty() && t.startsWith(prefix()))
        t.remove(0, prefix().size());
    if (!suffix().isEmpty() && t.endsWith(suffix()))
        t.chop(suffix().size());
    t = t.trimmed();
    if (t.isEmpty() || t.size() > 18)
        return std::nullopt;
    bool ok = false;
    const qint64 n = t.toLongLong(&ok);
    if (!ok)
        return std::nullopt;
    return n;
}

std::optional<qint64> FrameSpinBox::typedNumber() const
{
    return numberIn(text());
}

QString FrameSpinBox::rangeProblem(const QString &what) const
{
    const std::optional<qint64> n = typedNumber();
    return n ? problemFor(*n, what) : QString();
}

QString FrameSpinBox::problemFor(qint64 n, const QString &what) const
{
    if (n > maximum())
        return tr("%1 %2 is past the last frame, %3: type a frame from %4 to %3.").arg(what).arg(n).arg(maximum()).arg(minimum());
    if (n < minimum())
        return tr("%1 %2 is before the first frame, %3: type a frame from %3 to %4.")
            .arg(what)
            .arg(n)
            .arg(minimum())
            .arg(maximum());
    return QString();
}

QValidator::State FrameSpinBox::validate(QString &input, int &pos) const
{
    // Digits are always accepted while typing (Intermediate when out of range), so no keystroke
    // is dropped; anything else is QSpinBox's call (empty text, a sign, the suffix being edited).
    const std::optional<qint64> n = numberIn(input);
    if (!n)
        return QSpinBox::validate(input, pos);
    return *n >= minimum() && *n <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
}

void FrameSpinBox::fixup(QString &input) const
{
    // Called when an edit is committed with an Intermediate text: an out-of-range number is
    // refused (the spin box then keeps its previous value) and said.
    if (const std::optional<qint64> n = numberIn(input); n && (*n < minimum() || *n > maximum())) {
        Q_EMIT const_cast<FrameSpinBox *>(this)->outOfRange(*n, problemFor(*n, tr("Frame")));
        return;
    }
    QSpinBox::fixup(input);
}

} // namespace bpat::studio

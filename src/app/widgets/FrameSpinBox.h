#pragma once
// A frame number field that never cuts a typed number short. A QSpinBox refuses the keystroke
// that would take its text past the maximum, so typing "40" where 31 is the last frame leaves
// "4" and the field silently means frame 4. This one accepts any number while it is typed;
// a number outside the range is refused when the edit is committed (Enter, focus out): the
// field keeps its value and outOfRange() says what was typed, so the caller can say why
// (user guide: "out of range input is refused with a message, never truncated").
#include <QSpinBox>

#include <optional>

namespace bpat::studio {

class FrameSpinBox : public QSpinBox
{
    Q_OBJECT
public:
    explicit FrameSpinBox(QWidget *parent = nullptr);

    // The number in the field as typed (without prefix and suffix); nullopt when it holds none.
    std::optional<qint64> typedNumber() const;
    // "Frame 40 is past the last frame, 31: type a frame from 0 to 31." for a typed number out
    // of range, empty otherwise. `what` names the field ("Frame", "The last frame").
    QString rangeProblem(const QString &what = tr("Frame")) const;

Q_SIGNALS:
    // A committed edit held `typed`, outside [minimum, maximum]: refused, the value is kept.
    void outOfRange(qint64 typed, const QString &message);

protected:
    QValidator::State validate(QString &input, int &pos) const override;
    void fixup(QString &input) const override;

private:
    std::optional<qint64> numberIn(const QString &text) const;
    QString problemFor(qint64 n, const QString &what) const;
};

} // namespace bpat::studio

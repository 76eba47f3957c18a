#pragma once
// Asks for the frame range a clip keeps when it is trimmed (first and last frame, inclusive).
// The two fields do not clamp each other while the user types (typing "20" passes through "2"),
// and neither cuts a number short (FrameSpinBox: "40" stays 40 where 31 is the last frame): the
// range is checked when the user confirms, and an error is shown in the dialog.
#include <QDialog>

class QLabel;

namespace bpat::studio {

class FrameSpinBox;

class TrimClipDialog : public QDialog
{
    Q_OBJECT
public:
    TrimClipDialog(const QString &clipName, quint32 frameCount, QWidget *parent = nullptr);

    quint32 firstFrame() const;
    quint32 lastFrame() const;
    void setRange(quint32 first, quint32 last);
    // The reason OK was refused, empty when the range is valid.
    QString error() const;

    void accept() override;

private:
    FrameSpinBox *m_first;
    FrameSpinBox *m_last;
    QLabel *m_error;
};

} // namespace bpat::studio

#pragma once
// Asks for the frame range a clip keeps when it is trimmed (first and last frame, inclusive).
#include <QDialog>

class QSpinBox;

namespace bpat::studio {

class TrimClipDialog : public QDialog
{
    Q_OBJECT
public:
    TrimClipDialog(const QString &clipName, quint32 frameCount, QWidget *parent = nullptr);

    quint32 firstFrame() const;
    quint32 lastFrame() const;
    void setRange(quint32 first, quint32 last);

private:
    QSpinBox *m_first;
    QSpinBox *m_last;
};

} // namespace bpat::studio

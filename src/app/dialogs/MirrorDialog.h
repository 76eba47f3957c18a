#pragma once
// Clip > Mirror Left/Right...: what the mirror of the clip will use, shown before it applies (the
// rig's left/right bone pairs as the names give them, the bones that map to themselves, the
// sockets' pairs and the creature's sagittal plane: MotionEditor::mirrorPlan), and where the
// result goes: a new clip (named "<clip>_mirrored" by default) or the clip itself. A rig without
// pairs says which bones it found and offers no OK.
#include "motionedit/MotionEditor.h"

#include <QDialog>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QDialogButtonBox;
class QLineEdit;
QT_END_NAMESPACE

namespace bpat::studio {

class MirrorDialog : public QDialog
{
    Q_OBJECT
public:
    MirrorDialog(const bpat::MotionEditor::MirrorPlan &plan, const QString &defaultName, QWidget *parent = nullptr);

    bpat::MirrorOptions options() const;
    // The text shown (tests).
    QString planText() const { return m_planText; }

private:
    QString m_planText;
    QCheckBox *m_inPlace;
    QLineEdit *m_name;
};

} // namespace bpat::studio

#pragma once
// The Clip menu's motion edits (issue 41): Resample / Retime... (a resample or a time warp),
// Reverse and Mirror Left/Right... on the current clip, each one MotionEditCommand (one undo step through the
// DocumentSession) running the core's MotionEditor as `bpat edit` does. Mirror shows the rig's
// left/right bone pairs and the plane before it applies (dialogs/MirrorDialog.h).
#include "motionedit/MotionEditor.h"

#include <QObject>
#include <optional>

QT_BEGIN_NAMESPACE
class QAction;
QT_END_NAMESPACE

namespace bpat::studio {

class MainWindow;

class MotionActions : public QObject
{
    Q_OBJECT
public:
    explicit MotionActions(MainWindow *window);

    QAction *resampleAction() const { return m_resample; }
    QAction *reverseAction() const { return m_reverse; }
    QAction *mirrorAction() const { return m_mirror; }

    // The edits on the current clip, without a dialog (the actions ask first; tests call these).
    bool resample(quint32 frames, std::optional<float> fps = std::nullopt);
    bool timeWarp(double from, double to);
    bool reverse();
    bool mirror(const bpat::MirrorOptions &options);

private:
    void updateEnabled();
    void askResample();
    void askMirror();

    MainWindow *m_window;
    QAction *m_resample;
    QAction *m_reverse;
    QAction *m_mirror;
};

} // namespace bpat::studio

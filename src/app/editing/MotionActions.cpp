#include "MotionActions.h"

#include "DocumentSession.h"
#include "MainWindow.h"
#include "MotionCommands.h"
#include "StudioContext.h"
#include "dialogs/MirrorDialog.h"
#include "dialogs/RetimeDialog.h"
#include "ui_MainWindow.h"

#include <QAction>
#include <QMenu>

namespace bpat::studio {

MotionActions::MotionActions(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_resample(new QAction(tr("Resample / Retime..."), this))
    , m_reverse(new QAction(tr("Reverse"), this))
    , m_mirror(new QAction(tr("Mirror Left/Right..."), this))
{
    m_resample->setObjectName(QStringLiteral("actionResampleClip"));
    m_resample->setStatusTip(tr("Resample the clip to another frame count or rate, or move one of its frames (time warp)"));
    m_reverse->setObjectName(QStringLiteral("actionReverseClip"));
    m_reverse->setStatusTip(tr("Play the clip backwards (markers mirrored in phase)"));
    m_mirror->setObjectName(QStringLiteral("actionMirrorClip"));
    m_mirror->setStatusTip(tr("A left/right mirror of the clip, by the rig's bone pairs"));
    QMenu *menu = window->form()->menuClip;
    menu->addSeparator();
    menu->addActions({m_resample, m_reverse, m_mirror});
    connect(m_resample, &QAction::triggered, this, &MotionActions::askResample);
    connect(m_reverse, &QAction::triggered, this, &MotionActions::reverse);
    connect(m_mirror, &QAction::triggered, this, &MotionActions::askMirror);
    StudioContext *context = window->context();
    connect(context, &StudioContext::fileLoaded, this, &MotionActions::updateEnabled);
    connect(context, &StudioContext::fileClosed, this, &MotionActions::updateEnabled);
    connect(context, &StudioContext::currentClipChanged, this, &MotionActions::updateEnabled);
    updateEnabled();
}

void MotionActions::updateEnabled()
{
    const StudioContext *context = m_window->context();
    const bool clip = context->hasFile() && context->currentClip() >= 0;
    for (QAction *action : {m_resample, m_reverse, m_mirror})
        action->setEnabled(clip);
}

namespace {
bool run(MainWindow *window, MotionEditCommand::Edit edit, const QString &text, bool addsClip = false)
{
    StudioContext *context = window->context();
    const int clip = context->currentClip();
    if (!context->hasFile() || clip < 0)
        return false;
    DocumentSession *session = context->session();
    return session->execute(new MotionEditCommand(session, clip, std::move(edit), text, addsClip));
}
} // namespace

bool MotionActions::resample(quint32 frames, std::optional<float> fps)
{
    const int clip = m_window->context()->currentClip();
    return run(
        m_window, [clip, frames, fps](bpat::MotionEditor &editor) { return editor.resample(clip, frames, fps); },
        fps ? tr("Resample clip to %1 frames at %2 fps").arg(frames).arg(double(*fps))
            : tr("Resample clip to %1 frames").arg(frames));
}

bool MotionActions::timeWarp(double from, double to)
{
    const int clip = m_window->context()->currentClip();
    return run(
        m_window, [clip, from, to](bpat::MotionEditor &editor) { return editor.timeWarp(clip, from, to); },
        tr("Time warp frame %1 to %2").arg(from).arg(to));
}

bool MotionActions::reverse()
{
    const int clip = m_window->context()->currentClip();
    return run(
        m_window, [clip](bpat::MotionEditor &editor) { return editor.reverse(clip); }, tr("Reverse clip"));
}

bool MotionActions::mirror(const bpat::MirrorOptions &options)
{
    const int clip = m_window->context()->currentClip();
    return run(
        m_window, [clip, options](bpat::MotionEditor &editor) { return editor.mirror(clip, options); },
        options.inPlace ? tr("Mirror clip in place") : tr("Mirror clip into a new clip"), !options.inPlace);
}

void MotionActions::askResample()
{
    const StudioContext *context = m_window->context();
    const int clip = context->currentClip();
    if (clip < 0 || clip >= context->file().clips().size())
        return;
    const float fps = context->file().clips().at(clip).fps;
    RetimeDialog dialog(quint32(context->frameCount()), fps, context->currentFrame(), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (dialog.isTimeWarp())
        timeWarp(dialog.from(), dialog.to());
    else
        resample(dialog.frames(), dialog.fps());
}

void MotionActions::askMirror()
{
    StudioContext *context = m_window->context();
    const int clip = context->currentClip();
    const bpat::BpatDocument *document = context->session()->document();
    if (!document || clip < 0)
        return;
    const bpat::MotionEditor::MirrorPlan plan = bpat::MotionEditor::mirrorPlan(*document, clip);
    MirrorDialog dialog(plan, bpat::MotionEditor::mirroredName(*document, clip), m_window);
    if (dialog.exec() == QDialog::Accepted)
        mirror(dialog.options());
}

} // namespace bpat::studio

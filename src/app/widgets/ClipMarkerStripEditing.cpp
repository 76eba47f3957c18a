// ClipMarkerStrip, continued: editing the markers (drag, click, Delete, double-click and the
// marker dialog, the context menu), each edit one undoable DocumentEditor::setClipMarker edit.
#include "ClipMarkerStrip.h"

#include "FrameSlider.h"
#include "StudioContext.h"
#include "bpat/BpatFile.h"
#include "dialogs/MarkerDialog.h"
#include "editing/DocumentSession.h"
#include "editing/MarkerCommands.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

bool ClipMarkerStrip::apply(DocumentCommand *command)
{
    const bool made = executeMarkerEdit(m_context->session(), command, m_context->currentClip(), &m_warning);
    if (made && !m_warning.isEmpty())
        Q_EMIT m_context->message(tr("Warning: %1").arg(m_warning));
    return made;
}

bool ClipMarkerStrip::setMarker(int marker, float phase)
{
    const int clip = m_context->currentClip();
    if (!m_context->hasFile() || clip < 0)
        return false;
    return apply(new SetClipMarkerCommand(m_context->session(), clip, marker, phase));
}

bool ClipMarkerStrip::setMarkerAtCurrentFrame(int marker)
{
    const int frames = m_context->frameCount();
    if (frames <= 0)
        return false;
    return setMarker(marker, frames > 1 ? float(m_context->currentFrame()) / float(frames - 1) : 0.0f);
}

bool ClipMarkerStrip::moveMarkerToFrame(int marker, double frame)
{
    const int last = lastFrame();
    return setMarker(marker, last > 0 ? float(std::clamp(frame, 0.0, double(last)) / last) : 0.0f);
}

bool ClipMarkerStrip::renameMarker(int from, int to, float phase)
{
    const int clip = m_context->currentClip();
    if (!m_context->hasFile() || clip < 0)
        return false;
    const bool wasSelected = m_selected == from; // the edit clears it: `from` is no longer set
    const bool made = apply(new RenameClipMarkerCommand(m_context->session(), clip, from, to, phase));
    if (made && wasSelected)
        selectMarker(to);
    return made;
}

bool ClipMarkerStrip::clearMarker(int marker)
{
    return setMarker(marker, -1.0f);
}

void ClipMarkerStrip::editMarker(int marker, double frame)
{
    if (!editable())
        return;
    const BpatClipInfo &clip = m_context->file().clips().at(m_context->currentClip());
    auto *dialog = new MarkerDialog(clip.name, clip.markers, quint32(lastFrame() + 1), marker, frame, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const int clipIndex = m_context->currentClip();
    connect(dialog, &QDialog::accepted, this, [this, dialog, clipIndex] {
        if (m_context->currentClip() != clipIndex)
            return; // the clip changed under the dialog
        const int edited = dialog->editedMarker();
        if (dialog->clearRequested()) {
            clearMarker(edited);
            return;
        }
        if (edited >= 0 && dialog->marker() != edited)
            renameMarker(edited, dialog->marker(), dialog->phase());
        else if (setMarker(dialog->marker(), dialog->phase()))
            selectMarker(dialog->marker());
    });
    dialog->open();
}

bool ClipMarkerStrip::pressItem(QMouseEvent *event)
{
    if (!editable())
        return false;
    const int marker = markerAt(event->position().toPoint());
    if (marker < 0)
        return false;
    setFocus(Qt::MouseFocusReason);
    selectMarker(marker);
    const float phase = m_context->file().clips().at(m_context->currentClip()).markers[size_t(marker)];
    m_drag = {marker, event->position().toPoint().x(), false, int(std::lround(double(phase) * lastFrame()))};
    return true;
}

void ClipMarkerStrip::mouseMoveEvent(QMouseEvent *event)
{
    if (m_drag.marker < 0) {
        TimelineTrack::mouseMoveEvent(event);
        return;
    }
    const int x = event->position().toPoint().x();
    if (!m_drag.moving && std::abs(x - m_drag.pressX) <= 3)
        return;
    m_drag.moving = true;
    m_drag.frame = frameAt(x);
    update();
}

void ClipMarkerStrip::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_drag.marker < 0 || event->button() != Qt::LeftButton) {
        TimelineTrack::mouseReleaseEvent(event);
        return;
    }
    const Drag drag = m_drag;
    m_drag = {};
    const float phase = m_context->file().clips().at(m_context->currentClip()).markers[size_t(drag.marker)];
    if (drag.moving) {
        // Onto the frame under the pointer: one undoable edit, none when it did not move.
        if (std::abs(double(phase) * lastFrame() - drag.frame) > 1e-4)
            moveMarkerToFrame(drag.marker, drag.frame);
        update();
    } else if (frameAxis()) {
        frameAxis()->setValue(int(std::lround(double(phase) * lastFrame()))); // a click goes to its frame
    }
}

void ClipMarkerStrip::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !editable()) {
        TimelineTrack::mouseDoubleClickEvent(event);
        return;
    }
    endScrub();
    m_drag = {};
    const QPoint at = event->position().toPoint();
    const int marker = markerAt(at);
    if (marker >= 0)
        selectMarker(marker);
    editMarker(marker, frameAt(at.x()));
}

void ClipMarkerStrip::keyPressEvent(QKeyEvent *event)
{
    if ((event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) && m_selected >= 0 && editable()) {
        const int marker = m_selected;
        m_selected = -1;
        clearMarker(marker);
        return;
    }
    if (event->key() == Qt::Key_Escape && (m_drag.marker >= 0 || m_selected >= 0)) {
        if (m_drag.marker >= 0)
            m_drag = {}; // the drag is cancelled: the marker stays where it was
        else
            m_selected = -1;
        update();
        return;
    }
    TimelineTrack::keyPressEvent(event);
}

bool ClipMarkerStrip::event(QEvent *event)
{
    // Delete and Escape belong to a selected marker, whatever the window's shortcuts say.
    if (event->type() == QEvent::ShortcutOverride && m_selected >= 0) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Delete || key == Qt::Key_Backspace || key == Qt::Key_Escape) {
            event->accept();
            return true;
        }
    }
    // Hovering a marker names it, its frame and phase, and says how to edit it.
    if (event->type() == QEvent::ToolTip && m_context->hasFile()) {
        const auto *help = static_cast<QHelpEvent *>(event);
        if (!m_note.isEmpty()) {
            QToolTip::showText(help->globalPos(), m_note, this);
            return true;
        }
        const std::array<float, 5> phases = shownPhases();
        QStringList lines;
        for (int k = 0; k < format::MarkerCount; ++k) {
            const float v = phases[size_t(k)];
            if (isSet(v) && std::abs(xOfPhase(v) - help->pos().x()) <= GrabPixels) {
                lines << tr("%1: frame %2 (phase %3)")
                             .arg(QLatin1String(format::MarkerKeys[k]))
                             .arg(double(v) * lastFrame(), 0, 'f', 1)
                             .arg(double(v), 0, 'g', 4);
            }
        }
        lines << (lines.isEmpty() ? tr("Double-click to set a marker here; right-click to set one at the current frame")
                                  : tr("Drag to move, double-click to rename or clear, Delete clears the selected one"));
        QToolTip::showText(help->globalPos(), lines.join(QLatin1Char('\n')), this);
        return true;
    }
    return TimelineTrack::event(event);
}

void ClipMarkerStrip::contextMenuEvent(QContextMenuEvent *event)
{
    if (!editable())
        return;
    QMenu menu(this);
    const int under = markerAt(event->pos());
    if (under >= 0) {
        const double frame = double(shownPhases()[size_t(under)]) * lastFrame();
        menu.addAction(tr("Edit '%1'...").arg(QLatin1String(format::MarkerKeys[under])), this,
                       [this, under, frame] { editMarker(under, frame); });
        menu.addSeparator();
    }
    const std::array<float, 5> phases = shownPhases();
    for (int k = 0; k < format::MarkerCount; ++k) {
        menu.addAction(tr("Set '%1' at frame %2").arg(QLatin1String(format::MarkerKeys[k])).arg(m_context->currentFrame()), this,
                       [this, k] { setMarkerAtCurrentFrame(k); });
    }
    menu.addSeparator();
    for (int k = 0; k < format::MarkerCount; ++k) {
        if (isSet(phases[size_t(k)]))
            menu.addAction(tr("Clear '%1'").arg(QLatin1String(format::MarkerKeys[k])), this, [this, k] { clearMarker(k); });
    }
    menu.exec(event->globalPos());
}

} // namespace bpat::studio

#pragma once
// Mouse and wheel events sent straight to a plot's input surface (shared by the plot tests of
// tests/app): QTest's mouse functions cannot send a move with a button held.
#include <QCoreApplication>
#include <QMouseEvent>
#include <QWheelEvent>
#include <QWidget>

namespace plotevents {

inline void sendMouse(QWidget *target, QEvent::Type type, Qt::MouseButton button, Qt::MouseButtons buttons, QPointF pos)
{
    QMouseEvent event(type, pos, target->mapToGlobal(pos), button, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &event);
}

// Press, move to `to` with the button held, release there.
inline void drag(QWidget *target, Qt::MouseButton button, QPointF from, QPointF to)
{
    sendMouse(target, QEvent::MouseButtonPress, button, button, from);
    sendMouse(target, QEvent::MouseMove, Qt::NoButton, button, to);
    sendMouse(target, QEvent::MouseButtonRelease, button, Qt::NoButton, to);
}

inline void click(QWidget *target, QPointF pos)
{
    sendMouse(target, QEvent::MouseButtonPress, Qt::LeftButton, Qt::LeftButton, pos);
    sendMouse(target, QEvent::MouseButtonRelease, Qt::LeftButton, Qt::NoButton, pos);
}

inline void sendWheel(QWidget *target, QPointF pos, int delta, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWheelEvent event(pos, target->mapToGlobal(pos), QPoint(), QPoint(0, delta), Qt::NoButton, modifiers, Qt::NoScrollPhase,
                      false);
    QCoreApplication::sendEvent(target, &event);
}

} // namespace plotevents

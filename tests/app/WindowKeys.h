#pragma once
// Keys for a window's shortcuts and focus that do not depend on the display's focus.
//
// Under `ctest -j2` the GUI tests share one Xvfb display without a window manager: a window
// another test shows takes the X input focus, Qt then has no active window, and a key sent to
// ours matches no Qt::WindowShortcut (Space, the arrows: QShortcutMap asks for the active
// window) and no widget has the focus. That raced with every key a test sent after its window
// became active (tst_TimelineWidget::spacePlaysInRealTime failed that way). These make the
// window Qt's active window (what the shortcut map and the focus ask) right before the key is
// sent, with no event processed between, so a focus change on the display cannot come between.
#include <QApplication>
#include <QWidget>
#include <QtTest/QTest>

namespace windowkeys {

// Qt's active window (and the focus back on its focus widget), whatever the display says.
inline void activate(QWidget *widget)
{
    QWidget *window = widget->window();
    if (QApplication::activeWindow() != window)
        QApplication::setActiveWindow(window);
}

inline void keyClick(QWidget *widget, Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    activate(widget);
    QTest::keyClick(widget, key, modifiers);
}

inline void keyClicks(QWidget *widget, const QString &text)
{
    activate(widget);
    QTest::keyClicks(widget, text);
}

} // namespace windowkeys

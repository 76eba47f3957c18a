#include "Theme.h"

#include <QApplication>
#include <QPainter>
#include <QPixmap>
#include <QWidget>
#include <utility>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace bpat::studio::Theme {

namespace {
const QString kKey = QStringLiteral("appearance/darkTheme");
bool g_dark = false;
QString g_lightStyle; // the platform style the light theme returns to
QPalette g_lightPalette;

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2b, 0x2b), base(0x1e, 0x1e, 0x1e), text(0xdc, 0xdc, 0xdc);
    const QColor disabledText(0x7f, 0x7f, 0x7f), highlight(0x3d, 0x7a, 0xc6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabledText);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x55, 0x55));
    p.setColor(QPalette::Light, QColor(0x45, 0x45, 0x45));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::Mid, QColor(0x2f, 0x2f, 0x2f));
    p.setColor(QPalette::Dark, QColor(0x19, 0x19, 0x19));
    p.setColor(QPalette::Shadow, QColor(0x0a, 0x0a, 0x0a));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6a, 0xa8, 0xf0));
    p.setColor(QPalette::LinkVisited, QColor(0xa0, 0x8a, 0xe0));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabledText);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x50, 0x50, 0x50));
    return p;
}
} // namespace

bool isDark()
{
    return g_dark;
}

bool savedDark()
{
    return QSettings().value(kKey, false).toBool();
}

void apply(bool dark)
{
    if (g_lightStyle.isEmpty() && qApp->style()) {
        g_lightStyle = qApp->style()->name();
        g_lightPalette = QApplication::palette();
    }
    if (dark == g_dark)
        return;
    g_dark = dark;
    if (dark) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
    } else {
        if (QStyle *style = QStyleFactory::create(g_lightStyle))
            QApplication::setStyle(style);
        QApplication::setPalette(g_lightPalette);
    }
}

QIcon standardIcon(QStyle::StandardPixmap which, const QWidget *widget)
{
    const QStyle *style = widget ? widget->style() : QApplication::style();
    const QIcon source = style->standardIcon(which, nullptr, widget);
    // The media glyphs only: other icons (reload, arrows in a circle) are drawn in colours of
    // their own and would lose their inner shapes.
    const bool glyph = which >= QStyle::SP_MediaPlay && which <= QStyle::SP_MediaSeekBackward;
    if (!g_dark || !glyph)
        return source; // the platform's look, as it draws its own
    const QPalette palette = widget ? widget->palette() : QApplication::palette();
    QIcon tinted;
    for (int extent : {16, 20, 24, 32}) {
        const QPixmap base = source.pixmap(QSize(extent, extent));
        if (base.isNull())
            continue;
        for (const auto &[mode, group] :
             {std::pair{QIcon::Normal, QPalette::Active}, std::pair{QIcon::Disabled, QPalette::Disabled}}) {
            QPixmap pixmap = base;
            QPainter painter(&pixmap);
            painter.setCompositionMode(QPainter::CompositionMode_SourceIn); // the glyph's shape, the text's colour
            painter.fillRect(pixmap.rect(), palette.color(group, QPalette::ButtonText));
            painter.end();
            tinted.addPixmap(pixmap, mode);
        }
    }
    return tinted.isNull() ? source : tinted;
}

void setDark(bool dark)
{
    apply(dark);
    QSettings().setValue(kKey, dark);
}

void applySaved()
{
    apply(savedDark());
}

} // namespace bpat::studio::Theme

#pragma once
// The application's colour theme: the platform's light look, or a dark one (Fusion style with a
// dark palette, as Unity, Blender and RenderDoc default to) for artists working in dark rooms.
// The choice is kept in QSettings ("appearance/darkTheme") and applied again at the next start.
// The colours that mean something (severities, what is missing) are named here, once.
#include <QColor>
#include <QIcon>
#include <QStyle>

class QWidget;

namespace bpat::studio::Theme {

bool isDark();           // the applied theme
bool savedDark();        // the remembered choice
void apply(bool dark);   // palette and style of the whole application
void setDark(bool dark); // apply() and remember
void applySaved();       // at start-up

// A standard icon of the widget's style drawn in the colour of its text (the palette's
// ButtonText; the disabled colour when disabled): the styles' media icons are dark glyphs that
// read as disabled on the dark theme's buttons.
QIcon standardIcon(QStyle::StandardPixmap icon, const QWidget *widget);

// Severities: the Validation panel, the status bar's counts, the tables' problem cells.
constexpr QColor errorColor()
{
    return QColor(0xd9, 0x53, 0x4f);
}
constexpr QColor warningColor()
{
    return QColor(0xe0, 0xa8, 0x00);
} // marks and backgrounds
constexpr QColor warningTextColor()
{
    return QColor(0xc0, 0x8a, 0x00);
} // text on a light base
constexpr QColor infoColor()
{
    return QColor(0x5b, 0x9b, 0xd5);
}
// What the file does not hold (zero counts, rows not in the file).
constexpr QColor absentColor()
{
    return QColor(0x80, 0x80, 0x80);
}
// Ground contacts: a foot planted on the ground (the timeline's bars, the Contacts table, the
// viewport's ring), and the contact table's lowest foot on the ground.
constexpr QColor plantedColor()
{
    return QColor(0x2a, 0x9d, 0x8f);
}
constexpr QColor groundedColor()
{
    return QColor(0x6a, 0x7f, 0xb5);
}
// A field's refused input and its message.
constexpr QColor invalidInputColor()
{
    return QColor(0xd0, 0x30, 0x30);
}

} // namespace bpat::studio::Theme

#pragma once
// The application's colour theme: the platform's light look, or a dark one (Fusion style with a
// dark palette, as Unity, Blender and RenderDoc default to) for artists working in dark rooms.
// The choice is kept in QSettings ("appearance/darkTheme") and applied again at the next start.
// The colours that mean something (severities, what is missing) are named here, once.
#include <QColor>

namespace bpat::studio::Theme {

bool isDark();                 // the applied theme
bool savedDark();              // the remembered choice
void apply(bool dark);         // palette and style of the whole application
void setDark(bool dark);       // apply() and remember
void applySaved();             // at start-up

// Severities: the Validation panel, the status bar's counts, the tables' problem cells.
QColor errorColor();           // #d9534f
QColor warningColor();         // #e0a800, marks and backgrounds
QColor warningTextColor();     // #c08a00, text on a light base
QColor infoColor();            // #5b9bd5
QColor absentColor();          // #808080: what the file does not hold (zero counts, not in the file)
QColor invalidInputColor();    // #d03030: a field's refused input and its message

} // namespace bpat::studio::Theme

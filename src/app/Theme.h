#pragma once
// The application's colour theme: the platform's light look, or a dark one (Fusion style with a
// dark palette, as Unity, Blender and RenderDoc default to) for artists working in dark rooms.
// The choice is kept in QSettings ("appearance/darkTheme") and applied again at the next start.
namespace bpat::studio::Theme {

bool isDark();                 // the applied theme
bool savedDark();              // the remembered choice
void apply(bool dark);         // palette and style of the whole application
void setDark(bool dark);       // apply() and remember
void applySaved();             // at start-up

} // namespace bpat::studio::Theme

#pragma once
// One curve handed to a CurvePlot: a named curve (the keys of an input animation's curve, or a
// BPAT bone's local channel sampled per frame: BoneCurveSet), the colour to draw it in, and a
// shared reference to whatever holds the keys (the animation, the bone curve set), which keeps
// the curve alive while it is plotted.
#include "anim/InputAnimation.h"

#include <QColor>
#include <QList>
#include <QString>
#include <memory>

namespace bpat::studio {

struct PlotCurve
{
    bpat::CurveRef ref;
    QColor color;
    std::shared_ptr<const void> owner;
    // What the legend and the hover text call it, whole ("FrontUpperLeg.L rotation Y"); empty:
    // the curve's name.
    QString label;
    // The value axis it is read on, by its title ("rotation (°)", "translation (m)").
    // Curves of one axis share its range; each further axis gets its own range and its own
    // scale beside the plot. Empty: the plot's one value axis.
    QString axis;
    // Written after its values in the hover text ("°", " m").
    QString suffix;
    // A shorter form of the label for a legend short of room ("FrontUpperLeg.L rot Y");
    // empty: the label.
    QString shortLabel;
    // Drawn faint behind the others, for reference (the bone graph's original of a curve under
    // offset keys): no keys drawn, no legend entry, never picked.
    bool dimmed = false;

    const QString &name() const { return ref.name; }
    QString displayName() const { return label.isEmpty() ? ref.name : label; }
    bool isBool() const { return ref.boolCurve != nullptr; }
};

// A marker of the recording, drawn as a labelled vertical line.
struct PlotMarker
{
    double time = 0.0;
    QString name;
};

// Colours as engine curve editors use them: X red, Y green, Z blue, W yellow, bools orange /
// violet; `variant` (the n-th curve with the same component) shifts the hue a little so several
// joints overlaid stay apart.
QColor curveColor(const QString &curveName, int variant = 0);

// Plot curves for `refs` (null ones are skipped) held by `owner`, coloured with curveColor.
QList<PlotCurve> plotCurvesFor(const QList<bpat::CurveRef> &refs, const std::shared_ptr<const void> &owner);

// Plot curves for names of `animation` (unknown names are skipped), coloured with curveColor.
QList<PlotCurve> plotCurvesFor(const std::shared_ptr<const bpat::InputAnimation> &animation, const QStringList &names);

} // namespace bpat::studio

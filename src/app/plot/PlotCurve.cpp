#include "plot/PlotCurve.h"

#include <QHash>

namespace bpat::studio {

QColor curveColor(const QString &curveName, int variant)
{
    int hue = 0;
    int saturation = 200;
    if (curveName.endsWith(QLatin1String("Tracked")))
        hue = 185;
    else if (curveName.endsWith(QLatin1String("Pinching")))
        hue = 300;
    else if (curveName.endsWith(QLatin1Char('X')))
        hue = 0;
    else if (curveName.endsWith(QLatin1Char('Y')))
        hue = 110;
    else if (curveName.endsWith(QLatin1Char('Z')))
        hue = 215;
    else if (curveName.endsWith(QLatin1Char('W')))
        hue = 50;
    else
        saturation = 0;
    // Stay in the component's colour family: hue +-14 degrees, lighter / darker in turn.
    static constexpr int hueSteps[] = {0, 14, -14, 0, 14, -14};
    static constexpr int lightness[] = {150, 190, 120, 205, 135, 175};
    const int slot = variant % 6;
    hue = (hue + hueSteps[slot] + 360) % 360;
    return QColor::fromHsl(hue, saturation, lightness[slot]);
}

QList<PlotCurve> plotCurvesFor(const QList<bpat::CurveRef> &refs, const std::shared_ptr<const void> &owner)
{
    QList<PlotCurve> result;
    QHash<QChar, int> variants; // per last letter (component), how many were coloured already
    for (const bpat::CurveRef &ref : refs) {
        if (ref.isNull())
            continue;
        const QChar key = ref.name.isEmpty() ? QChar() : ref.name.back();
        const int variant = variants.value(key, 0);
        variants.insert(key, variant + 1);
        PlotCurve curve;
        curve.ref = ref;
        curve.color = curveColor(ref.name, variant);
        curve.owner = owner;
        result.append(curve);
    }
    return result;
}

QList<PlotCurve> plotCurvesFor(const std::shared_ptr<const bpat::InputAnimation> &animation, const QStringList &names)
{
    if (!animation)
        return {};
    QList<bpat::CurveRef> refs;
    for (const QString &name : names)
        refs.append(animation->curve(name));
    return plotCurvesFor(refs, animation);
}

} // namespace bpat::studio

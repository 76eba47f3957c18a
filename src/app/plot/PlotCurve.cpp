#include "plot/PlotCurve.h"

#include <QHash>

namespace bpat::app {

QColor curveColor(const QString &curveName, int variant)
{
    int hue = 0;
    int saturation = 200;
    if (curveName.endsWith(QLatin1String("Tracked")))
        hue = 30;
    else if (curveName.endsWith(QLatin1String("Pinching")))
        hue = 280;
    else if (curveName.endsWith(QLatin1Char('X')))
        hue = 0;
    else if (curveName.endsWith(QLatin1Char('Y')))
        hue = 110;
    else if (curveName.endsWith(QLatin1Char('Z')))
        hue = 215;
    else if (curveName.endsWith(QLatin1Char('W')))
        hue = 52;
    else
        saturation = 0;
    // Alternate around the base hue: 0, +18, -18, +36, -36 ...
    const int step = (variant + 1) / 2 * 18 * (variant % 2 ? 1 : -1);
    hue = (hue + step + 360) % 360;
    const int lightness = 150 + (variant % 3) * 20;
    return QColor::fromHsl(hue, saturation, lightness);
}

QList<PlotCurve> plotCurvesFor(const std::shared_ptr<const bpat::InputAnimation> &animation,
                               const QStringList &names)
{
    QList<PlotCurve> result;
    if (!animation)
        return result;
    QHash<QChar, int> variants; // per last letter (component), how many were coloured already
    for (const QString &name : names) {
        const bpat::CurveRef ref = animation->curve(name);
        if (ref.isNull())
            continue;
        const QChar key = name.isEmpty() ? QChar() : name.back();
        const int variant = variants.value(key, 0);
        variants.insert(key, variant + 1);
        result.append(PlotCurve{ref, curveColor(name, variant), animation});
    }
    return result;
}

} // namespace bpat::app

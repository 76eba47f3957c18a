#pragma once
// Plotted curves as CSV: a header "time,<curve name>,..." ("frame,..." for a BPAT clip's bone
// curves, whose time axis counts frames), then one row per time. The times are
// every key time of the curves inside [from, to] (sorted, duplicates merged) plus both ends, so
// piecewise linear curves (toolkit keys) are held exactly; a segment between keys with tangents
// or weights (a Hermite or weighted Bezier curve) also gets evenly spaced interior rows, so its
// shape survives. Values are the curves' raw values evaluated with CurveCursor (bools as 0 / 1),
// never normalized.
#include "plot/PlotCurve.h"

#include <QByteArray>
#include <vector>

namespace bpat::studio {

class CurveCsvExporter
{
public:
    static std::vector<double> rowTimes(const QList<PlotCurve> &curves, double from, double to);
    static QByteArray toCsv(const QList<PlotCurve> &curves, double from, double to, const QByteArray &timeColumn = "time");
    // Atomically (AtomicFile): on failure the file is untouched and `error` says why.
    static bool write(const QString &path, const QList<PlotCurve> &curves, double from, double to, QString *error = nullptr,
                      const QByteArray &timeColumn = "time");
};

} // namespace bpat::studio

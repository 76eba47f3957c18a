#pragma once
// Plotted curves as CSV: a header "time,<curve name>,...", then one row per time. The times are
// every key time of the curves inside [from, to] (sorted, duplicates merged) plus both ends, so
// the file holds the curves exactly (toolkit keys make them piecewise linear). Values are the
// curves' raw values evaluated with CurveCursor (bools as 0 / 1), never normalized.
#include "plot/PlotCurve.h"

#include <QByteArray>
#include <vector>

namespace bpat::studio {

class CurveCsvExporter
{
public:
    static std::vector<double> rowTimes(const QList<PlotCurve> &curves, double from, double to);
    static QByteArray toCsv(const QList<PlotCurve> &curves, double from, double to);
    // Through QSaveFile: on failure the file is untouched and `error` says why.
    static bool write(const QString &path, const QList<PlotCurve> &curves, double from, double to,
                      QString *error = nullptr);
};

} // namespace bpat::studio

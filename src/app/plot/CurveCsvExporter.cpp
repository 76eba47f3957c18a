#include "plot/CurveCsvExporter.h"

#include "io/AtomicFile.h"
#include "anim/CurveCursor.h"

#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {
template<typename Key> void appendKeyTimes(const QList<Key> &keys, double from, double to, std::vector<double> &times)
{
    for (const Key &key : keys) {
        const double t = key.time;
        if (t >= from && t <= to)
            times.push_back(t);
    }
}

// A segment between two keys that carry tangents or weights (1.0 files can) is a curve, not a
// line: rows at its ends alone would lose its shape in a spreadsheet, so it gets this many
// evenly spaced interior rows as well. Segments of simple keys (every toolkit recording, every
// 1.1 key) are straight lines and need none.
constexpr int InteriorRowsPerCurvedSegment = 8;

void appendCurvedSegmentTimes(const QList<bpat::Keyframe> &keys, double from, double to, std::vector<double> &times)
{
    for (qsizetype i = 0; i + 1 < keys.size(); ++i) {
        const bpat::Keyframe &a = keys.at(i), &b = keys.at(i + 1);
        if ((a.isSimple() && b.isSimple()) || b.time <= a.time || b.time < from || a.time > to)
            continue;
        for (int k = 1; k <= InteriorRowsPerCurvedSegment; ++k) {
            const double t = a.time + (double(b.time) - a.time) * k / (InteriorRowsPerCurvedSegment + 1);
            if (t >= from && t <= to)
                times.push_back(t);
        }
    }
}

QByteArray csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')))
        return text.toUtf8();
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return '"' + quoted.toUtf8() + '"';
}
} // namespace

std::vector<double> CurveCsvExporter::rowTimes(const QList<PlotCurve> &curves, double from, double to)
{
    std::vector<double> times;
    if (!(from <= to) || !std::isfinite(from) || !std::isfinite(to))
        return times;
    times.push_back(from);
    times.push_back(to);
    for (const PlotCurve &curve : curves) {
        if (curve.ref.floatCurve) {
            appendKeyTimes(curve.ref.floatCurve->keys(), from, to, times);
            appendCurvedSegmentTimes(curve.ref.floatCurve->keys(), from, to, times);
        } else if (curve.ref.boolCurve)
            appendKeyTimes(curve.ref.boolCurve->keys(), from, to, times);
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

QByteArray CurveCsvExporter::toCsv(const QList<PlotCurve> &curves, double from, double to, const QByteArray &timeColumn)
{
    QByteArray out = timeColumn;
    std::vector<bpat::CurveCursor> cursors;
    cursors.reserve(size_t(curves.size()));
    for (const PlotCurve &curve : curves) {
        out += ',' + csvField(curve.name());
        cursors.push_back(curve.ref.boolCurve        ? bpat::CurveCursor(*curve.ref.boolCurve)
                              : curve.ref.floatCurve ? bpat::CurveCursor(*curve.ref.floatCurve)
                                                     : bpat::CurveCursor());
    }
    out += '\n';
    for (double t : rowTimes(curves, from, to)) {
        out += QByteArray::number(t, 'g', 9);
        for (bpat::CurveCursor &cursor : cursors) {
            out += ',';
            out += QByteArray::number(cursor.value(t), 'g', 9);
        }
        out += '\n';
    }
    return out;
}

bool CurveCsvExporter::write(const QString &path, const QList<PlotCurve> &curves, double from, double to, QString *error,
                             const QByteArray &timeColumn)
{
    return bpat::AtomicFile::write(path, toCsv(curves, from, to, timeColumn), error);
}

} // namespace bpat::studio

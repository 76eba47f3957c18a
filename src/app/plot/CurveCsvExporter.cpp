#include "plot/CurveCsvExporter.h"

#include "CurveCursor.h"

#include <QSaveFile>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {
template <typename Key>
void appendKeyTimes(const QList<Key> &keys, double from, double to, std::vector<double> &times)
{
    for (const Key &key : keys) {
        const double t = key.time;
        if (t >= from && t <= to)
            times.push_back(t);
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
        if (curve.ref.floatCurve)
            appendKeyTimes(curve.ref.floatCurve->keys(), from, to, times);
        else if (curve.ref.boolCurve)
            appendKeyTimes(curve.ref.boolCurve->keys(), from, to, times);
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

QByteArray CurveCsvExporter::toCsv(const QList<PlotCurve> &curves, double from, double to)
{
    QByteArray out = "time";
    std::vector<bpat::CurveCursor> cursors;
    cursors.reserve(size_t(curves.size()));
    for (const PlotCurve &curve : curves) {
        out += ',' + csvField(curve.name());
        cursors.push_back(curve.ref.boolCurve ? bpat::CurveCursor(*curve.ref.boolCurve)
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

bool CurveCsvExporter::write(const QString &path, const QList<PlotCurve> &curves, double from, double to,
                             QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    const QByteArray csv = toCsv(curves, from, to);
    if (file.write(csv) != csv.size() || !file.commit()) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace bpat::studio

// CurveCsvExporter: header, row times (every key time in range plus both ends), values from the
// evaluator (bools 0 / 1, raw even when the plot is normalized), and writing through QSaveFile.
#include "plot/CurveCsvExporter.h"

#include "anim/CurveEvaluator.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QTest>
#include <algorithm>
#include <cmath>

using bpat::studio::CurveCsvExporter;
using bpat::studio::PlotCurve;

namespace {

std::shared_ptr<bpat::InputAnimation> smallAnimation()
{
    auto animation = std::make_shared<bpat::InputAnimation>();
    animation->camera()[bpat::PoseComponent::PositionX].setKeys(
        {bpat::Keyframe::linear(0.0f, 0.0f), bpat::Keyframe::linear(1.0f, 2.0f), bpat::Keyframe::linear(3.0f, -1.0f)});
    animation->handBool(bpat::HandBoolCurve::LeftTracked).setKeys({{0.0f, 0.0f}, {0.5f, 1.0f}});
    return animation;
}

} // namespace

class tst_CurveCsvExporter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void rowsAtKeyTimes();
    void curvedSegmentsGetInteriorRows();
    void writesThroughSaveFile();
};

void tst_CurveCsvExporter::rowsAtKeyTimes()
{
    const auto animation = smallAnimation();
    const QList<PlotCurve> curves = bpat::studio::plotCurvesFor(
        animation, {QStringLiteral("Camera/PositionX"), QStringLiteral("LeftHand/Tracked"), QStringLiteral("Unknown/Name")});
    QCOMPARE(curves.size(), 2);
    QCOMPARE(CurveCsvExporter::toCsv(curves, 0.0, 2.0),
             QByteArray("time,Camera/PositionX,LeftHand/Tracked\n"
                        "0,0,0\n"
                        "0.5,1,1\n"
                        "1,2,1\n"
                        "2,0.5,1\n"));
    // Outside the keys: clamped values; a range without keys has just its two ends.
    QCOMPARE(CurveCsvExporter::toCsv(curves, 4.0, 5.0), QByteArray("time,Camera/PositionX,LeftHand/Tracked\n4,-1,1\n5,-1,1\n"));
    QCOMPARE(CurveCsvExporter::toCsv({}, 0.0, 1.0), QByteArray("time\n0\n1\n"));
    QVERIFY(CurveCsvExporter::rowTimes(curves, 1.0, 0.0).empty());
}

void tst_CurveCsvExporter::curvedSegmentsGetInteriorRows()
{
    // A 1.0 curve whose middle key has tangents: its two segments are Hermite curves and get
    // interior rows; the rows hold the evaluated curve (a spreadsheet joining them follows it).
    auto animation = std::make_shared<bpat::InputAnimation>();
    bpat::Keyframe bent = bpat::Keyframe::linear(1.0f, 1.0f);
    bent.inTangent = 3.0f;
    bent.outTangent = -3.0f;
    bent.weightedMode = 0;
    animation->camera()[bpat::PoseComponent::PositionY].setKeys(
        {bpat::Keyframe::linear(0.0f, 0.0f), bent, bpat::Keyframe::linear(2.0f, 0.0f), bpat::Keyframe::linear(3.0f, 1.0f)});
    const QList<PlotCurve> curves = bpat::studio::plotCurvesFor(animation, {QStringLiteral("Camera/PositionY")});
    QCOMPARE(curves.size(), 1);
    const std::vector<double> times = CurveCsvExporter::rowTimes(curves, 0.0, 3.0);
    QCOMPARE(times.size(), size_t(4 + 2 * 8)); // the keys, 8 inside each curved segment, none in the straight one
    QVERIFY(std::is_sorted(times.begin(), times.end()));
    QVERIFY(std::none_of(times.begin(), times.end(), [](double t) { return t > 2.0 && t < 3.0; }));
    const QList<QByteArray> rows = CurveCsvExporter::toCsv(curves, 0.0, 3.0).trimmed().split('\n');
    QCOMPARE(rows.size(), qsizetype(times.size() + 1));
    for (qsizetype r = 1; r < rows.size(); ++r) {
        const QList<QByteArray> fields = rows.at(r).split(',');
        const double t = fields.at(0).toDouble();
        const double expected = bpat::CurveEvaluator::evaluate(animation->camera()[bpat::PoseComponent::PositionY], t);
        QVERIFY2(std::abs(fields.at(1).toDouble() - expected) < 1e-6, rows.at(r).constData());
    }
    // A range inside a curved segment: its interior rows that fall in the range, and the ends.
    QCOMPARE(CurveCsvExporter::rowTimes(curves, 0.25, 0.75).size(), size_t(2 + 4));
}

void tst_CurveCsvExporter::writesThroughSaveFile()
{
    const auto animation = smallAnimation();
    const QList<PlotCurve> curves = bpat::studio::plotCurvesFor(animation, {QStringLiteral("Camera/PositionX")});
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("curves.csv"));
    QString error;
    QVERIFY2(CurveCsvExporter::write(path, curves, 0.0, 3.0, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("time,Camera/PositionX\n0,0\n1,2\n3,-1\n"));
    file.close();

    const QString missingFolder = dir.filePath(QStringLiteral("no/such/folder/curves.csv"));
    QVERIFY(!CurveCsvExporter::write(missingFolder, curves, 0.0, 3.0, &error));
    QVERIFY(error.contains(missingFolder));
    QVERIFY(!QFile::exists(missingFolder));
}

QTEST_MAIN(tst_CurveCsvExporter)
#include "tst_CurveCsvExporter.moc"

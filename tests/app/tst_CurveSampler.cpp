// CurveSampler: every plotted point lies on the curve (CurveEvaluator), the per-column envelope
// bounds what a brute-force evaluation finds, the point count stays bounded by the column count
// however many keys there are, bool curves are steps, wrap extensions, keys and normalization.
#include "anim/CurveEvaluator.h"
#include "app/GeneratedAnimation.h"
#include "plot/CurveSampler.h"

#include <QElapsedTimer>
#include <QtTest/QTest>
#include <algorithm>
#include <limits>

using bpat::studio::CurveSampler;
using bpat::studio::SampledCurve;

namespace {

bpat::CurveRef refTo(const bpat::FloatCurve &curve)
{
    return bpat::CurveRef{QStringLiteral("test"), &curve, nullptr};
}

bool near(double a, double b, double tolerance = 1e-9)
{
    return std::abs(a - b) <= tolerance * std::max(1.0, std::abs(b));
}

} // namespace

class tst_CurveSampler : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void pointsLieOnTheCurve();
    void envelopeBoundsEveryColumn();
    void pointCountIsBoundedByColumns();
    void boolCurvesAreSteps();
    void wrapExtensions();
    void keysShownOnlyWhenSparse();
    void normalizationMapsToUnitRange();
    void degenerateInputs();
};

void tst_CurveSampler::pointsLieOnTheCurve()
{
    const auto animation = generated::makeAnimation();
    const bpat::FloatCurve &palm = animation->joint(bpat::Hand::Left, bpat::HandJoint::Palm)[bpat::PoseComponent::PositionY];
    for (int columns : {7, 100, 1500}) {
        const SampledCurve sampled = CurveSampler::sample(refTo(palm), -0.3, 3.2, columns);
        QVERIFY(sampled.line.size() > 2);
        for (const QPointF &p : sampled.line)
            QVERIFY2(near(p.y(), bpat::CurveEvaluator::evaluate(palm, p.x())), qPrintable(QString::number(p.x())));
        for (const QPointF &p : sampled.preExtension + sampled.postExtension)
            QVERIFY(near(p.y(), bpat::CurveEvaluator::evaluate(palm, p.x())));
        QCOMPARE(sampled.line.constFirst().x(), 0.0);
        QCOMPARE(sampled.line.constLast().x(), 2.5);
        QVERIFY(std::is_sorted(sampled.line.begin(), sampled.line.end(),
                               [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); }));
    }
}

void tst_CurveSampler::envelopeBoundsEveryColumn()
{
    const auto animation = generated::makeAnimation(20000);
    const bpat::FloatCurve &dense = animation->joint(bpat::Hand::Right, bpat::HandJoint::Wrist)[bpat::PoseComponent::PositionX];
    const double t0 = 10.0;
    const double t1 = 60.0;
    const int columns = 300;
    const SampledCurve sampled = CurveSampler::sample(refTo(dense), t0, t1, columns);
    const double width = (t1 - t0) / columns;
    const auto &keys = dense.keys();
    for (int c = 0; c < columns; ++c) {
        const double start = t0 + c * width;
        const double end = start + width;
        // What the column must show: its start and every key inside it...
        double mustLow = bpat::CurveEvaluator::evaluate(dense, start);
        double mustHigh = mustLow;
        for (const bpat::Keyframe &key : keys) {
            if (key.time > start && key.time < end) {
                mustLow = std::min(mustLow, double(key.value));
                mustHigh = std::max(mustHigh, double(key.value));
            }
        }
        // ... and what it may show: the curve over the closed column, by brute force.
        double mayLow = std::min(mustLow, bpat::CurveEvaluator::evaluate(dense, end));
        double mayHigh = std::max(mustHigh, bpat::CurveEvaluator::evaluate(dense, end));
        for (int i = 0; i <= 256; ++i) {
            const double v = bpat::CurveEvaluator::evaluate(dense, start + width * i / 256.0);
            mayLow = std::min(mayLow, v);
            mayHigh = std::max(mayHigh, v);
        }
        double seenLow = std::numeric_limits<double>::infinity();
        double seenHigh = -seenLow;
        for (const QPointF &p : sampled.line) {
            if (p.x() >= start && p.x() < end) {
                seenLow = std::min(seenLow, p.y());
                seenHigh = std::max(seenHigh, p.y());
            }
        }
        const QString where = QStringLiteral("column %1: seen [%2, %3], must [%4, %5], may [%6, %7]")
                                  .arg(c)
                                  .arg(seenLow)
                                  .arg(seenHigh)
                                  .arg(mustLow)
                                  .arg(mustHigh)
                                  .arg(mayLow)
                                  .arg(mayHigh);
        QVERIFY2(seenLow <= mustLow + 1e-9 && seenHigh >= mustHigh - 1e-9, qPrintable(where));
        QVERIFY2(seenLow >= mayLow - 1e-9 && seenHigh <= mayHigh + 1e-9, qPrintable(where));
    }
    // At most first / low / high / last per column, plus the end point.
    QVERIFY(sampled.line.size() <= 4 * columns + 1);
}

void tst_CurveSampler::pointCountIsBoundedByColumns()
{
    const auto animation = generated::makeAnimation(150000);
    const bpat::FloatCurve &dense = animation->joint(bpat::Hand::Right, bpat::HandJoint::Wrist)[bpat::PoseComponent::PositionX];
    QCOMPARE(dense.keyCount(), 150000);
    QElapsedTimer timer;
    timer.start();
    const SampledCurve sampled = CurveSampler::sample(refTo(dense), dense.firstTime(), dense.lastTime(), 1200);
    const double ms = timer.nsecsElapsed() / 1e6;
    qInfo("150,000 keys -> %lld points over 1200 columns in %.2f ms", qlonglong(sampled.line.size()), ms);
    QVERIFY(sampled.line.size() <= 4 * 1200 + 1);
    QVERIFY(sampled.line.size() >= 1200);
    QCOMPARE(sampled.keysInView, 150000);
    QVERIFY(sampled.visibleKeys.isEmpty());
    // The envelope reaches the curve's extremes over the whole range.
    const auto [low, high] =
        std::minmax_element(dense.keys().begin(), dense.keys().end(),
                            [](const bpat::Keyframe &a, const bpat::Keyframe &b) { return a.value < b.value; });
    const auto [seenLow, seenHigh] = CurveSampler::valueRange(refTo(dense), dense.firstTime(), dense.lastTime(), 1200);
    QCOMPARE(seenLow, double(low->value));
    QCOMPARE(seenHigh, double(high->value));
}

void tst_CurveSampler::boolCurvesAreSteps()
{
    const auto animation = generated::makeAnimation();
    const bpat::BoolCurve &tracked = animation->handBool(bpat::HandBoolCurve::LeftTracked);
    const bpat::CurveRef ref{QStringLiteral("LeftHand/Tracked"), nullptr, &tracked};
    const SampledCurve sampled = CurveSampler::sample(ref, 0.0, 10.0, 500);
    // 1 s: on, 4 s: off, 6 s: on; before the first key its value (on) holds, drawn dashed.
    const QList<QPointF> expected{{1, 1}, {4, 1}, {4, 0}, {6, 0}, {6, 1}};
    QCOMPARE(sampled.line, expected);
    QCOMPARE(sampled.preExtension, (QList<QPointF>{{0, 1}, {1, 1}}));
    QCOMPARE(sampled.postExtension, (QList<QPointF>{{6, 1}, {10, 1}}));
    for (qsizetype i = 1; i < sampled.line.size(); ++i) {
        const QPointF a = sampled.line[i - 1];
        const QPointF b = sampled.line[i];
        QVERIFY(a.x() == b.x() || a.y() == b.y()); // only vertical and horizontal strokes
        if (a.y() == b.y())
            QCOMPARE(bpat::CurveEvaluator::evaluate(tracked, 0.5 * (a.x() + b.x())) ? 1.0 : 0.0, a.y());
    }
    // Two toggles inside one column become one vertical stroke through both values.
    bpat::BoolCurve flicker({{0.0f, 0.0f}, {5.0f, 1.0f}, {5.001f, 0.0f}, {10.0f, 0.0f}});
    const SampledCurve coarse = CurveSampler::sample({QStringLiteral("f"), nullptr, &flicker}, 0.0, 10.0, 10);
    QCOMPARE(coarse.line, (QList<QPointF>{{0, 0}, {5, 0}, {5, 1}, {5.001f, 1}, {5.001f, 0}, {10, 0}}));
    // Keys repeating the value do not move the stroke: it is drawn where the value changes.
    bpat::BoolCurve repeated({{0.0f, 0.0f}, {5.25f, 0.0f}, {5.5f, 1.0f}, {5.75f, 1.0f}, {10.0f, 1.0f}});
    QCOMPARE(CurveSampler::sample({QStringLiteral("r"), nullptr, &repeated}, 0.0, 10.0, 10).line,
             (QList<QPointF>{{0, 0}, {5.5, 0}, {5.5, 1}, {10, 1}}));
    bpat::BoolCurve pulse({{0.0f, 0.0f}, {5.25f, 1.0f}, {5.5f, 0.0f}, {5.75f, 0.0f}, {10.0f, 0.0f}});
    QCOMPARE(CurveSampler::sample({QStringLiteral("p"), nullptr, &pulse}, 0.0, 10.0, 10).line,
             (QList<QPointF>{{0, 0}, {5.25, 0}, {5.25, 1}, {5.5, 1}, {5.5, 0}, {10, 0}}));
}

void tst_CurveSampler::wrapExtensions()
{
    const auto animation = generated::makeAnimation();
    const bpat::FloatCurve &palm = animation->joint(bpat::Hand::Left, bpat::HandJoint::Palm)[bpat::PoseComponent::PositionY];
    const SampledCurve sampled = CurveSampler::sample(refTo(palm), -5.0, 8.0, 260);
    // Loop before, PingPong after: sampled (many points), each on the curve.
    QVERIFY(sampled.preExtension.size() > 50);
    QVERIFY(sampled.postExtension.size() > 50);
    QCOMPARE(sampled.preExtension.constFirst().x(), -5.0);
    QCOMPARE(sampled.preExtension.constLast().x(), 0.0);
    QCOMPARE(sampled.postExtension.constFirst().x(), 2.5);
    QCOMPARE(sampled.postExtension.constLast().x(), 8.0);
    // Clamped curves: one flat dashed segment at the end key's value.
    const bpat::FloatCurve &x = animation->camera()[bpat::PoseComponent::PositionX];
    const SampledCurve clamped = CurveSampler::sample(refTo(x), -2.0, 12.0, 100);
    QCOMPARE(clamped.preExtension, (QList<QPointF>{{-2.0, 0.0}, {0.0, 0.0}}));
    QCOMPARE(clamped.postExtension.size(), 2);
    QCOMPARE(clamped.postExtension.constLast(), QPointF(12.0, double(x.keys().constLast().value)));
    // A view entirely beyond the keys has no line, only the extension.
    const SampledCurve after = CurveSampler::sample(refTo(x), 20.0, 30.0, 100);
    QVERIFY(after.line.isEmpty());
    QCOMPARE(after.postExtension.size(), 2);
}

void tst_CurveSampler::keysShownOnlyWhenSparse()
{
    const auto animation = generated::makeAnimation();
    const bpat::FloatCurve &x = animation->camera()[bpat::PoseComponent::PositionX]; // 60 keys / s
    const SampledCurve wide = CurveSampler::sample(refTo(x), 0.0, 10.0, 800);
    QCOMPARE(wide.keysInView, 601);
    QVERIFY(wide.visibleKeys.isEmpty());
    const SampledCurve zoomed = CurveSampler::sample(refTo(x), 1.0, 2.0, 800);
    QCOMPARE(zoomed.keysInView, 61); // 1.0 .. 2.0 inclusive
    QCOMPARE(zoomed.visibleKeys.size(), 61);
    QCOMPARE(zoomed.visibleKeys.constFirst(), 60);
}

void tst_CurveSampler::normalizationMapsToUnitRange()
{
    const auto animation = generated::makeAnimation();
    const bpat::FloatCurve &y = animation->camera()[bpat::PoseComponent::PositionY]; // 1.6 +- 0.1
    const bpat::studio::ValueMapping mapping = CurveSampler::normalization(refTo(y));
    const SampledCurve sampled = CurveSampler::sample(refTo(y), 0.0, 10.0, 400, mapping);
    double low = 1e9;
    double high = -1e9;
    for (const QPointF &p : sampled.line) {
        low = std::min(low, p.y());
        high = std::max(high, p.y());
    }
    QVERIFY(near(low, -1.0, 1e-6));
    QVERIFY(near(high, 1.0, 1e-6));
    QVERIFY(near(mapping.invert(mapping.apply(1.62)), 1.62));
    // A constant curve maps to 0.
    const bpat::FloatCurve &w = animation->camera()[bpat::PoseComponent::RotationW];
    QCOMPARE(CurveSampler::normalization(refTo(w)).apply(1.0), 0.0);
}

void tst_CurveSampler::degenerateInputs()
{
    const bpat::FloatCurve empty;
    QVERIFY(CurveSampler::sample(refTo(empty), 0.0, 1.0, 100).line.isEmpty());
    const auto animation = generated::makeAnimation();
    const bpat::FloatCurve &x = animation->camera()[bpat::PoseComponent::PositionX];
    QVERIFY(CurveSampler::sample(refTo(x), 1.0, 1.0, 100).line.isEmpty());     // empty range
    QVERIFY(CurveSampler::sample(refTo(x), 2.0, 1.0, 100).line.isEmpty());     // reversed
    QVERIFY(CurveSampler::sample(refTo(x), qQNaN(), 1.0, 100).line.isEmpty()); // not finite
    QVERIFY(CurveSampler::sample(refTo(x), 0.0, 1.0, 0).line.size() <= 5);     // clamped to 1 column
    QVERIFY(CurveSampler::sample(refTo(x), 0.0, 1.0, 1 << 30).line.size() <= 4 * 16384 + 1);
    const auto [low, high] = CurveSampler::valueRange(refTo(empty), 0.0, 1.0);
    QCOMPARE(low, 0.0);
    QCOMPARE(high, 0.0);
}

QTEST_MAIN(tst_CurveSampler)
#include "tst_CurveSampler.moc"

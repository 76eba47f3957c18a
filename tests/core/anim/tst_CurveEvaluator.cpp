// CurveEvaluator: every rule of the spec sheet with values worked out by hand (the arithmetic
// is in the comments), and CurveCursor agreeing with it exactly.
#include "anim/CurveCursor.h"
#include "anim/CurveEvaluator.h"

#include <QRandomGenerator>
#include <QtTest/QtTest>
#include <limits>

using namespace bpat;

namespace {
constexpr float Inf = std::numeric_limits<float>::infinity();

Keyframe key(float t, float v, float in = 0, float out = 0, qint32 mode = WeightedMode::None, float inWeight = 0,
             float outWeight = 0)
{
    return Keyframe{t, v, in, out, inWeight, outWeight, mode};
}

// Toolkit keys: tangents and weights 0, mode Both -> exactly linear segments.
FloatCurve linearCurve(QList<std::pair<float, float>> points, WrapMode pre = WrapMode::ClampForever,
                       WrapMode post = WrapMode::ClampForever)
{
    QList<Keyframe> keys;
    for (const auto &p : points)
        keys.append(Keyframe::linear(p.first, p.second));
    return FloatCurve(keys, pre, post);
}
} // namespace

class tst_CurveEvaluator : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void emptyAndSingleKey();
    void hermiteWithTangents();
    void weightedUnequalWeights();
    void oneThirdWeightsEqualHermite();
    void toolkitKeysAreLinear();
    void stepped();
    void sharedTimeGivesLhsValue();
    void atKeyTimeUsesSegmentStartingThere();
    void clampModes();
    void loopSeveralPeriods();
    void pingPongSeveralPeriods();
    void negativeTimes();
    void bezierSolveIsRobust();
    void boolSteps();
    void cursorMatchesRandomAccess();
    void cursorOnBoolCurve();
};

void tst_CurveEvaluator::emptyAndSingleKey()
{
    const FloatCurve empty;
    QCOMPARE(CurveEvaluator::evaluate(empty, -3.0), 0.0);
    QCOMPARE(CurveEvaluator::evaluate(empty, 7.0), 0.0);
    const FloatCurve one({key(2.0f, 5.5f, 3.0f, -3.0f)}, WrapMode::Loop, WrapMode::PingPong);
    for (double t : {-100.0, 0.0, 2.0, 2.5, 1e6})
        QCOMPARE(CurveEvaluator::evaluate(one, t), 5.5);
}

void tst_CurveEvaluator::hermiteWithTangents()
{
    // k0 (t 0, v 0, out 1), k1 (t 2, v 4, in -1): dx 2, m0 = 2, m1 = -2.
    const FloatCurve curve({key(0, 0, 0, 1), key(2, 4, -1, 0)});
    // s = 0.5: h00 = 0.5, h10 = 0.125, h01 = 0.5, h11 = -0.125
    //   y = 0.125*2 + 0.5*4 + (-0.125)*(-2) = 2.5
    QCOMPARE(curve.evaluate(1.0), 2.5);
    // s = 0.25: h10 = 0.140625, h01 = 0.15625, h11 = -0.046875
    //   y = 0.140625*2 + 0.15625*4 + 0.046875*2 = 1.0
    QCOMPARE(curve.evaluate(0.5), 1.0);
    QCOMPARE(curve.evaluate(0.0), 0.0);
    QCOMPARE(curve.evaluate(2.0), 4.0);
}

void tst_CurveEvaluator::weightedUnequalWeights()
{
    // k0 (t 0, v 0, out 1, outWeight 0.5, mode Out), k1 (t 2, v 4, in -1, inWeight 0.1, mode In).
    // w1 = 0.5, w2 = 0.1: a = 1.5 + 0.3 - 2 = -0.2, b = 3 - 3 - 0.3 = -0.3, c = 1.5.
    // Control values: v0 + w1*m0 = 1, v1 - w2*m1 = 4 + 0.2 = 4.2.
    const FloatCurve curve({key(0, 0, 0, 1, WeightedMode::Out, 0, 0.5f), key(2, 4, -1, 0, WeightedMode::In, 0.1f, 0)});
    // u = 0.5: x = -0.2/8 - 0.3/4 + 1.5/2 = 0.65 -> t = 1.3
    //   y = 0.375*1 + 0.375*4.2 + 0.125*4 = 2.45
    QVERIFY(qAbs(curve.evaluate(1.3) - 2.45) < 1e-6);
    // u = 0.25: x = -0.2/64 - 0.3/16 + 1.5/4 = 0.353125 -> t = 0.70625
    //   y = 3*0.25*0.75^2*1 + 3*0.25^2*0.75*4.2 + 0.25^3*4 = 0.421875 + 0.590625 + 0.0625 = 1.075
    QVERIFY(qAbs(curve.evaluate(0.70625) - 1.075) < 1e-6);
    // The same keys unweighted are Hermite and give something else at t = 1.3.
    const FloatCurve hermite({key(0, 0, 0, 1), key(2, 4, -1, 0)});
    QVERIFY(qAbs(hermite.evaluate(1.3) - 2.45) > 1e-2);
    // Only one side weighted: the other side uses 1/3.
    // w1 = 0.5 (Out on lhs), w2 = 1/3: a = 1.5 + 1 - 2 = 0.5, b = 3 - 3 - 1 = -1, c = 1.5.
    // u = 0.5: x = 0.0625 - 0.25 + 0.75 = 0.5625 -> t = 1.125
    //   y = 0.375*1 + 0.375*(4 + 2/3) + 0.5 = 0.375 + 1.75 + 0.5 = 2.625
    const FloatCurve half({key(0, 0, 0, 1, WeightedMode::Out, 0, 0.5f), key(2, 4, -1, 0)});
    QVERIFY(qAbs(half.evaluate(1.125) - 2.625) < 1e-6);
}

void tst_CurveEvaluator::oneThirdWeightsEqualHermite()
{
    const float third = 1.0f / 3.0f;
    const FloatCurve weighted(
        {key(-1, 2, 0, 1.5f, WeightedMode::Both, third, third), key(3, -1, 0.75f, 0, WeightedMode::Both, third, third)});
    const FloatCurve hermite({key(-1, 2, 0, 1.5f), key(3, -1, 0.75f, 0)});
    for (int i = 0; i <= 40; ++i) {
        const double t = -1.0 + 0.1 * i;
        QVERIFY2(qAbs(weighted.evaluate(t) - hermite.evaluate(t)) < 2e-6, qPrintable(QString::number(t)));
    }
}

void tst_CurveEvaluator::toolkitKeysAreLinear()
{
    // w1 = w2 = 0: x(u) = 3u^2 - 2u^3 is also y's blend factor, so y = v0 + (v1 - v0) s.
    const FloatCurve curve = linearCurve({{0, 0}, {2, 4}, {3, -2}});
    QVERIFY(qAbs(curve.evaluate(0.5) - 1.0) < 1e-12);
    QVERIFY(qAbs(curve.evaluate(1.9) - 3.8) < 1e-12);
    QVERIFY(qAbs(curve.evaluate(2.25) - 2.5) < 1e-12); // 4 + 0.25 * (-6)
    QVERIFY(qAbs(curve.evaluate(2.999) - (4.0 - 0.999 * 6.0)) < 1e-9);
    // Zero weights cancel the tangents too (w1 m0 = w2 m1 = 0): still linear.
    const FloatCurve withTangents({key(0, 0, 0, 5, WeightedMode::Both), key(2, 4, -3, 0, WeightedMode::Both)});
    QVERIFY(qAbs(withTangents.evaluate(0.5) - 1.0) < 1e-12);
    // The general path agrees: solve x(u) = s for w1 = w2 = 0, then the Bezier y.
    const double u = CurveEvaluator::solveBezierParameter(0, 0, 0.25);
    const double y = 3 * u * u * (1 - u) * 4 + u * u * u * 4;
    QVERIFY(qAbs(y - 1.0) < 1e-9);
}

void tst_CurveEvaluator::stepped()
{
    // Infinite out tangent on lhs: the segment holds v0 until the next key.
    const FloatCurve outStep({key(0, 1, 0, Inf), key(1, 5), key(2, 9)});
    QCOMPARE(outStep.evaluate(0.0), 1.0);
    QCOMPARE(outStep.evaluate(0.999), 1.0);
    QCOMPARE(outStep.evaluate(1.0), 5.0);
    QCOMPARE(outStep.evaluate(1.5), 7.0); // next segment Hermite with zero tangents: s = 0.5 -> 7
    // Infinite (negative) in tangent on rhs.
    const FloatCurve inStep({key(0, 1), key(1, 5, -Inf, 0)});
    QCOMPARE(inStep.evaluate(0.5), 1.0);
    QCOMPARE(inStep.evaluate(1.0), 5.0);
    // Stepped wins over weighting.
    const FloatCurve weightedStep({key(0, 1, 0, Inf, WeightedMode::Both, 0.2f, 0.2f), key(1, 5, 0, 0, WeightedMode::Both)});
    QCOMPARE(weightedStep.evaluate(0.7), 1.0);
}

void tst_CurveEvaluator::sharedTimeGivesLhsValue()
{
    QCOMPARE(CurveEvaluator::evaluateSegment(key(1, 5, 0, 3), key(1, 7, 2, 0), 1.0), 5.0);
}

void tst_CurveEvaluator::atKeyTimeUsesSegmentStartingThere()
{
    // Key 1 steps out, key 0 ramps in: exactly at t = 1 the segment [1, 2] applies (value 10).
    const FloatCurve curve({key(0, 0), key(1, 10, 0, Inf), key(2, 0)});
    QCOMPARE(curve.evaluate(1.0), 10.0);
    QCOMPARE(curve.evaluate(1.5), 10.0);
    QCOMPARE(curve.evaluate(0.5), 5.0); // Hermite, zero tangents, s = 0.5
}

void tst_CurveEvaluator::clampModes()
{
    for (WrapMode mode : {WrapMode::Default, WrapMode::Once, WrapMode::ClampForever, WrapMode(3)}) {
        // Tangents would extrapolate; clamping holds the end keys' values instead.
        const FloatCurve curve({key(1, 2, 5, 5), key(3, 6, 5, 5)}, mode, mode);
        QCOMPARE(curve.evaluate(-100.0), 2.0);
        QCOMPARE(curve.evaluate(0.999), 2.0);
        QCOMPARE(curve.evaluate(3.001), 6.0);
        QCOMPARE(curve.evaluate(1e9), 6.0);
    }
}

void tst_CurveEvaluator::loopSeveralPeriods()
{
    // Keys (1, 0) and (3, 4), linear: value = 2 (t - 1) inside; period 2, values do not accumulate.
    const FloatCurve curve = linearCurve({{1, 0}, {3, 4}}, WrapMode::Loop, WrapMode::Loop);
    // t = 8.5: repeat(7.5, 2) = 7.5 - 3*2 = 1.5 -> t' = 2.5 -> 3
    QVERIFY(qAbs(curve.evaluate(8.5) - 3.0) < 1e-12);
    // t = 103.25: repeat(102.25, 2) = 0.25 -> t' = 1.25 -> 0.5
    QVERIFY(qAbs(curve.evaluate(103.25) - 0.5) < 1e-9);
    // t = -4.5: repeat(-5.5, 2) = -5.5 + 3*2 = 0.5 -> t' = 1.5 -> 1
    QVERIFY(qAbs(curve.evaluate(-4.5) - 1.0) < 1e-12);
    // t = 7 (a whole number of periods past the start): repeat(6, 2) = 0 -> first key's value
    QCOMPARE(curve.evaluate(7.0), 0.0);
    // Pre Loop but post clamp: only the side outside uses its own mode.
    const FloatCurve preOnly = linearCurve({{1, 0}, {3, 4}}, WrapMode::Loop, WrapMode::ClampForever);
    QCOMPARE(preOnly.evaluate(8.5), 4.0);
    QVERIFY(qAbs(preOnly.evaluate(-4.5) - 1.0) < 1e-12);
}

void tst_CurveEvaluator::pingPongSeveralPeriods()
{
    const FloatCurve curve = linearCurve({{1, 0}, {3, 4}}, WrapMode::PingPong, WrapMode::PingPong);
    // t = 8.5: pingpong(7.5, 2) = 2 - |repeat(7.5, 4) - 2| = 2 - |3.5 - 2| = 0.5 -> t' = 1.5 -> 1
    QVERIFY(qAbs(curve.evaluate(8.5) - 1.0) < 1e-12);
    // t = 10.5: pingpong(9.5, 2) = 2 - |1.5 - 2| = 1.5 -> t' = 2.5 -> 3
    QVERIFY(qAbs(curve.evaluate(10.5) - 3.0) < 1e-12);
    // t = -4.5: pingpong(-5.5, 2) = 2 - |repeat(-5.5, 4) - 2| = 2 - |2.5 - 2| = 1.5 -> t' = 2.5 -> 3
    QVERIFY(qAbs(curve.evaluate(-4.5) - 3.0) < 1e-12);
    // t = 5: pingpong(4, 2) = 2 - |0 - 2| = 0 -> first key; t = 7: pingpong(6, 2) = 2 -> last key
    QCOMPARE(curve.evaluate(5.0), 0.0);
    QCOMPARE(curve.evaluate(7.0), 4.0);
}

void tst_CurveEvaluator::negativeTimes()
{
    // Keys at -5.25 (value 1) and -1 (value 3): at t = -3.125, s = 2.125 / 4.25 = 0.5 -> 2.
    const FloatCurve curve = linearCurve({{-5.25f, 1}, {-1, 3}});
    QVERIFY(qAbs(curve.evaluate(-3.125) - 2.0) < 1e-12);
    QCOMPARE(curve.evaluate(-6.0), 1.0);
    QCOMPARE(curve.evaluate(0.0), 3.0);
    // Hermite across zero: k0 (-2, 0, out 1), k1 (2, 0, in 1): dx 4, m0 = m1 = 4.
    // s = 0.5: 0.125*4 + (-0.125)*4 = 0; s = 0.25 (t = -1): 0.140625*4 - 0.046875*4 = 0.375
    const FloatCurve hermite({key(-2, 0, 0, 1), key(2, 0, 1, 0)});
    QCOMPARE(hermite.evaluate(0.0), 0.0);
    QCOMPARE(hermite.evaluate(-1.0), 0.375);
}

void tst_CurveEvaluator::bezierSolveIsRobust()
{
    // Weights at the extremes (flat ends: x'(0) = 0 or x'(1) = 0) and weights summing over 1
    // (control points out of order) still give |x(u) - s| tiny and u in [0, 1].
    const QList<std::pair<double, double>> weights = {
        {0, 0}, {1, 1}, {0, 1}, {1, 0}, {0.9, 0.8}, {0.05, 0.95}, {1.0 / 3, 1.0 / 3}};
    for (const auto &[w1, w2] : weights) {
        const double a = 3 * w1 + 3 * w2 - 2, b = 3 - 6 * w1 - 3 * w2, c = 3 * w1;
        for (int i = 0; i <= 100; ++i) {
            const double s = i / 100.0;
            const double u = CurveEvaluator::solveBezierParameter(w1, w2, s);
            QVERIFY(u >= 0.0 && u <= 1.0);
            const double x = ((a * u + b) * u + c) * u;
            QVERIFY2(qAbs(x - s) < 1e-9, qPrintable(QStringLiteral("w1 %1 w2 %2 s %3 x %4").arg(w1).arg(w2).arg(s).arg(x)));
        }
    }
}

void tst_CurveEvaluator::boolSteps()
{
    const BoolCurve curve({{-5.25f, 0}, {1, 1}, {2, 0}});
    QCOMPARE(curve.evaluate(-10.0), false); // before the first key: its value
    QCOMPARE(curve.evaluate(-5.25), false);
    QCOMPARE(curve.evaluate(0.999), false);
    QCOMPARE(curve.evaluate(1.0), true); // right-continuous: the new value at the key's time
    QCOMPARE(curve.evaluate(1.5), true);
    QCOMPARE(curve.evaluate(2.0), false);
    QCOMPARE(curve.evaluate(100.0), false);
    const BoolCurve startsTrue({{0, 1}, {1, 0}});
    QCOMPARE(startsTrue.evaluate(-1.0), true);
    QCOMPARE(BoolCurve().evaluate(0.0), false);
    QCOMPARE(BoolCurve({{0, 0.6f}}).evaluate(5.0), true); // > 0.5 is true
}

void tst_CurveEvaluator::cursorMatchesRandomAccess()
{
    QRandomGenerator rng(1234);
    QList<Keyframe> keys;
    float t = -2.0f;
    for (int i = 0; i < 500; ++i) {
        t += float(rng.bounded(0.1) + 0.001);
        Keyframe k = key(t, float(rng.bounded(10.0) - 5), float(rng.bounded(4.0) - 2), float(rng.bounded(4.0) - 2),
                         qint32(rng.bounded(4)), float(rng.bounded(1.0)), float(rng.bounded(1.0)));
        if (i % 50 == 7)
            k.outTangent = Inf;
        keys.append(k);
    }
    for (WrapMode mode : {WrapMode::ClampForever, WrapMode::Loop, WrapMode::PingPong}) {
        const FloatCurve curve(keys, mode, mode);
        CurveCursor cursor(curve);
        // Dense increasing sweep well past both ends (wraps make the inner time jump back).
        for (double time = -10.0; time < 2 * curve.lastTime() + 5; time += 0.00731)
            QCOMPARE(cursor.value(time), curve.evaluate(time));
        // Random jumps, backwards included.
        for (int i = 0; i < 2000; ++i) {
            const double time = rng.bounded(80.0) - 20.0;
            QCOMPARE(cursor.value(time), curve.evaluate(time));
        }
        // Exactly at key times.
        cursor.reset();
        for (const Keyframe &k : keys)
            QCOMPARE(cursor.value(k.time), curve.evaluate(k.time));
    }
}

void tst_CurveEvaluator::cursorOnBoolCurve()
{
    const BoolCurve curve({{-5.25f, 0}, {1, 1}, {2, 0}, {2.5f, 1}});
    CurveCursor cursor(curve);
    QVERIFY(cursor.isBool());
    for (double time = -7.0; time < 4.0; time += 0.125) {
        QCOMPARE(cursor.boolValue(time), curve.evaluate(time));
        QCOMPARE(cursor.value(time), curve.evaluate(time) ? 1.0 : 0.0);
    }
    QCOMPARE(cursor.boolValue(1.0), true); // backwards jump
    QCOMPARE(CurveCursor().value(1.0), 0.0);
}

QTEST_GUILESS_MAIN(tst_CurveEvaluator)
#include "tst_CurveEvaluator.moc"

// Offset keys over baked frames (issue 41): the offset curve evaluates as the recordings' curves
// do (CurveEvaluator) with auto-clamped, flat, linear and stepped keys; on the real humanoid of
// every dialect a key of +20 degrees on HipL's rotation changes HipL's local Euler angle by the
// curve's value on every frame (within 1e-5 degrees, read back from the written file as the bone
// graph reads it), leaves its parent (Pelvis), its siblings (Spine, HipR) and every other clip
// byte-identical, and moves its descendants (KneeL, FootL) as parent x local says; keys between
// frames interpolate, a frame range bounds the layer, several bones and channels carry keys at
// once; bad input is refused and changes nothing.
#include "motionedit/MotionEditor.h"
#include "motionedit/OffsetLayer.h"

#include "MotionEditTestSupport.h"
#include "anim/CurveEvaluator.h"
#include "motion/EulerAngles.h"

#include <QtTest/QTest>
#include <cmath>
#include <cstring>

using namespace bpat;
using namespace motionedittest;

namespace {

constexpr int Pelvis = 1, Spine = 2, HipL = 14, KneeL = 15, FootL = 16, HipR = 17, Head = 5;

// The difference of two unwrapped Euler triples, each axis taken modulo 360 to its nearest.
double angleDelta(double a, double b)
{
    return std::remainder(a - b, 360.0);
}

bool sameMatrix(const BpatClip &a, const BpatClip &b, quint32 frame, int bone, quint32 bones)
{
    const qsizetype at = BpatClip::matrixIndex(frame, quint32(bone), bones);
    return std::memcmp(a.palette.constData() + at, b.palette.constData() + at, 64) == 0;
}

Affine affineAt(const BpatClip &c, quint32 frame, int bone, quint32 bones)
{
    Affine m{};
    const float *f = c.palette.constData() + BpatClip::matrixIndex(frame, quint32(bone), bones);
    for (size_t k = 0; k < 12; ++k)
        m[k] = double(f[k]);
    m[15] = 1.0;
    return m;
}

const char *const Humanoids[] = {"bpat_v1_latest/humanoid.bpat", "bpat_v2/humanoid.bpat", "bpat_v3_early/humanoid.bpat",
                                 "bpat_v3_late/humanoid.bpat", "bpat_current/humanoid.bpat"};

} // namespace

class tst_OffsetLayer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void curveEvaluatesAsTheRecordingsCurves()
    {
        QCOMPARE(OffsetCurve().valueAt(3.0), 0.0);
        OffsetCurve one({{5.0, 20.0}});
        QCOMPARE(one.valueAt(0.0), 20.0);
        QCOMPARE(one.valueAt(31.0), 20.0);

        OffsetCurve c({{0.0, 0.0}, {10.0, 30.0}, {20.0, 10.0}});
        const FloatCurve f = c.toFloatCurve();
        QCOMPARE(f.keys().size(), 3);
        for (const Keyframe &k : f.keys())
            QCOMPARE(k.weightedMode, WeightedMode::None); // cubic Hermite, the evaluator's own path
        for (double t : {0.0, 2.5, 7.0, 10.0, 13.3, 20.0, 25.0})
            QCOMPARE(c.valueAt(t), CurveEvaluator::evaluate(f, t));
        // Auto: flat at the extreme (30 at 10) and the ends; no overshoot between keys.
        QCOMPARE(double(f.keys().at(1).inTangent), 0.0);
        for (double t = 0.0; t <= 20.0; t += 0.25) {
            QVERIFY(c.valueAt(t) <= 30.0 + 1e-9);
            QVERIFY(c.valueAt(t) >= -1e-9);
        }
        QCOMPARE(c.valueAt(25.0), 10.0); // the last key's value holds after it

        OffsetCurve linear({{0.0, 0.0, OffsetInterpolation::Linear}, {10.0, 30.0}});
        QVERIFY(std::abs(linear.valueAt(5.0) - 15.0) < 1e-9);
        QVERIFY(std::abs(linear.valueAt(2.0) - 6.0) < 1e-9);
        OffsetCurve stepped({{0.0, 4.0, OffsetInterpolation::Stepped}, {10.0, 30.0}});
        QCOMPARE(stepped.valueAt(9.9), 4.0);
        QCOMPARE(stepped.valueAt(10.0), 30.0);
        OffsetCurve flat({{0.0, 0.0, OffsetInterpolation::Flat}, {10.0, 10.0, OffsetInterpolation::Flat}});
        QVERIFY(std::abs(flat.valueAt(5.0) - 5.0) < 1e-9);
        QVERIFY(flat.valueAt(1.0) < 1.0); // eased in

        // Keys: a second key at a frame replaces the first; moving keeps them sorted.
        OffsetCurve edit;
        QVERIFY(edit.setKey({4.0, 1.0}));
        QVERIFY(edit.setKey({2.0, 2.0}));
        QVERIFY(edit.setKey({4.0, 3.0}));
        QCOMPARE(edit.keyCount(), 2);
        QCOMPARE(edit.keys().at(1).value, 3.0);
        int moved = -1;
        QVERIFY(edit.moveKey(0, 6.0, 5.0, &moved));
        QCOMPARE(moved, 1);
        QCOMPARE(edit.keys().at(0).frame, 4.0);
        QVERIFY(!edit.setKey({NAN, 1.0}));
        QVERIFY(!edit.setKey({1.0, INFINITY}));
    }

    void channelNames()
    {
        QCOMPARE(offsetChannelFromName(QStringLiteral("RotationY")), OffsetChannel::RotationY);
        QCOMPARE(offsetChannelFromName(QStringLiteral("rotation_y")), OffsetChannel::RotationY);
        QCOMPARE(offsetChannelFromName(QStringLiteral("ry")), OffsetChannel::RotationY);
        QCOMPARE(offsetChannelFromName(QStringLiteral("translation-z")), OffsetChannel::TranslationZ);
        QCOMPARE(offsetChannelFromName(QStringLiteral("sx")), OffsetChannel::ScaleX);
        QVERIFY(!offsetChannelFromName(QStringLiteral("rotationw")));
        QVERIFY(!offsetChannelFromName(QStringLiteral("twist")));
        for (int c = 0; c < OffsetChannelCount; ++c)
            QCOMPARE(offsetChannelFromName(offsetChannelName(OffsetChannel(c))), OffsetChannel(c));
    }

    void twentyDegreeKey_data()
    {
        QTest::addColumn<QString>("path");
        for (const char *f : Humanoids)
            QTest::newRow(f) << QString::fromLatin1(f);
    }
    // The check: +20 degrees on one bone's rotation at one frame.
    void twentyDegreeKey()
    {
        QFETCH(QString, path);
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + path);
        const QByteArray input = readShared(path);
        const BpatDocument before = documentOf(input);
        BpatDocument after = before;
        const int clip = after.findClip(QStringLiteral("walk"));
        QVERIFY(clip >= 0);
        OffsetLayer layer;
        layer.setOrder(EulerOrder::XYZ);
        QVERIFY(layer.setKey(HipL, OffsetChannel::RotationY, {5.0, 20.0}));
        const MotionEditResult r = MotionEditor(after).applyOffsets(clip, layer);
        QVERIFY2(r.ok, qPrintable(r.error));
        const QByteArray output = bytesOf(after);
        QVERIFY2(deepErrors(output, ValidationProfile::Spec).isEmpty(), qPrintable(deepErrors(output, ValidationProfile::Spec)));
        QCOMPARE(BpatFile::fromData(output).dialect(), BpatFile::fromData(input).dialect());
        QCOMPARE(after.bindPalette(), before.bindPalette());
        QCOMPARE(after.boneParents(), before.boneParents());

        // As the bone graph reads the written file: HipL's Y angle moved by 20 on every frame.
        const LocalChannels::Track was = track(input, clip, HipL, EulerOrder::XYZ);
        const LocalChannels::Track now = track(output, clip, HipL, EulerOrder::XYZ);
        QCOMPARE(now.frames.size(), was.frames.size());
        double worst = 0.0;
        for (qsizetype i = 0; i < was.frames.size(); ++i) {
            euler::Angles a{was.values[LocalChannels::EulerX][i], was.values[LocalChannels::EulerY][i],
                            was.values[LocalChannels::EulerZ][i]};
            euler::Angles b{now.values[LocalChannels::EulerX][i], now.values[LocalChannels::EulerY][i],
                            now.values[LocalChannels::EulerZ][i]};
            const euler::Angles expected{a[0], a[1] + 20.0, a[2]};
            b = euler::closestTo(b, expected, EulerOrder::XYZ);
            for (int axis = 0; axis < 3; ++axis)
                worst = std::max(worst, std::abs(angleDelta(b[size_t(axis)], expected[size_t(axis)])));
            for (int t = LocalChannels::TranslationX; t <= LocalChannels::TranslationZ; ++t)
                QVERIFY(std::abs(now.values[size_t(t)][i] - was.values[size_t(t)][i]) < 1e-5);
        }
        QVERIFY2(worst < 1e-5, qPrintable(QStringLiteral("worst %1 degrees").arg(worst)));

        // The parent, the siblings (and below them), every other bone not under HipL: bit-identical.
        const quint32 bones = after.boneCount();
        const BpatClip &c0 = before.clip(clip), &c1 = after.clip(clip);
        for (quint32 f = 0; f < c0.frameCount; ++f) {
            for (int b = 0; b < int(bones); ++b) {
                const bool below = b == HipL || b == KneeL || b == FootL;
                QVERIFY2(below || sameMatrix(c0, c1, f, b, bones), qPrintable(QStringLiteral("frame %1 bone %2").arg(f).arg(b)));
                QVERIFY(!below || !sameMatrix(c0, c1, f, b, bones));
            }
            // Descendants as the composition says: global' = parent' x (inverse(parent) x global).
            for (const auto &[child, parent] : {std::pair{KneeL, HipL}, std::pair{FootL, KneeL}}) {
                const Affine local = LocalChannels::multiply(*LocalChannels::inverse(affineAt(c0, f, parent, bones)),
                                                             affineAt(c0, f, child, bones));
                const Affine expected = LocalChannels::multiply(affineAt(c1, f, parent, bones), local);
                const Affine got = affineAt(c1, f, child, bones);
                for (size_t k = 0; k < 12; ++k)
                    QVERIFY(std::abs(got[k] - expected[k]) < 1e-5);
            }
        }
        Q_UNUSED(Pelvis);
        Q_UNUSED(Spine);
        Q_UNUSED(HipR);
        for (int other = 0; other < before.clipCount(); ++other) {
            if (other != clip) {
                QVERIFY(after.clip(other).palette == before.clip(other).palette);
                QVERIFY(after.clip(other).socketRows == before.clip(other).socketRows);
                QVERIFY(after.clip(other).contacts == before.clip(other).contacts);
            }
        }
        QCOMPARE(r.change.bones, (QList<int>{HipL, KneeL, FootL}));
        QCOMPARE(r.change.frames.size(), qsizetype(c0.frameCount));
    }

    // Keys between frames interpolate; a range bounds the layer; several bones and channels.
    void interpolatedRangedSeveral()
    {
        const QString path = QStringLiteral("bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + path);
        const QByteArray input = readShared(path);
        const BpatDocument before = documentOf(input);
        BpatDocument after = before;
        const int clip = after.findClip(QStringLiteral("attack_sword_a"));
        QVERIFY(clip >= 0);
        OffsetLayer layer;
        layer.setOrder(EulerOrder::ZXY);
        layer.setRange(std::pair<quint32, quint32>{4, 20});
        QVERIFY(layer.setKey(Head, OffsetChannel::RotationZ, {4.0, 0.0, OffsetInterpolation::Linear}));
        QVERIFY(layer.setKey(Head, OffsetChannel::RotationZ, {12.0, 16.0, OffsetInterpolation::Linear}));
        QVERIFY(layer.setKey(Head, OffsetChannel::RotationZ, {20.0, 0.0}));
        QVERIFY(layer.setKey(Pelvis, OffsetChannel::TranslationY, {10.0, 0.03}));
        QCOMPARE(layer.bones(), (QList<int>{Pelvis, Head}));
        const MotionEditResult r = MotionEditor(after).applyOffsets(clip, layer);
        QVERIFY2(r.ok, qPrintable(r.error));
        const QByteArray output = bytesOf(after);
        const LocalChannels::Track was = track(input, clip, Head, EulerOrder::ZXY);
        const LocalChannels::Track now = track(output, clip, Head, EulerOrder::ZXY);
        for (int f : {4, 8, 12, 16, 20}) {
            const double expected = f <= 12 ? 2.0 * (f - 4) : layer.curve(Head, OffsetChannel::RotationZ).valueAt(f);
            QVERIFY(std::abs(angleDelta(now.values[LocalChannels::EulerZ][f], was.values[LocalChannels::EulerZ][f]) - expected)
                    < 1e-4);
        }
        QCOMPARE(layer.curve(Head, OffsetChannel::RotationZ).valueAt(8.0), 8.0);
        const LocalChannels::Track pelvisWas = track(input, clip, Pelvis, EulerOrder::ZXY);
        const LocalChannels::Track pelvisNow = track(output, clip, Pelvis, EulerOrder::ZXY);
        QVERIFY(
            std::abs(pelvisNow.values[LocalChannels::TranslationY][10] - pelvisWas.values[LocalChannels::TranslationY][10] - 0.03)
            < 1e-6);
        // Outside the range: every matrix bit-identical.
        const quint32 bones = after.boneCount();
        for (quint32 f : {0u, 3u, 21u, after.clip(clip).frameCount - 1})
            for (int b = 0; b < int(bones); ++b)
                QVERIFY(sameMatrix(before.clip(clip), after.clip(clip), f, b, bones));
        QCOMPARE(r.change.frames.constFirst(), 4u);
        QCOMPARE(r.change.frames.constLast(), 20u);
    }

    void badInputChangesNothing()
    {
        const QString path = QStringLiteral("bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + path);
        const QByteArray input = readShared(path);
        BpatDocument doc = documentOf(input);
        MotionEditor editor(doc);
        OffsetLayer outside;
        outside.setKey(25, OffsetChannel::RotationX, {0.0, 10.0});
        MotionEditResult r = editor.applyOffsets(0, outside);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("bone 25 is outside the rig (it has 20 bones")), qPrintable(r.error));
        OffsetLayer ranged;
        ranged.setKey(HipL, OffsetChannel::RotationX, {0.0, 10.0});
        ranged.setRange(std::pair<quint32, quint32>{10, 500});
        r = editor.applyOffsets(doc.findClip(QStringLiteral("walk")), ranged);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("not inside the clip")), qPrintable(r.error));
        r = editor.applyOffsets(doc.clipCount(), ranged);
        QVERIFY(!r.ok);
        QVERIFY(r.error.contains(QStringLiteral("no clip at index 74")));
        QCOMPARE(bytesOf(doc), input);
        // An empty layer changes nothing at all.
        r = editor.applyOffsets(0, OffsetLayer());
        QVERIFY(r.ok);
        QCOMPARE(bytesOf(doc), input);
    }
};

QTEST_GUILESS_MAIN(tst_OffsetLayer)
#include "tst_OffsetLayer.moc"

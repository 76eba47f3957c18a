// Mirror left/right (issue 41): the pairs of every game rig found by their names (the
// humanoid's HipL/HipR, the horse's .L/.R, the elephant's .L/.L.001, the wildlife's FL/FR, the
// hands' L_/R_); mirroring every clip of every real file twice gives it back within 1e-5 per
// matrix entry; the mirrored walk of the current humanoid gives the gait report of the original
// with the left and right feet swapped; an unpaired bone maps to itself across the plane; the
// output validates deep in both profiles, keeps its dialect and late v3's bind palette and
// parents; a new clip by default (`walk_mirrored`), in place on request; a rig without pairs is
// refused naming its bones, nothing changed.
#include "motionedit/BonePairs.h"
#include "motionedit/ClipMirror.h"
#include "motionedit/MotionEditor.h"

#include "MotionEditTestSupport.h"
#include "mesh/Rig.h"
#include "motion/GaitAnalyzer.h"
#include "species/SpeciesRig.h"

#include <QtTest/QTest>
#include <cmath>

using namespace bpat;
using namespace motionedittest;

namespace {

const char *const EveryDialect[] = {"bpat_v1_latest/humanoid.bpat", "bpat_v1_initial/horse.bpat", "bpat_v2/elephant.bpat",
                                    "bpat_v3_early/humanoid.bpat",  "bpat_v3_late/horse.bpat",    "bpat_current/humanoid.bpat",
                                    "bpat_current/horse.bpat",      "bpat_current/elephant.bpat", "bpat_current/sheep.bpat",
                                    "bpat_current/wolf.bpat"};

QStringList namesOf(const Rig &rig)
{
    QStringList names;
    for (const RigBone &b : rig.bones())
        names << b.name;
    return names;
}

double range(const QList<double> &v)
{
    if (v.isEmpty())
        return 0.0;
    const auto [lo, hi] = std::minmax_element(v.cbegin(), v.cend());
    return *hi - *lo;
}

const MotionSeries *series(const ClipGait &g, const QString &key)
{
    for (const MotionSeries &s : g.series) {
        if (s.key == key)
            return &s;
    }
    return nullptr;
}

} // namespace

class tst_ClipMirror : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void pairsOfEveryRig()
    {
        const BonePairs human = BonePairs::fromNames(namesOf(SpeciesRig::find(0, 20)->rig()));
        QCOMPARE(human.pairs().size(), 7);
        QCOMPARE(human.mirrorOf(14), 17); // HipL <-> HipR
        QCOMPARE(human.mirrorOf(9), 13);  // HandL <-> HandR
        QCOMPARE(human.unpaired(), (QList<int>{0, 1, 2, 3, 4, 5}));
        const BonePairs horse = BonePairs::fromNames(namesOf(SpeciesRig::find(1, 50)->rig()));
        QCOMPARE(horse.mirrorOf(9), 13);  // Ear1.L <-> Ear1.R
        QCOMPARE(horse.mirrorOf(45), 49); // FF.L <-> FF.R
        QCOMPARE(horse.pairs().size(), 17);
        const BonePairs elephant = BonePairs::fromNames(namesOf(SpeciesRig::find(2, 32)->rig()));
        QCOMPARE(elephant.mirrorOf(9), 12);  // UpperLegFront.L <-> UpperLegFront.L.001
        QCOMPARE(elephant.mirrorOf(28), 22); // KneeBack.L.001 <-> KneeBack.L
        QCOMPARE(elephant.pairs().size(), 8);
        // The game's code knows the elephant's ears (Bone.004, Bone.005) as EarL and EarR.
        const BonePairs withEars = BonePairs::fromNames(namesOf(SpeciesRig::find(2, 32)->rig()), BonePairs::knownPairs(2, 32));
        QCOMPARE(withEars.pairs().size(), 9);
        QCOMPARE(withEars.mirrorOf(7), 8);
        const BonePairs wolf = BonePairs::fromNames(namesOf(SpeciesRig::find(9, 21)->rig()));
        QCOMPARE(wolf.mirrorOf(2), 5);   // ShoulderFL <-> ShoulderFR
        QCOMPARE(wolf.mirrorOf(17), 18); // EarL <-> EarR
        QCOMPARE(wolf.mirrorOf(16), 16); // Jaw
        const BonePairs hands =
            BonePairs::fromNames({QStringLiteral("Head"), QStringLiteral("L_Wrist"), QStringLiteral("R_Wrist"),
                                  QStringLiteral("LeftArm"), QStringLiteral("RightArm"), QStringLiteral("hand_l"),
                                  QStringLiteral("hand_r"), QStringLiteral("Leg.L"), QStringLiteral("Leg.R")});
        QCOMPARE(hands.pairs().size(), 4);
        QCOMPARE(hands.mirrorOf(0), 0);
        const BonePairs none = BonePairs::fromNames({QStringLiteral("Root"), QStringLiteral("Body"), QStringLiteral("Tail")});
        QVERIFY(!none.hasPairs());
        QVERIFY(none.noPairsReason().contains(QStringLiteral("Root, Body, Tail")));
    }

    void mirrorTwiceIsTheIdentity_data()
    {
        QTest::addColumn<QString>("path");
        for (const char *f : EveryDialect)
            QTest::newRow(f) << QString::fromLatin1(f);
    }
    void mirrorTwiceIsTheIdentity()
    {
        QFETCH(QString, path);
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + path);
        const QByteArray input = readShared(path);
        const BpatDocument before = documentOf(input);
        BpatDocument doc = before;
        MotionEditor editor(doc);
        for (int c = 0; c < doc.clipCount(); ++c) {
            const MotionEditResult r = editor.mirror(c, {true, QString()});
            QVERIFY2(r.ok, qPrintable(r.error));
        }
        const QByteArray once = bytesOf(doc);
        for (ValidationProfile p : {ValidationProfile::Spec, ValidationProfile::Game})
            QVERIFY2(deepErrors(once, p).isEmpty(), qPrintable(deepErrors(once, p)));
        QCOMPARE(BpatFile::fromData(once).dialect(), BpatFile::fromData(input).dialect());
        QCOMPARE(doc.bindPalette(), before.bindPalette());
        QCOMPARE(doc.boneParents(), before.boneParents());
        for (int c = 0; c < doc.clipCount(); ++c)
            QVERIFY(editor.mirror(c, {true, QString()}).ok);
        double worst = 0.0;
        for (int c = 0; c < doc.clipCount(); ++c) {
            const BpatClip &a = before.clip(c), &b = doc.clip(c);
            QCOMPARE(b.markers, a.markers);
            for (qsizetype i = 0; i < a.palette.size(); ++i)
                worst = std::max(worst, double(std::abs(a.palette[i] - b.palette[i])));
            for (qsizetype i = 0; i < a.socketRows.size(); ++i)
                QVERIFY(std::abs(a.socketRows[i] - b.socketRows[i]) < 1e-5f);
        }
        QVERIFY2(worst < 1e-5, qPrintable(QStringLiteral("worst %1").arg(worst)));
    }

    // The mirrored walk gives the game's gait report with the feet swapped.
    void mirroredWalkSwapsTheFeet()
    {
        const QString path = QStringLiteral("bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + path);
        const QByteArray input = readShared(path);
        BpatDocument doc = documentOf(input);
        const int walk = doc.findClip(QStringLiteral("walk"));
        const MotionEditResult r = MotionEditor(doc).mirror(walk);
        QVERIFY2(r.ok, qPrintable(r.error));
        const int mirrored = doc.clipCount() - 1; // last: no clip moves
        QCOMPARE(r.clip, mirrored);
        QCOMPARE(doc.clip(mirrored).name, QStringLiteral("walk_mirrored"));
        QCOMPARE(doc.clip(mirrored).markers, doc.clip(walk).markers);
        const QByteArray output = bytesOf(doc);
        for (ValidationProfile p : {ValidationProfile::Spec, ValidationProfile::Game})
            QVERIFY2(deepErrors(output, p).isEmpty(), qPrintable(deepErrors(output, p)));
        const BpatFile file = BpatFile::fromData(output);
        const GaitAnalyzer gait(file);
        const ClipGait a = gait.analyze(walk), m = gait.analyze(mirrored);
        QVERIFY(a.reported && m.reported);
        // Symmetric metrics: the same.
        QVERIFY(std::abs(m.pelvisBob - a.pelvisBob) < 1e-4);
        QVERIFY(std::abs(m.pelvisSway - a.pelvisSway) < 1e-4);
        QVERIFY(std::abs(m.stepWidth - a.stepWidth) < 1e-4);
        QVERIFY(std::abs(m.worstStretch - a.worstStretch) < 1e-4);
        QCOMPARE(m.worstBone.right(1), a.worstBone.right(1) == QStringLiteral("l") ? QStringLiteral("r") : QStringLiteral("l"));
        // The left foot's metrics of the mirror are the right foot's of the original.
        const MotionSeries *rightZ = series(a, QStringLiteral("foot_r_z"));
        const MotionSeries *rightY = series(a, QStringLiteral("foot_r_y"));
        QVERIFY(rightZ && rightY);
        QVERIFY(std::abs(m.footTravel - range(rightZ->values)) < 1e-4);
        QVERIFY(std::abs(m.footLift - range(rightY->values)) < 1e-4);
        QList<float> y, z;
        for (double v : rightY->values)
            y.append(float(v));
        for (double v : rightZ->values)
            z.append(float(v));
        QVERIFY(std::abs(m.contactRetreat - GaitAnalyzer::contactRetreat(y, z)) < 1e-4);
        for (qsizetype i = 0; i < m.skateFreeSpeeds.size(); ++i)
            QVERIFY(std::abs(m.skateFreeSpeeds[i].second - GaitAnalyzer::contactRetreat(y, z) / m.skateFreeSpeeds[i].first)
                    < 1e-4);
        // The mirror's right foot is the original's left: its heights and z.
        const MotionSeries *leftY = series(a, QStringLiteral("foot_l_y"));
        const MotionSeries *mirroredRightY = series(m, QStringLiteral("foot_r_y"));
        QVERIFY(leftY && mirroredRightY);
        for (qsizetype f = 0; f < leftY->values.size(); ++f)
            QVERIFY(std::abs(leftY->values[f] - mirroredRightY->values[f]) < 1e-5);
    }

    // A bone without a pair maps to itself across the plane: the head's origin reflected.
    void unpairedBonesMapToThemselves()
    {
        const QString path = QStringLiteral("bpat_v1_latest/humanoid.bpat");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + path);
        const BpatDocument before = documentOf(readShared(path));
        BpatDocument doc = before;
        const MotionEditor::MirrorPlan plan = MotionEditor::mirrorPlan(doc, 0);
        QCOMPARE(plan.plane.axis, 0);
        QCOMPARE(plan.plane.offset, 0.0);
        const int clip = doc.findClip(QStringLiteral("walk"));
        QVERIFY(MotionEditor(doc).mirror(clip, {true, QString()}).ok);
        const quint32 bones = doc.boneCount();
        for (quint32 f = 0; f < doc.clip(clip).frameCount; ++f) {
            const float *a = before.clip(clip).palette.constData() + BpatClip::matrixIndex(f, 5, bones);
            const float *b = doc.clip(clip).palette.constData() + BpatClip::matrixIndex(f, 5, bones);
            QVERIFY(std::abs(b[3] + a[3]) < 1e-6f);
            QVERIFY(std::abs(b[7] - a[7]) < 1e-6f);
            QVERIFY(std::abs(b[11] - a[11]) < 1e-6f);
        }
    }

    void badInputChangesNothing()
    {
        const QString path = QStringLiteral("bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + path);
        const QByteArray input = readShared(path);
        BpatDocument doc = documentOf(input);
        MotionEditResult r = MotionEditor(doc).mirror(doc.findClip(QStringLiteral("walk")), {false, QStringLiteral("run")});
        QVERIFY(!r.ok);
        QVERIFY(r.error.contains(QStringLiteral("a clip named 'run' already exists")));
        QCOMPARE(bytesOf(doc), input);

        // A rig without named pairs (an unknown species: bones named by index).
        BpatDocument unknown(4242, 3);
        BpatClip c;
        c.name = QStringLiteral("a");
        c.frameCount = 1;
        c.palette = QList<float>(48, 0.0f);
        for (int b = 0; b < 3; ++b)
            c.palette[b * 16] = c.palette[b * 16 + 5] = c.palette[b * 16 + 10] = c.palette[b * 16 + 15] = 1.0f;
        QVERIFY(unknown.addClip(c));
        const QByteArray was = bytesOf(unknown);
        r = MotionEditor(unknown).mirror(0);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("no left/right pairs among the 3 bones: bone 0, bone 1, bone 2")),
                 qPrintable(r.error));
        QCOMPARE(bytesOf(unknown), was);
    }
};

QTEST_GUILESS_MAIN(tst_ClipMirror)
#include "tst_ClipMirror.moc"

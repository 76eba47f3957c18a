// The quadrupeds' gaits as baked: every gait of the horse and the elephant steps in its named
// footfall order, and a planted foot never slides (it moves with the ground, straight back, by
// the same step as every other planted foot), for every frame of every gait.
#include "bake/SpeciesCatalog.h"
#include "SpeciesTestSupport.h"

#include <QtTest/QTest>
#include <algorithm>
#include <cmath>

using namespace bpat;
using namespace testspecies;

namespace {

constexpr float Planted = 1e-3f; // sole within 1 mm of the ground

float soleHeight(const SpeciesManifest &m, const QList<QMatrix4x4> &palette, int foot)
{
    return origin(palette.at(foot)).y() - m.soleHeight;
}

} // namespace

class tst_QuadrupedMotion : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void footfallOrder_data();
    void footfallOrder();
    void plantedFeetDoNotSlide_data();
    void plantedFeetDoNotSlide();
};

void tst_QuadrupedMotion::footfallOrder_data()
{
    QTest::addColumn<QString>("species");
    QTest::addColumn<QString>("clip");
    QTest::addColumn<QStringList>("beats"); // touchdowns in order from the left hind's; '+': together
    QTest::addColumn<bool>("suspension");   // a moment with no foot on the ground
    const QString lh = u"FootBL"_qs, lf = u"FootFL"_qs, rh = u"FootBR"_qs, rf = u"FootFR"_qs;
    // Lateral four-beat walk: left hind, left fore, right hind, right fore.
    QTest::newRow("horse walk") << u"horse"_qs << u"walk"_qs << QStringList{lh, lf, rh, rf} << false;
    // Two-beat trot: diagonal pairs together, suspension between them.
    QTest::newRow("horse trot") << u"horse"_qs << u"trot"_qs << QStringList{lh + u'+' + rf, rh + u'+' + lf} << true;
    // Three-beat canter: left hind, then the right hind and left fore together, then the leading
    // right fore, then suspension.
    QTest::newRow("horse canter") << u"horse"_qs << u"canter"_qs << QStringList{lh, rh + u'+' + lf, rf} << true;
    // Four-beat transverse gallop: both hinds, then both fores, then suspension.
    QTest::newRow("horse gallop") << u"horse"_qs << u"gallop"_qs << QStringList{lh, rh, lf, rf} << true;
    QTest::newRow("elephant walk") << u"elephant"_qs << u"walk"_qs << QStringList{lh, lf, rh, rf} << false;
    // An elephant never leaves the ground: its run is an amble in the walk's lateral order.
    QTest::newRow("elephant run") << u"elephant"_qs << u"run"_qs << QStringList{lh, lf, rh, rf} << false;
}

void tst_QuadrupedMotion::footfallOrder()
{
    QFETCH(QString, species);
    QFETCH(QString, clip);
    QFETCH(QStringList, beats);
    QFETCH(bool, suspension);
    const SpeciesManifest m = manifest(species);
    const int c = clipIndex(m, clip);
    QVERIFY(c >= 0);
    const auto frames = m.bakeClip(c);
    const int n = int(frames.size());
    const QList<int> legs = feet(m);
    QCOMPARE(legs.size(), 4);

    QMap<int, QStringList> touchdowns; // frame -> feet that land on it
    int framesAirborne = 0;
    for (int i = 0; i < n; ++i) {
        bool anyDown = false;
        for (int foot : legs) {
            const bool down = soleHeight(m, frames.at(i), foot) <= Planted;
            const bool wasDown = soleHeight(m, frames.at((i + n - 1) % n), foot) <= Planted;
            anyDown |= down;
            if (down && !wasDown)
                touchdowns[i].append(m.rig.bone(foot).name);
        }
        framesAirborne += anyDown ? 0 : 1;
    }
    QStringList order;
    for (QStringList group : std::as_const(touchdowns)) {
        group.sort();
        order << group.join(u'+');
    }
    QVERIFY2(!order.isEmpty(), "no foot ever lands");
    for (int turn = 0; turn < order.size() && !order.first().contains(u"FootBL"_qs); ++turn)
        order.append(order.takeFirst()); // the cycle read from the left hind's touchdown
    QStringList expected;
    for (const QString &beat : beats) {
        QStringList group = beat.split(u'+');
        group.sort();
        expected << group.join(u'+');
    }
    QCOMPARE(order, expected);
    if (suspension)
        QVERIFY2(framesAirborne > 0, "the gait should have a moment of suspension");
    else
        QCOMPARE(framesAirborne, 0);
}

void tst_QuadrupedMotion::plantedFeetDoNotSlide_data()
{
    QTest::addColumn<QString>("species");
    QTest::addColumn<QString>("clip");
    for (const QString &clip : {u"walk"_qs, u"trot"_qs, u"canter"_qs, u"gallop"_qs})
        QTest::newRow(qPrintable(u"horse "_qs + clip)) << u"horse"_qs << clip;
    for (const QString &clip : {u"walk"_qs, u"run"_qs})
        QTest::newRow(qPrintable(u"elephant "_qs + clip)) << u"elephant"_qs << clip;
}

void tst_QuadrupedMotion::plantedFeetDoNotSlide()
{
    QFETCH(QString, species);
    QFETCH(QString, clip);
    const SpeciesManifest m = manifest(species);
    const int c = clipIndex(m, clip);
    QVERIFY(c >= 0);
    const auto frames = m.bakeClip(c);
    const int n = int(frames.size());
    // The creature gaits in place: the ground streams back under it at a constant speed, so every
    // foot planted on two consecutive frames moves by one and the same step, straight back (-Z).
    QList<QVector3D> steps;
    for (int foot : feet(m)) {
        int planted = 0;
        for (int i = 0; i < n; ++i) {
            const auto &a = frames.at(i), &b = frames.at((i + 1) % n);
            if (soleHeight(m, a, foot) > Planted || soleHeight(m, b, foot) > Planted)
                continue;
            ++planted;
            steps.append(origin(b.at(foot)) - origin(a.at(foot)));
        }
        QVERIFY2(planted >= 2, qPrintable(m.rig.bone(foot).name + u" is never planted for two frames"_qs));
    }
    const QVector3D ground = steps.constFirst();
    QVERIFY2(ground.z() < -0.01f, "the ground should stream back under a gaiting creature");
    QVERIFY(std::abs(ground.x()) < 1e-4f && std::abs(ground.y()) < 1e-4f);
    for (const QVector3D &step : std::as_const(steps)) {
        QVERIFY2((step - ground).length() < 2e-3f,
                 qPrintable(u"a planted foot slides: step (%1, %2, %3) against the ground's %4"_qs.arg(step.x())
                                .arg(step.y())
                                .arg(step.z())
                                .arg(ground.z())));
    }
}

QTEST_GUILESS_MAIN(tst_QuadrupedMotion)
#include "tst_QuadrupedMotion.moc"

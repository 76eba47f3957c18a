// BoneCurveSet: the graph editor's curves of a real clip. Every bone gets rotation and
// translation curves named after it (Euler or quaternion components by choice), scale only
// where it is not 1; one key per frame holding the core's local channels; the clip's markers
// at their frames; very long clips sampled every n-th frame; plot curves coloured by component.
#include "plot/BoneCurveSet.h"

#include "TestPaths.h"
#include "bpat/BpatFile.h"
#include "mesh/Rig.h"

#include <QtTest/QTest>

using namespace bpat::studio;
using bpat::LocalChannels;

namespace {

struct Opened
{
    bpat::BpatFile file;
    QStringList names;
    QList<int> parents;
};

std::optional<Opened> openShared(const QString &relative)
{
    const std::optional<bpat::BpatFile> file = bpat::BpatFile::open(testpaths::shared(relative));
    if (!file)
        return std::nullopt;
    Opened o{*file, {}, {}};
    const std::optional<bpat::Rig> rig = file->rig();
    for (quint32 b = 0; b < file->header().boneCount; ++b) {
        o.names.append(rig ? rig->bone(int(b)).name : QString());
        o.parents.append(rig ? rig->bone(int(b)).parent : -1);
    }
    return o;
}

} // namespace

class tst_BoneCurveSet : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyBoneHasItsChannels()
    {
        const QString path = QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(path);
        const std::optional<Opened> o = openShared(path);
        QVERIFY(o);
        const int walk = o->file.findClip(QStringLiteral("walk"));
        QVERIFY(walk >= 0);
        const BoneCurveSet set(o->file, walk, o->names, o->parents, {});
        const int bones = int(o->file.header().boneCount);
        QCOMPARE(set.boneCount(), bones);
        QCOMPARE(set.sampledFrames(), int(o->file.clips().at(walk).frameCount));
        QCOMPARE(set.stride(), 1);
        QCOMPARE(set.clipName(), QStringLiteral("walk"));
        // Rotation X/Y/Z then translation, per bone in palette order, under the rig's names.
        const QList<CurveTreeModel::Entry> entries = set.entries();
        QVERIFY(entries.size() >= bones * 6);
        QCOMPARE(entries.at(0).name, o->names.at(0) + QStringLiteral("/RotationX"));
        QCOMPARE(entries.at(3).name, o->names.at(0) + QStringLiteral("/TranslationX"));
        QCOMPARE(entries.at(0).keyCount, qint64(set.sampledFrames()));
        QCOMPARE(set.kinds(1),
                 (QStringList{QStringLiteral("RotationX"), QStringLiteral("RotationY"), QStringLiteral("RotationZ"),
                              QStringLiteral("TranslationX"), QStringLiteral("TranslationY"), QStringLiteral("TranslationZ")}));
        QVERIFY(set.rotationDescription().contains(QStringLiteral("Euler XYZ")));
        // The keys hold the core's channels, at the clip's frame numbers.
        const LocalChannels channels(o->file, o->parents);
        const int bone = 9;
        const LocalChannels::Track track = channels.track(walk, bone, bpat::EulerOrder::XYZ);
        const QString name = o->names.at(bone) + QStringLiteral("/RotationY");
        QCOMPARE(set.boneOf(name), bone);
        const bpat::CurveRef curve = set.curve(name);
        QVERIFY(curve.floatCurve);
        QCOMPARE(curve.keyCount(), int(track.frames.size()));
        for (int i = 0; i < curve.keyCount(); ++i) {
            QCOMPARE(curve.floatCurve->keys().at(i).time, float(i));
            QCOMPARE(curve.floatCurve->keys().at(i).value, float(track.values[LocalChannels::EulerY].at(i)));
        }
        QVERIFY(set.curve(QStringLiteral("nobody/RotationX")).isNull());
        QCOMPARE(set.curveNames(bone, {QStringLiteral("TranslationZ"), QStringLiteral("ScaleX")}),
                 QStringList{o->names.at(bone) + QStringLiteral("/TranslationZ")});
        // Plot curves: components coloured X red, Y green; the set keeps them alive.
        auto shared = std::make_shared<const BoneCurveSet>(o->file, walk, o->names, o->parents, BoneCurveSet::Options{});
        const QList<PlotCurve> plotted =
            plotCurvesFor(shared,
                          {o->names.at(0) + QStringLiteral("/RotationX"), o->names.at(0) + QStringLiteral("/RotationY"),
                           QStringLiteral("missing/RotationZ")});
        QCOMPARE(plotted.size(), 2);
        QVERIFY(plotted.at(0).color.red() > plotted.at(0).color.green());
        QVERIFY(plotted.at(1).color.green() > plotted.at(1).color.red());
        QCOMPARE(plotted.at(0).owner.get(), static_cast<const void *>(shared.get()));
    }

    void quaternionsAndScaleAndMarkers()
    {
        // The first v1 horse scales its body: a Scale group appears for the bones that scale.
        const QString horse = QStringLiteral("upstream_assets/bpat_v1_initial/horse.bpat");
        BPAT_REQUIRE_SHARED(horse);
        const std::optional<Opened> o = openShared(horse);
        QVERIFY(o);
        BoneCurveSet::Options quaternion;
        quaternion.quaternion = true;
        const BoneCurveSet set(o->file, 0, o->names, o->parents, quaternion);
        int scaled = 0;
        for (int b = 0; b < set.boneCount(); ++b) {
            const QStringList kinds = set.kinds(b);
            QCOMPARE(kinds.mid(0, 4),
                     (QStringList{QStringLiteral("RotationW"), QStringLiteral("RotationX"), QStringLiteral("RotationY"),
                                  QStringLiteral("RotationZ")}));
            scaled += kinds.contains(QStringLiteral("ScaleX")) ? 1 : 0;
        }
        QVERIFY2(scaled >= 1 && scaled < set.boneCount(), qPrintable(QString::number(scaled)));
        QVERIFY(set.rotationDescription().contains(QStringLiteral("quaternion")));

        // A clip with markers (late v3 humanoid attack): at phase x (frames - 1).
        const QString late = QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(late);
        const std::optional<Opened> h = openShared(late);
        QVERIFY(h);
        int marked = -1;
        for (int c = 0; c < h->file.clips().size() && marked < 0; ++c) {
            const bpat::BpatClipInfo &info = h->file.clips().at(c);
            if (info.hasMarkers && info.markers[2] > 0.0f)
                marked = c;
        }
        QVERIFY(marked >= 0);
        const BoneCurveSet withMarkers(h->file, marked, h->names, h->parents, {});
        const bpat::BpatClipInfo &info = h->file.clips().at(marked);
        bool contact = false;
        for (const PlotMarker &m : withMarkers.markers()) {
            if (m.name == QLatin1String("contact")) {
                contact = true;
                QVERIFY(std::abs(m.time - double(info.markers[2]) * (info.frameCount - 1)) < 1e-3);
            }
        }
        QVERIFY(contact);
    }

    void longClipsAreSampledEveryNthFrame()
    {
        const QString path = QStringLiteral("upstream_assets/bpat_current/horse.bpat");
        BPAT_REQUIRE_SHARED(path);
        const std::optional<Opened> o = openShared(path);
        QVERIFY(o);
        BoneCurveSet::Options few;
        few.maxSamples = 200; // 50 bones: 4 frames each
        const BoneCurveSet set(o->file, 0, o->names, o->parents, few);
        const int frames = int(o->file.clips().at(0).frameCount);
        QVERIFY(set.stride() > 1);
        QCOMPARE(set.lastFrame(), frames - 1); // the last frame is always sampled
        const bpat::CurveRef curve = set.curve(set.entries().constFirst().name);
        QVERIFY(curve.keyCount() <= frames / set.stride() + 2);
        // Unknown and repeated names still give distinct curve names.
        const BoneCurveSet unnamed(o->file, 0, {QStringLiteral("a/b"), QStringLiteral("a/b")}, o->parents, few);
        QCOMPARE(unnamed.boneLabel(0), QStringLiteral("a_b"));
        QCOMPARE(unnamed.boneLabel(1), QStringLiteral("a_b (1)"));
        QCOMPARE(unnamed.boneLabel(2), QStringLiteral("bone 2"));
    }
};

QTEST_GUILESS_MAIN(tst_BoneCurveSet)
#include "tst_BoneCurveSet.moc"

// The motion-editing layer (ClipMotion, MotionSkeleton, MotionApply, MotionChange) on the real
// files of every dialect: a clip read into local poses and written back unedited gives the very
// same bytes; its local poses are the bone graph's (LocalChannels); an edit of one bone in one
// frame changes that bone and its descendants in that frame only, recomposed as parent x local,
// everything else bit-identical (other clips byte-identical; late v3's bind palette and parents
// untouched); socket rows move with their anchors; v3 contact records follow the feet; a
// non-finite source is refused naming where; frames without originals (blank) are all changed.
#include "motionedit/ClipMotion.h"
#include "motionedit/MotionApply.h"
#include "motionedit/MotionChange.h"
#include "motionedit/PoseMath.h"

#include "TestPaths.h"
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "motion/LocalChannels.h"
#include "motion/MotionRig.h"

#include <QtTest/QTest>
#include <cmath>
#include <cstring>

using namespace bpat;

namespace {

struct Loaded
{
    BpatFile file;
    BpatDocument document;
};

std::optional<Loaded> load(const QString &relative)
{
    const auto file = BpatFile::open(testpaths::shared(QStringLiteral("upstream_assets/") + relative));
    if (!file)
        return std::nullopt;
    auto document = BpatDocument::fromFile(*file);
    if (!document)
        return std::nullopt;
    return Loaded{*file, std::move(*document)};
}

QByteArray bytesOf(const BpatDocument &document)
{
    return BpatWriter(document).toBytes();
}

double maxDifference(const Affine &a, const Affine &b)
{
    double worst = 0.0;
    for (size_t k = 0; k < 16; ++k)
        worst = std::max(worst, std::abs(a[k] - b[k]));
    return worst;
}

const char *const EveryDialect[] = {"bpat_v1_latest/humanoid.bpat", "bpat_v1_initial/horse.bpat", "bpat_v2/elephant.bpat",
                                    "bpat_v3_early/humanoid.bpat",  "bpat_v3_late/humanoid.bpat", "bpat_current/humanoid.bpat",
                                    "bpat_current/horse.bpat",      "bpat_current/wolf.bpat"};

} // namespace

class tst_ClipMotion : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void unchangedClipWritesTheSameBytes_data()
    {
        QTest::addColumn<QString>("path");
        for (const char *f : EveryDialect)
            QTest::newRow(f) << QString::fromLatin1(f);
    }
    void unchangedClipWritesTheSameBytes()
    {
        QFETCH(QString, path);
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + path);
        auto loaded = load(path);
        QVERIFY(loaded);
        const QByteArray before = bytesOf(loaded->document);
        for (int c = 0; c < loaded->document.clipCount(); ++c) {
            QString error;
            const auto motion = ClipMotion::fromDocument(loaded->document, c, &error);
            QVERIFY2(motion, qPrintable(error));
            QVERIFY(motion->changedFrames().isEmpty());
            std::vector<float> frame(size_t(motion->boneCount()) * 16);
            for (quint32 f = 0; f < motion->frameCount(); ++f) {
                motion->globalFloats(f, frame.data());
                QCOMPARE(std::memcmp(frame.data(), motion->originalFloats(f), frame.size() * 4), 0);
            }
            const MotionApplyResult r = MotionApply::toDocument(loaded->document, c, *motion);
            QVERIFY2(r.ok, qPrintable(r.error));
            QVERIFY(r.change.isEmpty());
        }
        QCOMPARE(bytesOf(loaded->document), before);
    }

    void localPosesAreTheBoneGraphs_data() { unchangedClipWritesTheSameBytes_data(); }
    void localPosesAreTheBoneGraphs()
    {
        QFETCH(QString, path);
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + path);
        auto loaded = load(path);
        QVERIFY(loaded);
        const LocalChannels channels(loaded->file);
        const auto motion = ClipMotion::fromFile(loaded->file, 0, 0, loaded->file.clips().at(0).frameCount);
        QVERIFY(motion);
        QCOMPARE(motion->skeleton().parents(), channels.parents());
        const auto fromDocument = ClipMotion::fromDocument(loaded->document, 0);
        QVERIFY(fromDocument);
        QCOMPARE(fromDocument->skeleton().parents(), channels.parents());
        for (quint32 f = 0; f < motion->frameCount(); f += 3) {
            for (int b = 0; b < motion->boneCount(); ++b) {
                const auto expected = channels.localTransform(0, int(f), b);
                QCOMPARE(motion->isReadable(f, b), expected.has_value());
                if (!expected)
                    continue;
                const LocalTransform got = motion->pose(f, b);
                for (size_t k = 0; k < 3; ++k) {
                    QVERIFY(std::abs(got.translation[k] - expected->translation[k]) < 1e-12);
                    QVERIFY(std::abs(got.scale[k] - expected->scale[k]) < 1e-12);
                }
                QVERIFY(std::abs(posemath::angle(posemath::multiply(posemath::conjugate(got.rotation), expected->rotation)))
                        < 1e-9);
            }
        }
    }

    void oneBoneEditChangesItAndItsDescendantsOnly_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("bone");
        QTest::newRow("v1 humanoid, upper arm") << QStringLiteral("bpat_v1_latest/humanoid.bpat") << QStringLiteral("UpperArmL");
        QTest::newRow("v2 humanoid, hip") << QStringLiteral("bpat_v2/humanoid.bpat") << QStringLiteral("HipR");
        QTest::newRow("early v3, spine") << QStringLiteral("bpat_v3_early/humanoid.bpat") << QStringLiteral("Spine");
        QTest::newRow("late v3, upper arm") << QStringLiteral("bpat_v3_late/humanoid.bpat") << QStringLiteral("UpperArmL");
        QTest::newRow("current late v3, knee") << QStringLiteral("bpat_current/humanoid.bpat") << QStringLiteral("KneeL");
    }
    void oneBoneEditChangesItAndItsDescendantsOnly()
    {
        QFETCH(QString, path);
        QFETCH(QString, bone);
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + path);
        auto loaded = load(path);
        QVERIFY(loaded);
        BpatDocument &doc = loaded->document;
        const BpatDocument before = doc;
        const int clip = doc.clipCount() > 6 ? 6 : 0;
        auto motion = ClipMotion::fromDocument(doc, clip);
        QVERIFY(motion);
        const int b = motion->skeleton().indexOf(bone);
        QVERIFY(b >= 0);
        const quint32 frame = motion->frameCount() / 2;
        LocalTransform pose = motion->pose(frame, b);
        pose.rotation = posemath::multiply(posemath::fromAxisAngle({0, 0, 1}, 0.3), pose.rotation);
        QVERIFY(motion->setPose(frame, b, pose));

        QCOMPARE(motion->changedFrames(), QList<quint32>{frame});
        QList<int> expected{b};
        expected += motion->skeleton().descendants(b);
        std::sort(expected.begin(), expected.end());
        // The bone's own origin does not move with its rotation, but its matrix does.
        QCOMPARE(motion->changedBones(), expected);
        const int parent = motion->skeleton().parentOf(b);
        for (int d : expected) {
            const int p = motion->skeleton().parentOf(d);
            const Affine composed = LocalChannels::multiply(motion->global(frame, p), motion->localMatrix(frame, d));
            QVERIFY(maxDifference(composed, motion->global(frame, d)) < 1e-12);
        }
        QVERIFY(!motion->isChanged(frame, parent));

        const MotionApplyResult r = MotionApply::toDocument(doc, clip, *motion);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.change.frames, QList<quint32>{frame});
        QCOMPARE(r.change.bones, expected);
        QVERIFY(r.change.maxError > 0.001);
        // Everything else keeps its bits: other clips, other frames, other bones.
        for (int c = 0; c < doc.clipCount(); ++c) {
            const BpatClip &now = doc.clip(c), &was = before.clip(c);
            QCOMPARE(now.socketRows.size(), was.socketRows.size());
            for (quint32 f = 0; f < now.frameCount; ++f) {
                for (quint32 m = 0; m < doc.boneCount(); ++m) {
                    const bool touched = c == clip && f == frame && expected.contains(int(m));
                    const qsizetype at = BpatClip::matrixIndex(f, m, doc.boneCount());
                    const bool same = std::memcmp(now.palette.constData() + at, was.palette.constData() + at, 64) == 0;
                    QVERIFY2(same != touched, qPrintable(QStringLiteral("clip %1 frame %2 bone %3").arg(c).arg(f).arg(m)));
                }
            }
            if (c != clip) {
                QCOMPARE(now.contacts, was.contacts);
                QCOMPARE(now.socketRows, was.socketRows);
            }
        }
        QCOMPARE(doc.bindPalette(), before.bindPalette());
        QCOMPARE(doc.boneParents(), before.boneParents());
        // The written file: bytes outside the clip's frames are those of the unedited file,
        // except the changed matrices (and, late v3, their skinning matrices).
        const BpatFile written = BpatFile::fromData(bytesOf(doc));
        const BpatFile original = BpatFile::fromData(bytesOf(before));
        QCOMPARE(written.fileSize(), original.fileSize());
        if (doc.dialect() == format::Dialect::V3Late) {
            const auto bindAt = written.header().boneCount;
            for (quint32 m = 0; m < bindAt; ++m)
                QCOMPARE(written.bindFloats(m), original.bindFloats(m));
            QCOMPARE(written.boneParents(), original.boneParents());
        }
        const std::optional<quint32> g = written.globalFrame(clip, frame);
        QVERIFY(g);
        const BpatClipInfo &info = written.clips().at(clip);
        for (quint32 f = 0; f < info.frameCount; ++f) {
            for (quint32 m = 0; m < written.header().boneCount; ++m) {
                const bool same = written.matrixFloats(info.frameOffset + f, m) == original.matrixFloats(info.frameOffset + f, m);
                QCOMPARE(same, !(f == frame && expected.contains(int(m))));
            }
        }
    }

    void socketRowsMoveWithTheirAnchor()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        auto loaded = load(QStringLiteral("bpat_current/humanoid.bpat"));
        QVERIFY(loaded);
        BpatDocument &doc = loaded->document;
        const BpatDocument before = doc;
        const int clip = doc.findClip(QStringLiteral("attack_sword_a"));
        auto motion = ClipMotion::fromDocument(doc, clip);
        QVERIFY(motion);
        const int hand = motion->skeleton().indexOf(QStringLiteral("HandR"));
        const quint32 frame = 10;
        Affine g = motion->global(frame, hand);
        g[3] += 0.1; // the hand 10 cm along x, its rotation kept
        QVERIFY(motion->setGlobal(frame, hand, g));
        const MotionApplyResult r = MotionApply::toDocument(doc, clip, *motion);
        QVERIFY(r.ok);
        QVERIFY(r.socketRows > 0);
        const int sockets = doc.socketCount();
        for (int s = 0; s < sockets; ++s) {
            const float *now = doc.clip(clip).socketRows.constData() + (qsizetype(frame) * sockets + s) * 12;
            const float *was = before.clip(clip).socketRows.constData() + (qsizetype(frame) * sockets + s) * 12;
            if (doc.sockets().at(s).anchorBone == quint32(hand)) {
                // Moved by exactly the hand's translation (the rotation is unchanged).
                QVERIFY(std::abs(now[3] - was[3] - 0.1f) < 1e-5f);
                QVERIFY(std::abs(now[7] - was[7]) < 1e-5f);
                QVERIFY(std::abs(now[0] - was[0]) < 1e-6f);
            } else {
                QCOMPARE(std::memcmp(now, was, 48), 0);
            }
        }
    }

    void contactRecordsFollowTheFeet()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        auto loaded = load(QStringLiteral("bpat_current/humanoid.bpat"));
        QVERIFY(loaded);
        BpatDocument &doc = loaded->document;
        const int clip = doc.findClip(QStringLiteral("walk"));
        auto motion = ClipMotion::fromDocument(doc, clip);
        QVERIFY(motion);
        const MotionRig rig = MotionRig::forFile(loaded->file);
        // Lift the whole body 5 cm on frames 3..5 (the root's local translation).
        const int root = motion->skeleton().rootOf(rig.feet.at(0));
        for (quint32 f = 3; f <= 5; ++f) {
            LocalTransform t = motion->pose(f, root);
            t.translation[1] += 0.05;
            QVERIFY(motion->setPose(f, root, t));
        }
        const QList<float> was = doc.clip(clip).contacts;
        const MotionApplyResult r = MotionApply::toDocument(doc, clip, *motion);
        QVERIFY(r.ok);
        QCOMPARE(r.contactRecords, 3);
        const QList<float> &now = doc.clip(clip).contacts;
        for (quint32 f = 0; f < doc.clip(clip).frameCount; ++f) {
            const bool lifted = f >= 3 && f <= 5;
            QCOMPARE(now.at(f * 2 + 1) != was.at(f * 2 + 1), lifted);
            if (lifted) {
                QVERIFY(std::abs(now.at(f * 2 + 1) - was.at(f * 2 + 1) - 0.05f) < 1e-5f);
                QVERIFY(std::abs(now.at(f * 2) - was.at(f * 2) - 0.05f) < 1e-4f); // the soles rose with the feet
            }
        }
    }

    void nonFiniteSourceIsRefused()
    {
        const MotionSkeleton skeleton = MotionSkeleton::fromParents({-1, 0});
        std::vector<float> globals(2 * 2 * 16, 0.0f);
        for (int m = 0; m < 4; ++m)
            globals[size_t(m) * 16] = globals[size_t(m) * 16 + 5] = globals[size_t(m) * 16 + 10] = globals[size_t(m) * 16 + 15] =
                1;
        globals[16 * 3 + 7] = NAN;
        QString error;
        QVERIFY(!ClipMotion::fromGlobals(skeleton, globals.data(), 2, 0, &error));
        QVERIFY2(error.contains(QStringLiteral("frame 1, bone 1")), qPrintable(error));
    }

    // One frame of a chain of three identity bones whose middle bone is collapsed (no inverse).
    static std::vector<float> collapsedChainGlobals()
    {
        std::vector<float> globals(3 * 16, 0.0f);
        for (size_t m = 0; m < 3; ++m)
            globals[m * 16] = globals[m * 16 + 5] = globals[m * 16 + 10] = globals[m * 16 + 15] = 1;
        globals[16 + 0] = globals[16 + 5] = globals[16 + 10] = 0.0f; // bone 1 collapsed
        return globals;
    }

    void singularParentLeavesTheChildAlone()
    {
        const MotionSkeleton skeleton = MotionSkeleton::fromParents({-1, 0, 1});
        const std::vector<float> globals = collapsedChainGlobals();
        auto motion = ClipMotion::fromGlobals(skeleton, globals.data(), 1);
        QVERIFY(motion);
        QVERIFY(motion->isReadable(0, 1));
        QVERIFY(!motion->isReadable(0, 2));
        LocalTransform t;
        t.translation = {0.0, 1.0, 0.0};
        QVERIFY(motion->setPose(0, 0, t));
        QVERIFY(motion->isChanged(0, 1));
        QVERIFY(!motion->isChanged(0, 2)); // no local pose to follow with: kept
    }

    // translate() (the bone-length repair's edit) is setGlobal() of the moved matrix: the same
    // globals and local poses within double rounding, its subtree follows, and a later edit of a
    // parent in the same frame carries the translated bone along (its local pose kept).
    void translateIsSetGlobalOfTheMovedMatrix()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        auto loaded = load(QStringLiteral("bpat_current/humanoid.bpat"));
        QVERIFY(loaded);
        auto moved = ClipMotion::fromDocument(loaded->document, 6);
        auto set = ClipMotion::fromDocument(loaded->document, 6);
        QVERIFY(moved && set);
        const int arm = moved->skeleton().indexOf(QStringLiteral("UpperArmL"));
        QVERIFY(arm >= 0 && !moved->skeleton().descendants(arm).isEmpty());
        const int child = moved->skeleton().descendants(arm).first();
        const int parent = moved->skeleton().parentOf(arm);
        const quint32 frame = moved->frameCount() / 2;
        const auto shift = [](ClipMotion &m, quint32 f, int b, const posemath::Vec3 &d) {
            Affine g = m.global(f, b);
            posemath::setOrigin(g, posemath::add(posemath::origin(g), d));
            return m.setGlobal(f, b, g);
        };
        QVERIFY(moved->translate(frame, arm, {0.01, -0.02, 0.03}));
        QVERIFY(shift(*set, frame, arm, {0.01, -0.02, 0.03}));
        QVERIFY(moved->translate(frame, child, {0.0, 0.05, 0.0}));
        QVERIFY(shift(*set, frame, child, {0.0, 0.05, 0.0}));
        QCOMPARE(moved->changedBones(), set->changedBones());
        for (int b = 0; b < moved->boneCount(); ++b) {
            QVERIFY(maxDifference(moved->global(frame, b), set->global(frame, b)) < 1e-9);
            QVERIFY(maxDifference(moved->localMatrix(frame, b), set->localMatrix(frame, b)) < 1e-9);
        }
        QVERIFY(moved->translate(frame + 1, arm, {0.0, 0.0, 0.04}));
        QVERIFY(shift(*set, frame + 1, arm, {0.0, 0.0, 0.04}));
        LocalTransform pose = set->pose(frame + 1, parent);
        pose.rotation = posemath::multiply(posemath::fromAxisAngle({0, 1, 0}, 0.4), pose.rotation);
        QVERIFY(moved->setPose(frame + 1, parent, pose) && set->setPose(frame + 1, parent, pose));
        for (int b = 0; b < moved->boneCount(); ++b)
            QVERIFY(maxDifference(moved->global(frame + 1, b), set->global(frame + 1, b)) < 1e-9);
        QCOMPARE(moved->changedFrames(), (QList<quint32>{frame, frame + 1}));

        // Under a collapsed parent there is no local pose: refused, and that child stays.
        const MotionSkeleton skeleton = MotionSkeleton::fromParents({-1, 0, 1});
        const std::vector<float> globals = collapsedChainGlobals();
        auto chain = ClipMotion::fromGlobals(skeleton, globals.data(), 1);
        QVERIFY(chain);
        QVERIFY(!chain->translate(0, 2, {1.0, 0.0, 0.0}));
        QVERIFY(chain->translate(0, 0, {1.0, 0.0, 0.0}));
        QCOMPARE(chain->origin(0, 1)[0], 1.0);
        QVERIFY(!chain->isChanged(0, 2));
    }

    void cyclesAndBadParentsBecomeRoots()
    {
        const MotionSkeleton s = MotionSkeleton::fromParents({1, 0, 7, 2, 3});
        QCOMPARE(s.boneCount(), 5);
        QCOMPARE(s.order().size(), 5);
        QVERIFY(s.isRoot(2)); // out of range
        QVERIFY(s.isRoot(0) || s.isRoot(1));
        QCOMPARE(s.descendants(2), (QList<int>{3, 4}));
    }

    void blankFramesAreAllChanged()
    {
        const MotionSkeleton skeleton = MotionSkeleton::fromParents({-1, 0});
        ClipMotion m = ClipMotion::blank(skeleton, 3);
        QVERIFY(!m.hasOriginal());
        QCOMPARE(m.changedFrames().size(), 3);
        LocalTransform t;
        t.translation = {0.0, 2.0, 0.0};
        QVERIFY(m.setPose(1, 0, t));
        QVERIFY(m.setPose(1, 1, t));
        QCOMPARE(m.origin(1, 1)[1], 4.0);
    }

    void aPoseSetBackToItselfChangesNothing()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        auto loaded = load(QStringLiteral("bpat_current/humanoid.bpat"));
        QVERIFY(loaded);
        auto motion = ClipMotion::fromDocument(loaded->document, 6);
        QVERIFY(motion);
        // Local matrices set to themselves: recomposed parent x local gives the original within
        // a float's rounding; a bone whose floats come back the same counts as unchanged.
        for (int b = 0; b < motion->boneCount(); ++b)
            QVERIFY(motion->setLocalMatrix(4, b, motion->localMatrix(4, b)));
        for (int b = 0; b < motion->boneCount(); ++b)
            QVERIFY(maxDifference(motion->global(4, b), motion->originalGlobal(4, b)) < 1e-6);
        // A pose state put back restores the bone exactly.
        const ClipMotion::PoseState kept = motion->poseState(5, 3);
        QVERIFY(motion->setPose(5, 3, LocalTransform{}));
        QVERIFY(motion->isChanged(5, 3));
        motion->restore(5, 3, kept);
        QVERIFY(!motion->isFrameChanged(5));
        motion->revertFrame(4);
        QVERIFY(!motion->isFrameChanged(4));
    }
};

QTEST_APPLESS_MAIN(tst_ClipMotion)
#include "tst_ClipMotion.moc"

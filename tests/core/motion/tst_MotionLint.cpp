// The motion lint (validation profile `motion`): the real files give no errors; defects planted
// in copies of them (a whole-body pop, a drift that jumps at the loop seam, a foot pulled off its
// shin, a foot pushed under the ground, an edited contact table) are found at the clip, frame
// and bone where they were planted, in every dialect; the thresholds can be set.
#include "motion/MotionLint.h"

#include "MotionPlants.h"
#include "TestPaths.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatDocument.h"
#include "bpat/BpatWriter.h"
#include "bpat/Validator.h"
#include "motion/BoneRoles.h"
#include "motion/ProfileValidator.h"
#include "motion/MotionCodes.h"
#include "motion/MotionRig.h"
#include "species/SpeciesRig.h"
#include "bprm/BprmFile.h"
#include "mesh/Rig.h"

#include <QDirIterator>
#include <QMap>
#include <QFile>
#include <QRegularExpression>
#include <QtTest/QTest>
#include <QtEndian>
#include <cstring>

using namespace bpat;
namespace mc = MotionCodes;

namespace {

QByteArray readShared(const QString &relative)
{
    QFile f(testpaths::shared(relative));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

ValidationResult lint(const QByteArray &bytes, const MotionThresholds &t = {})
{
    ValidationOptions o = ValidationOptions::make(ValidationProfile::Motion);
    o.motion = t;
    return ProfileValidator(o).validate(BpatFile::fromData(bytes));
}

QList<Diagnostic> withCode(const ValidationResult &r, const QString &code, const QString &clip = QString())
{
    QList<Diagnostic> out;
    for (const Diagnostic &d : r.issues)
        if (d.code == code && (clip.isEmpty() || d.location.clipName == clip))
            out.append(d);
    return out;
}

QString describe(const ValidationResult &r)
{
    QStringList lines;
    for (const Diagnostic &d : r.issues)
        lines << QStringLiteral("%1 %2 %3: %4").arg(severityName(d.severity), d.code, d.location.toString(), d.message);
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class tst_MotionLint : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void realFilesHaveNoErrors()
    {
        const QString root = testpaths::shared(QStringLiteral("upstream_assets"));
        if (!QFileInfo::exists(root))
            BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + root);
        int files = 0;
        QDirIterator it(root, {QStringLiteral("*.bpat")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            ValidationOptions o = ValidationOptions::make(ValidationProfile::Motion);
            const ValidationResult r = ProfileValidator(o).validatePath(path);
            QVERIFY2(r.counts.errors == 0, qPrintable(path + QLatin1Char('\n') + describe(r)));
            for (const Diagnostic &d : r.issues) {
                if (d.code == mc::MOTION_NOT_CHECKED)
                    continue;
                // Every finding points at a clip, a clip-local frame and a bone (or a contact).
                QVERIFY(d.location.clip >= 0);
                QVERIFY(d.location.frame >= 0);
                QVERIFY(d.location.kind == DiagnosticLocation::Kind::Contact || d.location.bone >= 0);
            }
            ++files;
        }
        QVERIFY(files >= 26);
    }

    void planted_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("v1") << QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
        QTest::newRow("v2") << QStringLiteral("upstream_assets/bpat_v2/humanoid.bpat");
        QTest::newRow("v3 early") << QStringLiteral("upstream_assets/bpat_v3_early/humanoid.bpat");
        QTest::newRow("v3 late") << QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        QTest::newRow("current") << QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
    }

    // A 0.25 m whole-body pop on one frame: an error at that frame, at the root.
    void planted()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        const QByteArray clean = readShared(file);
        const int walk = BpatFile::fromData(clean).findClip(QStringLiteral("walk"));
        QVERIFY(walk >= 0);
        const ValidationResult before = lint(clean);
        QCOMPARE(before.counts.errors, 0);
        QVERIFY(withCode(before, mc::MOTION_POP, QStringLiteral("walk")).isEmpty());

        QByteArray popped = clean;
        QVERIFY(motionplants::moveAll(popped, walk, 10, QVector3D(0.25f, 0.0f, 0.0f)));
        const ValidationResult pop = lint(popped);
        const QList<Diagnostic> pops = withCode(pop, mc::MOTION_POP, QStringLiteral("walk"));
        QVERIFY2(pops.size() == 1, qPrintable(describe(pop)));
        QCOMPARE(pops.first().severity, Severity::Error);
        QCOMPARE(pops.first().location.frame, 10);
        QCOMPARE(pops.first().location.bone, 1); // the first bone that jumps: the Root is a control, not judged
        QVERIFY(pops.first().message.contains(QStringLiteral("whole body")));
        QVERIFY(pops.first().offset.has_value());
    }

    // A 0.3 m drift over the loop that jumps back only at the seam: LOOP_SEAM at the last frame,
    // no MOTION_POP on the inner frames.
    void plantedSeam_data() { planted_data(); }
    void plantedSeam()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        QByteArray bytes = readShared(file);
        const BpatFile clean = BpatFile::fromData(bytes);
        const int walk = clean.findClip(QStringLiteral("walk"));
        const quint32 n = clean.clips().at(walk).frameCount;
        QVERIFY(clean.clips().at(walk).loops());
        for (quint32 f = 0; f < n; ++f)
            QVERIFY(motionplants::moveAll(bytes, walk, f, QVector3D(0.0f, 0.0f, 0.3f * float(f) / float(n - 1))));
        const ValidationResult r = lint(bytes);
        const QList<Diagnostic> seams = withCode(r, mc::LOOP_SEAM, QStringLiteral("walk"));
        QVERIFY2(seams.size() == 1, qPrintable(describe(r)));
        QCOMPARE(seams.first().severity, Severity::Error);
        QCOMPARE(seams.first().location.frame, int(n - 1));
        QVERIFY(withCode(r, mc::MOTION_POP, QStringLiteral("walk")).isEmpty());
    }

    // A foot pulled 0.12 m off its shin for four frames: BONE_STRETCH at the first, on the foot.
    void plantedStretch_data() { planted_data(); }
    void plantedStretch()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        QByteArray bytes = readShared(file);
        const BpatFile clean = BpatFile::fromData(bytes);
        const int walk = clean.findClip(QStringLiteral("walk"));
        const int foot = 16, knee = 15;
        for (const Diagnostic &d : withCode(lint(bytes), mc::BONE_STRETCH, QStringLiteral("walk")))
            QVERIFY(d.location.bone != foot); // the clean file's walk stretches elsewhere (the hips) only
        for (quint32 f = 4; f < 8; ++f) {
            const QVector3D shin = (clean.matrix(walk, f, foot).column(3) - clean.matrix(walk, f, knee).column(3)).toVector3D();
            QVERIFY(motionplants::move(bytes, walk, f, foot, shin.normalized() * 0.12f));
        }
        const ValidationResult r = lint(bytes);
        QList<Diagnostic> stretch;
        for (const Diagnostic &d : withCode(r, mc::BONE_STRETCH, QStringLiteral("walk")))
            if (d.location.bone == foot)
                stretch.append(d);
        QVERIFY2(stretch.size() == 1, qPrintable(describe(r)));
        QCOMPARE(stretch.first().location.frame, 4);
        QVERIFY(stretch.first().location.worstFrame >= 4 && stretch.first().location.worstFrame < 8);
        QVERIFY2(stretch.first().message.contains(QStringLiteral("from frame 4 (the first)")),
                 qPrintable(stretch.first().message));
        QCOMPARE(stretch.first().severity, Severity::Warning);
        QVERIFY2(stretch.first().message.contains(QStringLiteral("4 of")), qPrintable(stretch.first().message));
    }

    // A foot pushed 0.15 m under the ground for two frames: FOOT_BELOW_GROUND at the first.
    void plantedBelowGround_data()
    {
        planted_data();
        QTest::newRow("horse 50") << QStringLiteral("upstream_assets/bpat_current/horse.bpat");
        QTest::newRow("horse 16 v1") << QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat");
    }
    void plantedBelowGround()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        QByteArray bytes = readShared(file);
        const BpatFile clean = BpatFile::fromData(bytes);
        MotionLint probe(clean, {});
        const int walk = clean.findClip(QStringLiteral("walk"));
        const int foot = probe.rig().feet.at(1);
        QVERIFY(withCode(lint(bytes), mc::FOOT_BELOW_GROUND, QStringLiteral("walk")).isEmpty());
        // Two frames: the foot's height brought to 0.15 m below the file's ground (the 16-bone
        // horse's ground is near y = -0.30, not 0).
        probe.run();
        for (quint32 f = 12; f < 14; ++f) {
            const float y = clean.matrix(walk, f, foot).column(3).y();
            QVERIFY(motionplants::move(bytes, walk, f, foot, QVector3D(0.0f, float(probe.ground()) - 0.15f - y, 0.0f)));
        }
        const ValidationResult r = lint(bytes);
        const QList<Diagnostic> below = withCode(r, mc::FOOT_BELOW_GROUND, QStringLiteral("walk"));
        QVERIFY2(below.size() == 1, qPrintable(describe(r)));
        QCOMPARE(below.first().location.frame, 12);
        QVERIFY(below.first().location.worstFrame == 12 || below.first().location.worstFrame == 13);
        QCOMPARE(below.first().location.bone, foot);
        // The ground is the median of the clips' lowest feet, which the planted clip moves a
        // little where a file has few clips (the 16-bone horse: 6).
        static const QRegularExpression depth(QStringLiteral("(0\\.1[0-9]+) m below at frame 1[23] \\(the deepest\\)"));
        const QRegularExpressionMatch m = depth.match(below.first().message);
        QVERIFY2(m.hasMatch(), qPrintable(below.first().message));
    }

    // v3: a palette edited without its contact table.
    void contactTableAgainstTheFeet()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_v3_late/horse.bpat");
        BPAT_REQUIRE_SHARED(file);
        QByteArray bytes = readShared(file);
        QVERIFY(withCode(lint(bytes), mc::CONTACT_MISMATCH).isEmpty());
        const BpatFile clean = BpatFile::fromData(bytes);
        const int idle = clean.findClip(QStringLiteral("idle"));
        const quint64 at = *clean.contactOffset(*clean.globalFrame(idle, 5)) + 4; // foot_y
        qToLittleEndian(qFromLittleEndian<float>(bytes.constData() + at) + 0.05f, bytes.data() + at);
        const QList<Diagnostic> found = withCode(lint(bytes), mc::CONTACT_MISMATCH);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().location.kind, DiagnosticLocation::Kind::Contact);
        QCOMPARE(found.first().location.clipName, QStringLiteral("idle"));
        QCOMPARE(found.first().location.frame, 5);
    }

    // A file with structural errors is not judged: only its spec errors, and why.
    void brokenFileIsNotJudged()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat");
        BPAT_REQUIRE_SHARED(file);
        const QByteArray bytes = readShared(file).left(2000);
        const ValidationResult r = lint(bytes);
        QVERIFY(r.counts.errors > 0);
        QVERIFY(!withCode(r, mc::MOTION_NOT_CHECKED).isEmpty());
        for (const Diagnostic &d : r.issues)
            QVERIFY(d.severity == Severity::Error || d.code == mc::MOTION_NOT_CHECKED);
    }

    // Issue 42, findings 0 and 5: the lint (which the window's Analysis panel runs on every file it
    // opens, without the validator's structure gate) is bounded by the frames the file holds. A
    // first clip claiming 4,294,967,295 frames, or twelve clips read from palette bytes, took
    // minutes in the contact-table pass (and the window could not exit while it ran).
    void claimedFramesAreBoundedByTheFile()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/wolf.bpat");
        BPAT_REQUIRE_SHARED(file);
        const QByteArray real = readShared(file);
        const BpatFile original = BpatFile::fromData(real);
        QVERIFY(original.contactTableInBounds() && original.clips().size() == 8);
        const quint64 table = original.header().clipTableOffset;

        QByteArray huge = real;
        qToLittleEndian<quint32>(0xFFFFFFFFu, huge.data() + table + format::clip::FrameCount);
        bool cancelled = true;
        Diagnostics found = MotionLint(BpatFile::fromData(huge), {}).run(nullptr, {}, &cancelled);
        QVERIFY(!cancelled);
        QVERIFY2(!withCode({found, {}, false}, mc::MOTION_NOT_CHECKED).isEmpty(), qPrintable(describe({found, {}, false})));
        QCOMPARE(BpatFile::fromData(huge).framesHeld(0), quint64(original.header().frameTotal));

        QByteArray many = real; // clip_count 8 -> 20: clips 8..19 read from the bytes after the table
        qToLittleEndian<quint32>(20, many.data() + format::header::ClipCount);
        found = MotionLint(BpatFile::fromData(many), {}).run(nullptr, {}, &cancelled);
        QVERIFY(!cancelled);

        // And a cancel stops it at once.
        const std::atomic<bool> stop{true};
        MotionLint(BpatFile::fromData(huge), {}).run(&stop, {}, &cancelled);
        QVERIFY(cancelled);
    }

    // A non-finite origin: an error, and that clip is not judged further.
    void nonFiniteOrigin()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        QByteArray bytes = readShared(file);
        QVERIFY(motionplants::move(bytes, 6, 3, 9, QVector3D(qQNaN(), 0.0f, 0.0f)));
        const ValidationResult r = lint(bytes);
        const QList<Diagnostic> found = withCode(r, QStringLiteral("NON_FINITE"));
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().location.frame, 3);
        QCOMPARE(found.first().location.bone, 9);
    }

    // A long clip is split into ranges, one per thread: the findings are the same for any
    // number of them, with defects planted across the ranges' edges (a frame out of place on
    // an edge, a chain of them, a jump, a stretch and a foot under the ground spanning an edge).
    void threadCountDoesNotChangeFindings()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        const BpatFile real = BpatFile::fromData(readShared(file));
        const int walk = real.findClip(QStringLiteral("walk"));
        const quint32 frames = 2400, bones = real.header().boneCount;
        BpatClip clip;
        clip.name = QStringLiteral("long_walk");
        clip.frameCount = frames;
        clip.palette.resize(qsizetype(frames) * bones * 16);
        for (quint32 f = 0; f < frames; ++f) {
            for (quint32 b = 0; b < bones; ++b) {
                const QMatrix4x4 m = real.matrix(walk, f % 24, b).transposed(); // column-major data: rows
                std::memcpy(clip.palette.data() + BpatClip::matrixIndex(f, b, bones), m.constData(), 64);
            }
        }
        BpatDocument document(real.header().speciesId, bones);
        QVERIFY(document.addClip(clip));
        QByteArray bytes = BpatWriter(document).toBytes();
        // Edges with 4 ranges: 600, 1200, 1800; with 3: 800, 1600.
        QVERIFY(motionplants::moveAll(bytes, 0, 600, QVector3D(0.3f, 0.0f, 0.0f))); // out of place on an edge
        for (quint32 f : {1196u, 1200u, 1204u})                                     // frames out of place around one
            QVERIFY(motionplants::move(bytes, 0, f, 9, QVector3D(0.0f, 0.2f, 0.0f)));
        for (quint32 f = 800; f < 2400; ++f) // a jump that stays
            QVERIFY(motionplants::move(bytes, 0, f, 13, QVector3D(0.0f, 0.0f, 0.15f)));
        for (quint32 f = 1595; f < 1605; ++f) // stretch across an edge
            QVERIFY(motionplants::move(bytes, 0, f, 16, QVector3D(0.0f, -0.15f, 0.0f)));
        QStringList reference;
        for (int threads : {1, 2, 3, 4}) {
            MotionLint lint(BpatFile::fromData(bytes), {});
            lint.setThreads(threads);
            lint.setPositionsPerRange(1000);
            QStringList found;
            for (const Diagnostic &d : lint.run())
                found << QStringLiteral("%1 %2 %3 %4").arg(severityName(d.severity), d.code, d.location.toString(), d.message);
            if (threads == 1) {
                reference = found;
                QVERIFY2(found.filter(QStringLiteral("clip=long_walk,frame=600,bone=1]")).size() == 1,
                         qPrintable(found.join(QLatin1Char('\n'))));
                for (const char *frame : {"1196", "1200", "1204"})
                    QVERIFY(
                        found
                            .filter(
                                QStringLiteral(
                                    "MOTION_POP palette[clip=long_walk,frame=%1,bone=9] frame %1 of long_walk is out of place")
                                    .arg(QLatin1String(frame)))
                            .size()
                        == 1);
                QVERIFY(found.filter(QStringLiteral("MOTION_POP palette[clip=long_walk,frame=800,bone=13]")).size() == 1);
                QVERIFY(found.filter(QStringLiteral("BONE_STRETCH palette[clip=long_walk,frame=1595,bone=16]")).size() == 1);
            } else {
                QCOMPARE(found, reference);
            }
        }
    }

    // Controls (the rig's IK targets and poles, bones the body does not weight) are no limbs:
    // nothing is reported on them, and one note names them (issue 38).
    void controlsAreNotJudged()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/horse.bpat");
        BPAT_REQUIRE_SHARED(file);
        const ValidationResult r =
            ProfileValidator(ValidationOptions::make(ValidationProfile::Motion)).validatePath(testpaths::shared(file));
        const MotionRig rig = MotionRig::forFile(*BpatFile::open(testpaths::shared(file)));
        QCOMPARE(rig.controls.size(), 50);
        for (const char *name : {"Body", "PoleTarget.L", "PoleTargetBack.R", "IKFrontLeg.L", "IKBackLeg.R"})
            QVERIFY2(rig.isControl(rig.boneNames.indexOf(QLatin1String(name))), name);
        for (const char *name : {"FF.L", "FFB.R", "FrontLowerLeg.L", "Tail3", "Head"})
            QVERIFY2(!rig.isControl(rig.boneNames.indexOf(QLatin1String(name))), name);
        for (const Diagnostic &d : r.issues) {
            if (d.code == mc::MOTION_NOT_CHECKED)
                continue;
            QVERIFY2(!rig.isControl(d.location.bone), qPrintable(d.message));
            const int parent = rig.parents.value(d.location.bone, -1);
            QVERIFY2(d.code != mc::BONE_STRETCH || !rig.isControl(parent), qPrintable(d.message));
        }
        QVERIFY2(withCode(r, mc::BONE_STRETCH, QStringLiteral("walk")).isEmpty(), qPrintable(describe(r)));
        const QList<Diagnostic> notes = withCode(r, mc::MOTION_NOT_CHECKED);
        QCOMPARE(notes.size(), 1);
        QVERIFY2(notes.first().message.startsWith(QStringLiteral("9 control bones are not judged")),
                 qPrintable(notes.first().message));
        QVERIFY(notes.first().message.contains(QStringLiteral("IKFrontLeg.L")));
    }

    // From the body: a bone no vertex of the species' body is weighted to is a control, also
    // where the rig does not say so.
    void controlsFromTheBody()
    {
        const QString body = QStringLiteral("upstream_assets/bpat_current/horse_full.bprm");
        BPAT_REQUIRE_SHARED(body);
        const SpeciesRig *game = SpeciesRig::game(1, 50);
        const std::optional<Rig> flagged = game ? std::optional<Rig>(game->rig()) : std::nullopt;
        QVERIFY(flagged);
        QList<RigBone> plain = flagged->bones();
        for (RigBone &b : plain)
            b.control.clear();
        const std::optional<BprmFile> bprm = BprmFile::open(testpaths::shared(body));
        QVERIFY(bprm);
        const BoneRoles roles = BoneRoles::of(Rig(QStringLiteral("plain"), plain), 50, &*bprm, QStringLiteral("horse_full.bprm"));
        QCOMPARE(roles.controls(), (QList<int>{0, 38, 39, 40, 41})); // Body and the four pole targets
        QVERIFY(roles.control.at(38).contains(QStringLiteral("no vertex of horse_full.bprm")));
        // The game's horse body weights its pasterns to the IK bones: the rig names them controls.
        const BoneRoles both = BoneRoles::of(flagged, 50, &*bprm, QStringLiteral("horse_full.bprm"));
        QCOMPARE(both.controls().size(), 9);
        QVERIFY(both.control.at(42).contains(QStringLiteral("IK target")));
        // A body that weights a bone the file does not have is not this file's.
        const BoneRoles wrong = BoneRoles::of(flagged, 20, &*bprm, QStringLiteral("horse_full.bprm"));
        QVERIFY(wrong.bodyPath.isEmpty());
        QVERIFY(!wrong.bodyNote.isEmpty());
    }

    // A bone's length is the distance to the child that continues it: side branches (hips off
    // the pelvis, shoulders off the chest) join at offsets the game's rigs move.
    void lengthsAreOfContinuingChildren()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        const MotionRig rig = MotionRig::forFile(*BpatFile::open(testpaths::shared(file)));
        const QList<int> lengths = rig.lengthBones();
        for (const char *name : {"Spine", "Chest", "Neck", "Head", "ForearmL", "HandR", "KneeL", "FootR"})
            QVERIFY2(lengths.contains(rig.boneNames.indexOf(QLatin1String(name))), name);
        for (const char *name : {"Pelvis", "HipL", "HipR", "ShoulderL", "ShoulderR"})
            QVERIFY2(!lengths.contains(rig.boneNames.indexOf(QLatin1String(name))), name);
    }

    // The game's current files: the warnings that remain, per file and code (docs/validation.md
    // has them with the reason for each kind).
    void currentFilesCounts()
    {
        const QString root = testpaths::shared(QStringLiteral("upstream_assets/bpat_current"));
        if (!QFileInfo::exists(root))
            BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + root);
        const QMap<QString, QString> expected{
            {QStringLiteral("elephant"), QStringLiteral("BONE_STRETCH 13, MOTION_POP 7")},
            {QStringLiteral("horse"), QStringLiteral("BONE_STRETCH 4")},
            {QStringLiteral("humanoid"), QStringLiteral("BONE_STRETCH 60, FOOT_BELOW_GROUND 4, MOTION_POP 2")},
            {QStringLiteral("humanoid_skeleton"), QStringLiteral("BONE_STRETCH 60, FOOT_BELOW_GROUND 4, MOTION_POP 5")},
            {QStringLiteral("sheep"), QStringLiteral("BONE_STRETCH 1, FOOT_BELOW_GROUND 2")},
            {QStringLiteral("wolf"), QStringLiteral("FOOT_BELOW_GROUND 6")},
        };
        for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
            const ValidationResult r = ProfileValidator(ValidationOptions::make(ValidationProfile::Motion))
                                           .validatePath(root + QLatin1Char('/') + it.key() + QStringLiteral(".bpat"));
            QMap<QString, int> counts;
            for (const Diagnostic &d : r.issues) {
                if (d.severity == Severity::Warning)
                    ++counts[d.code];
            }
            QStringList found;
            for (auto c = counts.cbegin(); c != counts.cend(); ++c)
                found << QStringLiteral("%1 %2").arg(c.key()).arg(c.value());
            QCOMPARE(found.join(QStringLiteral(", ")), it.value());
            QCOMPARE(r.counts.errors, 0);
        }
    }

    // Where the game stands a creature: a late-v3 file whose clips stand 1.6 m under its rest
    // pose, contact table and all (a rebake before it stood on the floor), is under the ground;
    // the file's own ground would hide it.
    void underTheRestPose()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/horse.bpat");
        BPAT_REQUIRE_SHARED(file);
        const QByteArray bytes = readShared(file);
        QVERIFY(withCode(lint(bytes), mc::FOOT_BELOW_GROUND).isEmpty());
        std::optional<BpatDocument> doc = BpatDocument::fromFile(BpatFile::fromData(bytes));
        QVERIFY(doc);
        for (int c = 0; c < doc->clipCount(); ++c) {
            BpatClip &clip = doc->clip(c);
            for (qsizetype m = 0; m < clip.palette.size() / 16; ++m)
                clip.palette[m * 16 + 7] -= 1.6f; // row-major globals: y of the origin
            for (qsizetype f = 0; f < clip.contacts.size(); ++f)
                clip.contacts[f] -= 1.6f; // sole_y and foot_y follow
            clip.storedSkin.clear();
        }
        const ValidationResult r = lint(BpatWriter(*doc).toBytes());
        const QList<Diagnostic> below = withCode(r, mc::FOOT_BELOW_GROUND);
        QCOMPARE(below.size(), 4 * doc->clipCount()); // every foot of every clip
        QVERIFY2(below.first().message.contains(QStringLiteral("rest pose (bind palette), where the game stands it")),
                 qPrintable(below.first().message));
    }

    // docs/validation.md lists every motion code with the catalogue's severity and meaning.
    void codesAreDocumented()
    {
        QFile doc(QDir::cleanPath(QStringLiteral(BPAT_TEST_DATA_DIR "/../../docs/validation.md")));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(doc.readAll());
        for (const MotionCodeInfo &c : MotionCodes::all()) {
            const QString row = QStringLiteral("| `%1` | %2 | %3 |").arg(c.code, c.severity, c.description);
            QVERIFY2(text.contains(row), qPrintable(QStringLiteral("docs/validation.md lacks the row: ") + row));
        }
        for (const QString &key : MotionThresholds::keys())
            QVERIFY2(text.contains(QStringLiteral("| `%1` |").arg(key)), qPrintable(key));
    }

    void thresholds()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        const QByteArray bytes = readShared(file);
        const ValidationResult defaults = lint(bytes);
        QVERIFY(!withCode(defaults, mc::BONE_STRETCH).isEmpty());
        MotionThresholds loose;
        QString error;
        QVERIFY(loose.setFromText(QStringLiteral("stretch=10"), &error));
        QVERIFY(loose.set(QStringLiteral("pop_factor"), 1000, &error));
        const ValidationResult r = lint(bytes, loose);
        QVERIFY(withCode(r, mc::BONE_STRETCH).isEmpty());
        QVERIFY(withCode(r, mc::MOTION_POP).isEmpty());
        QVERIFY(!loose.setFromText(QStringLiteral("nope=1"), &error));
        QVERIFY(error.contains(QStringLiteral("pop_factor")));
        QVERIFY(!loose.setFromText(QStringLiteral("stretch=-1"), &error));
        QVERIFY(!loose.setFromText(QStringLiteral("stretch"), &error));
        const auto json = MotionThresholds::fromJson(R"({"ground": 0.2, "pop_min": 0.1})", &error);
        QVERIFY(json);
        QCOMPARE(json->ground, 0.2);
        QCOMPARE(json->popMinimum, 0.1);
        QVERIFY(!MotionThresholds::fromJson(R"({"ground": "x"})", &error));
        QVERIFY(error.contains(QStringLiteral("ground")));
        QVERIFY(!MotionThresholds::fromJson("[1]", &error));
    }
};

QTEST_GUILESS_MAIN(tst_MotionLint)
#include "tst_MotionLint.moc"

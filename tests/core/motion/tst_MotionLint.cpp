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
#include "motion/ProfileValidator.h"
#include "motion/MotionCodes.h"

#include <QDirIterator>
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
        QCOMPARE(pops.first().location.bone, 0);
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
        QCOMPARE(below.first().location.bone, foot);
        // The ground is the median of the clips' lowest feet, which the planted clip moves a
        // little where a file has few clips (the 16-bone horse: 6).
        static const QRegularExpression depth(QStringLiteral("is (0\\.1[0-9]+) m below"));
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
                QVERIFY2(found.filter(QStringLiteral("clip=long_walk,frame=600,bone=0]")).size() == 1,
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

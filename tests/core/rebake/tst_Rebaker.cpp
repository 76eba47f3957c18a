// Rebaking the real HoloLens 2 recording: stored matrices equal the curve core's converted
// poses, frame counts, validity in both profiles, --into keeping other clips byte for byte,
// cancel leaving the target untouched, manifests, and the humanoid upper body's IK.
#include "rebake/RebakeManifest.h"
#include "bpat/BpatFile.h"
#include "bpat/GameReader.h"
#include "rebake/BuiltinRecipes.h"
#include "anim/CurveEvaluator.h"
#include "anim/InputAnimationReader.h"
#include "rebake/RebakeJob.h"
#include "GeneratedRecording.h"
#include "TestPaths.h"
#include "bpat/Validator.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace bpat;

namespace {

const QString RealRecording = QStringLiteral("mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin");
const QString EmptyRecording = QStringLiteral("mrtk_samples/holographic-recording_InputAnimation-20201011-130542.bin");
const QString Humanoid = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The raw bytes of one clip's palette and socket rows in a file.
QByteArray clipBytes(const BpatFile &file, int clip)
{
    const BpatHeader &h = file.header();
    const BpatClipInfo &c = file.clips().at(clip);
    const QByteArray all = QByteArray::fromRawData(reinterpret_cast<const char *>(file.data()), qsizetype(file.fileSize()));
    QByteArray out = all.mid(qsizetype(h.paletteDataOffset + quint64(c.frameOffset) * h.boneCount * 64),
                             qsizetype(quint64(c.frameCount) * h.boneCount * 64));
    if (h.socketCount > 0) {
        const quint64 socketData = h.paletteDataOffset + quint64(h.frameTotal) * h.boneCount * 64;
        out += all.mid(qsizetype(socketData + quint64(c.frameOffset) * h.socketCount * 48),
                       qsizetype(quint64(c.frameCount) * h.socketCount * 48));
    }
    return out;
}

// Valid in `profile`; the game profile judges by the game of the version written (as the
// rebake itself does): a v1 file --into a v1 target is checked against the v1 reader.
bool validIn(const QString &path, ValidationProfile profile)
{
    ValidationOptions o;
    o.profile = profile;
    o.deep = true;
    if (const std::optional<BpatFile> file = BpatFile::open(path))
        o.gameEra = gameEra::ofDialect(file->dialect());
    const ValidationResult r = Validator(o).validatePath(path);
    for (const Diagnostic &d : r.issues) {
        if (d.severity == Severity::Error)
            qWarning("%s: %s", qPrintable(d.code), qPrintable(d.message));
    }
    return r.valid();
}

RebakeRequest handsRequest(const QString &recording, const QString &out, const QString &name, std::optional<double> from = {},
                           std::optional<double> to = {}, double fps = 60.0)
{
    RebakeClipRequest clip{recording, name, RebakeRange{from, to, fps}, false};
    return RebakeRequest{out, BuiltinRecipes::hands(), {clip}, QString()};
}

} // namespace

class tst_Rebaker : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_generated;
    QString m_real; // empty when ../shared's recording is missing or damaged
    QString m_realProblem;

    // Every test that rebakes runs on the generated recording and on the real one.
    void recordings()
    {
        QTest::addColumn<QString>("recording");
        QTest::newRow("generated") << m_generated;
        QTest::newRow("real") << m_real;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_generated = m_dir.filePath(QStringLiteral("generated.bin"));
        QVERIFY(testrecording::write(m_generated));
        InputAnimationReader reader;
        if (reader.readFile(testpaths::shared(RealRecording)))
            m_real = testpaths::shared(RealRecording);
        else
            m_realProblem = testpaths::shared(RealRecording) + QStringLiteral(": ") + reader.errorString();
    }

    void frameCountSemantics()
    {
        QCOMPARE(*Rebaker::frameCount(0.0, 1.0, 60.0), 61u);
        QCOMPARE(*Rebaker::frameCount(0.0, 0.999, 60.0), 60u);
        QCOMPARE(*Rebaker::frameCount(2.0, 2.0, 24.0), 1u);
        QCOMPARE(*Rebaker::frameCount(-5.25, 14.5, 30.0), 593u); // floor(19.75 * 30) + 1
        QString error;
        QVERIFY(!Rebaker::frameCount(1.0, 0.5, 60.0, &error));
        QVERIFY(error.contains(u"to >= from"));
        QVERIFY(!Rebaker::frameCount(0.0, 1.0, 0.0, &error));
        QVERIFY(!Rebaker::frameCount(0.0, 1e9, 60.0, &error));
    }

    void handsMatchTheCurveCore_data() { recordings(); }
    void handsMatchTheCurveCore()
    {
        QFETCH(QString, recording);
        if (recording.isEmpty())
            BPAT_SKIP_SHARED(QStringLiteral("the real recording is missing or unreadable: ") + m_realProblem);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("hands.bpat"));
        const RebakeOutcome o = RebakeJob(handsRequest(recording, out, QStringLiteral("rec"))).run();
        QVERIFY2(o.ok, qPrintable(o.errors.join(u'\n')));

        InputAnimationReader reader;
        const std::optional<InputAnimation> anim = reader.readFile(recording);
        QVERIFY(anim);
        const double duration = anim->duration();
        QVERIFY(duration > 10.0);
        const quint32 expectedFrames = quint32(std::floor(duration * 60.0)) + 1;

        const std::optional<BpatFile> file = BpatFile::open(out);
        QVERIFY(file);
        QCOMPARE(file->header().boneCount, 53u);
        QCOMPARE(file->header().speciesId, 0u);
        QCOMPARE(file->header().socketCount, 5u);
        QCOMPARE(file->clips().size(), 1);
        QCOMPARE(file->clips().first().name, QStringLiteral("rec"));
        QCOMPARE(file->clips().first().frameCount, expectedFrames);
        QCOMPARE(file->clips().first().fps, 60.0f);
        QVERIFY(validIn(out, ValidationProfile::Spec));
        QVERIFY(validIn(out, ValidationProfile::Game));

        const RebakeRecipe recipe = BuiltinRecipes::hands();
        int compared = 0, collapsed = 0;
        for (quint32 f = 0; f < expectedFrames; f += 7) {
            const double t = 0.0 + double(f) / 60.0;
            const bool tracked[2] = {CurveEvaluator::evaluate(anim->handBool(HandBoolCurve::LeftTracked), t),
                                     CurveEvaluator::evaluate(anim->handBool(HandBoolCurve::RightTracked), t)};
            for (int b = 0; b < 53; ++b) {
                const CurveGroup g = recipe.bones.at(b).curve;
                const PoseCurves &curves = g.camera ? anim->camera() : anim->joint(g.hand, g.joint);
                QMatrix4x4 expected = curves.evaluate(t).toRightHandedYUp().matrix();
                if (!g.camera && !tracked[int(g.hand)]) {
                    const QVector3D w = anim->joint(g.hand, HandJoint::Wrist).evaluate(t).toRightHandedYUp().position;
                    expected = QMatrix4x4(0, 0, 0, w.x(), 0, 0, 0, w.y(), 0, 0, 0, w.z(), 0, 0, 0, 1);
                    ++collapsed;
                }
                const QMatrix4x4 stored = file->matrix(0, f, quint32(b));
                for (int k = 0; k < 16; ++k) {
                    if (std::abs(stored.constData()[k] - expected.constData()[k]) > 1e-6f)
                        QFAIL(qPrintable(QStringLiteral("frame %1 bone %2 float %3: stored %4, curve core %5")
                                             .arg(f)
                                             .arg(b)
                                             .arg(k)
                                             .arg(stored.constData()[k])
                                             .arg(expected.constData()[k])));
                }
                ++compared;
            }
        }
        QVERIFY(compared > 5000);
        qInfo("compared %d matrices, %d of them in untracked (collapsed) hands", compared, collapsed);
    }

    void rangeAndSockets_data() { recordings(); }
    void rangeAndSockets()
    {
        QFETCH(QString, recording);
        if (recording.isEmpty())
            BPAT_SKIP_SHARED(QStringLiteral("the real recording is missing or unreadable: ") + m_realProblem);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("part.bpat"));
        QVERIFY(RebakeJob(handsRequest(recording, out, QStringLiteral("part"), 2.0, 3.5, 24.0)).run().ok);
        const std::optional<BpatFile> file = BpatFile::open(out);
        QCOMPARE(file->clips().first().frameCount, 37u); // floor(1.5 * 24) + 1
        // Frame 10 samples t = 2 + 10/24; socket pinch_l = L_IndexTip's matrix (zero offset).
        const QMatrix4x4 tip = file->matrix(0, 10, quint32(BuiltinRecipes::hands().indexOf(QStringLiteral("L_IndexTip"))));
        const QMatrix4x4 socket = file->socketMatrix(0, 10, 3);
        for (int r = 0; r < 3; ++r)
            QCOMPARE(socket.row(r), tip.row(r));
    }

    void intoKeepsOtherClipsByteForByte_data() { recordings(); }
    void intoKeepsOtherClipsByteForByte()
    {
        QFETCH(QString, recording);
        if (recording.isEmpty())
            BPAT_SKIP_SHARED(QStringLiteral("the real recording is missing or unreadable: ") + m_realProblem);
        QTemporaryDir dir;
        const QString base = dir.filePath(QStringLiteral("base.bpat"));
        QVERIFY(RebakeJob(handsRequest(recording, base, QStringLiteral("a"), 0.0, 2.0)).run().ok);
        QVERIFY(
            RebakeJob(handsRequest(recording, dir.filePath(QStringLiteral("b.bpat")), QStringLiteral("b"), 3.0, 5.0)).run().ok);
        const QString two = dir.filePath(QStringLiteral("two.bpat"));
        RebakeRequest add = handsRequest(recording, two, QStringLiteral("b"), 3.0, 5.0);
        add.intoPath = base;
        QVERIFY(RebakeJob(add).run().ok);
        const BpatFile baseFile = *BpatFile::open(base);
        const BpatFile twoFile = *BpatFile::open(two);
        const BpatFile bFile = *BpatFile::open(dir.filePath(QStringLiteral("b.bpat")));
        QCOMPARE(twoFile.clips().size(), 2);
        QCOMPARE(twoFile.clips().at(1).frameOffset, twoFile.clips().at(0).frameCount);
        QCOMPARE(clipBytes(twoFile, 0), clipBytes(baseFile, 0));
        QCOMPARE(clipBytes(twoFile, 1), clipBytes(bFile, 0));

        // Replace "a" in place with a longer range: "b" stays byte for byte, offsets contiguous.
        RebakeRequest replace = handsRequest(recording, two, QStringLiteral("a"), 5.0, 9.0, 30.0);
        replace.intoPath = two;
        QVERIFY(RebakeJob(replace).run().ok);
        const BpatFile replaced = *BpatFile::open(two);
        QCOMPARE(replaced.clips().size(), 2);
        QCOMPARE(replaced.clips().at(0).name, QStringLiteral("a"));
        QCOMPARE(replaced.clips().at(0).frameCount, 121u);
        QCOMPARE(replaced.clips().at(1).frameOffset, 121u);
        QCOMPARE(clipBytes(replaced, 1), clipBytes(bFile, 0));
        QVERIFY(validIn(two, ValidationProfile::Spec));
    }

    void intoTheGameHumanoidKeepsItsClips_data() { recordings(); }
    void intoTheGameHumanoidKeepsItsClips()
    {
        QFETCH(QString, recording);
        if (recording.isEmpty())
            BPAT_SKIP_SHARED(QStringLiteral("the real recording is missing or unreadable: ") + m_realProblem);
        BPAT_REQUIRE_SHARED(Humanoid);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("humanoid.bpat"));
        RebakeClipRequest clip{recording, QStringLiteral("wave"), RebakeRange{1.0, 4.0, 24.0}, true};
        const RebakeOutcome o =
            RebakeJob(RebakeRequest{out, BuiltinRecipes::humanoidUpperBody(), {clip}, testpaths::shared(Humanoid)}).run();
        QVERIFY2(o.ok, qPrintable(o.errors.join(u'\n')));
        const BpatFile original = *BpatFile::open(testpaths::shared(Humanoid));
        const BpatFile file = *BpatFile::open(out);
        QCOMPARE(file.clips().size(), original.clips().size() + 1);
        QCOMPARE(file.header().speciesId, original.header().speciesId);
        QCOMPARE(file.header().socketCount, original.header().socketCount);
        for (int c = 0; c < original.clips().size(); ++c) {
            QCOMPARE(file.clips().at(c).name, original.clips().at(c).name);
            QCOMPARE(clipBytes(file, c), clipBytes(original, c));
        }
        QCOMPARE(file.clips().last().frameCount, 73u);
        QVERIFY(file.clips().last().loops());
        // --into keeps the target's version (v1), and says the current game refuses it.
        QCOMPARE(file.dialect(), format::Dialect::V1);
        QVERIFY2(o.warnings.join(u' ').contains(QStringLiteral("current game")), qPrintable(o.warnings.join(u'\n')));
        QVERIFY(validIn(out, ValidationProfile::Spec));
        QVERIFY(validIn(out, ValidationProfile::Game));
    }

    void intoLateV3KeepsItsVersion_data() { recordings(); }
    void intoLateV3KeepsItsVersion()
    {
        // The game reads late v3 today: rebaking into one of its files writes late v3, the other
        // clips byte for byte, the new clip with contact records from the rig's feet.
        QFETCH(QString, recording);
        if (recording.isEmpty())
            QSKIP(qPrintable(QStringLiteral("the real recording is missing or unreadable: ") + m_realProblem));
        const QString late = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        BPAT_REQUIRE_SHARED(late);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("humanoid.bpat"));
        RebakeClipRequest clip{recording, QStringLiteral("wave"), RebakeRange{1.0, 2.0, 24.0}, true};
        const RebakeOutcome o =
            RebakeJob(RebakeRequest{out, BuiltinRecipes::humanoidUpperBody(), {clip}, testpaths::shared(late)}).run();
        QVERIFY2(o.ok, qPrintable(o.errors.join(u'\n')));
        QVERIFY2(o.warnings.isEmpty(), qPrintable(o.warnings.join(u'\n')));
        const BpatFile original = *BpatFile::open(testpaths::shared(late));
        const BpatFile file = *BpatFile::open(out);
        QCOMPARE(file.dialect(), format::Dialect::V3Late);
        for (int c = 0; c < original.clips().size(); ++c)
            QCOMPARE(clipBytes(file, c), clipBytes(original, c));
        QVERIFY(file.contactTableInBounds());
        QVERIFY(GameReader(format::Dialect::V3Late).read(file).loads);
        QVERIFY(validIn(out, ValidationProfile::Spec));
        QVERIFY(validIn(out, ValidationProfile::Game));

        // A new file in late v3 (--format-version 3): the hands rig names no feet.
        const QString hands = dir.filePath(QStringLiteral("hands.bpat"));
        RebakeRequest request = handsRequest(recording, hands, QStringLiteral("take"), 0.0, 1.0, 24.0);
        request.formatVersion = format::Dialect::V3Late;
        const RebakeOutcome h = RebakeJob(request).run();
        QVERIFY2(h.ok, qPrintable(h.errors.join(u'\n')));
        QVERIFY(h.warnings.join(u' ').contains(QStringLiteral("no contact table")));
        const BpatFile handsFile = *BpatFile::open(hands);
        QCOMPARE(handsFile.dialect(), format::Dialect::V3Late);
        QVERIFY(GameReader(format::Dialect::V3Late).read(handsFile).loads);
        QVERIFY(validIn(hands, ValidationProfile::Game));
    }

    void boneCountMismatchLeavesTargetUntouched_data() { recordings(); }
    void boneCountMismatchLeavesTargetUntouched()
    {
        QFETCH(QString, recording);
        if (recording.isEmpty())
            BPAT_SKIP_SHARED(QStringLiteral("the real recording is missing or unreadable: ") + m_realProblem);
        BPAT_REQUIRE_SHARED(Humanoid);
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("target.bpat"));
        QVERIFY(QFile::copy(testpaths::shared(Humanoid), target));
        RebakeRequest r = handsRequest(recording, target, QStringLiteral("x"), 0.0, 1.0);
        r.intoPath = target;
        const RebakeOutcome o = RebakeJob(r).run();
        QVERIFY(!o.ok);
        QVERIFY(o.errors.join(u' ').contains(u"bone counts must match"));
        QCOMPARE(readAll(target), readAll(testpaths::shared(Humanoid)));
    }

    void cancelLeavesTargetUntouched_data() { recordings(); }
    void cancelLeavesTargetUntouched()
    {
        QFETCH(QString, recording);
        if (recording.isEmpty())
            BPAT_SKIP_SHARED(QStringLiteral("the real recording is missing or unreadable: ") + m_realProblem);
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("t.bpat"));
        QVERIFY(RebakeJob(handsRequest(recording, target, QStringLiteral("first"), 0.0, 1.0)).run().ok);
        const QByteArray before = readAll(target);
        std::atomic<bool> cancel{false};
        std::atomic<int> calls{0};
        RebakeOptions options;
        options.chunkFrames = 16;
        options.threads = 2;
        options.cancel = &cancel;
        options.progress = [&](qint64, qint64) {
            ++calls;
            cancel = true; // cancel after the first chunk
        };
        const RebakeOutcome o = RebakeJob(handsRequest(recording, target, QStringLiteral("second"))).run(options);
        QVERIFY(!o.ok);
        QVERIFY(o.cancelled);
        QVERIFY(calls >= 1);
        QCOMPARE(readAll(target), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1); // no temporary left behind
    }

    void progressReachesTheTotal_data() { recordings(); }
    void progressReachesTheTotal()
    {
        QFETCH(QString, recording);
        if (recording.isEmpty())
            BPAT_SKIP_SHARED(QStringLiteral("the real recording is missing or unreadable: ") + m_realProblem);
        QTemporaryDir dir;
        std::atomic<qint64> last{0}, total{0};
        RebakeOptions options;
        options.progress = [&](qint64 done, qint64 all) {
            qint64 prev = last.load();
            while (done > prev && !last.compare_exchange_weak(prev, done)) { }
            total = all;
        };
        const RebakeOutcome o =
            RebakeJob(handsRequest(recording, dir.filePath(QStringLiteral("p.bpat")), QStringLiteral("p"), 0.0, 3.0))
                .run(options);
        QVERIFY(o.ok);
        QCOMPARE(total.load(), 181);
        QCOMPARE(last.load(), 181);
    }

    void threadsGiveIdenticalBytes_data() { recordings(); }
    void threadsGiveIdenticalBytes()
    {
        QFETCH(QString, recording);
        if (recording.isEmpty())
            BPAT_SKIP_SHARED(QStringLiteral("the real recording is missing or unreadable: ") + m_realProblem);
        QTemporaryDir dir;
        RebakeOptions one;
        one.threads = 1;
        RebakeOptions many;
        many.threads = 4;
        many.chunkFrames = 5;
        QVERIFY(RebakeJob(handsRequest(recording, dir.filePath(QStringLiteral("1.bpat")), QStringLiteral("c"), 0.0, 4.0))
                    .run(one)
                    .ok);
        QVERIFY(RebakeJob(handsRequest(recording, dir.filePath(QStringLiteral("n.bpat")), QStringLiteral("c"), 0.0, 4.0))
                    .run(many)
                    .ok);
        QCOMPARE(readAll(dir.filePath(QStringLiteral("1.bpat"))), readAll(dir.filePath(QStringLiteral("n.bpat"))));
    }

    void manifestBakesSeveralClips_data() { recordings(); }
    void manifestBakesSeveralClips()
    {
        QFETCH(QString, recording);
        if (recording.isEmpty())
            BPAT_SKIP_SHARED(QStringLiteral("the real recording is missing or unreadable: ") + m_realProblem);
        QTemporaryDir dir;
        const QString manifest = dir.filePath(QStringLiteral("bake.json"));
        QFile m(manifest);
        QVERIFY(m.open(QIODevice::WriteOnly));
        m.write(QStringLiteral(R"({"output": "out/species.bpat", "recipe": "hands", "clips": [
            {"curves": "%1", "name": "intro", "fps": 30, "loops": false, "from": 0, "to": 2},
            {"curves": "%1", "name": "loop", "fps": 24, "loops": true, "from": 4, "to": 6}]})")
                    .arg(recording)
                    .toUtf8());
        m.close();
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("out")));
        Diagnostics d;
        const std::optional<RebakeRequest> req = RebakeManifest::readFile(manifest, &d);
        QVERIFY(req);
        QCOMPARE(req->outputPath, dir.filePath(QStringLiteral("out/species.bpat")));
        const RebakeOutcome o = RebakeJob(*req).run();
        QVERIFY2(o.ok, qPrintable(o.errors.join(u'\n')));
        const BpatFile file = *BpatFile::open(req->outputPath);
        QCOMPARE(file.clips().size(), 2);
        QCOMPARE(file.clips().at(0).name, QStringLiteral("intro"));
        QCOMPARE(file.clips().at(0).frameCount, 61u);
        QCOMPARE(file.clips().at(0).fps, 30.0f);
        QVERIFY(!file.clips().at(0).loops());
        QCOMPARE(file.clips().at(1).frameCount, 49u);
        QVERIFY(file.clips().at(1).loops());
    }

    void emptyRecordingIsRefused()
    {
        // The real recording with curves but no keys used to "succeed" with a one-frame clip of
        // collapsed matrices (52 DEGENERATE_MATRIX warnings): it is refused, nothing written.
        BPAT_REQUIRE_SHARED(EmptyRecording);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("empty.bpat"));
        const RebakeOutcome o = RebakeJob(handsRequest(testpaths::shared(EmptyRecording), out, QStringLiteral("e"))).run();
        QVERIFY(!o.ok);
        QVERIFY2(o.errors.join(u'\n').contains(u"the recording has no keys in the chosen range; nothing to rebake"),
                 qPrintable(o.errors.join(u'\n')));
        QVERIFY(!QFile::exists(out));
    }

    void manifestErrorsNameThePath()
    {
        Diagnostics d;
        QVERIFY(
            !RebakeManifest::parse(R"({"output": "x.bpat", "clips": [{"curves": "a.bin", "fps": -1}]})", QDir::tempPath(), &d));
        QCOMPARE(d.first().location.toString(), QStringLiteral("clips[0].fps"));
        d.clear();
        QVERIFY(!RebakeManifest::parse(R"({"clips": []})", QDir::tempPath(), &d));
        QCOMPARE(d.first().location.toString(), QStringLiteral("output"));
        d.clear();
        QVERIFY(!RebakeManifest::parse(R"({"output": "x", "recipe": "nope", "clips": [{"curves": "a"}]})", QDir::tempPath(), &d));
        QCOMPARE(d.first().code, QStringLiteral("RECIPE_UNKNOWN"));
        d.clear();
        QVERIFY(!RebakeManifest::parse("{", QDir::tempPath(), &d));
        QCOMPARE(d.first().code, QStringLiteral("MANIFEST_BAD_JSON"));
    }

    void humanoidUpperBodyOnTheRecording_data() { recordings(); }
    void humanoidUpperBodyOnTheRecording()
    {
        QFETCH(QString, recording);
        if (recording.isEmpty())
            BPAT_SKIP_SHARED(QStringLiteral("the real recording is missing or unreadable: ") + m_realProblem);
        InputAnimationReader reader;
        const InputAnimation anim = *reader.readFile(recording);
        const RebakeRecipe recipe = BuiltinRecipes::humanoidUpperBody();
        const RecipePoser poser(recipe);
        const float upper = recipe.bones.at(8).rest.translation.length();
        const float lower = recipe.bones.at(9).rest.translation.length();
        int reached = 0, samples = 0;
        for (double t = 0.0; t < anim.duration(); t += 0.05) {
            QMatrix4x4 g[20];
            Rebaker::poseAt(anim, poser, t, g);
            for (const auto &[up, mid, end, hand, tracked] : {std::tuple{7, 8, 9, Hand::Left, HandBoolCurve::LeftTracked},
                                                              std::tuple{11, 12, 13, Hand::Right, HandBoolCurve::RightTracked}}) {
                const QVector3D s = g[up].column(3).toVector3D(), e = g[mid].column(3).toVector3D(),
                                w = g[end].column(3).toVector3D();
                QVERIFY(std::abs((e - s).length() - upper) < 1e-4f);
                QVERIFY(std::abs((w - e).length() - lower) < 1e-4f);
                if (!CurveEvaluator::evaluate(anim.handBool(tracked), t))
                    continue;
                ++samples;
                const QVector3D target =
                    anim.joint(hand, HandJoint::Wrist).evaluate(t).position; // unconverted: the recipe's frame
                const float d = (target - s).length();
                if (d < upper + lower - 1e-3f && d > std::abs(upper - lower) + 1e-3f) {
                    ++reached;
                    QVERIFY2((w - target).length() < 1e-4f, qPrintable(QString::number((w - target).length())));
                }
            }
        }
        qInfo("humanoid-upper-body: %d of %d tracked hand samples within reach, all reached within 1e-4 m", reached, samples);
        QVERIFY(samples > 0);
        QVERIFY(reached > 0);
    }

    // Where the game stands a unit: the rebake moves a recipe with a ground bone so that bone's
    // median height is y = 0 (the recording's origin is where the headset started, at eye
    // height: the humanoid stood 1.61 m under the floor; tst_MotionLint::underTheRestPose has the
    // lint say so of such a file; issue 38).
    void humanoidStandsOnTheFloor_data() { recordings(); }
    void humanoidStandsOnTheFloor()
    {
        QFETCH(QString, recording);
        if (recording.isEmpty())
            BPAT_SKIP_SHARED(QStringLiteral("the real recording is missing or unreadable: ") + m_realProblem);
        InputAnimationReader reader;
        const InputAnimation anim = *reader.readFile(recording);
        const RecipePoser poser(BuiltinRecipes::humanoidUpperBody());
        RebakeRange range;
        range.fps = 30.0;
        const QVector3D shift = Rebaker::floorShift(anim, poser, range);
        QVERIFY2(shift.y() > 1.0f, qPrintable(QString::number(shift.y()))); // the recording's floor is far below its origin
        QCOMPARE(shift.x(), 0.0f);
        QString error;
        const std::optional<BpatClip> clip = Rebaker::bakeClip(anim, poser, range, QStringLiteral("rec"), false, {}, &error);
        QVERIFY2(clip, qPrintable(error));
        QList<float> roots;
        for (quint32 f = 0; f < clip->frameCount; ++f)
            roots << clip->palette.at(qsizetype(f) * 20 * 16 + 7); // Root (bone 0): row 1, column 3
        std::sort(roots.begin(), roots.end());
        QVERIFY2(std::abs(roots.at(roots.size() / 2)) < 0.01f, qPrintable(QString::number(roots.at(roots.size() / 2))));
        // The recipe without a ground bone keeps the recording's frame.
        QCOMPARE(Rebaker::floorShift(anim, RecipePoser(BuiltinRecipes::hands()), range), QVector3D());
    }
};

QTEST_GUILESS_MAIN(tst_Rebaker)
#include "tst_Rebaker.moc"

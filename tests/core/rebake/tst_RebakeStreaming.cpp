// Streaming rebakes and BpatStreamWriter: the streamed file is byte for byte the file the
// in-memory path (bake the whole palette, convert, BpatWriter, validate, write) makes, for every
// built-in recipe, frame rate, thread count and BPAT version (v1, v2, early and late v3, also
// into game files of each version); frames checked as they pass give exactly the Validator's
// deep findings; a failed or cancelled stream leaves the target.
#include "bpat/BpatFile.h"
#include "bpat/BpatStreamWriter.h"
#include "bpat/BpatWriter.h"
#include "bpat/Validator.h"
#include "bpat/VersionConverter.h"
#include "rebake/BuiltinRecipes.h"
#include "rebake/RebakeJob.h"
#include "GeneratedRecording.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QTest>
#include <cmath>
#include <limits>

using namespace bpat;

namespace {

const QString RealRecording = QStringLiteral("mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin");
const QString Humanoid = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray sha256(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

RebakeRequest request(const QString &recording, const QString &out, const QString &recipe, double fps,
                      std::optional<double> from = {}, std::optional<double> to = {})
{
    RebakeClipRequest clip{recording, QStringLiteral("rec"), RebakeRange{from, to, fps}, false};
    return RebakeRequest{out, *BuiltinRecipes::byName(recipe), {clip}, QString()};
}

// Rebakes `req` with 1, 2 and 3 threads: every output has the SHA-256 `hash` (and, with
// `checkSize`, the size the outcome reports).
void expectSameBytesForEveryThreadCount(RebakeRequest req, const QString &dir, const QByteArray &hash, bool checkSize)
{
    for (int threads : {1, 2, 3}) {
        RebakeOptions options;
        options.threads = threads;
        req.outputPath = QDir(dir).filePath(QStringLiteral("%1.bpat").arg(threads));
        const RebakeOutcome o = RebakeJob(req).run(options);
        QVERIFY2(o.ok, qPrintable(o.errors.join(u'\n')));
        QCOMPARE(sha256(readAll(req.outputPath)), hash);
        if (checkSize)
            QCOMPARE(o.bytesWritten, QFileInfo(req.outputPath).size());
    }
}

QStringList describe(const Diagnostics &diagnostics)
{
    QStringList out;
    for (const Diagnostic &d : diagnostics)
        out << QStringLiteral("%1 %2 @%3 %4: %5")
                   .arg(d.code)
                   .arg(int(d.severity))
                   .arg(d.offset ? qint64(*d.offset) : -1)
                   .arg(d.location.toString(), d.message);
    return out;
}

// A streaming writer's deep findings with the file's structural ones, added as the Validator
// adds them (spec profile, errors first): the Validator's deep result.
Diagnostics withStructural(const BpatFile &file, const Diagnostics &deep)
{
    DiagnosticSink sink(ValidationProfile::Spec, 0);
    for (const Diagnostic &d : Validator().validate(file).issues)
        sink.add(d);
    for (const Diagnostic &d : deep)
        sink.add(d);
    return sink.take().issues;
}

// Streams `doc` through BpatStreamWriter (stored clips as they are; clips listed in `streamed`
// emptied in the plan and fed in runs of `run` frames) into a buffer. With `target`, the plan
// is converted to that version first (VersionConverter, leaving the rest to the writer).
QByteArray streamed(const BpatDocument &doc, const QList<int> &streamedClips, quint32 run, Diagnostics *deep,
                    std::optional<format::Dialect> target = std::nullopt)
{
    BpatDocument plan = doc;
    for (int c : streamedClips) {
        plan.clip(c).palette.clear();
        plan.clip(c).socketRows.clear();
        plan.clip(c).contacts.clear();
        plan.clip(c).storedSkin.clear();
    }
    StreamedFill fill;
    if (target) {
        const ConvertResult converted = VersionConverter::convert(plan, ConvertOptions{*target, {}, {}});
        if (!converted.ok)
            return {};
        fill = converted.streamed;
    }
    BpatStreamWriter writer(plan, fill);
    ValidationOptions options;
    options.deep = true;
    writer.setDeepChecks(options);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!writer.begin(&buffer))
        return {};
    while (writer.currentClip() >= 0) {
        const BpatClip &c = doc.clip(writer.currentClip());
        for (quint32 f = 0; f < c.frameCount; f += run) {
            if (!writer.appendFrames(c.palette.constData() + qsizetype(f) * doc.boneCount() * 16,
                                     std::min(run, c.frameCount - f)))
                return {};
        }
    }
    if (!writer.finish())
        return {};
    *deep = writer.deepFindings();
    return bytes;
}

} // namespace

class tst_RebakeStreaming : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_generated;

private Q_SLOTS:
    void initTestCase()
    {
        m_generated = m_dir.filePath(QStringLiteral("generated.bin"));
        QVERIFY(testrecording::write(m_generated));
    }

    // SHA-256 of the files `bpat rebake` wrote before frames were streamed (main at 727384d,
    // clang 14 -O2, x86-64), from the real recording: v1, the default then (`--format-version 1`
    // since late v3 became the default for a new file). The humanoid's since its clip stands on
    // the floor (issue 38: Rebaker::floorShift moves it up 1.6 m), the same for every thread count.
    void sameBytesAsBeforeStreaming_data()
    {
        QTest::addColumn<QString>("recipe");
        QTest::addColumn<double>("fps");
        QTest::addColumn<QByteArray>("hash");
        const QByteArray hands60 = "026b88cb21bb2527dbaee0db29aced7e2475a57ac844a0c3463c3c19db916a6d";
        const QByteArray hands250 = "b703c42871bf4cde1c14c2823aeaa559b2c2c956be26fda18be13192886daf19";
        const QByteArray humanoid60 = "29c5a423aeec8369b094c6896a6e994af0c0135b650704087abb2c2f4a54e8db";
        const QByteArray humanoid250 = "61bfa49413f54e865401299a8167c8650d5fd242114b2e184068fd880aaa923c";
        QTest::newRow("hands 60 fps") << QStringLiteral("hands") << 60.0 << hands60;
        QTest::newRow("hands 250 fps") << QStringLiteral("hands") << 250.0 << hands250;
        QTest::newRow("humanoid 60 fps") << QStringLiteral("humanoid-upper-body") << 60.0 << humanoid60;
        QTest::newRow("humanoid 250 fps") << QStringLiteral("humanoid-upper-body") << 250.0 << humanoid250;
    }
    void sameBytesAsBeforeStreaming()
    {
        QFETCH(QString, recipe);
        QFETCH(double, fps);
        QFETCH(QByteArray, hash);
        BPAT_REQUIRE_SHARED(RealRecording);
#if !defined(Q_PROCESSOR_X86_64)
        QSKIP("the reference hashes were taken on x86-64");
#endif
        QTemporaryDir dir;
        RebakeRequest req = request(testpaths::shared(RealRecording), QString(), recipe, fps);
        req.formatVersion = format::Dialect::V1;
        expectSameBytesForEveryThreadCount(req, dir.path(), hash, true);
    }

    // A recording has no version: a new file is late v3, the bytes `--format-version 3` writes.
    void newFileIsLateV3()
    {
        BPAT_REQUIRE_SHARED(RealRecording);
        QTemporaryDir dir;
        for (const QString &recipe : BuiltinRecipes::names()) {
            RebakeRequest req =
                request(testpaths::shared(RealRecording), dir.filePath(QStringLiteral("default.bpat")), recipe, 60.0);
            const RebakeOutcome byDefault = RebakeJob(req).run();
            QVERIFY2(byDefault.ok, qPrintable(byDefault.errors.join(u'\n')));
            const QByteArray defaultBytes = readAll(req.outputPath);
            QCOMPARE(BpatFile::fromData(defaultBytes).dialect(), format::Dialect::V3Late);
            req.outputPath = dir.filePath(QStringLiteral("explicit.bpat"));
            req.formatVersion = format::Dialect::V3Late;
            QVERIFY(RebakeJob(req).run().ok);
            QCOMPARE(sha256(readAll(req.outputPath)), sha256(defaultBytes));
            // Valid for the current game; its bind palette is the recipe's rest pose.
            const BpatFile file = BpatFile::fromData(defaultBytes);
            QVERIFY(Validator(ValidationOptions::make(ValidationProfile::Game, true)).validate(file).valid());
            const QList<QMatrix4x4> rest = BuiltinRecipes::byName(recipe)->restGlobals();
            const std::optional<BpatDocument> plan = BpatDocument::planFromFile(file);
            QVERIFY(plan);
            for (quint32 b = 0; b < file.header().boneCount; ++b) {
                const QMatrix4x4 bind = plan->bindMatrix(b);
                for (int k = 0; k < 16; ++k)
                    QVERIFY(std::abs(bind.constData()[k] - rest.at(b).constData()[k]) < 1e-5f);
            }
        }
    }

    // SHA-256 of the v2 and v3 files `bpat rebake --format-version` wrote while they were still
    // built whole in memory (main at 471fa48, clang 14 -O2, x86-64), from the real recording. The
    // late-v3 files and the humanoid's early-v3 contacts since changed on purpose: a new file's
    // bind pose is the recipe's rest pose (hands: identity), where it was the recording's frame 0.
    void versionsSameBytesAsBeforeStreaming_data()
    {
        QTest::addColumn<QString>("recipe");
        QTest::addColumn<int>("dialect");
        QTest::addColumn<QByteArray>("hash");
        using format::Dialect;
        QTest::newRow("hands v2") << QStringLiteral("hands") << int(Dialect::V2)
                                  << QByteArray("40535da57c51eb9f97f0b544d02f138e1083fcc91a92ab5a735f25035c3b62f8");
        QTest::newRow("hands v3-early") << QStringLiteral("hands") << int(Dialect::V3Early)
                                        << QByteArray("08e1cb64abfffaa4cf4fd59802f7e6060d3274ec05b9adfb7467e09157926474");
        QTest::newRow("hands v3-late") << QStringLiteral("hands") << int(Dialect::V3Late)
                                       << QByteArray("5b624614453fb59c06439cfafd268682cda74073c2a5b5a363a81fd3595e82a0");
        QTest::newRow("humanoid v2") << QStringLiteral("humanoid-upper-body") << int(Dialect::V2)
                                     << QByteArray("442cb58e92ae504e08ddd87d48e6a54d02bff7de3caf0ba6783c5fca2c4f8f24");
        QTest::newRow("humanoid v3-early") << QStringLiteral("humanoid-upper-body") << int(Dialect::V3Early)
                                           << QByteArray("f96d09260fc606a75afaaada332ac78c6b1f5c980bc5b49721a8c8d9e5c0e731");
        QTest::newRow("humanoid v3-late") << QStringLiteral("humanoid-upper-body") << int(Dialect::V3Late)
                                          << QByteArray("30bc69efec5f7ec8c5a5619cba35ff4ab1e607f04e702fe4463ddc8f2d442c6d");
    }
    void versionsSameBytesAsBeforeStreaming()
    {
        QFETCH(QString, recipe);
        QFETCH(int, dialect);
        QFETCH(QByteArray, hash);
        BPAT_REQUIRE_SHARED(RealRecording);
#if !defined(Q_PROCESSOR_X86_64)
        QSKIP("the reference hashes were taken on x86-64");
#endif
        QTemporaryDir dir;
        RebakeRequest req = request(testpaths::shared(RealRecording), QString(), recipe, 60.0);
        req.formatVersion = format::Dialect(dialect);
        expectSameBytesForEveryThreadCount(req, dir.path(), hash, false);
    }

    void intoSameBytesAsBeforeStreaming()
    {
        BPAT_REQUIRE_SHARED(RealRecording);
        BPAT_REQUIRE_SHARED(Humanoid);
#if !defined(Q_PROCESSOR_X86_64)
        QSKIP("the reference hash was taken on x86-64");
#endif
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("into.bpat"));
        RebakeClipRequest clip{testpaths::shared(RealRecording), QStringLiteral("idle"), RebakeRange{2.0, 6.0, 30.0}, false};
        const RebakeOutcome o =
            RebakeJob(RebakeRequest{out, BuiltinRecipes::humanoidUpperBody(), {clip}, testpaths::shared(Humanoid)}).run();
        QVERIFY2(o.ok, qPrintable(o.errors.join(u'\n')));
        // Since the humanoid stands on the floor (issue 38: Rebaker::floorShift).
        QCOMPARE(sha256(readAll(out)), QByteArray("fe055e11f60a410a0ac04e15fb7f39dccdeeecaecc663798ea929a0cb644b2e3"));
    }

    // The streamed file against the in-memory build of the same request, and their findings.
    void streamEqualsBuild_data()
    {
        QTest::addColumn<QString>("recipe");
        QTest::addColumn<double>("fps");
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("chunk");
        for (const QString &recipe : BuiltinRecipes::names()) {
            for (int threads : {1, 2, 3}) {
                QTest::addRow("%s 60 fps %d threads", qPrintable(recipe), threads) << recipe << 60.0 << threads << 64;
                QTest::addRow("%s 500 fps %d threads chunk 7", qPrintable(recipe), threads) << recipe << 500.0 << threads << 7;
            }
        }
    }
    void streamEqualsBuild()
    {
        QFETCH(QString, recipe);
        QFETCH(double, fps);
        QFETCH(int, threads);
        QFETCH(int, chunk);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("s.bpat"));
        RebakeOptions options;
        options.threads = threads;
        options.chunkFrames = chunk;
        const RebakeRequest req = request(m_generated, out, recipe, fps);
        const RebakeOutcome built = RebakeJob(req).build(options);
        QVERIFY2(built.ok, qPrintable(built.errors.join(u'\n')));
        const RebakeOutcome streamed = RebakeJob(req).run(options);
        QVERIFY2(streamed.ok, qPrintable(streamed.errors.join(u'\n')));
        QCOMPARE(readAll(out), built.bytes);
        QCOMPARE(describe(streamed.validation), describe(built.validation));
        QCOMPARE(streamed.frameCounts, built.frameCounts);
        QCOMPARE(streamed.document->clipCount(), 1);
        QCOMPARE(streamed.document->clip(0).frameCount, built.document->clip(0).frameCount);
    }

    // Stored and streamed clips mixed, sockets, runs of odd sizes: BpatWriter's bytes.
    void writerMatchesBpatWriter_data()
    {
        QTest::addColumn<bool>("sockets");
        QTest::addColumn<QList<int>>("streamedClips");
        QTest::addColumn<int>("run");
        for (bool sockets : {false, true}) {
            QTest::addRow("stored only, sockets %d", sockets) << sockets << QList<int>{} << 1;
            QTest::addRow("first streamed, sockets %d", sockets) << sockets << QList<int>{0} << 3;
            QTest::addRow("last streamed, sockets %d", sockets) << sockets << QList<int>{1} << 1;
            QTest::addRow("both streamed, sockets %d", sockets) << sockets << QList<int>{0, 1} << 4;
        }
    }
    void writerMatchesBpatWriter()
    {
        QFETCH(bool, sockets);
        QFETCH(QList<int>, streamedClips);
        QFETCH(int, run);
        const BpatDocument doc = testdocs::smallDocument(sockets);
        Diagnostics deep;
        QCOMPARE(streamed(doc, streamedClips, quint32(run), &deep), BpatWriter(doc).toBytes());
        QVERIFY(deep.isEmpty());
    }

    // Matrices the deep checks object to (NaN, degenerate, not affine, column-major, socket rows
    // that do not match): the findings made on the way equal the Validator's on the file.
    void deepFindingsMatchTheValidator()
    {
        BpatDocument doc = testdocs::smallDocument(true);
        BpatClip &idle = doc.clip(0);
        idle.palette[0 * 16 + 5] = std::numeric_limits<float>::quiet_NaN(); // frame 0 bone 0
        idle.palette[1 * 16 + 15] = 2.0f;                                   // frame 0 bone 1: row 3
        std::fill_n(idle.palette.begin() + (3 * 3 + 1) * 16, 11, 0.0f);     // frame 3 bone 1: degenerate
        float *cm = idle.palette.data() + (2 * 3 + 2) * 16;                 // frame 2 bone 2: transposed
        cm[12] = cm[3];
        cm[13] = cm[7];
        cm[14] = cm[11];
        cm[3] = cm[7] = cm[11] = 0.0f;
        BpatClip &jab = doc.clip(1);
        jab.palette[(1 * 3 + 2) * 16 + 3] += 1.0f;                  // moves socket 'hand' off its rows
        jab.socketRows[0] = std::numeric_limits<float>::infinity(); // frame 0, socket 'hand'
        const QByteArray bytes = BpatWriter(doc).toBytes();
        QVERIFY(!bytes.isEmpty());
        ValidationOptions options;
        options.deep = true;
        const ValidationResult expected = Validator(options).validate(BpatFile::fromData(bytes));
        QVERIFY(expected.counts.errors > 0);

        // Stored clips (socket rows as stored) give every finding; in a streamed clip the
        // socket rows are recomputed from the palette, so the rows' own faults are not made.
        Diagnostics deep;
        QCOMPARE(streamed(doc, {}, 2, &deep), bytes);
        // With the structural findings, as the Validator adds them (errors first), the Validator's list.
        QCOMPARE(describe(withStructural(BpatFile::fromData(bytes), deep)), describe(expected.issues));
        for (const QString &code : {codes::NON_FINITE, codes::NON_AFFINE, codes::DEGENERATE_MATRIX, codes::COLUMN_MAJOR_SUSPECTED,
                                    codes::SOCKET_DATA_MISMATCH}) {
            QVERIFY2(describe(deep).join(u'\n').contains(code), qPrintable(code));
        }
    }

    // v2, early and late v3 (--format-version): the streamed file is the whole-file build's,
    // with the same findings and warnings, for every recipe and thread count.
    void versionsStreamEqualBuild_data()
    {
        QTest::addColumn<QString>("recipe");
        QTest::addColumn<int>("dialect");
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("chunk");
        for (const QString &recipe : BuiltinRecipes::names()) {
            for (format::Dialect d : {format::Dialect::V2, format::Dialect::V3Early, format::Dialect::V3Late}) {
                for (int threads : {1, 2, 3}) {
                    QTest::addRow("%s %s %d threads", qPrintable(recipe), qPrintable(format::dialectName(d)), threads)
                        << recipe << int(d) << threads << (threads == 3 ? 7 : 64);
                }
            }
        }
    }
    void versionsStreamEqualBuild()
    {
        QFETCH(QString, recipe);
        QFETCH(int, dialect);
        QFETCH(int, threads);
        QFETCH(int, chunk);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("s.bpat"));
        RebakeOptions options;
        options.threads = threads;
        options.chunkFrames = chunk;
        RebakeRequest req = request(m_generated, out, recipe, 120.0);
        req.formatVersion = format::Dialect(dialect);
        const RebakeOutcome built = RebakeJob(req).build(options);
        QVERIFY2(built.ok, qPrintable(built.errors.join(u'\n')));
        const RebakeOutcome streamed = RebakeJob(req).run(options);
        QVERIFY2(streamed.ok, qPrintable(streamed.errors.join(u'\n')));
        QCOMPARE(sha256(readAll(out)), sha256(built.bytes));
        QCOMPARE(describe(streamed.validation), describe(built.validation));
        QCOMPARE(streamed.warnings, built.warnings);
        QCOMPARE(BpatFile::fromData(readAll(out)).dialect(), format::Dialect(dialect));
    }

    // Into the game's files of every version, keeping their version or converting them: the
    // stored clips (late v3: their stored skinning floats, bind palette, parents; v3: their
    // contacts) and the streamed ones give the whole-file build's bytes.
    void intoEveryVersionStreamEqualsBuild_data()
    {
        QTest::addColumn<QString>("into");
        QTest::addColumn<int>("target"); // 0: keep the file's version
        QTest::addColumn<QString>("clip");
        const QStringList dirs{QStringLiteral("bpat_v1_latest"), QStringLiteral("bpat_v2"), QStringLiteral("bpat_v3_early"),
                               QStringLiteral("bpat_v3_late")};
        for (const QString &d : dirs) {
            const QString into = QStringLiteral("upstream_assets/%1/humanoid.bpat").arg(d);
            QTest::addRow("%s keep, new clip", qPrintable(d)) << into << 0 << QStringLiteral("wave");
            QTest::addRow("%s keep, replaced clip", qPrintable(d)) << into << 0 << QStringLiteral("idle");
            for (format::Dialect t :
                 {format::Dialect::V1, format::Dialect::V2, format::Dialect::V3Early, format::Dialect::V3Late})
                QTest::addRow("%s to %s", qPrintable(d), qPrintable(format::dialectName(t)))
                    << into << int(t) << QStringLiteral("wave");
        }
    }
    void intoEveryVersionStreamEqualsBuild()
    {
        QFETCH(QString, into);
        QFETCH(int, target);
        QFETCH(QString, clip);
        BPAT_REQUIRE_SHARED(into);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("into.bpat"));
        RebakeClipRequest c{m_generated, clip, RebakeRange{0.0, 2.0, 30.0}, false};
        RebakeRequest req{out, BuiltinRecipes::humanoidUpperBody(), {c}, testpaths::shared(into)};
        if (target != 0)
            req.formatVersion = format::Dialect(target);
        RebakeOptions options;
        options.threads = 2;
        const RebakeOutcome built = RebakeJob(req).build(options);
        const RebakeOutcome streamed = RebakeJob(req).run(options);
        QCOMPARE(streamed.ok, built.ok);
        if (!built.ok) {
            QCOMPARE(streamed.errors, built.errors);
            return;
        }
        QVERIFY2(streamed.ok, qPrintable(streamed.errors.join(u'\n')));
        QCOMPARE(sha256(readAll(out)), sha256(built.bytes));
        QCOMPARE(describe(streamed.validation), describe(built.validation));
        QCOMPARE(streamed.warnings, built.warnings);
    }

    // The writer alone, every version: stored clips of a versioned document (contacts, bind
    // palette, parents) and plans converted with streamed clips (late v3: the bind palette is the
    // first streamed frame) give BpatWriter's bytes of the whole document.
    void writerMatchesBpatWriterInEveryVersion_data()
    {
        QTest::addColumn<int>("dialect");
        QTest::addColumn<QList<int>>("streamedClips");
        QTest::addColumn<bool>("sockets");
        for (format::Dialect d : {format::Dialect::V2, format::Dialect::V3Early, format::Dialect::V3Late}) {
            for (bool sockets : {false, true}) {
                const QByteArray name = format::dialectName(d).toLatin1();
                QTest::addRow("%s stored only, sockets %d", name.constData(), sockets) << int(d) << QList<int>{} << sockets;
                QTest::addRow("%s first streamed, sockets %d", name.constData(), sockets) << int(d) << QList<int>{0} << sockets;
                QTest::addRow("%s last streamed, sockets %d", name.constData(), sockets) << int(d) << QList<int>{1} << sockets;
                QTest::addRow("%s both streamed, sockets %d", name.constData(), sockets) << int(d) << QList<int>{0, 1} << sockets;
            }
        }
    }
    void writerMatchesBpatWriterInEveryVersion()
    {
        QFETCH(int, dialect);
        QFETCH(QList<int>, streamedClips);
        QFETCH(bool, sockets);
        const auto d = format::Dialect(dialect);
        Diagnostics deep;
        if (streamedClips.isEmpty()) {
            const BpatDocument doc = testdocs::smallVersionedDocument(d, sockets);
            QCOMPARE(streamed(doc, {}, 3, &deep), BpatWriter(doc).toBytes());
            QVERIFY(deep.isEmpty());
            return;
        }
        const BpatDocument v1 = testdocs::smallDocument(sockets);
        BpatDocument whole = v1;
        QVERIFY(VersionConverter::convert(whole, ConvertOptions{d, {}, {}}).ok);
        const QByteArray expected = BpatWriter(whole).toBytes();
        QVERIFY(!expected.isEmpty());
        QCOMPARE(streamed(v1, streamedClips, 1, &deep, d), expected);
        QVERIFY(deep.isEmpty());
    }

    // A late-v3 game file streamed with some clips recomputed (their frames fed as globals) and
    // the others stored: the stored skinning floats, bind palette, parents and contacts computed
    // from the rig's feet, as BpatWriter writes them.
    void lateV3GameFileStreams()
    {
        const QString path = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        BPAT_REQUIRE_SHARED(path);
        const std::optional<BpatFile> file = BpatFile::open(testpaths::shared(path));
        QVERIFY(file);
        std::optional<BpatDocument> doc = BpatDocument::fromFile(*file);
        QVERIFY(doc);
        QVERIFY(doc->clipCount() >= 3);
        // Stored only: the file's own bytes.
        Diagnostics deep;
        QCOMPARE(streamed(*doc, {}, 5, &deep), BpatWriter(*doc).toBytes());
        // Clips 0 and 2 streamed: computed skinning matrices, their contacts from the rig.
        BpatDocument whole = *doc;
        for (int c : {0, 2}) {
            whole.clip(c).storedSkin.clear();
            whole.clip(c).contacts.clear();
            whole.recomputeSocketRows(c); // a streamed clip's rows are computed from its frames
        }
        BpatDocument expectedDoc = whole;
        QVERIFY(VersionConverter::convert(expectedDoc, ConvertOptions{format::Dialect::V3Late, {}, {}}).ok);
        QCOMPARE(sha256(streamed(whole, {0, 2}, 7, &deep, format::Dialect::V3Late)), sha256(BpatWriter(expectedDoc).toBytes()));
    }

    // Late v3 matrices the deep checks object to: the findings made on the way equal the
    // Validator's on the file (skinning, socket rows against skin x bind, contacts).
    void lateV3DeepFindingsMatchTheValidator()
    {
        BpatDocument doc = testdocs::smallVersionedDocument(format::Dialect::V3Late, true);
        BpatClip &idle = doc.clip(0);
        idle.palette[1 * 16 + 5] = std::numeric_limits<float>::quiet_NaN(); // frame 0 bone 1
        std::fill_n(idle.palette.begin() + (3 * 3 + 1) * 16, 11, 0.0f);     // frame 3 bone 1: degenerate
        BpatClip &jab = doc.clip(1);
        jab.socketRows[0] = std::numeric_limits<float>::infinity(); // frame 0, socket 'hand'
        jab.socketRows[13] += 1.0f;                                 // frame 0, socket 'head'
        jab.contacts[1] = std::numeric_limits<float>::quiet_NaN();  // contact of jab frame 0
        const QByteArray bytes = BpatWriter(doc).toBytes();
        QVERIFY(!bytes.isEmpty());
        ValidationOptions options;
        options.deep = true;
        const ValidationResult expected = Validator(options).validate(BpatFile::fromData(bytes));
        Diagnostics deep;
        QCOMPARE(streamed(doc, {}, 2, &deep), bytes);
        QVERIFY(deep.size() >= 4);
        QCOMPARE(describe(withStructural(BpatFile::fromData(bytes), deep)), describe(expected.issues));
    }

    // The same when the writer takes the bind palette from the first frame it is fed (a v1
    // plan converted to late v3 with clip 0 streamed): the deep checks are prepared only then,
    // against that bind. Faults past frame 0 in the streamed clip (NaN, degenerate, not affine)
    // and socket rows off in the stored clip.
    void lateV3BindFromFirstFrameFindingsMatchTheValidator()
    {
        BpatDocument doc = testdocs::smallDocument(true);
        BpatClip &idle = doc.clip(0);
        idle.palette[(1 * 3 + 1) * 16 + 5] = std::numeric_limits<float>::quiet_NaN(); // frame 1 bone 1
        std::fill_n(idle.palette.begin() + (3 * 3 + 1) * 16, 11, 0.0f);               // frame 3 bone 1: degenerate
        idle.palette[(2 * 3 + 0) * 16 + 15] = 2.0f;                                   // frame 2 bone 0: row 3
        BpatClip &jab = doc.clip(1);
        jab.socketRows[0] = std::numeric_limits<float>::infinity(); // frame 0, socket 'hand'
        jab.socketRows[13] += 1.0f;                                 // frame 0, socket 'head'
        BpatDocument plan = doc;
        plan.clip(0).palette.clear();
        plan.clip(0).socketRows.clear();
        const ConvertResult converted = VersionConverter::convert(plan, ConvertOptions{format::Dialect::V3Late, {}, {}});
        QVERIFY(converted.ok);
        QVERIFY(converted.streamed.bindFromFirstFrame);
        Diagnostics deep;
        const QByteArray bytes = streamed(doc, {0}, 2, &deep, format::Dialect::V3Late);
        QVERIFY(!bytes.isEmpty());
        const BpatFile file = BpatFile::fromData(bytes);
        QCOMPARE(file.dialect(), format::Dialect::V3Late);
        QVERIFY(file.bindPaletteInBounds());
        ValidationOptions options;
        options.deep = true;
        const ValidationResult expected = Validator(options).validate(file);
        QCOMPARE(describe(withStructural(file, deep)), describe(expected.issues));
        for (const QString &code : {codes::NON_FINITE, codes::NON_AFFINE, codes::DEGENERATE_MATRIX, codes::SOCKET_DATA_MISMATCH})
            QVERIFY2(describe(deep).join(u'\n').contains(code), qPrintable(code));
    }

    void unwritableTargetIsReported()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("missing/dir/s.bpat"));
        const RebakeOutcome o = RebakeJob(request(m_generated, out, QStringLiteral("hands"), 60.0, 0.0, 1.0)).run();
        QVERIFY(!o.ok);
        QVERIFY(o.errors.join(u' ').contains(u"cannot write"));
        QVERIFY(!QFileInfo::exists(out));
    }

    void cancelMidStreamLeavesTarget()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("t.bpat"));
        QVERIFY(QFile(target).open(QIODevice::WriteOnly));
        std::atomic<bool> cancel{false};
        RebakeOptions options;
        options.chunkFrames = 16;
        options.threads = 2;
        options.cancel = &cancel;
        options.progress = [&](qint64 done, qint64) {
            if (done > 3000)
                cancel = true; // a few runs in: part of the file is written already
        };
        const RebakeOutcome o = RebakeJob(request(m_generated, target, QStringLiteral("hands"), 1000.0)).run(options);
        QVERIFY(!o.ok);
        QVERIFY(o.cancelled);
        QCOMPARE(o.errors, QStringList{QStringLiteral("cancelled: nothing was written")});
        QCOMPARE(QFileInfo(target).size(), 0);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
    }
};

QTEST_GUILESS_MAIN(tst_RebakeStreaming)
#include "tst_RebakeStreaming.moc"

// The baker end to end: every file it writes is a valid BPAT (spec profile, and the game profile
// of the v1-era game it was made for; the current game refuses v1) or BPSM with the
// stated species, bone count and clips; socket rows agree with the palettes; a failing species
// is reported and leaves no file behind; the streamed files are the bytes the in-memory writers
// make of bakeDocument() / bakeSnapshot(), and the bytes `bpat bake` wrote before streaming.
#include "bake/Baker.h"
#include "bpat/BpatFile.h"
#include "bpsm/BpsmFile.h"
#include "bpsm/BpsmValidator.h"
#include "bake/SpeciesCatalog.h"
#include "bpat/BpatWriter.h"
#include "bpat/Validator.h"
#include "bpat/VersionConverter.h"
#include "bpsm/BpsmWriter.h"

#include <QCryptographicHash>
#include <QFile>

#include <QDir>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace bpat;

class tst_Baker : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void writesTheCreatureSet();
    void bpatFilesAreValidInBothProfiles_data();
    void bpatFilesAreValidInBothProfiles();
    void socketRowsFollowThePalette();
    void snapshotsAreValidAndSkinned();
    void failingSpeciesLeavesNoFile();
    void unwritableDirectoryFails();
    void streamedFilesEqualTheInMemoryWriters();
    void sameBytesAsBeforeStreaming();
    void versionsStreamLikeTheInMemoryWriter_data();
    void versionsStreamLikeTheInMemoryWriter();

private:
    QTemporaryDir m_dir;
    QList<BakeOutput> m_outputs;
};

void tst_Baker::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_outputs = Baker(SpeciesCatalog::builtIn()).bake(m_dir.path());
}

void tst_Baker::writesTheCreatureSet()
{
    QStringList names;
    for (const BakeOutput &o : m_outputs) {
        QVERIFY2(o.ok, qPrintable(o.fileName + u": "_qs + o.error));
        QVERIFY(QFileInfo::exists(o.path));
        QCOMPARE(o.bytes, quint64(QFileInfo(o.path).size()));
        names << o.fileName;
    }
    QCOMPARE(names,
             (QStringList{u"humanoid.bpat"_qs, u"humanoid_sword.bpat"_qs, u"horse.bpat"_qs, u"horse_minimal.bpsm"_qs,
                          u"elephant.bpat"_qs, u"elephant_minimal.bpsm"_qs}));
    QVERIFY(Baker::allOk(m_outputs));
    // Nothing else (no temporary files) is left in the directory.
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files).size(), 6);
}

void tst_Baker::bpatFilesAreValidInBothProfiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("species");
    QTest::addColumn<int>("bones");
    QTest::addColumn<int>("sockets");
    QTest::addColumn<QStringList>("clips");
    // The game's clips in its order (bpat-v1.md, "The game's built-in rigs").
    const QStringList human{u"idle"_qs,           u"walk"_qs,           u"run"_qs,
                            u"hold"_qs,           u"attack_sword_a"_qs, u"attack_sword_b"_qs,
                            u"attack_sword_c"_qs, u"attack_spear_a"_qs, u"attack_spear_b"_qs,
                            u"attack_spear_c"_qs, u"attack_bow"_qs,     u"riding_idle"_qs,
                            u"riding_charge"_qs,  u"riding_reining"_qs, u"riding_bow_shot"_qs};
    QTest::newRow("humanoid") << u"humanoid.bpat"_qs << 0 << 20 << 10 << human;
    QTest::newRow("humanoid_sword") << u"humanoid_sword.bpat"_qs << 3 << 20 << 10 << human;
    QTest::newRow("horse") << u"horse.bpat"_qs << 1 << 16 << 0
                           << QStringList{u"idle"_qs, u"walk"_qs, u"trot"_qs, u"canter"_qs, u"gallop"_qs, u"fight"_qs};
    QTest::newRow("elephant") << u"elephant.bpat"_qs << 2 << 16 << 0
                              << QStringList{u"idle"_qs, u"walk"_qs, u"run"_qs, u"fight"_qs};
}

void tst_Baker::bpatFilesAreValidInBothProfiles()
{
    QFETCH(QString, file);
    QFETCH(int, species);
    QFETCH(int, bones);
    QFETCH(int, sockets);
    QFETCH(QStringList, clips);
    const QString path = QDir(m_dir.path()).filePath(file);
    // The built-in set is the v1 era's, written as v1: valid without a warning in the spec
    // profile and for the v1-era game (docs/validation.md, "The built-in baker's files").
    for (ValidationProfile profile : {ValidationProfile::Spec, ValidationProfile::Game}) {
        ValidationOptions options = ValidationOptions::make(profile, true);
        options.gameEra = GameEra::V1;
        const ValidationResult r = Validator(options).validatePath(path);
        QString issues;
        for (const Diagnostic &d : r.issues)
            issues += d.code + u": "_qs + d.message + u"\n"_qs;
        QVERIFY2(r.valid(), qPrintable(issues));
        QCOMPARE(r.counts.warnings, 0);
    }
    // The current game refuses v1, first and with the fix; its horse and elephant have new rigs.
    const ValidationResult current = Validator(ValidationOptions::make(ValidationProfile::Game)).validatePath(path);
    QCOMPARE(current.counts.errors, 1);
    const auto error = std::find_if(current.issues.cbegin(), current.issues.cend(),
                                    [](const Diagnostic &d) { return d.severity == Severity::Error; });
    QCOMPARE(error->code, codes::GAME_VERSION_REFUSED);
    QVERIFY(error->message.contains(u"bpat convert --to-version 3"_qs));
    QCOMPARE(current.counts.warnings, bones == 20 ? 0 : 1);
    const auto bpat = BpatFile::open(path);
    QVERIFY(bpat);
    QCOMPARE(int(bpat->header().speciesId), species);
    QCOMPARE(int(bpat->header().boneCount), bones);
    QCOMPARE(int(bpat->header().socketCount), sockets);
    QStringList names;
    for (const BpatClipInfo &c : bpat->clips()) {
        names << c.name;
        QCOMPARE(c.fps, 24.0f);
    }
    QCOMPARE(names, clips);
    // The game's layout: socket table offset 0 without sockets, palette right after the
    // 16-aligned string table, and no padding at the end.
    if (sockets == 0)
        QCOMPARE(bpat->header().socketTableOffset, quint64(0));
    QCOMPARE(bpat->header().paletteDataOffset % 16, quint64(0));
    // Row-major global transforms: the translation is in floats 3, 7, 11; row 3 is (0 0 0 1).
    const float *m = bpat->matrixData(0, 0);
    QVERIFY(m);
    QCOMPARE(m[12], 0.0f);
    QCOMPARE(m[15], 1.0f);
    QVERIFY(m[7] > 0.5f); // the root is well above the ground
}

void tst_Baker::socketRowsFollowThePalette()
{
    const auto bpat = BpatFile::open(QDir(m_dir.path()).filePath(u"humanoid.bpat"_qs));
    QVERIFY(bpat);
    for (quint32 frame : {0u, 30u, 111u}) {
        for (const BpatSocketInfo &s : bpat->sockets()) {
            QMatrix4x4 expected = bpat->matrixAtGlobalFrame(frame, s.anchorBone);
            expected.translate(s.localOffset);
            const auto row = bpat->socketRow(frame, quint32(s.index));
            QVERIFY(row);
            for (int k = 0; k < 12; ++k)
                QVERIFY(qAbs((*row)[k] - expected(k / 4, k % 4)) < 1e-5f);
        }
    }
}

void tst_Baker::snapshotsAreValidAndSkinned()
{
    for (const QString &name : {u"horse"_qs, u"elephant"_qs}) {
        const QString path = QDir(m_dir.path()).filePath(name + u"_minimal.bpsm"_qs);
        const Diagnostics issues = BpsmValidator().validatePath(path);
        QVERIFY2(issues.isEmpty(),
                 qPrintable(issues.isEmpty() ? QString() : issues.first().code + u" "_qs + issues.first().message));
        const auto bpsm = BpsmFile::open(path);
        const auto bpat = BpatFile::open(QDir(m_dir.path()).filePath(name + u".bpat"_qs));
        QVERIFY(bpsm && bpat);
        QCOMPARE(bpsm->header().speciesId, bpat->header().speciesId);
        QCOMPARE(bpsm->header().frameTotal, bpat->header().frameTotal);
        QCOMPARE(bpsm->clips().size(), bpat->clips().size());
        for (int c = 0; c < bpat->clips().size(); ++c) {
            QCOMPARE(bpsm->clips().at(c).name, bpat->clips().at(c).name);
            QCOMPARE(bpsm->clips().at(c).frameCount, bpat->clips().at(c).frameCount);
        }
        QVERIFY(bpsm->header().vertexCount > 100);
        // Pre-skinned: each vertex equals its blend of palette matrices applied to the rest
        // (frame-independent) local position; check that the mesh moves and stays above ground.
        const quint32 walk = *bpat->globalFrame(bpat->findClip(u"walk"_qs), 0);
        float lowest = 1e9f, moved = 0.0f;
        for (quint32 v = 0; v < bpsm->header().vertexCount; ++v) {
            const CreatureVertex a = *bpsm->vertex(walk, v), b = *bpsm->vertex(walk + 6, v);
            lowest = std::min(lowest, a.position[1]);
            moved = std::max(
                moved,
                QVector3D(a.position[0] - b.position[0], a.position[1] - b.position[1], a.position[2] - b.position[2]).length());
        }
        QVERIFY2(lowest > -0.03f, qPrintable(name + u" lowest vertex "_qs + QString::number(lowest)));
        QVERIFY(moved > 0.05f);
    }
}

void tst_Baker::failingSpeciesLeavesNoFile()
{
    // A manifest whose clip function returns the wrong number of bones fails; the others
    // are still written and the failure is reported.
    SpeciesManifest broken = SpeciesCatalog::builtIn().at(2);
    broken.speciesName = u"broken"_qs;
    broken.bpatFileName = u"broken.bpat"_qs;
    broken.snapshotFileName = u"broken_minimal.bpsm"_qs;
    broken.clipPalette = [](int, float) { return QList<QMatrix4x4>(3); };
    QTemporaryDir dir;
    const QList<BakeOutput> outputs = Baker({SpeciesCatalog::builtIn().at(0), broken}).bake(dir.path());
    QCOMPARE(outputs.size(), 3);
    QVERIFY(outputs.at(0).ok);
    QVERIFY(!outputs.at(1).ok);
    QVERIFY(outputs.at(1).error.contains(u"expected 16"_qs));
    QVERIFY(!outputs.at(2).ok);
    QVERIFY(!Baker::allOk(outputs));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{u"humanoid.bpat"_qs});
}

void tst_Baker::unwritableDirectoryFails()
{
    QTemporaryDir dir;
    const QString blocker = dir.filePath(u"file"_qs);
    QFile f(blocker);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    const QList<BakeOutput> outputs = Baker(SpeciesCatalog::builtIn()).bake(blocker + u"/sub"_qs);
    QCOMPARE(outputs.size(), 6);
    QVERIFY(!Baker::allOk(outputs));
    for (const BakeOutput &o : outputs)
        QVERIFY(!o.ok && !o.error.isEmpty());
}

static QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void tst_Baker::streamedFilesEqualTheInMemoryWriters()
{
    for (const SpeciesManifest &m : SpeciesCatalog::builtIn()) {
        QString error;
        const std::optional<BpatDocument> doc = Baker::bakeDocument(m, &error);
        QVERIFY2(doc, qPrintable(error));
        QCOMPARE(readAll(m_dir.filePath(m.bpatFileName)), BpatWriter(*doc).toBytes());
        if (m.snapshotFileName.isEmpty())
            continue;
        const std::optional<BpsmSnapshot> snapshot = Baker::bakeSnapshot(m, *doc, &error);
        QVERIFY2(snapshot, qPrintable(error));
        QCOMPARE(readAll(m_dir.filePath(m.snapshotFileName)), BpsmWriter(*snapshot).toBytes());
    }
}

// SHA-256 of what `bpat bake` wrote before the files were streamed (main at 727384d, clang 14
// -O2, x86-64).
void tst_Baker::sameBytesAsBeforeStreaming()
{
#if !defined(Q_PROCESSOR_X86_64)
    QSKIP("the reference hashes were taken on x86-64");
#endif
    const QList<QPair<QString, QByteArray>> expected{
        {u"humanoid.bpat"_qs, "2d0dbfc2056a6e017dce7195dad3c388882d67860a3210179ec6f56e62a72c04"},
        {u"humanoid_sword.bpat"_qs, "1e0fd33d8c0dd184c61af5509435c61229c341e65007bed38f1188ad809cdd79"},
        {u"horse.bpat"_qs, "a80a42437d08b7143c9bb734582eb906c5e3e6cadab088726aba888eca2f9dcd"},
        {u"horse_minimal.bpsm"_qs, "6c075de36fc9b95604730de2bf50d426e895f75d891a4ab7ee77401f3e8eff1a"},
        {u"elephant.bpat"_qs, "6afd4cec23b45fca6c1fa81433b5126c82f679c014b113463613052ea2f29972"},
        {u"elephant_minimal.bpsm"_qs, "7a174b0d24d4b4c884146183044184dd9dc9015bb8dd1279a3a0d6490508f936"},
    };
    for (const auto &[name, hash] : expected)
        QCOMPARE(QCryptographicHash::hash(readAll(m_dir.filePath(name)), QCryptographicHash::Sha256).toHex(), hash);
}

// `bpat bake --format-version 2|3`: the streamed BPAT (late v3: skinning matrices against the
// first frame's bind palette; v3: contacts from the rig's feet) is what converting
// bakeDocument()'s document and writing it whole gives, byte for byte.
void tst_Baker::versionsStreamLikeTheInMemoryWriter_data()
{
    QTest::addColumn<int>("dialect");
    for (format::Dialect d : {format::Dialect::V2, format::Dialect::V3Early, format::Dialect::V3Late})
        QTest::newRow(qPrintable(format::dialectName(d))) << int(d);
}

void tst_Baker::versionsStreamLikeTheInMemoryWriter()
{
    QFETCH(int, dialect);
    QTemporaryDir dir;
    Baker baker(SpeciesCatalog::builtIn());
    baker.setFormatVersion(format::Dialect(dialect));
    const QList<BakeOutput> outputs = baker.bake(dir.path());
    QVERIFY(Baker::allOk(outputs));
    for (const SpeciesManifest &m : SpeciesCatalog::builtIn()) {
        QString error;
        std::optional<BpatDocument> doc = Baker::bakeDocument(m, &error);
        QVERIFY2(doc, qPrintable(error));
        const ConvertResult converted = VersionConverter::convert(*doc, ConvertOptions{format::Dialect(dialect), {}, {}});
        QVERIFY2(converted.ok, qPrintable(converted.error));
        const QByteArray written = readAll(dir.filePath(m.bpatFileName));
        QCOMPARE(QCryptographicHash::hash(written, QCryptographicHash::Sha256).toHex(),
                 QCryptographicHash::hash(BpatWriter(*doc).toBytes(), QCryptographicHash::Sha256).toHex());
        QCOMPARE(BpatFile::fromData(written).dialect(), format::Dialect(dialect));
        // Late v3 is what the current game loads: valid in its profile, the 16-bone horse and
        // elephant with the one warning that they are not its rigs.
        if (format::Dialect(dialect) == format::Dialect::V3Late) {
            const ValidationResult r =
                Validator(ValidationOptions::make(ValidationProfile::Game, true)).validate(BpatFile::fromData(written));
            QVERIFY(r.valid());
            QCOMPARE(r.counts.warnings, m.bpatFileName.startsWith(u"humanoid"_qs) ? 0 : 1);
            for (const Diagnostic &d : r.issues)
                QVERIFY2(d.severity != Severity::Warning || d.code == codes::RIG_BONE_COUNT_MISMATCH, qPrintable(d.message));
        }
    }
}

QTEST_GUILESS_MAIN(tst_Baker)
#include "tst_Baker.moc"

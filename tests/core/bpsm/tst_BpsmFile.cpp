// BPSM (minimal snapshot mesh): writer -> reader round trip, and the validator's codes on
// crafted corrupt files (every structural field broken in turn, plus random byte damage),
// none of which may crash or read out of bounds.
#include "bpat/BpatFormat.h"
#include "bpsm/BpsmFile.h"
#include "bpsm/BpsmFormat.h"
#include "bpsm/BpsmValidator.h"
#include "bpsm/BpsmWriter.h"

#include <QDir>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest/QTest>
#include <cmath>
#include <cstring>
#include <limits>

using namespace bpat;

namespace {

// Two triangles over four vertices, two clips (2 + 3 frames), the vertices moving per frame.
BpsmSnapshot sample()
{
    BpsmSnapshot s;
    s.speciesId = 1;
    s.lod = 0;
    s.vertexCount = 4;
    s.clips = {{u"walk"_qs, 2}, {u"gallop"_qs, 3}};
    s.indices = {0, 1, 2, 2, 1, 3};
    for (quint32 f = 0; f < 5; ++f) {
        for (quint32 v = 0; v < 4; ++v) {
            CreatureVertex x;
            x.position[0] = float(v % 2) + 0.1f * float(f);
            x.position[1] = float(v / 2);
            x.position[2] = -0.5f * float(f);
            x.normal[0] = 0, x.normal[1] = 0, x.normal[2] = 1;
            x.uv[0] = float(v % 2), x.uv[1] = float(v / 2);
            x.bones[0] = quint8(v), x.bones[1] = 1;
            x.weights[0] = 0.75f, x.weights[1] = 0.25f, x.weights[2] = 0, x.weights[3] = 0;
            x.colorRole = quint8(v);
            s.vertices.append(x);
        }
    }
    return s;
}

QByteArray sampleBytes()
{
    const BpsmSnapshot s = sample();
    return BpsmWriter(s).toBytes();
}

QStringList codesOf(const QByteArray &bytes)
{
    QStringList codes;
    for (const Diagnostic &d : BpsmValidator().validate(BpsmFile::fromData(bytes)))
        codes << d.code;
    return codes;
}

bool hasErrors(const QByteArray &bytes)
{
    return bpat::hasErrors(BpsmValidator().validate(BpsmFile::fromData(bytes)));
}

void putU32(QByteArray &b, quint64 offset, quint32 v)
{
    format::writeU32(reinterpret_cast<uchar *>(b.data()) + offset, v);
}
void putU64(QByteArray &b, quint64 offset, quint64 v)
{
    format::writeU64(reinterpret_cast<uchar *>(b.data()) + offset, v);
}

bool sameVertex(const CreatureVertex &a, const CreatureVertex &b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

class tst_BpsmFile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void layout();
    void roundTrip();
    void saveIsAtomicAndReadable();
    void writerRefusesBadSnapshots();
    void corruptFiles_data();
    void corruptFiles();
    void warningsOnly_data();
    void warningsOnly();
    void randomDamageNeverCrashes();
    void everyCodeIsDocumented();
};

void tst_BpsmFile::layout()
{
    const QByteArray b = sampleBytes();
    const BpsmFile f = BpsmFile::fromData(b);
    QVERIFY(f.hasMagic());
    QCOMPARE(f.header().clipTableOffset, quint64(72));
    QCOMPARE(f.header().stringTableOffset, quint64(72 + 2 * 32));
    QCOMPARE(f.header().stringTableSize, quint32(12));  // "walk\0gallop\0"
    QCOMPARE(f.header().indexDataOffset, quint64(160)); // 136 + 12 = 148, padded to 16
    QCOMPARE(f.header().vertexDataOffset, quint64(160 + 6 * 4));
    QCOMPARE(f.fileSize(), quint64(184 + 5 * 4 * 56));
    QCOMPARE(f.clips().at(1).frameOffset, quint32(2));
    QVERIFY(BpsmValidator().validate(f).isEmpty());
}

void tst_BpsmFile::roundTrip()
{
    const BpsmSnapshot in = sample();
    const auto out = BpsmFile::fromData(BpsmWriter(in).toBytes()).toSnapshot();
    QVERIFY(out);
    QCOMPARE(out->speciesId, in.speciesId);
    QCOMPARE(out->vertexCount, in.vertexCount);
    QCOMPARE(out->indices, in.indices);
    QCOMPARE(out->clips.size(), in.clips.size());
    for (int c = 0; c < in.clips.size(); ++c) {
        QCOMPARE(out->clips.at(c).name, in.clips.at(c).name);
        QCOMPARE(out->clips.at(c).frameCount, in.clips.at(c).frameCount);
    }
    QCOMPARE(out->vertices.size(), in.vertices.size());
    for (int i = 0; i < in.vertices.size(); ++i)
        QVERIFY(sameVertex(out->vertices.at(i), in.vertices.at(i)));
    // And writing it again gives the same bytes.
    QCOMPARE(BpsmWriter(*out).toBytes(), BpsmWriter(in).toBytes());
}

void tst_BpsmFile::saveIsAtomicAndReadable()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"x.bpsm"_qs);
    const BpsmSnapshot s = sample();
    QVERIFY(BpsmWriter(s).save(path));
    const auto f = BpsmFile::open(path);
    QVERIFY(f);
    QVERIFY(BpsmValidator().validate(*f).isEmpty());
    // A snapshot that cannot be written leaves the existing file untouched.
    BpsmSnapshot bad = s;
    bad.indices.append(99);
    QString error;
    QVERIFY(!BpsmWriter(bad).save(path, &error));
    QVERIFY(!error.isEmpty());
    QFile again(path);
    QVERIFY(again.open(QIODevice::ReadOnly));
    QCOMPARE(again.readAll(), sampleBytes());
    // Missing files and directories are reported, not crashed on.
    QVERIFY(!BpsmFile::open(dir.filePath(u"missing.bpsm"_qs), &error));
    QVERIFY(error.contains(u"no such file"_qs));
    QVERIFY(!BpsmFile::open(dir.path(), &error));
    QCOMPARE(BpsmValidator().validatePath(dir.filePath(u"missing.bpsm"_qs)).first().code, u"BPSM_IO_ERROR"_qs);
}

void tst_BpsmFile::writerRefusesBadSnapshots()
{
    BpsmSnapshot s = sample();
    s.vertices.removeLast();
    QString error;
    QVERIFY(BpsmWriter(s).toBytes(&error).isEmpty());
    QVERIFY(error.contains(u"vertices"_qs));
    s = sample();
    s.clips.append({u"walk"_qs, 1});
    QVERIFY(BpsmWriter(s).toBytes(&error).isEmpty());
    QVERIFY(error.contains(u"duplicate"_qs));
    s = sample();
    s.indices.removeLast();
    QVERIFY(BpsmWriter(s).toBytes(&error).isEmpty());
}

void tst_BpsmFile::corruptFiles_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("code");
    const QByteArray good = sampleBytes();
    namespace h = bpsm::header;
    QByteArray b;

    QTest::newRow("too small") << good.left(71) << u"BPSM_FILE_TOO_SMALL"_qs;
    b = good, b[1] = 'Q';
    QTest::newRow("magic") << b << u"BPSM_BAD_MAGIC"_qs;
    b = good, putU32(b, h::Version, 2);
    QTest::newRow("version") << b << u"BPSM_UNSUPPORTED_VERSION"_qs;
    b = good, putU32(b, h::SpeciesId, 77);
    QTest::newRow("species") << b << u"BPSM_UNKNOWN_SPECIES"_qs;
    b = good, putU32(b, h::ClipCount, 0);
    QTest::newRow("no clips") << b << u"BPSM_NO_CLIPS"_qs;
    b = good, putU32(b, h::ClipCount, 0xffffffffu);
    QTest::newRow("clip count huge") << b << u"BPSM_CLIP_TABLE_OUT_OF_BOUNDS"_qs;
    b = good, putU64(b, h::ClipTableOffset, std::numeric_limits<quint64>::max() - 8);
    QTest::newRow("clip table offset overflow") << b << u"BPSM_CLIP_TABLE_OUT_OF_BOUNDS"_qs;
    b = good, putU32(b, h::StringTableSize, 0x7fffffffu);
    QTest::newRow("string table size") << b << u"BPSM_STRING_TABLE_OUT_OF_BOUNDS"_qs;
    b = good, putU32(b, h::IndexCount, 0xfffffff0u);
    QTest::newRow("index count huge") << b << u"BPSM_INDEX_DATA_OUT_OF_BOUNDS"_qs;
    b = good, putU32(b, h::IndexCount, 5);
    QTest::newRow("index count not triangles") << b << u"BPSM_INDEX_COUNT_NOT_TRIANGLES"_qs;
    b = good, putU32(b, h::IndexCount, 0);
    QTest::newRow("no indices") << b << u"BPSM_EMPTY_MESH"_qs;
    b = good, putU32(b, h::VertexCount, 0xffffffffu);
    QTest::newRow("vertex count huge") << b << u"BPSM_VERTEX_DATA_OUT_OF_BOUNDS"_qs;
    b = good, putU32(b, h::VertexCount, 0xffffffffu), putU32(b, h::FrameTotal, 0xffffffffu);
    QTest::newRow("vertex bytes near 2^64") << b << u"BPSM_VERTEX_DATA_OUT_OF_BOUNDS"_qs;
    b = good, putU64(b, h::VertexDataOffset, std::numeric_limits<quint64>::max() - 100);
    QTest::newRow("vertex offset overflow") << b << u"BPSM_VERTEX_DATA_OUT_OF_BOUNDS"_qs;
    b = good.left(good.size() - 1);
    QTest::newRow("truncated vertices") << b << u"BPSM_VERTEX_DATA_OUT_OF_BOUNDS"_qs;
    b = good, putU64(b, h::StringTableOffset, 100);
    QTest::newRow("string table over clips") << b << u"BPSM_SECTION_OVERLAP"_qs;
    b = good, putU64(b, h::IndexDataOffset, 168), putU64(b, h::VertexDataOffset, 168);
    QTest::newRow("indices inside vertices") << b << u"BPSM_SECTION_OVERLAP"_qs;
    b = good, putU32(b, 72 + 32 + bpsm::clip::FrameOffset, 1);
    QTest::newRow("clip not contiguous") << b << u"BPSM_CLIP_NOT_CONTIGUOUS"_qs;
    b = good, putU32(b, 72 + bpsm::clip::FrameCount, 0);
    QTest::newRow("clip empty") << b << u"BPSM_CLIP_EMPTY"_qs;
    b = good, putU32(b, h::FrameTotal, 4);
    QTest::newRow("frame total") << b << u"BPSM_FRAME_TOTAL_MISMATCH"_qs;
    b = good, putU32(b, 72 + bpsm::clip::NameLength, 400);
    QTest::newRow("name past table") << b << u"BPSM_NAME_OUT_OF_STRING_TABLE"_qs;
    b = good, putU32(b, 72 + bpsm::clip::NameOffset, 0xfffffff0u);
    QTest::newRow("name offset overflow") << b << u"BPSM_NAME_OUT_OF_STRING_TABLE"_qs;
    b = good, b[136 + 4] = 'x';
    QTest::newRow("name not terminated") << b << u"BPSM_NAME_NOT_TERMINATED"_qs;
    b = good, putU32(b, 160 + 8, 4);
    QTest::newRow("index out of range") << b << u"BPSM_INDEX_OUT_OF_RANGE"_qs;
    b = good;
    {
        const float nan = std::numeric_limits<float>::quiet_NaN();
        format::writeF32(reinterpret_cast<uchar *>(b.data()) + 184 + 56 * 7 + 4, nan);
    }
    QTest::newRow("nan position") << b << u"BPSM_NON_FINITE"_qs;
}

void tst_BpsmFile::corruptFiles()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, code);
    const QStringList codes = codesOf(bytes);
    QVERIFY2(codes.contains(code), qPrintable(codes.join(u", "_qs)));
    QVERIFY(hasErrors(bytes));
    const BpsmFile f = BpsmFile::fromData(bytes);
    // The reader stays safe: accessors past the data answer nothing, and a snapshot is only
    // produced for files whose sections are all in place.
    QVERIFY(!f.vertex(f.header().frameTotal, 0));
    QVERIFY(!f.index(f.header().indexCount));
    const auto snapshot = f.toSnapshot();
    if (snapshot)
        QVERIFY(quint64(snapshot->vertices.size()) * 56 <= f.fileSize());
}

void tst_BpsmFile::warningsOnly_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("code");
    const QByteArray good = sampleBytes();
    QByteArray b = good;
    putU32(b, bpsm::header::Reserved, 7);
    QTest::newRow("header reserved") << b << u"BPSM_RESERVED_NONZERO"_qs;
    b = good, putU32(b, 72 + 32 + bpsm::clip::Reserved + 8, 1);
    QTest::newRow("clip reserved") << b << u"BPSM_RESERVED_NONZERO"_qs;
    b = good, b[184 + 53] = 1;
    QTest::newRow("vertex pad") << b << u"BPSM_RESERVED_NONZERO"_qs;
    b = good, b[150] = 9;
    QTest::newRow("string pad") << b << u"BPSM_RESERVED_NONZERO"_qs;
    b = good + QByteArray(3, '\0');
    QTest::newRow("trailing") << b << u"BPSM_TRAILING_BYTES"_qs;
    b = good, putU32(b, bpsm::header::SpeciesId, 8);
    QTest::newRow("species after v1") << b << u"BPSM_SPECIES_NOT_IN_V1"_qs;
    b = good, format::writeF32(reinterpret_cast<uchar *>(b.data()) + 184 + 36, 0.5f);
    QTest::newRow("weights") << b << u"BPSM_BAD_WEIGHTS"_qs;
    b = good, putU32(b, 72 + 32 + bpsm::clip::NameOffset, 0), putU32(b, 72 + 32 + bpsm::clip::NameLength, 4);
    QTest::newRow("duplicate name") << b << u"BPSM_DUPLICATE_CLIP_NAME"_qs;
}

void tst_BpsmFile::warningsOnly()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, code);
    const Diagnostics issues = BpsmValidator().validate(BpsmFile::fromData(bytes));
    QVERIFY(!issues.isEmpty());
    QCOMPARE(issues.first().code, code);
    QCOMPARE(issues.first().severity, Severity::Warning);
    QVERIFY(!bpat::hasErrors(issues));
    QVERIFY(issues.first().offset.has_value());
}

void tst_BpsmFile::randomDamageNeverCrashes()
{
    const QByteArray good = sampleBytes();
    QRandomGenerator rng(1234);
    int flagged = 0;
    for (int i = 0; i < 3000; ++i) {
        QByteArray b = good;
        const int hits = 1 + int(rng.bounded(4));
        for (int k = 0; k < hits; ++k)
            b[int(rng.bounded(i % 2 ? 184 : int(b.size())))] = char(rng.bounded(256));
        if (i % 7 == 0)
            b.truncate(int(rng.bounded(int(b.size()))));
        const BpsmFile f = BpsmFile::fromData(b);
        const Diagnostics issues = BpsmValidator(2).validate(f);
        const auto snapshot = f.toSnapshot();
        if (!issues.isEmpty())
            ++flagged;
        // Whatever the reader accepted must itself be writable again when it has no errors.
        if (snapshot && !bpat::hasErrors(issues))
            QVERIFY(snapshot->problem().isEmpty() || snapshot->problem().contains(u"duplicate"_qs));
    }
    QVERIFY(flagged > 1000);
}

void tst_BpsmFile::everyCodeIsDocumented()
{
    QFile doc(QDir::cleanPath(QStringLiteral(BPAT_TEST_DATA_DIR "/../../docs/validation.md")));
    QVERIFY(doc.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(doc.readAll());
    const qsizetype section = text.indexOf(u"## BPSM codes"_qs);
    QVERIFY(section >= 0);
    for (const BpsmCodeInfo &c : BpsmValidator::codes())
        QVERIFY2(text.indexOf(u"`"_qs + c.code + u"`"_qs, section) > 0, qPrintable(c.code));
}

QTEST_GUILESS_MAIN(tst_BpsmFile)
#include "tst_BpsmFile.moc"

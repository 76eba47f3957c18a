// Memory use is bounded by the real size of the file: a header or table that claims billions of
// frames, clips, sockets, keys or markers gets a diagnostic (or a refusal), never an allocation
// of what it claims, and nothing copies more than the file holds.
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "bpsm/BpsmFile.h"
#include "bpsm/BpsmFormat.h"
#include "bpsm/BpsmValidator.h"
#include "anim/InputAnimationReader.h"
#include "TestDocuments.h"
#include "TestPaths.h"
#include "bpat/Validator.h"
#include "RecordingBytes.h"

#include <QtTest/QTest>
#include <limits>

using namespace bpat;

namespace {

// No sockets, `clips` clip entries that all cover the same 6 frames of a 3-bone palette.
QByteArray aliasedClips(quint32 clips)
{
    const quint64 strings = 64 + 32ull * clips;
    const quint64 palette = format::alignUp(strings + 5, 16);
    QByteArray b(qsizetype(palette + 6 * 3 * 64), '\0');
    std::memcpy(b.data(), "BPAT", 4);
    testdocs::setU32(b, 4, 1);
    testdocs::setU32(b, 12, 3);
    testdocs::setU32(b, 20, clips);
    testdocs::setU32(b, 24, 6);
    testdocs::setU32(b, 28, 5);
    testdocs::setU64(b, 32, 64);
    testdocs::setU64(b, 48, strings);
    testdocs::setU64(b, 56, palette);
    for (quint32 i = 0; i < clips; ++i) {
        const qsizetype e = 64 + 32 * qsizetype(i);
        testdocs::setU32(b, e + 4, 4);
        testdocs::setU32(b, e + 8, 6);
        testdocs::setF32(b, e + 16, 30.0f);
    }
    std::memcpy(b.data() + strings, "idle", 5);
    for (qsizetype m = 0; m < 18; ++m)
        testdocs::setF32(b, qsizetype(palette) + 64 * m, 1.0f); // non-degenerate enough
    return b;
}

} // namespace

class tst_AllocationBounds : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hugeHeaderCountsDecodeNothing_data();
    void hugeHeaderCountsDecodeNothing();
    void overlappingClipsAreNotCopiedOverAndOver();
    void missingSocketDataIsNotRecomputed();
    void animationCountsAreCheckedBeforeAllocating_data();
    void animationCountsAreCheckedBeforeAllocating();
    void hugeBpsmCountsDecodeNothing_data();
    void hugeBpsmCountsDecodeNothing();
};

void tst_AllocationBounds::hugeHeaderCountsDecodeNothing_data()
{
    QTest::addColumn<qsizetype>("field");
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("copies"); // BpatDocument::fromFile still copies (names left empty)
    QTest::newRow("frames") << qsizetype(format::header::FrameTotal) << QStringLiteral("PALETTE_OUT_OF_BOUNDS") << false;
    QTest::newRow("clips") << qsizetype(format::header::ClipCount) << QStringLiteral("CLIP_TABLE_OUT_OF_BOUNDS") << false;
    QTest::newRow("sockets") << qsizetype(format::header::SocketCount) << QStringLiteral("SOCKET_TABLE_OUT_OF_BOUNDS") << false;
    QTest::newRow("strings") << qsizetype(format::header::StringTableSize) << QStringLiteral("STRING_TABLE_OUT_OF_BOUNDS")
                             << true;
}

void tst_AllocationBounds::hugeHeaderCountsDecodeNothing()
{
    QFETCH(qsizetype, field);
    QFETCH(QString, code);
    QFETCH(bool, copies);
    QByteArray bytes = testdocs::smallFileBytes();
    testdocs::setU32(bytes, field, std::numeric_limits<quint32>::max());
    const BpatFile file = BpatFile::fromData(bytes);
    QVERIFY(file.clips().size() <= 2 && file.sockets().size() <= 2);
    const ValidationResult r = Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validate(file);
    bool found = false;
    for (const Diagnostic &d : r.issues)
        found = found || d.code == code;
    QVERIFY2(found, qPrintable(code));
    QString error;
    const auto doc = BpatDocument::fromFile(file, &error);
    QCOMPARE(bool(doc), copies);
    if (doc)
        QCOMPARE(doc->clip(0).palette.size(), qsizetype(4 * 3 * 16));
    else
        QVERIFY(!error.isEmpty());
}

void tst_AllocationBounds::overlappingClipsAreNotCopiedOverAndOver()
{
    // One clip over the palette copies; 2000 clips over the same frames would copy the palette
    // 2000 times (a file of n bytes could ask for O(n^2)): refused with the reason.
    QString error;
    QVERIFY2(BpatDocument::fromFile(BpatFile::fromData(aliasedClips(1)), &error), qPrintable(error));
    const QByteArray many = aliasedClips(2000);
    QVERIFY(!BpatDocument::fromFile(BpatFile::fromData(many), &error));
    QVERIFY2(error.contains(QStringLiteral("more than the file's %1 bytes").arg(many.size())), qPrintable(error));
    // The validator reads them in place and reports the overlap.
    const ValidationResult r = Validator().validate(BpatFile::fromData(many));
    QVERIFY(!r.valid());
}

void tst_AllocationBounds::missingSocketDataIsNotRecomputed()
{
    // Socket rows missing from a file would be recomputed as frames * sockets * 48 bytes; with a
    // large socket table that is quadratic in the file size. Refused instead.
    const QByteArray truncated = testdocs::smallFileBytes().left(1376);
    QString error;
    QVERIFY(!BpatDocument::fromFile(BpatFile::fromData(truncated), &error));
    QVERIFY2(error.contains(QStringLiteral("socket data")), qPrintable(error));
}

void tst_AllocationBounds::animationCountsAreCheckedBeforeAllocating_data()
{
    using animbytes::Builder;
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("code");
    const qint32 huge = std::numeric_limits<qint32>::max();
    QTest::newRow("keys 1.0") << Builder().header(1, 0).i32(8).i32(8).i32(huge).bytes()
                              << QStringLiteral("ANIM_KEY_COUNT_TOO_LARGE");
    QTest::newRow("keys 1.1") << Builder().header(1, 1).u8(1).u8(1).u8(0).i32(8).i32(8).i32(huge).f32(0).bytes()
                              << QStringLiteral("ANIM_KEY_COUNT_TOO_LARGE");
    QTest::newRow("markers") << Builder().header(1, 1).u8(0).u8(0).u8(0).i32(huge).bytes()
                             << QStringLiteral("ANIM_MARKER_COUNT_TOO_LARGE");
    QTest::newRow("marker name")
        << Builder().header(1, 1).u8(0).u8(0).u8(0).i32(1).f32(0).u8(0xff).u8(0xff).u8(0xff).u8(0xff).u8(0x07).bytes()
        << QStringLiteral("ANIM_TRUNCATED"); // 2^31-1 bytes claimed, none left
}

void tst_AllocationBounds::animationCountsAreCheckedBeforeAllocating()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, code);
    InputAnimationReader reader;
    QVERIFY(!reader.read(bytes));
    QVERIFY(!reader.diagnostics().isEmpty());
    QCOMPARE(reader.diagnostics().constLast().code, code);
}

void tst_AllocationBounds::hugeBpsmCountsDecodeNothing_data()
{
    QTest::addColumn<qsizetype>("field");
    QTest::addColumn<QString>("code");
    namespace h = bpsm::header;
    QTest::newRow("clips") << qsizetype(h::ClipCount) << QStringLiteral("BPSM_CLIP_TABLE_OUT_OF_BOUNDS");
    QTest::newRow("strings") << qsizetype(h::StringTableSize) << QStringLiteral("BPSM_STRING_TABLE_OUT_OF_BOUNDS");
    QTest::newRow("indices") << qsizetype(h::IndexCount) << QStringLiteral("BPSM_INDEX_DATA_OUT_OF_BOUNDS");
    QTest::newRow("vertices") << qsizetype(h::VertexCount) << QStringLiteral("BPSM_VERTEX_DATA_OUT_OF_BOUNDS");
    QTest::newRow("frames") << qsizetype(h::FrameTotal) << QStringLiteral("BPSM_VERTEX_DATA_OUT_OF_BOUNDS");
}

void tst_AllocationBounds::hugeBpsmCountsDecodeNothing()
{
    // A BPSM header claiming 2^32-1 clips, indices, vertices or frames: the clip table is
    // decoded only inside the file, indices and vertices are read in place, and toSnapshot()
    // (which copies them) refuses a file whose sections are not all inside it.
    QFETCH(qsizetype, field);
    QFETCH(QString, code);
    QFile f(testpaths::testData(QStringLiteral("malformed/base.bpsm")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray bytes = f.readAll();
    testdocs::setU32(bytes, field, std::numeric_limits<quint32>::max());
    const BpsmFile file = BpsmFile::fromData(bytes);
    QVERIFY(file.clips().size() <= 2);
    bool found = false;
    for (const Diagnostic &d : BpsmValidator().validate(file))
        found = found || d.code == code;
    QVERIFY2(found, qPrintable(code));
    QString error;
    QVERIFY(!file.toSnapshot(&error));
    QVERIFY(!error.isEmpty());
}

QTEST_GUILESS_MAIN(tst_AllocationBounds)
#include "tst_AllocationBounds.moc"

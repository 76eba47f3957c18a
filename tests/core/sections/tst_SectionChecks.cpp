// The one reader of sectioned files (src/core/sections) on its own, with a made-up kind "TEST"
// (a 16-byte header, magic "TEST"): section bounds with 64-bit overflow, the header and magic a
// handle reports, the findings' cap and stable order, and the shared section checks' codes,
// offsets and messages. BPRM and BPSM are checked through it by their own tests.
#include "sections/FindingSink.h"
#include "sections/SectionChecks.h"
#include "sections/SectionedData.h"
#include "sections/SectionedFile.h"

#include <QtTest/QtTest>

using namespace bpat;

namespace {

const QList<FormatCodeInfo> &testCodes()
{
    static const QList<FormatCodeInfo> list{
        SectionChecks::ioErrorCode(u"TEST"_qs),
        SectionChecks::fileChangedCode(u"TEST"_qs),
        {u"TEST_FILE_TOO_SMALL"_qs, Severity::Error, QString()},
        {u"TEST_BAD_MAGIC"_qs, Severity::Error, QString()},
        {u"TEST_DATA_OUT_OF_BOUNDS"_qs, Severity::Error, QString()},
        {u"TEST_SECTION_OVERLAP"_qs, Severity::Error, QString()},
        {u"TEST_RESERVED_NONZERO"_qs, Severity::Warning, QString()},
        {u"TEST_TRAILING_BYTES"_qs, Severity::Warning, QString()},
    };
    return list;
}

struct TestData : SectionedData
{
    std::array<char, 4> magic{};
    static constexpr char Magic[4] = {'T', 'E', 'S', 'T'};
    void decode() { readHeaderStart(Magic, 16, magic); }
};

class TestFile : public SectionedFile
{
public:
    explicit TestFile(QByteArray bytes)
        : SectionedFile(MappedFile::adoptDecoded<TestData>(std::move(bytes), QStringLiteral("t.test")))
    {
    }
};

} // namespace

class tst_SectionChecks : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void boundsRefuseOverflowAndPastEnd();
    void headerAndMagic();
    void sinkCapsAndSumsUpInTableOrder();
    void sectionFindings();
    void firstNonZeroLooksAtMostThatMany();
};

void tst_SectionChecks::boundsRefuseOverflowAndPastEnd()
{
    QVERIFY(SectionBounds::of(16, 32, 32).inBounds);
    QVERIFY(SectionBounds::of(16, 32, 32).holdsBytes());
    QVERIFY(!SectionBounds::of(32, 32, 32).holdsBytes()); // empty, at the end: in bounds
    QVERIFY(SectionBounds::of(32, 32, 32).inBounds);
    QVERIFY(!SectionBounds::of(16, 33, 32).inBounds);
    QVERIFY(!SectionBounds::of(40, 40, 32).inBounds);
    QVERIFY(!SectionBounds::of(16, std::nullopt, 32).inBounds); // end past 2^64
}

void tst_SectionChecks::headerAndMagic()
{
    const TestFile shortFile(QByteArray("TEST", 4));
    QVERIFY(!shortFile.hasHeader());
    QVERIFY(!shortFile.hasMagic());
    const TestFile wrong(QByteArray(16, 'x'));
    QVERIFY(wrong.hasHeader());
    QVERIFY(!wrong.hasMagic());
    const TestFile right(QByteArray("TEST") + QByteArray(12, '\0'));
    QVERIFY(right.hasMagic());
    QCOMPARE(right.fileSize(), quint64(16));
    QCOMPARE(right.path(), QStringLiteral("t.test"));
    QVERIFY(!right.isStale());

    FindingSink sink(8, testCodes());
    SectionChecks checks(sink, u"TEST"_qs);
    QVERIFY(!checks.headerReadable(shortFile, 16));
    QVERIFY(!checks.headerReadable(wrong, 16));
    QVERIFY(checks.headerReadable(right, 16));
    const Diagnostics out = sink.finish();
    QCOMPARE(out.size(), 2);
    QCOMPARE(out[0].code, u"TEST_FILE_TOO_SMALL"_qs);
    QCOMPARE(out[0].message, u"4 bytes, expected at least 16"_qs);
    QCOMPARE(out[1].code, u"TEST_BAD_MAGIC"_qs);
    QCOMPARE(out[1].message, u"expected 'TEST'"_qs);
    QCOMPARE(out[1].location.toString(), u"header.magic"_qs);
}

void tst_SectionChecks::sinkCapsAndSumsUpInTableOrder()
{
    FindingSink sink(2, testCodes());
    FindingSink later(2, testCodes());
    for (int i = 0; i < 3; ++i)
        later.report(u"TEST_TRAILING_BYTES"_qs, i, DiagnosticLocation(), QString());
    for (int i = 0; i < 4; ++i)
        sink.report(u"TEST_BAD_MAGIC"_qs, i, DiagnosticLocation(), QString());
    sink.absorb(later);
    const Diagnostics out = sink.finish();
    QCOMPARE(out.size(), 6); // two of each, then the sums in the table's order
    QCOMPARE(out[2].code, u"TEST_TRAILING_BYTES"_qs);
    QCOMPARE(out[2].severity, Severity::Warning);
    QCOMPARE(out[4].code, u"TEST_BAD_MAGIC"_qs);
    QCOMPARE(out[4].message, u"2 more findings of this kind not listed"_qs);
    QCOMPARE(out[5].code, u"TEST_TRAILING_BYTES"_qs);
    QCOMPARE(out[5].message, u"1 more findings of this kind not listed"_qs);
}

void tst_SectionChecks::sectionFindings()
{
    FindingSink sink(8, testCodes());
    SectionChecks checks(sink, u"TEST"_qs);
    const QList<PlacedSection> sections{
        {u"data"_qs, SectionBounds::of(8, 24, 64), u"TEST_DATA_OUT_OF_BOUNDS"_qs, 8, DiagnosticLocation::header(),
         DiagnosticLocation::region(u"data"_qs)},
        {u"more"_qs, SectionBounds::of(~quint64(0), std::nullopt, 64), u"TEST_DATA_OUT_OF_BOUNDS"_qs, 12,
         DiagnosticLocation::header(u"more_offset"_qs), DiagnosticLocation::region(u"more"_qs)},
    };
    checks.bounds(sections, 64, u"end"_qs);
    checks.overlaps(16, sections);
    checks.trailing(24, 64, u"the data"_qs);
    const Diagnostics out = sink.finish();
    QCOMPARE(out.size(), 3);
    QCOMPARE(out[0].offset, std::optional<quint64>(12));
    QCOMPARE(out[0].message, u"more at 0xffffffffffffffff: its end overflows 64 bits"_qs);
    QCOMPARE(out[0].location.toString(), u"header.more_offset"_qs);
    QCOMPARE(out[1].code, u"TEST_SECTION_OVERLAP"_qs);
    QCOMPARE(out[1].offset, std::optional<quint64>(8));
    QCOMPARE(out[1].message, u"data [0x8, 0x18) overlaps header [0x0, 0x10)"_qs);
    QCOMPARE(out[2].code, u"TEST_TRAILING_BYTES"_qs);
    QCOMPARE(out[2].message, u"40 bytes after the data, expected the file to end there"_qs);
}

void tst_SectionChecks::firstNonZeroLooksAtMostThatMany()
{
    QByteArray bytes(64, '\0');
    bytes[40] = 1;
    QCOMPARE(SectionChecks::firstNonZero(bytes, 16, 64, 16), std::nullopt);
    QCOMPARE(SectionChecks::firstNonZero(bytes, 30, 64, 16), std::optional<quint64>(40));
    QCOMPARE(SectionChecks::firstNonZero(bytes, 30, 40, 16), std::nullopt);
}

QTEST_GUILESS_MAIN(tst_SectionChecks)
#include "tst_SectionChecks.moc"

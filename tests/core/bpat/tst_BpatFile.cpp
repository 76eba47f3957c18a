#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "TestDocuments.h"
#include "TestPaths.h"
#include "bpat/Validator.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace bpat;

namespace {

const QStringList upstreamFiles = {
    QStringLiteral("bpat_v1_latest/humanoid.bpat"),  QStringLiteral("bpat_v1_latest/humanoid_sword.bpat"),
    QStringLiteral("bpat_v1_latest/horse.bpat"),     QStringLiteral("bpat_v1_latest/elephant.bpat"),
    QStringLiteral("bpat_v1_initial/humanoid.bpat"), QStringLiteral("bpat_v1_initial/humanoid_sword.bpat"),
    QStringLiteral("bpat_v1_initial/horse.bpat"),    QStringLiteral("bpat_v1_initial/elephant.bpat"),
};

QString readText(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QString();
    return QString::fromUtf8(f.readAll());
}

// key=value pairs from one line of a .dump.txt.
QMap<QString, QString> fields(const QString &line)
{
    QMap<QString, QString> out;
    static const QRegularExpression re(QStringLiteral("(\\w+)=(\\S+)"));
    for (auto it = re.globalMatch(line); it.hasNext();) {
        const auto m = it.next();
        out.insert(m.captured(1), m.captured(2));
    }
    return out;
}

} // namespace

class tst_BpatFile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void upstreamMatchesDump_data()
    {
        QTest::addColumn<QString>("relative");
        for (const QString &f : upstreamFiles)
            QTest::newRow(qPrintable(f)) << f;
    }
    void upstreamMatchesDump()
    {
        QFETCH(QString, relative);
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + relative);
        const QString path = testpaths::shared(QStringLiteral("upstream_assets/") + relative);
        QString error;
        const auto file = BpatFile::open(path, &error);
        QVERIFY2(file, qPrintable(error));
        QString dumpPath = path;
        dumpPath.replace(QStringLiteral(".bpat"), QStringLiteral(".dump.txt"));
        const QStringList lines = readText(dumpPath).split(QLatin1Char('\n'));
        QVERIFY(lines.size() > 5);

        QVERIFY(lines.at(0).endsWith(QStringLiteral(": %1 bytes").arg(file->fileSize())));
        QVERIFY(file->hasMagic());
        const BpatHeader &h = file->header();
        QMap<QString, QString> kv = fields(lines.at(1));
        kv.insert(fields(lines.at(2)));
        kv.insert(fields(lines.at(3)));
        QCOMPARE(kv.value(QStringLiteral("version")).toUInt(), h.version);
        QCOMPARE(kv.value(QStringLiteral("species_id")).toUInt(), h.speciesId);
        QVERIFY(lines.at(1).contains(QStringLiteral("(%1)").arg(file->speciesName())));
        QCOMPARE(kv.value(QStringLiteral("bone_count")).toUInt(), h.boneCount);
        QCOMPARE(kv.value(QStringLiteral("socket_count")).toUInt(), h.socketCount);
        QCOMPARE(kv.value(QStringLiteral("clip_count")).toUInt(), h.clipCount);
        QCOMPARE(kv.value(QStringLiteral("frame_total")).toUInt(), h.frameTotal);
        QCOMPARE(kv.value(QStringLiteral("string_table_size")).toUInt(), h.stringTableSize);
        QCOMPARE(kv.value(QStringLiteral("clip_table_offset")).toULongLong(), h.clipTableOffset);
        QCOMPARE(kv.value(QStringLiteral("socket_table_offset")).toULongLong(), h.socketTableOffset);
        QCOMPARE(kv.value(QStringLiteral("string_table_offset")).toULongLong(), h.stringTableOffset);
        QCOMPARE(kv.value(QStringLiteral("palette_data_offset")).toULongLong(), file->paletteDataOffset());
        QVERIFY(file->paletteInBounds());
        QVERIFY(file->socketDataInBounds());
        QVERIFY(lines.at(4).contains(QStringLiteral("ends at %1").arg(*file->socketDataOffset())));

        // Clip and socket lines, in table order.
        static const QRegularExpression clipRe(QStringLiteral(
            "\\[\\s*(\\d+)\\] name_off=\\s*(\\d+) len=\\s*(\\d+) '([^']*)' nul=0 frames=(\\d+) frame_offset=(\\d+) "
            "fps=(\\S+) loops=(\\d) pad=\\((\\d+),(\\d+),(\\d+)\\) reserved=\\((\\d+),(\\d+)\\)"));
        static const QRegularExpression socketRe(QStringLiteral(
            "\\[\\s*(\\d+)\\] '([^']*)' anchor_bone=(\\d+) local_offset=\\(([^,]+),([^,]+),([^)]+)\\) reserved=\\((\\d+),(\\d+)\\)"));
        int clipLines = 0, socketLines = 0;
        for (const QString &line : lines) {
            if (const auto m = clipRe.match(line); m.hasMatch()) {
                const BpatClipInfo &c = file->clips().at(m.captured(1).toInt());
                QCOMPARE(c.nameOffset, m.captured(2).toUInt());
                QCOMPARE(c.nameLength, m.captured(3).toUInt());
                QCOMPARE(c.name, m.captured(4));
                QVERIFY(c.nameValid());
                QCOMPARE(c.frameCount, m.captured(5).toUInt());
                QCOMPARE(c.frameOffset, m.captured(6).toUInt());
                QCOMPARE(c.fps, m.captured(7).toFloat());
                QCOMPARE(uint(c.loopsByte), m.captured(8).toUInt());
                QCOMPARE(c.pad, (std::array<quint8, 3>{0, 0, 0}));
                QCOMPARE(c.reserved, (std::array<quint32, 2>{0, 0}));
                QCOMPARE(c.entryOffset, h.clipTableOffset + 32 * quint64(c.index));
                ++clipLines;
            } else if (const auto s = socketRe.match(line); s.hasMatch()) {
                const BpatSocketInfo &so = file->sockets().at(s.captured(1).toInt());
                QCOMPARE(so.name, s.captured(2));
                QCOMPARE(so.anchorBone, s.captured(3).toUInt());
                QCOMPARE(so.localOffset, QVector3D(s.captured(4).toFloat(), s.captured(5).toFloat(), s.captured(6).toFloat()));
                ++socketLines;
            }
        }
        QCOMPARE(clipLines, file->clips().size());
        QCOMPARE(qsizetype(h.clipCount), file->clips().size());
        QCOMPARE(socketLines, file->sockets().size());
        QCOMPARE(qsizetype(h.socketCount), file->sockets().size());
    }

    void upstreamMatricesAreRowMajor()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat"));
        const auto file = BpatFile::open(testpaths::shared(QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat")));
        QVERIFY(file);
        const int walk = file->findClip(QStringLiteral("walk"));
        QCOMPARE(walk, 1);
        const float *raw = file->matrixData(*file->globalFrame(walk, 7), 12);
        QVERIFY(raw);
        QCOMPARE(raw[12], 0.0f);
        QCOMPARE(raw[15], 1.0f);
        bool ok = false;
        const QMatrix4x4 m = file->matrix(walk, 7, 12, &ok);
        QVERIFY(ok);
        // Row-major constructor: the translation (floats 3, 7, 11) lands in column 3.
        QCOMPARE(m.column(3), QVector4D(raw[3], raw[7], raw[11], 1.0f));
        QCOMPARE(m.row(3), QVector4D(0, 0, 0, 1));
        // Socket rows: rows 0..2 of the socket's matrix.
        const auto row = file->socketRow(*file->globalFrame(walk, 7), 0);
        QVERIFY(row);
        const QMatrix4x4 sm = file->socketMatrix(walk, 7, 0, &ok);
        QVERIFY(ok);
        QCOMPARE(sm.row(0), QVector4D((*row)[0], (*row)[1], (*row)[2], (*row)[3]));
        QCOMPARE(sm.row(3), QVector4D(0, 0, 0, 1));
        QCOMPARE(file->paletteBytesSize(), quint64(352) * 20 * 64);
        QCOMPARE(file->paletteBytes(), file->data() + 1120);
    }

    void openErrorsAreClear()
    {
        QTemporaryDir dir;
        QString error;
        QVERIFY(!BpatFile::open(dir.path(), &error));
        QVERIFY2(error.contains(QStringLiteral("directory")), qPrintable(error));
        QVERIFY(!BpatFile::open(dir.filePath(QStringLiteral("missing.bpat")), &error));
        QVERIFY2(error.contains(QStringLiteral("no such file")), qPrintable(error));
        QFile empty(dir.filePath(QStringLiteral("empty.bpat")));
        QVERIFY(empty.open(QIODevice::WriteOnly));
        empty.close();
        QVERIFY(!BpatFile::open(empty.fileName(), &error));
        QVERIFY2(error.contains(QStringLiteral("empty")), qPrintable(error));
        if (getuid() != 0) { // root reads anything
            QFile locked(dir.filePath(QStringLiteral("locked.bpat")));
            QVERIFY(locked.open(QIODevice::WriteOnly));
            locked.write(testdocs::smallFileBytes());
            locked.close();
            QVERIFY(locked.setPermissions(QFileDevice::WriteOwner));
            QVERIFY(!BpatFile::open(locked.fileName(), &error));
            QVERIFY2(error.contains(QStringLiteral("cannot open")), qPrintable(error));
        }
    }

    void mappedFileMatchesBuffer()
    {
        QTemporaryDir dir;
        const QByteArray bytes = testdocs::smallFileBytes();
        QFile f(dir.filePath(QStringLiteral("small.bpat")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        f.close();
        const auto mapped = BpatFile::open(f.fileName());
        QVERIFY(mapped);
        QCOMPARE(mapped->bytes(), QByteArrayView(bytes));
        QCOMPARE(mapped->path(), f.fileName());
        QCOMPARE(mapped->clips().size(), 2);
        QCOMPARE(mapped->sockets().at(1).name, QStringLiteral("head"));
    }

    void unalignedPaletteReadsThroughCopy()
    {
        // Move the palette one byte further: matrixData() refuses, matrixFloats() still reads.
        QByteArray bytes = testdocs::smallFileBytes(false);
        const auto good = BpatFile::fromData(bytes);
        const quint64 pal = good.paletteDataOffset();
        const auto expected = good.matrixFloats(3, 2);
        QVERIFY(expected);
        bytes.insert(qsizetype(pal), '\0');
        testdocs::setU64(bytes, 56, pal + 1);
        const auto shifted = BpatFile::fromData(bytes);
        QVERIFY(shifted.paletteInBounds());
        QCOMPARE(shifted.matrixFloats(3, 2), expected);
        if (reinterpret_cast<quintptr>(shifted.data() + pal + 1) % alignof(float) != 0)
            QVERIFY(shifted.matrixData(3, 2) == nullptr);
    }

    void outOfRangeAccessIsSafe()
    {
        const auto file = BpatFile::fromData(testdocs::smallFileBytes());
        QVERIFY(file.matrixData(5, 2));
        QVERIFY(!file.matrixData(6, 0));  // frame_total is 6
        QVERIFY(!file.matrixData(0, 3));  // 3 bones
        QVERIFY(!file.socketRow(0, 2));   // 2 sockets
        QVERIFY(!file.globalFrame(1, 2)); // jab has 2 frames
        QCOMPARE(*file.globalFrame(1, 1), 5u);
        QVERIFY(!file.globalFrame(2, 0));
        bool ok = true;
        QCOMPARE(file.matrix(-1, 0, 0, &ok), QMatrix4x4());
        QVERIFY(!ok);
        QCOMPARE(file.findClipByNameOrIndex(QStringLiteral("jab")), 1);
        QCOMPARE(file.findClipByNameOrIndex(QStringLiteral("0")), 0);
        QCOMPARE(file.findClipByNameOrIndex(QStringLiteral("7")), -1);

        const BpatFile null;
        QVERIFY(null.isNull());
        QVERIFY(!null.hasHeader());
        QVERIFY(null.clips().isEmpty());
        QVERIFY(!null.matrixData(0, 0));
        QVERIFY(!null.paletteBytes());
    }

    void everyTruncationIsSafe()
    {
        // Every prefix of a valid file: decoding and every accessor stays in bounds (run this
        // suite with -DBPAT_SANITIZE=ON to have ASan check it).
        const QByteArray bytes = testdocs::smallFileBytes();
        for (qsizetype n = 0; n < bytes.size(); ++n) {
            const auto file = BpatFile::fromData(bytes.left(n));
            QCOMPARE(file.hasHeader(), n >= 64);
            for (quint32 f = 0; f < 7; ++f) {
                for (quint32 b = 0; b < 4; ++b) {
                    if (const auto m = file.matrixFloats(f, b))
                        QVERIFY(*file.matrixOffset(f, b) + 64 <= quint64(n));
                }
                file.socketRow(f, 0);
            }
            QCOMPARE(file.paletteInBounds(), n >= qsizetype(file.paletteDataOffset() + 6 * 3 * 64) && n >= 64);
        }
    }

    void lyingCountsDoNotAllocate()
    {
        QByteArray bytes = testdocs::smallFileBytes();
        testdocs::setU32(bytes, 20, 0xFFFFFFFFu);           // clip_count
        testdocs::setU32(bytes, 16, 0xFFFFFFFFu);           // socket_count
        testdocs::setU64(bytes, 56, 0xFFFFFFFFFFFFFFF0ull); // palette offset near 2^64
        testdocs::setU32(bytes, 24, 0xFFFFFFFFu);           // frame_total
        const auto file = BpatFile::fromData(bytes);
        QVERIFY(!file.clipTableInBounds());
        QVERIFY(file.clips().isEmpty());
        QVERIFY(!file.socketTableInBounds());
        QVERIFY(!file.paletteInBounds());
        QVERIFY(!file.socketDataInBounds());
        QVERIFY(!file.matrixData(0xFFFFFFFEu, 0));
        QVERIFY(!file.matrixFloats(0, 0));
        QVERIFY(!file.socketRow(0, 0));
    }

    void derivedSizesAndOffsetsDoNotWrap()
    {
        // 2^27 frames of 2^31 bones: the palette is 2^64 bytes, which wrapped to 0 in 64-bit
        // arithmetic and made it "inside" any file; the deep checks then read past the buffer.
        QByteArray bytes = testdocs::smallFileBytes();
        testdocs::setU32(bytes, 12, 1u << 31);
        testdocs::setU32(bytes, 24, 1u << 27);
        auto file = BpatFile::fromData(bytes);
        QVERIFY(!file.paletteByteSize());
        QVERIFY(!file.paletteInBounds());
        QVERIFY(!file.paletteBytes());
        QCOMPARE(file.paletteBytesSize(), quint64(0));
        QVERIFY(!file.socketDataOffset());
        QVERIFY(!file.socketDataInBounds());
        QVERIFY(!file.socketDataBytes());
        const ValidationResult r = Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validate(file);
        QVERIFY(!r.valid());
        bool overflowReported = false;
        for (const Diagnostic &d : r.issues)
            overflowReported |= d.code == codes::PALETTE_OUT_OF_BOUNDS && d.message.contains(QStringLiteral("overflows 64 bits"));
        QVERIFY(overflowReported);

        // One frame more: matrix (2^27, 0) is 2^58 matrices in, 2^64 bytes, which wrapped back to
        // the first matrix of the palette.
        testdocs::setU32(bytes, 24, (1u << 27) + 1);
        file = BpatFile::fromData(bytes);
        QVERIFY(file.matrixOffset(0, 0));
        QVERIFY(!file.matrixOffset(1u << 27, 0));
        QVERIFY(!file.matrixFloats(1u << 27, 0));
        QVERIFY(!file.matrixData(1u << 27, 0));

        // No bones (an empty palette: socket data starts where it would), 2^31 frames of
        // 2^32 - 1 sockets: row (2^28, 2^28) is row 2^60, 3 * 2^64 bytes in, which wrapped to the
        // first row.
        testdocs::setU32(bytes, 12, 0);
        testdocs::setU32(bytes, 16, 0xFFFFFFFFu);
        testdocs::setU32(bytes, 24, 1u << 31);
        file = BpatFile::fromData(bytes);
        QCOMPARE(file.socketDataOffset(), std::optional<quint64>(file.paletteDataOffset()));
        QVERIFY(!file.socketDataByteSize());
        QVERIFY(!file.socketDataInBounds());
        QVERIFY(file.socketRowOffset(0, 0));
        QVERIFY(!file.socketRowOffset(1u << 28, 1u << 28));
        QVERIFY(!file.socketRow(1u << 28, 1u << 28));
    }

    void namesAreResolvedSafely()
    {
        QByteArray bytes = testdocs::smallFileBytes();
        const auto good = BpatFile::fromData(bytes);
        const quint64 entry = good.clips().at(1).entryOffset;
        testdocs::setU32(bytes, qsizetype(entry), 0xFFFFFFF0u); // name_offset far outside
        const auto bad = BpatFile::fromData(bytes);
        QCOMPARE(bad.clips().at(1).nameStatus, NameStatus::OutOfStringTable);
        QVERIFY(bad.clips().at(1).name.isEmpty());
        QVERIFY(!format::checkedEnd(0xFFFFFFFFFFFFFF00ull, 0xFFFFFFFFu, 64));
        QVERIFY(format::rangeInside(10, 6, 16));
        QVERIFY(!format::rangeInside(10, 7, 16));
        QVERIFY(!format::rangeInside(17, 0, 16));
    }
};

QTEST_GUILESS_MAIN(tst_BpatFile)
#include "tst_BpatFile.moc"

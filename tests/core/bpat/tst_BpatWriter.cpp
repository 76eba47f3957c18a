#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <cmath>
#include <cstring>
#include <limits>
#include <QtTest/QTest>

using namespace bpat;

class tst_BpatWriter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void upstreamRoundTripIsByteIdentical_data()
    {
        QTest::addColumn<QString>("relative");
        for (const char *set : {"bpat_v1_latest", "bpat_v1_initial"}) {
            for (const char *name : {"humanoid", "humanoid_sword", "horse", "elephant"}) {
                const QString rel = QStringLiteral("upstream_assets/%1/%2.bpat").arg(QLatin1String(set), QLatin1String(name));
                QTest::newRow(qPrintable(rel)) << rel;
            }
        }
    }
    void upstreamRoundTripIsByteIdentical()
    {
        QFETCH(QString, relative);
        BPAT_REQUIRE_SHARED(relative);
        QString error;
        const auto file = BpatFile::open(testpaths::shared(relative), &error);
        QVERIFY2(file, qPrintable(error));
        const auto doc = BpatDocument::fromFile(*file, &error);
        QVERIFY2(doc, qPrintable(error));
        QVERIFY2(doc->problems().isEmpty(), qPrintable(doc->problems().join(QLatin1Char('\n'))));
        const QByteArray written = BpatWriter(*doc).toBytes(&error);
        QVERIFY2(!written.isEmpty(), qPrintable(error));
        QCOMPARE(written.size(), qsizetype(file->fileSize()));
        QVERIFY(written == file->bytes());
        QCOMPARE(BpatWriter(*doc).layout().fileSize, file->fileSize());

        // Save goes through QSaveFile and gives the same bytes.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.bpat"));
        QVERIFY2(BpatWriter(*doc).save(out, &error), qPrintable(error));
        QFile saved(out);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QVERIFY(saved.readAll() == file->bytes());
    }

    // One clip's frames changed where they lie (a key dragged in the window): the shown file with
    // that clip written over it is the document's whole serialization, byte for byte, in every
    // dialect (late v3's skinning matrices, v3's contact records, socket rows).
    void clipOverIsTheWholeFile_data()
    {
        QTest::addColumn<QString>("relative");
        QTest::addColumn<int>("clip");
        QTest::newRow("v1 humanoid_sword") << QStringLiteral("upstream_assets/bpat_v1_latest/humanoid_sword.bpat") << 3;
        QTest::newRow("v2 horse") << QStringLiteral("upstream_assets/bpat_v2/horse.bpat") << 2;
        QTest::newRow("v3 early humanoid") << QStringLiteral("upstream_assets/bpat_v3_early/humanoid.bpat") << 1;
        QTest::newRow("current humanoid (late v3)") << QStringLiteral("upstream_assets/bpat_current/humanoid.bpat") << 40;
    }
    void clipOverIsTheWholeFile()
    {
        QFETCH(QString, relative);
        QFETCH(int, clip);
        BPAT_REQUIRE_SHARED(relative);
        QString error;
        const auto file = BpatFile::open(testpaths::shared(relative), &error);
        QVERIFY2(file, qPrintable(error));
        auto doc = BpatDocument::fromFile(*file, &error);
        QVERIFY2(doc, qPrintable(error));
        QVERIFY(clip < doc->clipCount());
        const QByteArray shown = BpatWriter(*doc).toBytes(&error);
        BpatClip &c = doc->clip(clip);
        for (qsizetype i = 3; i < c.palette.size(); i += 16)
            c.palette[i] += 0.01f; // every matrix moved 1 cm along x
        for (float &v : c.socketRows)
            v += 0.5f;
        for (float &v : c.contacts)
            v += 0.25f;
        BpatWriter writer(*doc);
        const QByteArray whole = writer.toBytes(&error);
        QVERIFY2(!whole.isEmpty(), qPrintable(error));
        QVERIFY(whole != shown);
        const QByteArray over = writer.clipOver(writer.layout(), shown, clip);
        QCOMPARE(over.size(), whole.size());
        QVERIFY(over == whole);
        // Not the layout's size, or no such clip: nothing.
        QVERIFY(writer.clipOver(writer.layout(), QByteArrayView(shown).first(shown.size() - 1), clip).isEmpty());
        QVERIFY(writer.clipOver(writer.layout(), shown, doc->clipCount()).isEmpty());
        QVERIFY(writer.clipOver(writer.layout(), shown, -1).isEmpty());
    }

    void layoutFollowsTheBaker()
    {
        const BpatDocument doc = testdocs::smallDocument();
        const BpatLayout l = BpatWriter(doc).layout();
        QCOMPARE(l.clipTableOffset, 64u);
        QCOMPARE(l.socketTableOffset, 64u + 2 * 32);
        QCOMPARE(l.stringTableOffset, 64u + 4 * 32);
        QCOMPARE(l.stringTableSize, quint32(sizeof("idle") + sizeof("jab") + sizeof("hand") + sizeof("head")));
        QCOMPARE(l.paletteDataOffset, 224u); // string table 192 + 19 = 211, padded to 16
        QCOMPARE(l.paletteDataOffset % 16, 0u);
        QCOMPARE(l.socketDataOffset, l.paletteDataOffset + 6 * 3 * 64);
        QCOMPARE(l.fileSize, l.socketDataOffset + 6 * 2 * 48);

        const QByteArray bytes = BpatWriter(doc).toBytes();
        QCOMPARE(quint64(bytes.size()), l.fileSize);
        const auto file = BpatFile::fromData(bytes);
        QCOMPARE(file.clips().at(1).frameOffset, 4u);
        QCOMPARE(file.clips().at(1).loopsByte, quint8(0));
        QCOMPARE(file.clips().at(1).fps, 30.0f);
        QCOMPARE(file.sockets().at(0).nameOffset, 9u); // after "idle\0jab\0"
        // The pad between string table and palette is zero.
        for (quint64 i = l.stringTableOffset + l.stringTableSize; i < l.paletteDataOffset; ++i)
            QCOMPARE(bytes.at(qsizetype(i)), '\0');
        // Palettes are written as stored (row-major).
        std::array<float, 16> stored;
        std::copy_n(doc.clip(1).palette.constData() + BpatClip::matrixIndex(1, 2, 3), 16, stored.begin());
        QCOMPARE(*file.matrixFloats(5, 2), stored);
    }

    void noSocketsGivesZeroSocketTableOffset()
    {
        const QByteArray bytes = testdocs::smallFileBytes(false);
        const auto file = BpatFile::fromData(bytes);
        QCOMPARE(file.header().socketTableOffset, 0u);
        QCOMPARE(file.header().stringTableOffset, 64u + 2 * 32);
        QCOMPARE(quint64(bytes.size()), file.paletteDataOffset() + 6 * 3 * 64); // no trailing pad
    }

    void namesAreInterned()
    {
        BpatDocument doc = testdocs::smallDocument();
        BpatClip again = testdocs::makeClip(QStringLiteral("hand"), 1, 3, 24.0f, true);
        QVERIFY(doc.addClip(again));
        BpatWriter writer(doc);
        const auto file = BpatFile::fromData(writer.toBytes());
        // Clip names first ("idle", "jab", "hand"), then socket names; "hand" is shared.
        QCOMPARE(file.clips().at(2).nameOffset, 9u);
        QCOMPARE(file.sockets().at(0).nameOffset, 9u);
        QCOMPARE(file.sockets().at(1).nameOffset, 14u);
        QCOMPARE(file.header().stringTableSize, 19u);
    }

    void utf8NamesKeepTheirByteLength()
    {
        BpatDocument doc(1, 1);
        QVERIFY(doc.addClip(testdocs::makeClip(QStringLiteral("galop_\u00e9"), 1, 1, 24.0f, true)));
        const auto file = BpatFile::fromData(BpatWriter(doc).toBytes());
        QCOMPARE(file.clips().at(0).nameLength, 8u);
        QCOMPARE(file.clips().at(0).name, QStringLiteral("galop_\u00e9"));
        QVERIFY(file.clips().at(0).nameValid());
    }

    void invalidDocumentsAreRefused()
    {
        QString error;
        BpatDocument empty(0, 3);
        QVERIFY(BpatWriter(empty).toBytes(&error).isEmpty());
        QVERIFY2(error.contains(QStringLiteral("no clips")), qPrintable(error));

        BpatDocument doc = testdocs::smallDocument();
        doc.clip(0).palette.removeLast(); // size no longer matches
        QVERIFY(BpatWriter(doc).toBytes(&error).isEmpty());
        QVERIFY2(error.contains(QStringLiteral("palette holds")), qPrintable(error));
        BpatWriter lenient(doc);
        lenient.setAllowInvalid(true); // layout problems are refused even then
        QVERIFY(lenient.toBytes(&error).isEmpty());

        BpatDocument badFps = testdocs::smallDocument();
        badFps.clip(0).fps = -1.0f;
        QVERIFY(BpatWriter(badFps).toBytes().isEmpty());
        BpatWriter crafted(badFps);
        crafted.setAllowInvalid(true);
        QVERIFY(!crafted.toBytes().isEmpty());
    }

    // Late v3's skinning matrices (lateV3Skin, which BpatWriter and BpatStreamWriter share) are
    // global x inverse(bind) with the bits QMatrix4x4's product gives, for any floats (also NaN,
    // infinities, huge and tiny values; a NaN may differ in its sign), with and without a bind palette, for 1 to 64 bones.
    void lateV3SkinIsQMatrixProductBitForBit()
    {
        QRandomGenerator rng(23);
        auto value = [&] {
            switch (rng.bounded(16)) {
            case 0: return std::numeric_limits<float>::quiet_NaN();
            case 1: return -std::numeric_limits<float>::infinity();
            case 2: return 0.0f;
            case 3: return -0.0f;
            case 4: return float(rng.generateDouble() * 3e38);
            case 5: return float(rng.generateDouble() * 1e-40);
            default: return float(rng.generateDouble() * 8.0 - 4.0);
            }
        };
        for (quint32 bones : {1u, 3u, 53u, 64u}) {
            const quint32 frames = 5;
            QList<float> globals(qsizetype(frames) * bones * 16), bind(qsizetype(bones) * 16);
            for (float &v : globals)
                v = value();
            for (float &v : bind)
                v = float(rng.generateDouble() * 2.0 - 1.0);
            const QList<QMatrix4x4> inverse = BpatWriter::inverseBindPalette(bind.constData(), bones);
            for (bool withBind : {true, false}) {
                QList<float> out(globals.size());
                BpatWriter::lateV3Skin(globals.constData(), nullptr, withBind ? bind.constData() : nullptr,
                                       withBind ? inverse.constData() : nullptr, bones, frames, out.data());
                for (qsizetype i = 0; i < qsizetype(frames) * bones; ++i) {
                    const QMatrix4x4 global(globals.constData() + i * 16);
                    const QMatrix4x4 skin = withBind ? global * inverse.at(i % bones) : global;
                    for (int k = 0; k < 16; ++k) {
                        // Bit for bit; a NaN's sign and payload depend on which operand the
                        // compiler put first, in Qt's inline product as here.
                        const float want = skin.constData()[k], got = out.at(i * 16 + k);
                        QVERIFY2(std::memcmp(&want, &got, 4) == 0 || (std::isnan(want) && std::isnan(got)),
                                 qPrintable(QStringLiteral("%1 bones, matrix %2, float %3, bind %4: %5, expected %6")
                                                .arg(bones)
                                                .arg(i)
                                                .arg(k)
                                                .arg(withBind)
                                                .arg(double(got))
                                                .arg(double(want))));
                    }
                }
            }
        }
    }

    void failedSaveLeavesOriginalUntouched()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("keep.bpat"));
        const QByteArray original = testdocs::smallFileBytes();
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(original);
        }
        QString error;
        BpatDocument broken(0, 3); // no clips: refused before anything is written
        QVERIFY(!BpatWriter(broken).save(path, &error));
        QVERIFY(!BpatWriter(testdocs::smallDocument()).save(dir.filePath(QStringLiteral("no/such/dir/x.bpat")), &error));
        QVERIFY2(error.contains(QStringLiteral("cannot open for writing")), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), original);
    }
};

QTEST_GUILESS_MAIN(tst_BpatWriter)
#include "tst_BpatWriter.moc"

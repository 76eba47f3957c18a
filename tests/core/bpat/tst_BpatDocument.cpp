#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QtTest/QTest>

using namespace bpat;

class tst_BpatDocument : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fromFileCopiesEverything()
    {
        const BpatDocument original = testdocs::smallDocument();
        const auto file = BpatFile::fromData(BpatWriter(original).toBytes());
        QString error;
        const auto doc = BpatDocument::fromFile(file, &error);
        QVERIFY2(doc, qPrintable(error));
        QCOMPARE(doc->speciesId(), 0u);
        QCOMPARE(doc->boneCount(), 3u);
        QCOMPARE(doc->clipCount(), 2);
        QCOMPARE(doc->frameTotal(), 6u);
        QCOMPARE(doc->frameOffset(1), 4u);
        QCOMPARE(doc->clip(1).name, QStringLiteral("jab"));
        QCOMPARE(doc->clip(1).fps, 30.0f);
        QVERIFY(!doc->clip(1).loops);
        QCOMPARE(doc->clip(1).palette, original.clip(1).palette);
        QCOMPARE(doc->clip(0).socketRows, original.clip(0).socketRows);
        QCOMPARE(doc->socketCount(), 2);
        QCOMPARE(doc->sockets().at(0).anchorBone, 2u);
        QCOMPARE(doc->sockets().at(0).localOffset, QVector3D(0, 0.1f, 0));
        QVERIFY(doc->problems().isEmpty());
    }

    void socketRowsArePaletteTimesOffset()
    {
        const BpatDocument doc = testdocs::smallDocument();
        const BpatClip &clip = doc.clip(0);
        const QMatrix4x4 anchor = clip.matrix(2, 2, 3);
        QMatrix4x4 translate;
        translate.translate(0.0f, 0.1f, 0.0f);
        const QMatrix4x4 expected = anchor * translate;
        const float *rows = clip.socketRows.constData() + (2 * 2 + 0) * 12;
        for (int r = 0; r < 3; ++r) {
            for (int c = 0; c < 4; ++c)
                QVERIFY(qAbs(rows[4 * r + c] - expected(r, c)) < 1e-6f);
        }
        QCOMPARE(doc.socketRowsDeviation(), 0.0f);
    }

    void upstreamSocketRowsAgreeWithPalette()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat"));
        const auto file = BpatFile::open(testpaths::shared(QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat")));
        QVERIFY(file);
        const auto doc = BpatDocument::fromFile(*file);
        QVERIFY(doc);
        // The stored rows are kept verbatim and agree with the recomputation to float precision.
        QVERIFY2(doc->socketRowsDeviation() < 1e-5f, qPrintable(QString::number(doc->socketRowsDeviation())));
        BpatDocument recomputed = *doc;
        recomputed.recomputeSocketRows();
        QCOMPARE(recomputed.socketRowsDeviation(), 0.0f);
    }

    void editingKeepsSizesConsistent()
    {
        BpatDocument doc = testdocs::smallDocument();
        QString error;
        BpatClip wrong = testdocs::makeClip(QStringLiteral("bad"), 2, 4, 24.0f, true); // 4 bones, doc has 3
        QVERIFY(!doc.addClip(wrong, &error));
        QVERIFY2(error.contains(QStringLiteral("expected")), qPrintable(error));

        BpatClip run = testdocs::makeClip(QStringLiteral("run"), 3, 3, 24.0f, true);
        QVERIFY(doc.insertClip(1, run));
        QCOMPARE(doc.clip(1).name, QStringLiteral("run"));
        QCOMPARE(doc.clip(1).socketRows.size(), 3 * 2 * 12); // computed on insert
        QCOMPARE(doc.frameTotal(), 9u);
        QCOMPARE(doc.frameOffset(2), 7u);
        QCOMPARE(doc.findClip(QStringLiteral("jab")), 2);

        QVERIFY(doc.replaceClip(0, testdocs::makeClip(QStringLiteral("idle"), 1, 3, 12.0f, true)));
        QCOMPARE(doc.frameTotal(), 6u);
        QVERIFY(!doc.replaceClip(7, run, &error));
        doc.moveClip(2, 0);
        QCOMPARE(doc.clip(0).name, QStringLiteral("jab"));
        doc.removeClip(0);
        QCOMPARE(doc.clipCount(), 2);
        QVERIFY(doc.problems().isEmpty());

        QVERIFY(!doc.addSocket({QStringLiteral("tail"), 3, QVector3D()}, &error)); // bone 3 of 3
        QVERIFY(doc.addSocket({QStringLiteral("tail"), 0, QVector3D(1, 0, 0)}));
        for (const BpatClip &c : doc.clips())
            QCOMPARE(c.socketRows.size(), qsizetype(c.frameCount) * 3 * 12);
        doc.removeSocket(0);
        QCOMPARE(doc.findSocket(QStringLiteral("tail")), 1);
        for (const BpatClip &c : doc.clips())
            QCOMPARE(c.socketRows.size(), qsizetype(c.frameCount) * 2 * 12);
        QCOMPARE(doc.socketRowsDeviation(), 0.0f);
        QVERIFY(!doc.setBoneCount(5)); // has clips
    }

    void setMatrixStoresRowMajor()
    {
        BpatDocument doc = testdocs::smallDocument(false);
        QMatrix4x4 m;
        m.translate(1, 2, 3);
        doc.clip(0).setMatrix(1, 1, 3, m);
        const float *raw = doc.clip(0).palette.constData() + BpatClip::matrixIndex(1, 1, 3);
        QCOMPARE(raw[3], 1.0f);
        QCOMPARE(raw[7], 2.0f);
        QCOMPARE(raw[11], 3.0f);
        QCOMPARE(raw[15], 1.0f);
        QCOMPARE(doc.clip(0).matrix(1, 1, 3), m);
    }

    void matrixIndexIsCheckedNotWrapped()
    {
        QCOMPARE(BpatClip::matrixIndex(1, 2, 3), qsizetype((1 * 3 + 2) * 16));
        QCOMPARE(BpatClip::matrixIndex(0, 3, 3), qsizetype(-1)); // bone out of range
        // (2^32-1) * (2^32-1) * 16 is far beyond qsizetype: no signed overflow, no wrap.
        QCOMPARE(BpatClip::matrixIndex(0xFFFFFFFFu, 0, 0xFFFFFFFFu), qsizetype(-1));
        BpatDocument doc = testdocs::smallDocument(false);
        QCOMPARE(doc.clip(0).matrix(0xFFFFFFFFu, 0, 0xFFFFFFFFu), QMatrix4x4());
        const QList<float> before = doc.clip(0).palette;
        doc.clip(0).setMatrix(0, 3, 3, QMatrix4x4()); // bone 3 of 3: ignored, not frame 1's bone 0
        QCOMPARE(doc.clip(0).palette, before);
        // A palette size that would only match frame_count * bone_count * 16 modulo 2^64.
        BpatDocument huge(0, 0x80000000u);
        BpatClip clip;
        clip.name = QStringLiteral("wrap");
        clip.frameCount = 0x20000000u; // 2^29 * 2^31 * 16 = 2^64
        QString error;
        QVERIFY(!huge.addClip(clip, &error));
        QVERIFY2(error.contains(QStringLiteral("more than 2^64")), qPrintable(error));
    }

    void problemsNameEachRule()
    {
        BpatDocument doc(12, 65);
        const QString all = doc.problems().join(QLatin1Char('\n'));
        QVERIFY(all.contains(QStringLiteral("bone count 65")));
        QVERIFY(all.contains(QStringLiteral("species id 12")));
        QVERIFY(all.contains(QStringLiteral("no clips")));
        BpatDocument dup = testdocs::smallDocument();
        QVERIFY(dup.addClip(testdocs::makeClip(QStringLiteral("idle"), 1, 3, 0.0f, true)));
        const QString d = dup.problems().join(QLatin1Char('\n'));
        QVERIFY(d.contains(QStringLiteral("used twice")));
        QVERIFY(d.contains(QStringLiteral("fps 0")));
    }

    void fromFileRefusesBrokenTables()
    {
        QByteArray bytes = testdocs::smallFileBytes();
        testdocs::setU32(bytes, 20, 1000); // clip table runs past the end
        QString error;
        QVERIFY(!BpatDocument::fromFile(BpatFile::fromData(bytes), &error));
        QVERIFY2(error.contains(QStringLiteral("clip table")), qPrintable(error));
        QVERIFY(!BpatDocument::fromFile(BpatFile::fromData(testdocs::smallFileBytes().left(300)), &error));
        QVERIFY(!BpatDocument::fromFile(BpatFile(), &error));
    }
};

QTEST_GUILESS_MAIN(tst_BpatDocument)
#include "tst_BpatDocument.moc"

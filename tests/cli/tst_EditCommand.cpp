#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "CliRunner.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace bpat;

namespace {

QString writeSmall(const QTemporaryDir &dir, const QString &name, bool sockets = true)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(testdocs::smallFileBytes(sockets));
    return path;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

BpatDocument load(const QString &path)
{
    const auto file = BpatFile::open(path);
    return file ? BpatDocument::fromFile(*file).value_or(BpatDocument()) : BpatDocument();
}

} // namespace

class tst_EditCommand : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void operationsApplyInOrder()
    {
        QTemporaryDir dir;
        const QString in = writeSmall(dir, QStringLiteral("in.bpat"));
        const QString out = dir.filePath(QStringLiteral("out.bpat"));
        const testcli::Run r =
            testcli::bpat({QStringLiteral("edit"), in, QStringLiteral("-o"), out, QStringLiteral("--rename-clip"),
                           QStringLiteral("idle=breathe"), QStringLiteral("--set-fps=breathe=30"), QStringLiteral("--set-loops"),
                           QStringLiteral("jab=1"), QStringLiteral("--add-socket"), QStringLiteral("tip:2:0,0.5,0"),
                           QStringLiteral("--remove-socket"), QStringLiteral("head")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const BpatDocument doc = load(out);
        QCOMPARE(doc.clipCount(), 2);
        QCOMPARE(doc.clip(0).name, QStringLiteral("breathe"));
        QCOMPARE(doc.clip(0).fps, 30.0f);
        QVERIFY(doc.clip(1).loops);
        QCOMPARE(doc.socketCount(), 2);
        QCOMPARE(doc.sockets().at(1).name, QStringLiteral("tip"));
        QCOMPARE(doc.socketRowsDeviation(), 0.0f);
        // Order matters: renaming then using the old name fails.
        const testcli::Run bad =
            testcli::bpat({QStringLiteral("edit"), in, QStringLiteral("-o"), out, QStringLiteral("--rename-clip"),
                           QStringLiteral("idle=breathe"), QStringLiteral("--set-fps"), QStringLiteral("idle=30")});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY(bad.errText().contains(QStringLiteral("no clip named or numbered 'idle'")));
    }
    void refusedEditLeavesOutputUntouched()
    {
        QTemporaryDir dir;
        const QString in = writeSmall(dir, QStringLiteral("in.bpat"));
        const QByteArray before = readAll(in);
        for (const QStringList &op : {QStringList{QStringLiteral("--rename-clip"), QStringLiteral("idle=jab")},
                                      QStringList{QStringLiteral("--set-fps"), QStringLiteral("idle=-1")},
                                      QStringList{QStringLiteral("--add-socket"), QStringLiteral("x:9:0,0,0")},
                                      QStringList{QStringLiteral("--remove-clip"), QStringLiteral("nope")}}) {
            const testcli::Run r = testcli::bpat(QStringList{QStringLiteral("edit"), in, QStringLiteral("-o"), in} + op);
            QCOMPARE(r.exitCode, 1);
            QVERIFY(r.errText().contains(QStringLiteral("nothing was written")));
            QCOMPARE(readAll(in), before);
        }
    }
    // Issue 42, findings 6 and 12: marker phases are in [0, 1] (-1, how a file stores "unset",
    // is --clear-marker), an offset is finite, and thousands of socket edits run.
    void eachValueIsCheckedAndManyEditsRun()
    {
        QTemporaryDir dir;
        const QString in = dir.filePath(QStringLiteral("late.bpat"));
        QFile f(in);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(testdocs::smallVersionedBytes(bpat::format::Dialect::V3Late)) > 0);
        f.close();
        const QString out = dir.filePath(QStringLiteral("out.bpat"));
        for (const QStringList &op : {QStringList{QStringLiteral("--set-marker"), QStringLiteral("idle:contact=-1")},
                                      QStringList{QStringLiteral("--set-marker"), QStringLiteral("idle:contact=1.5")},
                                      QStringList{QStringLiteral("--set-marker"), QStringLiteral("idle:contact=nan")},
                                      QStringList{QStringLiteral("--add-socket"), QStringLiteral("s:0:nan,0,0")},
                                      QStringList{QStringLiteral("--add-socket"), QStringLiteral("s:0:0,inf,0")}}) {
            const testcli::Run r = testcli::bpat(QStringList{QStringLiteral("edit"), in, QStringLiteral("-o"), out} + op);
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.errText().contains(QStringLiteral("[0, 1]")) || r.errText().contains(QStringLiteral("finite")),
                     r.err.constData());
            QVERIFY(!QFile::exists(out));
        }
        QStringList args{QStringLiteral("edit"),
                         in,
                         QStringLiteral("-o"),
                         out,
                         QStringLiteral("--set-marker"),
                         QStringLiteral("idle:contact=0.5"),
                         QStringLiteral("--clear-marker"),
                         QStringLiteral("jab:contact")};
        for (int i = 0; i < 2000; ++i)
            args << QStringLiteral("--add-socket") << QStringLiteral("s%1:%2:0,0.%3,0").arg(i).arg(i % 3).arg(i % 10);
        const testcli::Run r = testcli::bpat(args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const BpatDocument doc = load(out);
        QCOMPARE(doc.socketCount(), 2002);
        QCOMPARE(doc.clip(0).markers[2], 0.5f);
        QCOMPARE(doc.clip(1).markers[2], -1.0f);
    }

    void usageErrors()
    {
        QTemporaryDir dir;
        const QString in = writeSmall(dir, QStringLiteral("in.bpat"));
        QCOMPARE(testcli::bpat({QStringLiteral("edit"), in, QStringLiteral("--set-fps"), QStringLiteral("idle=30")}).exitCode, 2);
        QCOMPARE(testcli::bpat({QStringLiteral("edit"), in, QStringLiteral("-o"), in}).exitCode, 2);
        QCOMPARE(testcli::bpat({QStringLiteral("edit"), QStringLiteral("--help")}).exitCode, 0);
        QCOMPARE(testcli::bpat({QStringLiteral("edit"), dir.filePath(QStringLiteral("missing.bpat")), QStringLiteral("-o"), in,
                                QStringLiteral("--remove-clip"), QStringLiteral("0")})
                     .exitCode,
                 1);
    }
    void unchangedRoundTripIsByteIdentical()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat"));
        QTemporaryDir dir;
        const QString in = testpaths::shared(QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat"));
        const QString out = dir.filePath(QStringLiteral("h.bpat"));
        // Renaming a clip to its own name is an edit that changes nothing.
        const testcli::Run r = testcli::bpat({QStringLiteral("edit"), in, QStringLiteral("-o"), out,
                                              QStringLiteral("--rename-clip"), QStringLiteral("walk=walk")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(readAll(out), readAll(in));
    }
    void mergeNeedsMatchingRigs()
    {
        QTemporaryDir dir;
        const QString a = writeSmall(dir, QStringLiteral("a.bpat"));
        const QString b = writeSmall(dir, QStringLiteral("b.bpat"), false);
        const QString out = dir.filePath(QStringLiteral("m.bpat"));
        testcli::Run r = testcli::bpat({QStringLiteral("merge"), a, b, QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.errText().contains(QStringLiteral("already exists")));
        QVERIFY(!QFile::exists(out));
        r = testcli::bpat({QStringLiteral("merge"), a, b, QStringLiteral("-o"), out, QStringLiteral("--rename-on-conflict")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const BpatDocument merged = load(out);
        QCOMPARE(merged.clipCount(), 4);
        QCOMPARE(merged.clip(3).name, QStringLiteral("jab_2"));
        QCOMPARE(merged.socketCount(), 2);
        QCOMPARE(testcli::bpat({QStringLiteral("validate"), out}).exitCode, 0);

        BpatDocument four(0, 4);
        four.addClip(testdocs::makeClip(QStringLiteral("run"), 2, 4, 24.0f, true));
        const QString c = dir.filePath(QStringLiteral("c.bpat"));
        QVERIFY(BpatWriter(four).save(c));
        r = testcli::bpat({QStringLiteral("merge"), a, c, QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.errText().contains(QStringLiteral("bone counts differ")));
        QCOMPARE(testcli::bpat({QStringLiteral("merge"), a, QStringLiteral("-o"), out}).exitCode, 2);
    }
    void mergeRefusesAnotherSpecies()
    {
        QTemporaryDir dir;
        BpatDocument horse = testdocs::smallDocument(false);
        horse.setSpeciesId(1);
        BpatDocument elephant = testdocs::smallDocument(false);
        elephant.setSpeciesId(2);
        const QString a = dir.filePath(QStringLiteral("horse.bpat"));
        const QString b = dir.filePath(QStringLiteral("elephant.bpat"));
        const QString out = dir.filePath(QStringLiteral("m.bpat"));
        QVERIFY(BpatWriter(horse).save(a));
        QVERIFY(BpatWriter(elephant).save(b));
        testcli::Run r =
            testcli::bpat({QStringLiteral("merge"), a, b, QStringLiteral("-o"), out, QStringLiteral("--rename-on-conflict")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().contains(QStringLiteral("SPECIES_MISMATCH")), r.err.constData());
        QVERIFY(r.errText().contains(QStringLiteral("\"horse\"")) && r.errText().contains(QStringLiteral("\"elephant\"")));
        QVERIFY(r.errText().contains(QStringLiteral("--allow-other-species")));
        QVERIFY(!QFile::exists(out));
        r = testcli::bpat({QStringLiteral("merge"), a, b, QStringLiteral("-o"), out, QStringLiteral("--rename-on-conflict"),
                           QStringLiteral("--allow-other-species")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(load(out).clipCount(), 4);
        QCOMPARE(load(out).speciesId(), 1u);
    }
};

QTEST_GUILESS_MAIN(tst_EditCommand)
#include "tst_EditCommand.moc"

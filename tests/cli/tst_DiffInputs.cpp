// What `bpat diff` reads (issue 42, findings 1 and 11): every input, whatever its name, is
// opened through RegularFile, so a FIFO is refused at once (it used to hang `bpat diff
// --textconv x.bprm`, `bpat diff A.bprm FIFO` and a whole `bpat diff DIR DIR` with one FIFO named
// x.bpsm in it); and a large file that is no readable BPAT is digested in bounded windows,
// memory flat (a 2 GiB sparse file used to be held whole, a recording read to 1 GiB + 1 first).
#include "CliRunner.h"
#include "TestDocuments.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QTest>

#include <sys/resource.h>
#include <sys/stat.h>

class tst_DiffInputs : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void textconvRefusesAFifoWhateverItsName_data();
    void textconvRefusesAFifoWhateverItsName();
    void pairsRefuseAFifo_data();
    void pairsRefuseAFifo();
    void foldersReportAFifoAndGoOn();
    void largeUnreadableFilesInBoundedMemory();

private:
    // `bpat ARGS`, killed after `seconds` (a hang is a failure, not a stuck test run).
    testcli::Run run(const QStringList &args, int seconds = 30);
    QString fifo(const QString &name);
    QString file(const QString &name, const QByteArray &bytes);
    QTemporaryDir m_dir;
};

testcli::Run tst_DiffInputs::run(const QStringList &args, int seconds)
{
    QProcess p;
    p.start(testpaths::bpatExecutable(), args);
    testcli::Run r;
    if (!p.waitForFinished(seconds * 1000)) {
        p.kill();
        p.waitForFinished();
        r.err = QByteArrayLiteral("bpat did not finish in time (hung)");
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString tst_DiffInputs::fifo(const QString &name)
{
    const QString path = m_dir.filePath(name);
    QFile::remove(path);
    if (::mkfifo(QFile::encodeName(path).constData(), 0644) != 0)
        return QString();
    return path;
}

QString tst_DiffInputs::file(const QString &name, const QByteArray &bytes)
{
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        return QString();
    return path;
}

void tst_DiffInputs::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QFileInfo(testpaths::bpatExecutable()).isExecutable());
}

void tst_DiffInputs::textconvRefusesAFifoWhateverItsName_data()
{
    QTest::addColumn<QString>("name");
    for (const char *name : {"x.bprm", "x.bin", "x.bpsm", "x.bpat", "x.txt", "x"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void tst_DiffInputs::textconvRefusesAFifoWhateverItsName()
{
    QFETCH(QString, name);
    const QString path = fifo(name);
    QVERIFY(!path.isEmpty());
    const testcli::Run r = run({QStringLiteral("diff"), QStringLiteral("--textconv"), path});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.errText().contains(QStringLiteral("not a regular file (a FIFO)")), r.err.constData());
    QVERIFY(r.out.isEmpty());
}

void tst_DiffInputs::pairsRefuseAFifo_data()
{
    QTest::addColumn<QString>("regular");
    QTest::addColumn<QString>("fifoName");
    QTest::newRow("bprm") << QStringLiteral("a.bprm") << QStringLiteral("b.bprm");
    QTest::newRow("bpsm") << QStringLiteral("a.bpsm") << QStringLiteral("b.bpsm");
    QTest::newRow("bin") << QStringLiteral("a.bin") << QStringLiteral("b.bin");
    QTest::newRow("bpat") << QStringLiteral("a.bpat") << QStringLiteral("b.bpat");
    QTest::newRow("other kinds") << QStringLiteral("a.bpat") << QStringLiteral("b.bprm");
}

void tst_DiffInputs::pairsRefuseAFifo()
{
    QFETCH(QString, regular);
    QFETCH(QString, fifoName);
    const QString a = file(regular, testdocs::smallFileBytes());
    const QString b = fifo(fifoName);
    QVERIFY(!a.isEmpty() && !b.isEmpty());
    for (const QStringList &pair : {QStringList{a, b}, QStringList{b, a}}) {
        const testcli::Run r = run(QStringList{QStringLiteral("diff")} + pair);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.errText().contains(QStringLiteral("not a regular file (a FIFO)")), r.err.constData());
    }
}

void tst_DiffInputs::foldersReportAFifoAndGoOn()
{
    // The CI use case: two asset folders, one of them holding a FIFO named like an asset.
    QDir root(m_dir.path());
    QVERIFY(root.mkpath(QStringLiteral("old/sub")) && root.mkpath(QStringLiteral("new/sub")));
    const QByteArray bytes = testdocs::smallFileBytes();
    QVERIFY(!file(QStringLiteral("old/sub/a.bpat"), bytes).isEmpty());
    QVERIFY(!file(QStringLiteral("new/sub/a.bpat"), bytes).isEmpty());
    QVERIFY(!file(QStringLiteral("old/x.bpsm"), QByteArray(100, 'x')).isEmpty());
    QVERIFY(!fifo(QStringLiteral("new/x.bpsm")).isEmpty());
    QVERIFY(!fifo(QStringLiteral("new/y.bpat")).isEmpty());
    QVERIFY(!fifo(QStringLiteral("old/y.bpat")).isEmpty());
    for (const char *format : {"text", "json", "junit", "github"}) {
        const testcli::Run r = run({QStringLiteral("diff"), m_dir.filePath(QStringLiteral("old")),
                                    m_dir.filePath(QStringLiteral("new")), QStringLiteral("--format"), QLatin1String(format)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.errText().contains(QStringLiteral("x.bpsm")) && r.errText().contains(QStringLiteral("a FIFO")),
                 r.err.constData());
        QVERIFY2(r.errText().contains(QStringLiteral("y.bpat")), r.err.constData());
        if (QLatin1String(format) == QLatin1String("json")) {
            const QJsonArray files = r.json().value(QStringLiteral("files")).toArray();
            QCOMPARE(files.size(), 3);
            QCOMPARE(files.at(0).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("same")); // sub/a.bpat
            QCOMPARE(files.at(1).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("trouble"));
        }
    }
}

void tst_DiffInputs::largeUnreadableFilesInBoundedMemory()
{
    // Sparse files (no disk space) named as each kind, none readable as that kind: a BPAT
    // header with nothing behind it, zeros elsewhere. The largest child's peak resident set
    // (RUSAGE_CHILDREN) covers every run of this test.
    const qint64 size = (qint64(300) << 20) + 12345; // held whole, that is 300 MiB resident
    QStringList paths;
    for (const char *name : {"big.bpat", "big.bin", "big.bpsm", "big.dat"}) {
        const QString path = m_dir.filePath(QLatin1String(name));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        if (path.endsWith(QLatin1String(".bpat")))
            QVERIFY(f.write("BPAT\x03\0\0\0", 8) == 8);
        QVERIFY(f.resize(size));
        paths.append(path);
    }
    for (const QString &path : std::as_const(paths)) {
        const testcli::Run r = run({QStringLiteral("diff"), QStringLiteral("--textconv"), path}, 120);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.outText().contains(QStringLiteral("%1 bytes, digest").arg(size)), r.out.constData());
    }
    // A pair of such files compared by their texts (one of them not named as a BPAT).
    const testcli::Run pair = run({QStringLiteral("diff"), paths.at(0), paths.at(3)}, 120);
    QCOMPARE(pair.exitCode, 1);
    struct rusage usage
    { };
    QCOMPARE(::getrusage(RUSAGE_CHILDREN, &usage), 0);
    const qint64 peakMiB = usage.ru_maxrss / 1024; // kilobytes on Linux
    qInfo("largest bpat child: %lld MiB resident at its peak", peakMiB);
    QVERIFY2(peakMiB < 120, qPrintable(QStringLiteral("%1 MiB").arg(peakMiB)));
}

QTEST_GUILESS_MAIN(tst_DiffInputs)
#include "tst_DiffInputs.moc"

// `bpat bake [OUT_DIR]`, run as a real process: what it writes and prints, its exit codes, and
// that the sample creatures baked at build time are there in the install layout.
#include "bpat/BpatFile.h"
#include "bpsm/BpsmFile.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest/QtTest>

namespace {
struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run runBpat(const QStringList &args, const QString &workingDir = QString())
{
    QProcess p;
    if (!workingDir.isEmpty())
        p.setWorkingDirectory(workingDir);
    p.start(testpaths::bpatExecutable(), args);
    if (!p.waitForFinished(120000))
        qFatal("bpat did not finish");
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

const QStringList CreatureFiles{u"elephant.bpat"_qs,      u"elephant_minimal.bpsm"_qs, u"horse.bpat"_qs,
                                u"horse_minimal.bpsm"_qs, u"humanoid.bpat"_qs,         u"humanoid_sword.bpat"_qs};
} // namespace

class tst_BakeCommand : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void bakesIntoTheGivenDirectory();
    void defaultsToCreaturesInTheCurrentDirectory();
    void overwritesAnEarlierBake();
    void failsWhenTheDirectoryCannotBeMade();
    void usageErrors();
    void help();
    void samplesWereBakedAtBuildTime();
    void infoAndValidateAcceptBpsm();
    void validateSearchesDirectoriesForBpsm();
};

void tst_BakeCommand::bakesIntoTheGivenDirectory()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(u"nested/out"_qs);
    const Run r = runBpat({u"bake"_qs, out});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    QCOMPARE(QDir(out).entryList(QDir::Files, QDir::Name), CreatureFiles);
    for (const QString &name : CreatureFiles)
        QVERIFY2(r.out.contains(u"wrote "_qs + QDir(out).filePath(name)), qPrintable(r.out));
    QVERIFY(r.out.contains(u"species 1, 16 bones, 6 clips, 116 frames"_qs));
    QVERIFY(r.out.contains(u"6 of 6 files written"_qs));
    const auto humanoid = bpat::BpatFile::open(QDir(out).filePath(u"humanoid.bpat"_qs));
    QVERIFY(humanoid);
    QCOMPARE(humanoid->header().speciesId, 0u);
    QCOMPARE(humanoid->header().socketCount, 10u);
}

void tst_BakeCommand::defaultsToCreaturesInTheCurrentDirectory()
{
    QTemporaryDir dir;
    const Run r = runBpat({u"bake"_qs, u"--quiet"_qs}, dir.path());
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.isEmpty());
    QCOMPARE(QDir(dir.filePath(u"creatures"_qs)).entryList(QDir::Files, QDir::Name), CreatureFiles);
}

void tst_BakeCommand::overwritesAnEarlierBake()
{
    QTemporaryDir dir;
    QFile stale(dir.filePath(u"horse.bpat"_qs));
    QVERIFY(stale.open(QIODevice::WriteOnly));
    stale.write("stale");
    stale.close();
    QCOMPARE(runBpat({u"bake"_qs, u"-q"_qs, dir.path()}).exitCode, 0);
    const auto horse = bpat::BpatFile::open(dir.filePath(u"horse.bpat"_qs));
    QVERIFY(horse && horse->hasMagic());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files, QDir::Name), CreatureFiles);
}

void tst_BakeCommand::failsWhenTheDirectoryCannotBeMade()
{
    QTemporaryDir dir;
    QFile blocker(dir.filePath(u"file"_qs));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    const Run r = runBpat({u"bake"_qs, dir.filePath(u"file/sub"_qs)});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains(u"failed"_qs));
    QVERIFY(r.out.contains(u"0 of 6 files written"_qs));
}

void tst_BakeCommand::usageErrors()
{
    Run r = runBpat({u"bake"_qs, u"a"_qs, u"b"_qs});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains(u"at most one OUT_DIR"_qs));
    r = runBpat({u"bake"_qs, u"--no-such-option"_qs});
    QCOMPARE(r.exitCode, 2);
}

void tst_BakeCommand::help()
{
    const Run r = runBpat({u"bake"_qs, u"--help"_qs});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(u"OUT_DIR"_qs));
    QVERIFY(runBpat({u"--help"_qs}).out.contains(u"bake [OUT_DIR]"_qs));
}

void tst_BakeCommand::samplesWereBakedAtBuildTime()
{
    // The build runs `bpat bake` into <build>/share/bpat-studio/samples, which is
    // <bindir>/../share/bpat-studio/samples as the app looks for it.
    const QString samples =
        QDir::cleanPath(QFileInfo(testpaths::bpatExecutable()).absolutePath() + u"/../share/bpat-studio/samples"_qs);
    if (!QFileInfo::exists(samples))
        QSKIP("samples not baked (the bpat_samples target was not built)");
    QCOMPARE(QDir(samples).entryList(QDir::Files, QDir::Name), CreatureFiles);
    const auto bpsm = bpat::BpsmFile::open(samples + u"/horse_minimal.bpsm"_qs);
    QVERIFY(bpsm && bpsm->hasMagic());
}

void tst_BakeCommand::infoAndValidateAcceptBpsm()
{
    QTemporaryDir dir;
    QCOMPARE(runBpat({u"bake"_qs, u"-q"_qs, dir.path()}).exitCode, 0);
    const QString bpsm = dir.filePath(u"horse_minimal.bpsm"_qs);
    Run r = runBpat({u"info"_qs, bpsm});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(u"BPSM minimal snapshot mesh"_qs) && r.out.contains(u"species 1 (horse)"_qs), qPrintable(r.out));
    QVERIFY(r.out.contains(u"gallop"_qs));
    r = runBpat({u"info"_qs, u"--json"_qs, bpsm});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value(u"format"_qs).toString(), u"bpsm"_qs);
    QCOMPARE(o.value(u"clip_count"_qs).toInt(), 6); // the game's horse clips, fight included
    QCOMPARE(o.value(u"frame_total"_qs).toInt(), 116);

    r = runBpat({u"validate"_qs, bpsm, dir.filePath(u"horse.bpat"_qs)});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    // A truncated snapshot fails validation with the BPSM code.
    QFile in(bpsm);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray bytes = in.readAll();
    QFile cut(dir.filePath(u"cut.bpsm"_qs));
    QVERIFY(cut.open(QIODevice::WriteOnly));
    cut.write(bytes.left(bytes.size() - 100));
    cut.close();
    r = runBpat({u"validate"_qs, cut.fileName()});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2((r.out + r.err).contains(u"BPSM_VERTEX_DATA_OUT_OF_BOUNDS"_qs), qPrintable(r.out + r.err));
    r = runBpat({u"validate"_qs, u"--json"_qs, cut.fileName()});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.contains(u"BPSM_VERTEX_DATA_OUT_OF_BOUNDS"_qs));

    // A .bpsm whose magic is damaged, or that is shorter than the magic, is still judged as a
    // snapshot (by its name), so the user gets the BPSM codes and not the BPAT ones.
    const auto writeFile = [&](const QString &name, const QByteArray &content) {
        QFile f(dir.filePath(name));
        return f.open(QIODevice::WriteOnly) && f.write(content) == content.size() ? f.fileName() : QString();
    };
    QByteArray badMagic = bytes;
    badMagic[3] = 'X';
    const QString magicPath = writeFile(u"bad-magic.bpsm"_qs, badMagic);
    r = runBpat({u"validate"_qs, magicPath});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains(u"BPSM_BAD_MAGIC"_qs), qPrintable(r.out));
    QVERIFY2(!r.out.contains(QRegularExpression(u"(?<!BPSM_)BAD_MAGIC"_qs)), qPrintable(r.out)); // no BPAT code
    const QString tinyPath = writeFile(u"tiny.BPSM"_qs, QByteArrayLiteral("BP"));
    r = runBpat({u"validate"_qs, tinyPath});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains(u"BPSM_FILE_TOO_SMALL"_qs), qPrintable(r.out));
    r = runBpat({u"info"_qs, magicPath});
    QCOMPARE(r.exitCode, 0); // info shows the header whatever its magic; validate judges it
    QVERIFY2(r.out.contains(u"BPSM minimal snapshot mesh"_qs), qPrintable(r.out));
}

void tst_BakeCommand::validateSearchesDirectoriesForBpsm()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(u"creatures"_qs);
    QCOMPARE(runBpat({u"bake"_qs, u"-q"_qs, out}).exitCode, 0);
    Run r = runBpat({u"validate"_qs, u"--json"_qs, dir.path()});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QStringList validated;
    const QJsonArray files = QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"files"_qs).toArray();
    for (const QJsonValue &f : files)
        validated << QFileInfo(f.toObject().value(u"path"_qs).toString()).fileName();
    QCOMPARE(validated, CreatureFiles); // both formats, sorted

    // A broken snapshot in a sub-folder is found and fails the run with its BPSM code.
    QFile in(dir.filePath(u"creatures/elephant_minimal.bpsm"_qs));
    QVERIFY(in.open(QIODevice::ReadOnly));
    QByteArray bytes = in.readAll();
    bytes[4] = 2; // version 2
    QDir(out).mkdir(u"broken"_qs);
    QFile bad(dir.filePath(u"creatures/broken/elephant_v2.bpsm"_qs));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write(bytes);
    bad.close();
    r = runBpat({u"validate"_qs, dir.path()});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains(u"elephant_v2.bpsm"_qs) && r.out.contains(u"BPSM_"_qs), qPrintable(r.out));
}

QTEST_GUILESS_MAIN(tst_BakeCommand)
#include "tst_BakeCommand.moc"

// Fault injection for saves: a disk that fills up part-way (a real one: a 1 MiB tmpfs mounted in
// the helper's own mount namespace, where the machine allows it; and everywhere a file-size limit,
// which fails the write the same way), a read-only folder (as root, the helper drops to `nobody`,
// who may write the file but not the folder), an unwritable folder, and a process SIGKILLed in
// the middle of writing a large document. In every case the target must afterwards be
// byte-identical to either the old file or the complete new one. Both ways of saving are
// covered: BpatWriter::save and BpatSaver::save (validated first).
// The test executable re-runs itself as the saving helper (BPAT_SAVE_HELPER=...).
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatSaver.h"
#include "bpat/BpatWriter.h"
#include "TestDocuments.h"
#include "bpat/Validator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QtTest/QTest>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <grp.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace bpat;

namespace {

// A large document (64 bones, `frames` frames: 4 KiB per frame) whose content depends on `phase`.
BpatDocument bigDocument(quint32 frames, float phase)
{
    BpatDocument doc(1, 64);
    doc.addClip(testdocs::makeClip(QStringLiteral("walk"), frames, 64, 30.0f, true, phase));
    doc.addSocket({QStringLiteral("hand"), 5, QVector3D(0.0f, 0.1f, 0.0f)});
    return doc;
}

constexpr quint32 BigFrames = 2500; // about 10 MiB per file

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeRaw(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// Saves through BpatWriter (even) or BpatSaver (odd).
bool save(const BpatDocument &doc, const QString &path, int via, QString *error)
{
    if (via % 2 == 0)
        return BpatWriter(doc).save(path, error);
    const BpatSaver::Result r = BpatSaver::save(doc, path);
    *error = r.error;
    return r.saved;
}

constexpr uid_t Nobody = 65534;
constexpr int HelperCannotRun = 4; // the machine does not allow the fault: the test skips

QStringList leftovers(const QDir &dir, const QString &target);

// A full disk for real: a private mount namespace (the mount vanishes with the helper) with a
// 1 MiB tmpfs holding a 600 KiB original; saving another 600 KiB document needs room for the
// temporary beside the original and runs out of space part-way. The helper reports what it
// finds, since the parent cannot see its mount.
int fullTmpfsHelper(int via)
{
    QTextStream out(stdout);
    const auto cannot = [&out](const char *what) {
        out << "cannot: " << what << ": " << std::strerror(errno) << Qt::endl;
        return HelperCannotRun;
    };
    if (unshare(CLONE_NEWNS) != 0)
        return cannot("unshare(CLONE_NEWNS)");
    if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
        return cannot("make / private");
    QTemporaryDir dir;
    if (!dir.isValid() || mount("tmpfs", QFile::encodeName(dir.path()).constData(), "tmpfs", 0, "size=1m") != 0)
        return cannot("mount a 1 MiB tmpfs");
    const QString path = dir.filePath(QStringLiteral("creature.bpat"));
    const QByteArray original = BpatWriter(bigDocument(150, 0.0f)).toBytes();
    if (!writeRaw(path, original))
        return cannot("write the original");
    QString error;
    const bool ok = save(bigDocument(150, 1.0f), path, via, &error);
    out << (ok ? QStringLiteral("saved") : QStringLiteral("failed: ") + error) << Qt::endl;
    out << "target " << (readAll(path) == original ? "identical" : "changed") << Qt::endl;
    out << "leftovers " << leftovers(QDir(dir.path()), QStringLiteral("creature.bpat")).size() << Qt::endl;
    umount(QFile::encodeName(dir.path()).constData());
    return ok ? 0 : 1;
}

// Helper modes, run in a child process.
int runHelper(const QByteArray &mode, const QString &path)
{
    const int via = mode.endsWith("saver") ? 1 : 0;
    if (mode.startsWith("tmpfs-full"))
        return fullTmpfsHelper(via);
    if (mode.startsWith("read-only-folder")) {
        // Root ignores permissions: become nobody, who owns the file but not its folder.
        if (geteuid() == 0 && (setgroups(0, nullptr) != 0 || setgid(Nobody) != 0 || setuid(Nobody) != 0))
            return 3;
        QTextStream out(stdout);
        QFile probe(path); // the file itself could be overwritten in place...
        out << "file writable " << (probe.open(QIODevice::ReadWrite) ? "yes" : "no") << Qt::endl;
        probe.close();
        QString error; // ...but a save must not do that: no temporary, no save
        const bool ok = save(testdocs::smallDocument(), path, via, &error);
        out << (ok ? QStringLiteral("saved") : QStringLiteral("failed: ") + error) << Qt::endl;
        return ok ? 0 : 1;
    }
    if (mode.startsWith("fsize-limit")) {
        // Writes past 4 KiB fail with EFBIG, like a disk that fills up after the first block.
        std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit limit = {4096, 4096};
        if (setrlimit(RLIMIT_FSIZE, &limit) != 0)
            return 3;
        QString error;
        const bool ok = save(bigDocument(64, 0.5f), path, via, &error);
        QTextStream(stdout) << (ok ? QStringLiteral("saved") : QStringLiteral("failed: ") + error) << Qt::endl;
        return ok ? 0 : 1;
    }
    if (mode == "save-loop") {
        // Saves the two documents alternately until killed, two saves through BpatWriter, two
        // through BpatSaver, and so on; says when each save is complete.
        const BpatDocument docs[2] = {bigDocument(BigFrames, 0.0f), bigDocument(BigFrames, 1.0f)};
        QTextStream out(stdout);
        for (int i = 0;; ++i) {
            out << "start " << i << Qt::endl;
            QString error;
            if (!save(docs[i % 2], path, i / 2, &error)) {
                out << "failed: " << error << Qt::endl;
                return 1;
            }
            out << "saved " << i << Qt::endl;
        }
    }
    return 2;
}

QStringList leftovers(const QDir &dir, const QString &target)
{
    QStringList names = dir.entryList(QDir::Files | QDir::Hidden);
    names.removeAll(target);
    return names;
}

// Stops a process (SIGSTOP) and waits until the kernel reports it stopped, so what it holds
// open can be read before it is killed.
bool stopProcess(qint64 pid)
{
    ::kill(pid_t(pid), SIGSTOP);
    for (int i = 0; i < 1000; ++i) {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (stat.open(QIODevice::ReadOnly)) {
            const QByteArray line = stat.readAll();
            const qsizetype close = line.lastIndexOf(')'); // "pid (comm) STATE ..."
            if (close > 0 && line.size() > close + 2 && (line.at(close + 2) == 'T' || line.at(close + 2) == 't'))
                return true;
        }
        QThread::usleep(200);
    }
    return false;
}

// Whether the process has a file open in `dir`: QSaveFile's temporary (an unnamed O_TMPFILE
// shows as "<dir>/#<inode> (deleted)", a named one under its name). A kill then lands in the
// middle of writing the new file.
bool writingInto(qint64 pid, const QString &dir)
{
    const QString fdDir = QStringLiteral("/proc/%1/fd").arg(pid);
    const QByteArray prefix = QFile::encodeName(dir) + '/';
    for (const QString &fd : QDir(fdDir).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot)) {
        char target[4096];
        const ssize_t n = ::readlink(QFile::encodeName(fdDir + QLatin1Char('/') + fd).constData(), target, sizeof target);
        if (n > 0 && QByteArray(target, n).startsWith(prefix))
            return true;
    }
    return false;
}

// The helper's last line: "start N" when it was killed inside save call N.
QByteArray lastLine(QProcess &p)
{
    const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
    return lines.isEmpty() ? QByteArray() : lines.constLast();
}

} // namespace

class tst_SaveFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fullDiskLeavesOriginal_data();
    void fullDiskLeavesOriginal();
    void fullTmpfsLeavesOriginal_data();
    void fullTmpfsLeavesOriginal();
    void unwritableFolderLeavesOriginal();
    void readOnlyFolderLeavesOriginal_data();
    void readOnlyFolderLeavesOriginal();
    void killedMidSaveLeavesOldOrNew();
};

void tst_SaveFaults::fullDiskLeavesOriginal_data()
{
    QTest::addColumn<QString>("mode");
    QTest::newRow("BpatWriter::save") << QStringLiteral("fsize-limit-writer");
    QTest::newRow("BpatSaver::save") << QStringLiteral("fsize-limit-saver");
}

void tst_SaveFaults::fullDiskLeavesOriginal()
{
    QFETCH(QString, mode);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("creature.bpat"));
    const QByteArray original = testdocs::smallFileBytes();
    QVERIFY(writeRaw(path, original));

    QProcess helper;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("BPAT_SAVE_HELPER"), mode);
    helper.setProcessEnvironment(env);
    helper.start(QCoreApplication::applicationFilePath(), {path});
    QVERIFY(helper.waitForFinished(120000));
    const QString said = QString::fromUtf8(helper.readAllStandardOutput()).trimmed();
    QCOMPARE(helper.exitStatus(), QProcess::NormalExit);
    QVERIFY2(helper.exitCode() == 1, qPrintable(said));
    QVERIFY2(said.startsWith(QStringLiteral("failed: ")) && said.size() > 10, qPrintable(said));
    QCOMPARE(readAll(path), original);
    QCOMPARE(leftovers(QDir(dir.path()), QStringLiteral("creature.bpat")), QStringList()); // temp file removed
}

void tst_SaveFaults::unwritableFolderLeavesOriginal()
{
    // No one, root included, can create a file in /proc/self: QSaveFile cannot make its
    // temporary file there, and BpatWriter must say so rather than write in place.
    const QString path = QStringLiteral("/proc/self/creature.bpat");
    QString error;
    QVERIFY(!BpatWriter(testdocs::smallDocument()).save(path, &error));
    QVERIFY2(!error.isEmpty(), "no reason given");
    QVERIFY(!QFile::exists(path));
    const BpatSaver::Result saver = BpatSaver::save(testdocs::smallDocument(), path);
    QVERIFY(!saver.saved);
    QVERIFY2(saver.error.contains(path), qPrintable(saver.error));

    // A folder that does not exist.
    QTemporaryDir dir;
    error.clear();
    QVERIFY(!BpatWriter(testdocs::smallDocument()).save(dir.filePath(QStringLiteral("gone/x.bpat")), &error));
    QVERIFY(!error.isEmpty());
}

void tst_SaveFaults::fullTmpfsLeavesOriginal_data()
{
    fullDiskLeavesOriginal_data();
}

void tst_SaveFaults::fullTmpfsLeavesOriginal()
{
    QFETCH(QString, mode);
    QProcess helper;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("BPAT_SAVE_HELPER"), mode.replace(QStringLiteral("fsize-limit"), QStringLiteral("tmpfs-full")));
    helper.setProcessEnvironment(env);
    helper.start(QCoreApplication::applicationFilePath(), {QStringLiteral("-")});
    QVERIFY(helper.waitForFinished(120000));
    const QString said = QString::fromUtf8(helper.readAllStandardOutput()).trimmed();
    if (helper.exitCode() == HelperCannotRun)
        QSKIP(qPrintable(QStringLiteral("no private tmpfs here (needs root with CAP_SYS_ADMIN): ") + said));
    QVERIFY2(helper.exitCode() == 1, qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("No space left on device")), qPrintable(said)); // ENOSPC for real
    QVERIFY2(said.contains(QStringLiteral("target identical")), qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("leftovers 0")), qPrintable(said));
}

void tst_SaveFaults::readOnlyFolderLeavesOriginal_data()
{
    QTest::addColumn<int>("via");
    QTest::newRow("BpatWriter::save") << 0;
    QTest::newRow("BpatSaver::save") << 1;
}

void tst_SaveFaults::readOnlyFolderLeavesOriginal()
{
    QFETCH(int, via);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("creature.bpat"));
    const QByteArray original = testdocs::smallFileBytes(false);
    QVERIFY(writeRaw(path, original));
    const auto readOnly =
        QFile::ReadOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther;
    QVERIFY(QFile::setPermissions(dir.path(), readOnly));
    if (geteuid() == 0) {
        // Root may write anywhere: the helper drops to nobody, who gets the file (so it could be
        // overwritten in place) but not the folder (so no temporary can be made beside it).
        QVERIFY(::chown(QFile::encodeName(path).constData(), Nobody, Nobody) == 0);
        QProcess helper;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BPAT_SAVE_HELPER"),
                   via ? QStringLiteral("read-only-folder-saver") : QStringLiteral("read-only-folder-writer"));
        helper.setProcessEnvironment(env);
        helper.start(QCoreApplication::applicationFilePath(), {path});
        QVERIFY(helper.waitForFinished(120000));
        const QString said = QString::fromUtf8(helper.readAllStandardOutput()).trimmed();
        QVERIFY2(helper.exitCode() == 1, qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("file writable yes")), qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("failed: ")), qPrintable(said));
    } else {
        QString error;
        QVERIFY(!save(testdocs::smallDocument(), path, via, &error));
        QVERIFY(!error.isEmpty());
    }
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QCOMPARE(readAll(path), original);
    QCOMPARE(leftovers(QDir(dir.path()), QStringLiteral("creature.bpat")), QStringList());
}

void tst_SaveFaults::killedMidSaveLeavesOldOrNew()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("big.bpat"));
    const QByteArray a = BpatWriter(bigDocument(BigFrames, 0.0f)).toBytes();
    const QByteArray b = BpatWriter(bigDocument(BigFrames, 1.0f)).toBytes();
    QVERIFY(!a.isEmpty() && a != b);

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("BPAT_SAVE_HELPER"), QStringLiteral("save-loop"));
    int midSave = 0, midWrite = 0, kills = 0;
    for (int attempt = 0; attempt < 40 && midWrite < 3; ++attempt) {
        QProcess helper;
        helper.setProcessEnvironment(env);
        helper.start(QCoreApplication::applicationFilePath(), {path});
        QVERIFY(helper.waitForStarted());
        // Wait for one complete save, then kill at a random point of a later one.
        while (!helper.peek(1 << 16).contains("saved"))
            QVERIFY2(helper.waitForReadyRead(120000), helper.readAllStandardError().constData());
        QThread::msleep(QRandomGenerator::global()->bounded(5, 120));
        // Frozen first, so what it is doing at the moment of the kill can be seen.
        QVERIFY(stopProcess(helper.processId()));
        const bool writing = writingInto(helper.processId(), dir.path());
        ::kill(pid_t(helper.processId()), SIGKILL);
        QVERIFY(helper.waitForFinished(30000));
        ++kills;

        const QByteArray now = readAll(path);
        QVERIFY2(
            now == a || now == b,
            qPrintable(QStringLiteral("after kill %1 the target is %2 bytes, neither old nor new").arg(kills).arg(now.size())));
        QVERIFY(Validator().validate(BpatFile::fromData(now)).valid());
        // The helper says "start N" before save call N and "saved N" after it.
        if (lastLine(helper).startsWith("start "))
            ++midSave;
        if (writing)
            ++midWrite; // the new file's bytes were being written when it died
        // QSaveFile's temporary is an unnamed O_TMPFILE where the kernel has it; elsewhere a
        // named one may be left behind by the kill: it never replaces the target.
        for (const QString &t : leftovers(QDir(dir.path()), QStringLiteral("big.bpat")))
            QFile::remove(dir.filePath(t));
    }
    qInfo("%d kills, %d of them in a save call, %d while its temporary file was open", kills, midSave, midWrite);
    QVERIFY2(midWrite > 0, "no kill landed while the new file was being written");
}

int main(int argc, char **argv)
{
    const QByteArray mode = qgetenv("BPAT_SAVE_HELPER");
    if (!mode.isEmpty()) {
        QCoreApplication app(argc, argv);
        return argc > 1 ? runHelper(mode, QString::fromLocal8Bit(argv[1])) : 2;
    }
    QCoreApplication app(argc, argv);
    tst_SaveFaults test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_SaveFaults.moc"

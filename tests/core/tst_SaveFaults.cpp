// Fault injection for saves: a write that fails part-way (a file-size limit stands in for a
// full disk: it fails the same way, with the same errno-driven path, and works as root), an
// unwritable folder, and a process SIGKILLed in the middle of saving a large document. In every
// case the target must afterwards be byte-identical to either the old file or the complete new
// one. Both ways of saving are covered: BpatWriter::save and BpatSaver::save (validated first).
// The test executable re-runs itself as the saving helper (BPAT_SAVE_HELPER=...).
#include "BpatDocument.h"
#include "BpatFile.h"
#include "BpatSaver.h"
#include "BpatWriter.h"
#include "TestDocuments.h"
#include "Validator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QtTest/QTest>

#include <csignal>
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

// Helper modes, run in a child process.
int runHelper(const QByteArray &mode, const QString &path)
{
    if (mode.startsWith("fsize-limit")) {
        // Writes past 4 KiB fail with EFBIG, like a disk that fills up after the first block.
        std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit limit = {4096, 4096};
        if (setrlimit(RLIMIT_FSIZE, &limit) != 0)
            return 3;
        QString error;
        const bool ok = save(bigDocument(64, 0.5f), path, mode.endsWith("saver") ? 1 : 0, &error);
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

private slots:
    void fullDiskLeavesOriginal_data();
    void fullDiskLeavesOriginal();
    void unwritableFolderLeavesOriginal();
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

void tst_SaveFaults::readOnlyFolderLeavesOriginal()
{
    if (geteuid() == 0)
        QSKIP("running as root: folder permissions do not apply (see unwritableFolderLeavesOriginal)");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("creature.bpat"));
    const QByteArray original = testdocs::smallFileBytes(false);
    QVERIFY(writeRaw(path, original));
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner);
    QString error;
    const bool saved = BpatWriter(testdocs::smallDocument()).save(path, &error);
    const BpatSaver::Result saver = BpatSaver::save(testdocs::smallDocument(), path);
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QVERIFY(!saved && !saver.saved);
    QVERIFY(!error.isEmpty() && !saver.error.isEmpty());
    QCOMPARE(readAll(path), original);
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
    int midSave = 0, kills = 0;
    for (int attempt = 0; attempt < 30 && midSave < 3; ++attempt) {
        QProcess helper;
        helper.setProcessEnvironment(env);
        helper.start(QCoreApplication::applicationFilePath(), {path});
        QVERIFY(helper.waitForStarted());
        // Wait for one complete save, then kill at a random point of a later one.
        while (!helper.peek(1 << 16).contains("saved"))
            QVERIFY2(helper.waitForReadyRead(120000), helper.readAllStandardError().constData());
        QThread::msleep(QRandomGenerator::global()->bounded(5, 120));
        ::kill(pid_t(helper.processId()), SIGKILL);
        QVERIFY(helper.waitForFinished(30000));
        ++kills;

        const QByteArray now = readAll(path);
        QVERIFY2(now == a || now == b, qPrintable(QStringLiteral("after kill %1 the target is %2 bytes, neither old nor new")
                                                       .arg(kills).arg(now.size())));
        QVERIFY(Validator().validate(BpatFile::fromData(now)).valid());
        // The helper says "start N" before save call N and "saved N" after it.
        if (lastLine(helper).startsWith("start "))
            ++midSave;
        // QSaveFile's temporary is an unnamed O_TMPFILE where the kernel has it; elsewhere a
        // named one may be left behind by the kill: it never replaces the target.
        for (const QString &t : leftovers(QDir(dir.path()), QStringLiteral("big.bpat")))
            QFile::remove(dir.filePath(t));
    }
    qInfo("%d kills, %d of them in the middle of a save", kills, midSave);
    QVERIFY2(midSave > 0, "no kill landed in the middle of a save");
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

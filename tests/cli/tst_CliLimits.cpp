// Hardening round two for the `bpat` CLI: outputs that are not plain files (every writing
// command refuses a FIFO or a dangling link and leaves it as it was), `--threads` bounded,
// `validate DIR` reporting names that are not UTF-8 and directories it cannot list (non-zero
// exit) while such names still open when given directly, `--json` failures printing a JSON
// error object, `info` on a cut file carrying its findings and exiting 1, and writing over an
// input refused unless --overwrite-input says so.
#include "CliRunner.h"
#include "GeneratedRecording.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest/QTest>

#include <fcntl.h>
#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace bpat;

namespace {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool isFifo(const QString &path)
{
    struct stat st;
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISFIFO(st.st_mode);
}

// Runs bpat through the shell so that arguments can hold bytes that are not UTF-8 (QProcess
// encodes its arguments as UTF-8); `script` uses "$BPAT" and runs in `dir`.
testcli::Run shell(const QString &dir, const QString &script, bool asNobody = false)
{
    QProcess p;
    p.setWorkingDirectory(dir);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("BPAT"), testpaths::bpatExecutable());
    p.setProcessEnvironment(env);
    if (asNobody) {
        p.setChildProcessModifier([] {
            if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0)
                ::_exit(97);
        });
    }
    p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
    testcli::Run r;
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace

class tst_CliLimits : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_small;
    QString m_recording;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_small = m_dir.filePath(QStringLiteral("small.bpat"));
        QVERIFY(writeFile(m_small, testdocs::smallFileBytes(false)));
        m_recording = m_dir.filePath(QStringLiteral("take.bin"));
        QVERIFY(testrecording::write(m_recording));
    }

    void writingCommandsRefuseSpecialOutputs_data()
    {
        QTest::addColumn<QStringList>("args"); // OUT stands for the output
        QTest::newRow("edit") << QStringList{QStringLiteral("edit"),      m_small,
                                             QStringLiteral("-o"),        QStringLiteral("OUT"),
                                             QStringLiteral("--set-fps"), QStringLiteral("idle=30")};
        QTest::newRow("merge") << QStringList{QStringLiteral("merge"),
                                              m_small,
                                              m_small,
                                              QStringLiteral("-o"),
                                              QStringLiteral("OUT"),
                                              QStringLiteral("--rename-on-conflict")};
        QTest::newRow("rebake") << QStringList{QStringLiteral("rebake"), m_recording,
                                               QStringLiteral("-o"),     QStringLiteral("OUT"),
                                               QStringLiteral("--to"),   QStringLiteral("0.5")};
        QTest::newRow("anim convert") << QStringList{QStringLiteral("anim"), QStringLiteral("convert"),   m_recording,
                                                     QStringLiteral("OUT"),  QStringLiteral("--version"), QStringLiteral("1.1")};
    }

    void writingCommandsRefuseSpecialOutputs()
    {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("pipe"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0666) == 0);
        const QString dangling = dir.filePath(QStringLiteral("dangling.bpat"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("nowhere.bpat")), dangling));
        for (const auto &[target, said] :
             {std::pair{fifo, QStringLiteral("a FIFO")}, std::pair{dangling, QStringLiteral("a dangling symbolic link")}}) {
            QStringList withTarget = args;
            withTarget.replaceInStrings(QStringLiteral("OUT"), target);
            const testcli::Run r = testcli::bpat(withTarget);
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.errText().contains(target) && r.errText().contains(said), qPrintable(r.errText()));
        }
        QVERIFY(isFifo(fifo));
        QVERIFY(QFileInfo(dangling).isSymLink());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("nowhere.bpat"))));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot).size(), 2);
    }

    // Issue 42, finding 10: writers run as root replaced read-only (0444) outputs. Refused, naming
    // the file, unless --force; the file replaced on --force keeps its mode.
    void readOnlyOutputsNeedForce_data() { writingCommandsRefuseSpecialOutputs_data(); }
    void readOnlyOutputsNeedForce()
    {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("locked.out"));
        QVERIFY(writeFile(out, "locked"));
        QVERIFY(::chmod(QFile::encodeName(out).constData(), 0444) == 0);
        args.replaceInStrings(QStringLiteral("OUT"), out);
        testcli::Run r = testcli::bpat(args);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().contains(out) && r.errText().contains(QStringLiteral("read-only (mode 0444)")), r.err.constData());
        QCOMPARE(readAll(out), QByteArray("locked"));
        r = testcli::bpat(args + QStringList{QStringLiteral("--force")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(readAll(out) != QByteArray("locked"));
        QCOMPARE(QFileInfo(out).permissions() & (QFile::WriteOwner | QFile::WriteGroup | QFile::WriteOther),
                 QFile::Permissions());
    }

    void manifestOutputThatIsAFifoIsRefused()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("out.bpat"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0666) == 0);
        const QString manifest = dir.filePath(QStringLiteral("bake.json"));
        QVERIFY(writeFile(manifest,
                          QStringLiteral(R"({"output": "%1", "recipe": "hands",
                                                      "clips": [{"name": "a", "curves": "%2", "to": 0.5}]})")
                              .arg(fifo, m_recording)
                              .toUtf8()));
        const testcli::Run r = testcli::bpat({QStringLiteral("rebake"), QStringLiteral("--manifest"), manifest});
        QVERIFY2(r.exitCode == 1 && r.errText().contains(QStringLiteral("a FIFO")), qPrintable(r.errText()));
        QVERIFY(isFifo(fifo));
    }

    void threadsAreBounded()
    {
        const QString out = m_dir.filePath(QStringLiteral("threads.bpat"));
        testcli::Run r = testcli::bpat({QStringLiteral("rebake"), m_recording, QStringLiteral("-o"), out, QStringLiteral("--to"),
                                        QStringLiteral("0.5"), QStringLiteral("--threads"), QStringLiteral("300")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.errText().contains(QStringLiteral("at most %1").arg(QThread::idealThreadCount())), qPrintable(r.errText()));
        QVERIFY(!QFile::exists(out));
        r = testcli::bpat({QStringLiteral("rebake"), m_recording, QStringLiteral("-o"), out, QStringLiteral("--to"),
                           QStringLiteral("0.5"), QStringLiteral("--threads"), QString::number(QThread::idealThreadCount())});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    }

    void validateDirReportsNamesThatAreNotUtf8()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("sub")));
        // "sub/\xff.bpat": a valid file under a name that is not UTF-8.
        const QByteArray raw = QFile::encodeName(dir.path()) + "/sub/\xff.bpat";
        const int fd = ::open(raw.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        QVERIFY(fd >= 0);
        const QByteArray bytes = testdocs::smallFileBytes(false);
        QCOMPARE(::write(fd, bytes.constData(), size_t(bytes.size())), ssize_t(bytes.size()));
        ::close(fd);

        testcli::Run r = shell(dir.path(), QStringLiteral("exec \"$BPAT\" validate ."));
        QCOMPARE(r.exitCode, 1); // it used to be "no files found" and exit 0
        QVERIFY2(r.outText().contains(QStringLiteral("FILE_NAME_NOT_UTF8")) && r.outText().contains(QStringLiteral("\\xff")),
                 qPrintable(r.outText() + r.errText()));
        r = shell(dir.path(), QStringLiteral("exec \"$BPAT\" validate --json ."));
        QCOMPARE(r.exitCode, 1);
        const QJsonDocument report = QJsonDocument::fromJson(r.out);
        QVERIFY2(report.isObject(), r.out.constData());
        QVERIFY(QString::fromUtf8(r.out).contains(QStringLiteral("sub/\\\\xff.bpat")));

        // Given directly, the name opens.
        r = shell(dir.path(), QStringLiteral("exec \"$BPAT\" info --json \"$(printf 'sub/\\377.bpat')\""));
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QCOMPARE(r.json().value(QStringLiteral("clip_count")).toInt(), 2);
        QCOMPARE(r.json().value(QStringLiteral("path")).toString(), QStringLiteral("sub/\\xff.bpat")); // shown as \xff
        r = shell(dir.path(), QStringLiteral("exec \"$BPAT\" info \"$(printf 'sub/\\377.bpat')\""));
        QVERIFY2(r.exitCode == 0 && r.outText().startsWith(QStringLiteral("sub/\\xff.bpat: ")), qPrintable(r.outText()));
        r = shell(dir.path(),
                  QStringLiteral("exec \"$BPAT\" edit \"$(printf 'sub/\\377.bpat')\" -o copy.bpat "
                                 "--set-fps idle=24"));
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QVERIFY(readAll(dir.filePath(QStringLiteral("copy.bpat"))).startsWith("BPAT"));
        ::unlink(raw.constData()); // QTemporaryDir cannot name it
    }

    void validateDirReportsUnreadableDirectories()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::setPermissions(dir.path(),
                                      QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                          | QFileDevice::ReadOther | QFileDevice::ExeOther));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("good.bpat")), testdocs::smallFileBytes(false)));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("locked")));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("locked/broken.bpat")), QByteArray("BPAT")));
        QVERIFY(QFile::setPermissions(dir.filePath(QStringLiteral("locked")), QFileDevice::Permissions()));
        QFile::setPermissions(dir.filePath(QStringLiteral("good.bpat")), QFileDevice::ReadOwner | QFileDevice::ReadOther);
        const bool root = ::geteuid() == 0; // root reads any folder: run as nobody
        const testcli::Run r = shell(dir.path(), QStringLiteral("exec \"$BPAT\" validate ."), root);
        QFile::setPermissions(dir.filePath(QStringLiteral("locked")),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        if (r.exitCode == 97 || r.exitCode == 126 || r.exitCode == 127)
            QSKIP("cannot run bpat as nobody here");
        QCOMPARE(r.exitCode, 1); // the broken file inside went unseen, and the run passed
        QVERIFY2(r.outText().contains(QStringLiteral("locked"))
                     && r.outText().contains(QStringLiteral("cannot list the directory")),
                 qPrintable(r.outText() + r.errText()));
        // The readable file beside it was validated all the same.
        const testcli::Run json = shell(dir.path(), QStringLiteral("exec \"$BPAT\" validate --json ."), root);
        QCOMPARE(json.exitCode, 1);
        QVERIFY2(json.outText().contains(QStringLiteral("./good.bpat")), qPrintable(json.outText()));
        QFile::setPermissions(dir.filePath(QStringLiteral("locked")),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }

    void jsonFailuresPrintAnErrorObject_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("code");
        const QString missing = m_dir.filePath(QStringLiteral("missing.bpat"));
        const QString notBpat = m_dir.filePath(QStringLiteral("text.bpat"));
        writeFile(notBpat, QByteArray(100, 'x'));
        const QString cutBin = m_dir.filePath(QStringLiteral("cut.bin"));
        writeFile(cutBin, readAll(m_recording).left(40));
        QTest::newRow("info missing") << QStringList{QStringLiteral("info"), missing, QStringLiteral("--json")}
                                      << QStringLiteral("IO_ERROR");
        QTest::newRow("info not bpat") << QStringList{QStringLiteral("info"), notBpat, QStringLiteral("--json")}
                                       << QStringLiteral("BAD_MAGIC");
        QTest::newRow("dump missing") << QStringList{QStringLiteral("dump"),    missing,
                                                     QStringLiteral("--clip"),  QStringLiteral("0"),
                                                     QStringLiteral("--frame"), QStringLiteral("0"),
                                                     QStringLiteral("--json")}
                                      << QStringLiteral("IO_ERROR");
        QTest::newRow("dump no frame") << QStringList{QStringLiteral("dump"),    m_small,
                                                      QStringLiteral("--clip"),  QStringLiteral("0"),
                                                      QStringLiteral("--frame"), QStringLiteral("99"),
                                                      QStringLiteral("--json")}
                                       << QStringLiteral("FRAME_NOT_FOUND");
        QTest::newRow("anim info cut") << QStringList{QStringLiteral("anim"), QStringLiteral("info"), cutBin,
                                                      QStringLiteral("--json")}
                                       << QString();
        QTest::newRow("anim sample missing")
            << QStringList{QStringLiteral("anim"),    QStringLiteral("sample"), missing,
                           QStringLiteral("--times"), QStringLiteral("0"),      QStringLiteral("--json")}
            << QString();
    }

    void jsonFailuresPrintAnErrorObject()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, code);
        const testcli::Run r = testcli::bpat(args);
        QCOMPARE(r.exitCode, 1);
        const QJsonObject error = r.json().value(QStringLiteral("error")).toObject();
        QVERIFY2(!error.isEmpty(), r.out.constData());
        if (!code.isEmpty())
            QCOMPARE(error.value(QStringLiteral("code")).toString(), code);
        else
            QVERIFY(!error.value(QStringLiteral("code")).toString().isEmpty());
        QVERIFY(!error.value(QStringLiteral("message")).toString().isEmpty());
        QCOMPARE(error.value(QStringLiteral("path")).toString(), args.at(args.constFirst() == QLatin1String("anim") ? 2 : 1));
    }

    void infoOnACutFileSaysWhyAndFails()
    {
        const QString cut = m_dir.filePath(QStringLiteral("cut100.bpat"));
        QVERIFY(writeFile(cut, testdocs::smallFileBytes().left(100)));
        testcli::Run r = testcli::bpat({QStringLiteral("info"), cut, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        const QJsonArray findings = r.json().value(QStringLiteral("findings")).toArray();
        QVERIFY2(!findings.isEmpty(), r.out.constData());
        QCOMPARE(findings.first().toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("CLIP_TABLE_OUT_OF_BOUNDS"));
        r = testcli::bpat({QStringLiteral("info"), cut});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.outText().contains(QStringLiteral("the clip table is not inside the file")));
        r = testcli::bpat({QStringLiteral("info"), m_small, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.json().value(QStringLiteral("findings")).toArray().isEmpty());
    }

    void writingOverAnInputIsRefused()
    {
        QTemporaryDir dir;
        const QString rec = dir.filePath(QStringLiteral("rec.bin"));
        QVERIFY(writeFile(rec, readAll(m_recording)));
        const QString link = dir.filePath(QStringLiteral("same.bin"));
        QVERIFY(QFile::link(rec, link));
        const QByteArray before = readAll(rec);
        for (const QString &out : {rec, link}) {
            testcli::Run r = testcli::bpat(
                {QStringLiteral("rebake"), rec, QStringLiteral("-o"), out, QStringLiteral("--to"), QStringLiteral("0.5")});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.errText().contains(QStringLiteral("--overwrite-input")), qPrintable(r.errText()));
            r = testcli::bpat({QStringLiteral("anim"), QStringLiteral("convert"), rec, out, QStringLiteral("--version"),
                               QStringLiteral("1.1")});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.errText().contains(QStringLiteral("--overwrite-input")), qPrintable(r.errText()));
            QCOMPARE(readAll(rec), before);
        }
        // Asked for explicitly, it goes ahead.
        testcli::Run r = testcli::bpat({QStringLiteral("anim"), QStringLiteral("convert"), rec, rec, QStringLiteral("--version"),
                                        QStringLiteral("1.1"), QStringLiteral("--overwrite-input")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        r = testcli::bpat({QStringLiteral("rebake"), rec, QStringLiteral("-o"), rec, QStringLiteral("--to"),
                           QStringLiteral("0.5"), QStringLiteral("--overwrite-input")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QVERIFY(readAll(rec).startsWith("BPAT"));
    }
};

QTEST_GUILESS_MAIN(tst_CliLimits)
#include "tst_CliLimits.moc"

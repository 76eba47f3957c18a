// What every command prints about names it did not choose (issue 42, findings 3, 9 and 12): a
// file named "\xff.bpat" or "nl\n::error file=X::forged", a clip or socket name holding a
// newline. `bpat validate` and `bpat diff` share one report writer (text, JSON, JUnit, GitHub):
// JUnit stays well-formed, JSON writes \xNN, no output gains a line or an annotation the file
// forged; `info` escapes too; names with control characters are refused when written and
// flagged when read; a usage error with --json prints JSON.
#include "CliRunner.h"
#include "TestDocuments.h"
#include "bpat/BpatWriter.h"

#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest/QTest>

#include <fcntl.h>
#include <unistd.h>

namespace {

// `sh -c SCRIPT` in `dir` with $BPAT set: file names that are not UTF-8 stay bytes that way.
testcli::Run shell(const QString &dir, const QString &script)
{
    QProcess p;
    p.setWorkingDirectory(dir);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("BPAT"), testpaths::bpatExecutable());
    p.setProcessEnvironment(env);
    p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
    testcli::Run r;
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

bool writeRaw(const QByteArray &path, const QByteArray &bytes)
{
    const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return false;
    const bool ok = ::write(fd, bytes.constData(), size_t(bytes.size())) == ssize_t(bytes.size());
    ::close(fd);
    return ok;
}

QString xmlError(const QByteArray &xml)
{
    QXmlStreamReader reader(xml);
    while (!reader.atEnd())
        reader.readNext();
    return reader.hasError() ? reader.errorString() : QString();
}

// A line of output that starts a GitHub workflow command the file named itself into.
bool forgesAnnotation(const QByteArray &output)
{
    for (const QByteArray &line : output.split('\n')) {
        if (line.startsWith("::error file=X"))
            return true;
    }
    return false;
}

// smallFileBytes() with the clip "jab" renamed in place to "j\nb" (same length).
QByteArray fileWithForgedClipName()
{
    QByteArray bytes = testdocs::smallFileBytes();
    const qsizetype at = bytes.indexOf(QByteArrayLiteral("jab\0"));
    if (at >= 0)
        bytes[at + 1] = '\n';
    return bytes;
}

} // namespace

class tst_CliReports : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void diffFoldersWithNamesThatAreNotUtf8()
    {
        // old/ and new/ each hold "\xff.bpat" (different) and the forged name (the same).
        QDir root(m_dir.path());
        QVERIFY(root.mkpath(QStringLiteral("names/old")) && root.mkpath(QStringLiteral("names/new")));
        const QByteArray base = QFile::encodeName(m_dir.filePath(QStringLiteral("names")));
        bpat::BpatDocument edited = testdocs::smallDocument();
        edited.clip(0).fps = 30.0f;
        QVERIFY(writeRaw(base + "/old/\xff.bpat", testdocs::smallFileBytes()));
        QVERIFY(writeRaw(base + "/new/\xff.bpat", bpat::BpatWriter(edited).toBytes()));
        QVERIFY(writeRaw(base + "/old/nl\n::error file=X::forged.bpat", testdocs::smallFileBytes()));
        QVERIFY(writeRaw(base + "/new/nl\n::error file=X::forged.bpat", bpat::BpatWriter(edited).toBytes()));
        const QString dir = m_dir.filePath(QStringLiteral("names"));

        testcli::Run r = shell(dir, QStringLiteral("exec \"$BPAT\" diff old new --format junit"));
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(xmlError(r.out), QString()); // was `<testcase ... name="" =""/>` then `</>`
        QVERIFY2(r.out.contains("name=\"\\xff.bpat\"") && r.out.contains("nl\\x0a::error file=X::forged.bpat"),
                 r.out.constData());

        r = shell(dir, QStringLiteral("exec \"$BPAT\" diff old new --json"));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(!r.out.contains("\\udcff"), r.out.constData()); // the documented form, not Python's
        const QJsonArray files = r.json().value(QStringLiteral("files")).toArray();
        QCOMPARE(files.size(), 2);
        QStringList paths;
        for (const QJsonValue f : files)
            paths << f.toObject().value(QStringLiteral("path")).toString();
        QVERIFY2(paths.contains(QStringLiteral("\\xff.bpat")), qPrintable(paths.join(QLatin1Char('|'))));
        QVERIFY(paths.contains(QStringLiteral("nl\n::error file=X::forged.bpat"))); // JSON escapes the newline itself

        for (const char *format : {"text", "github"}) {
            r = shell(dir, QStringLiteral("exec \"$BPAT\" diff old new --format %1").arg(QLatin1String(format)));
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(!forgesAnnotation(r.out) && !forgesAnnotation(r.err), r.out.constData());
            QVERIFY2(r.out.contains("\\xff.bpat"), r.out.constData());
        }
        // Two files given directly: the same writer.
        r = shell(dir,
                  QStringLiteral("exec \"$BPAT\" diff --format junit \"$(printf 'old/\\377.bpat')\" "
                                 "\"$(printf 'new/\\377.bpat')\""));
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(xmlError(r.out), QString());
        ::unlink((base + "/old/\xff.bpat").constData());
        ::unlink((base + "/new/\xff.bpat").constData());
    }

    void validateAndInfoEscapeFileNames()
    {
        QDir root(m_dir.path());
        QVERIFY(root.mkpath(QStringLiteral("one")));
        const QByteArray base = QFile::encodeName(m_dir.filePath(QStringLiteral("one")));
        QVERIFY(writeRaw(base + "/nl\n::error file=X::forged.bpat", testdocs::smallFileBytes()));
        const QString dir = m_dir.filePath(QStringLiteral("one"));
        // Each script, and whether its output names the file (escaped).
        const QList<std::pair<QString, bool>> scripts{
            {QStringLiteral("exec \"$BPAT\" validate ."), true},
            {QStringLiteral("exec \"$BPAT\" validate --verbose --summary ."), false},
            {QStringLiteral("exec \"$BPAT\" validate --format github ."), false},
            {QStringLiteral("exec \"$BPAT\" info ./nl*"), true},
            {QStringLiteral("exec \"$BPAT\" diff ./nl* ./nl*"), true},
            {QStringLiteral("exec \"$BPAT\" info \"$(printf 'nl\\n::error file=X::forged.bpat')x\""), true},
            {QStringLiteral("exec \"$BPAT\" validate \"$(printf 'nl\\n::error file=X::forged.bpat')x\""), true}};
        for (const auto &[script, named] : scripts) {
            const testcli::Run r = shell(dir, script);
            QVERIFY2(!forgesAnnotation(r.out) && !forgesAnnotation(r.err), qPrintable(script + QLatin1Char('\n') + r.outText()));
            if (named)
                QVERIFY2((r.out + r.err).contains("nl\\x0a::error"),
                         qPrintable(script + QLatin1Char('\n') + r.outText() + r.errText()));
        }
        const testcli::Run junit = shell(dir, QStringLiteral("exec \"$BPAT\" validate --format junit ."));
        QCOMPARE(xmlError(junit.out), QString());
    }

    void namesWithControlCharactersAreRefusedFlaggedAndEscaped()
    {
        const QString in = m_dir.filePath(QStringLiteral("plain.bpat"));
        QFile f(in);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(testdocs::smallFileBytes()) > 0);
        f.close();
        const QString out = m_dir.filePath(QStringLiteral("edited.bpat"));
        for (const QStringList &op : {QStringList{QStringLiteral("--add-socket"), QStringLiteral("fake\nsocket:0:0,0,0")},
                                      QStringList{QStringLiteral("--rename-clip"), QStringLiteral("idle=id\tle")},
                                      QStringList{QStringLiteral("--rename-socket"), QStringLiteral("hand=ha\x7fnd")},
                                      QStringList{QStringLiteral("--duplicate-clip"), QStringLiteral("idle=a\u2028b")}}) {
            const testcli::Run r = testcli::bpat(QStringList{QStringLiteral("edit"), in, QStringLiteral("-o"), out} + op);
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.errText().contains(QStringLiteral("control character")), r.err.constData());
            QCOMPARE(r.errText().count(QLatin1Char('\n')), 1); // the refusal itself is one line
            QVERIFY(!QFile::exists(out));
        }
        // A file that holds such a name (written by something else): flagged, escaped, and
        // refused by every writer.
        const QString forged = m_dir.filePath(QStringLiteral("forged.bpat"));
        QFile g(forged);
        QVERIFY(g.open(QIODevice::WriteOnly) && g.write(fileWithForgedClipName()) > 0);
        g.close();
        testcli::Run r = testcli::bpat({QStringLiteral("validate"), QStringLiteral("--verbose"), forged});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.outText().contains(QStringLiteral("NAME_CONTROL_CHARACTER")), r.out.constData());
        QCOMPARE(r.outText().count(QLatin1Char('\n')), r.outText().count(QStringLiteral("forged.bpat")));
        r = testcli::bpat({QStringLiteral("diff"), QStringLiteral("--textconv"), forged});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.outText().contains(QStringLiteral("clip j\\x0ab:")), r.out.constData());
        for (const QByteArray &line : r.out.split('\n'))
            QVERIFY2(line.isEmpty() || line.startsWith("BPAT ") || line.startsWith("clip ") || line.startsWith("socket "),
                     line.constData());
        r = testcli::bpat({QStringLiteral("info"), forged});
        QVERIFY2(r.outText().contains(QStringLiteral("j\\x0ab")), r.out.constData());
        r = testcli::bpat(
            {QStringLiteral("edit"), forged, QStringLiteral("-o"), out, QStringLiteral("--set-fps"), QStringLiteral("idle=30")});
        QCOMPARE(r.exitCode, 1);
        r = testcli::bpat({QStringLiteral("edit"), forged, QStringLiteral("-o"), out, QStringLiteral("--rename-clip"),
                           QStringLiteral("1=jab")});
        QVERIFY2(r.exitCode == 0, r.err.constData()); // renaming it is the way out
    }

    void usageErrorsWithJsonPrintJson_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("validate unknown option") << QStringList{QStringLiteral("validate"), QStringLiteral("--json"),
                                                                QStringLiteral("--nope"), QStringLiteral("x.bpat")};
        QTest::newRow("validate bad profile")
            << QStringList{QStringLiteral("validate"),  QStringLiteral("--format"), QStringLiteral("json"),
                           QStringLiteral("--profile"), QStringLiteral("nope"),     QStringLiteral("x.bpat")};
        QTest::newRow("info two files") << QStringList{QStringLiteral("info"), QStringLiteral("--json"), QStringLiteral("a"),
                                                       QStringLiteral("b")};
        QTest::newRow("diff one file") << QStringList{QStringLiteral("diff"), QStringLiteral("--format=json"),
                                                      QStringLiteral("a")};
        QTest::newRow("analyze bad cycle") << QStringList{QStringLiteral("analyze"), QStringLiteral("--json"),
                                                          QStringLiteral("a"), QStringLiteral("--cycle-time"),
                                                          QStringLiteral("-1")};
        QTest::newRow("dump no file") << QStringList{QStringLiteral("dump"), QStringLiteral("--json")};
    }

    void usageErrorsWithJsonPrintJson()
    {
        QFETCH(QStringList, args);
        const testcli::Run r = testcli::bpat(args);
        QCOMPARE(r.exitCode, 2);
        const QJsonObject error = r.json().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("USAGE"));
        QVERIFY(!error.value(QStringLiteral("message")).toString().isEmpty());
        QVERIFY(!r.err.isEmpty()); // and the message on stderr, as before
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(tst_CliReports)
#include "tst_CliReports.moc"

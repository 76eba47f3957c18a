// bpat thumbnail, as a file manager runs it through packaging/bpat.thumbnailer: the entry's Exec
// line with %s, %i and %o filled in draws the real .bpat, .bprm and .bpsm files of bpat_current
// (with OpenGL under Xvfb, and sketched without a display); a truncated or a junk file gets no
// thumbnail; a FIFO named like a BPAT file (whose open() would never return) is refused at once
// by the validator's regular-file check, well inside the time limit, leaving nothing behind (the
// watchdog, alarm(), stays the last defence).
#include "CliRunner.h"
#include "TestPaths.h"

#include <QElapsedTimer>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <sys/stat.h>

namespace {

const QString Dir = QStringLiteral("upstream_assets/bpat_current/");

// The entry's Exec line as a list of arguments after "bpat", with the placeholders filled in.
QStringList execArguments(const QString &input, const QString &output, int size)
{
    QFile entry(QStringLiteral(BPAT_TEST_DATA_DIR "/../../packaging/bpat.thumbnailer"));
    if (!entry.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    for (const QString &line : QString::fromUtf8(entry.readAll()).split(u'\n')) {
        if (!line.startsWith(u"Exec="_qs))
            continue;
        QStringList words = line.mid(5).split(u' ', Qt::SkipEmptyParts);
        if (words.isEmpty() || words.takeFirst() != u"bpat"_qs)
            return {};
        for (QString &word : words)
            word = word == u"%s"_qs ? QString::number(size) : word == u"%i"_qs ? input : word == u"%o"_qs ? output : word;
        return words;
    }
    return {};
}

struct Result
{
    bool finished = false;
    bool crashed = false; // ended by a signal (the watchdog's SIGALRM)
    int exitCode = -1;
    qint64 ms = 0;
    QByteArray err;
};

Result run(const QStringList &args, bool display)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    if (!display) {
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    }
    p.setProcessEnvironment(env);
    QElapsedTimer timer;
    timer.start();
    p.start(testpaths::bpatExecutable(), args);
    Result r;
    r.finished = p.waitForFinished(60000);
    r.ms = timer.elapsed();
    if (!r.finished) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.crashed = p.exitStatus() == QProcess::CrashExit;
    r.exitCode = p.exitCode();
    r.err = p.readAllStandardError();
    return r;
}

// Pixels that are not the background: something was drawn.
int drawn(const QImage &image)
{
    int count = 0;
    const QRgb background = image.pixel(0, 0);
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            count += image.pixel(x, y) != background;
    return count;
}

} // namespace

class tst_ThumbnailCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void realFiles_data();
    void realFiles();
    void badFilesGetNone();
    void fifoInputIsRefused();

private:
    QTemporaryDir m_dir;
};

void tst_ThumbnailCommand::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(!execArguments(u"in"_qs, u"out"_qs, 128).isEmpty(), "packaging/bpat.thumbnailer has an Exec=bpat ... line");
    BPAT_REQUIRE_SHARED(Dir + u"horse.bpat"_qs);
}

void tst_ThumbnailCommand::realFiles_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("display");
    for (const bool display : {true, false}) {
        for (const QString &name :
             {u"horse.bpat"_qs, u"humanoid.bpat"_qs, u"wolf_full.bprm"_qs, u"sheep_minimal.bprm"_qs, u"elephant_minimal.bpsm"_qs})
            QTest::addRow("%s, %s", qPrintable(name), display ? "OpenGL" : "sketch") << name << display;
    }
}

void tst_ThumbnailCommand::realFiles()
{
    QFETCH(QString, name);
    QFETCH(bool, display);
    if (display && qEnvironmentVariableIsEmpty("DISPLAY"))
        QSKIP("no display: run under xvfb-run -a (scripts/test.sh does)");
    BPAT_REQUIRE_SHARED(Dir + name);
    const QString out = m_dir.filePath(name + (display ? u"-gl.png"_qs : u"-sketch.png"_qs));
    const Result r = run(execArguments(testpaths::shared(Dir + name), out, 128), display);
    QVERIFY2(r.finished && !r.crashed && r.exitCode == 0, r.err.constData());
    const QImage thumbnail(out);
    QCOMPARE(thumbnail.size(), QSize(128, 128));
    QVERIFY2(drawn(thumbnail) > 128 * 128 / 50, "the creature is drawn");
}

void tst_ThumbnailCommand::badFilesGetNone()
{
    QFile source(testpaths::shared(Dir + u"wolf.bpat"_qs));
    QVERIFY(source.open(QIODevice::ReadOnly));
    const QString cut = m_dir.filePath(u"cut.bpat"_qs), junk = m_dir.filePath(u"junk.bpsm"_qs);
    QFile cutFile(cut), junkFile(junk);
    QVERIFY(cutFile.open(QIODevice::WriteOnly) && junkFile.open(QIODevice::WriteOnly));
    cutFile.write(source.read(source.size() / 3));
    junkFile.write(QByteArray("BPSM") + QByteArray(200, '\xff'));
    cutFile.close();
    junkFile.close();
    for (const QString &input : {cut, junk}) {
        const QString out = input + u".png"_qs;
        const Result r = run(execArguments(input, out, 128), true);
        QVERIFY2(r.finished && !r.crashed, qPrintable(input));
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!QFile::exists(out));
    }
}

void tst_ThumbnailCommand::fifoInputIsRefused()
{
    const QString fifo = m_dir.filePath(u"hang.bpat"_qs);
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString out = m_dir.filePath(u"hang.png"_qs);
    const Result r = run(QStringList{u"thumbnail"_qs, u"--time-limit"_qs, u"2"_qs, fifo, out}, true);
    QVERIFY2(r.finished, "the thumbnailer ends by itself");
    QVERIFY(r.crashed || r.exitCode != 0);
    QVERIFY2(r.ms < 2000 + 5000, qPrintable(QString::number(r.ms))); // the limit, and the start's slack
    QVERIFY(!QFile::exists(out));
}

QTEST_GUILESS_MAIN(tst_ThumbnailCommand)
#include "tst_ThumbnailCommand.moc"

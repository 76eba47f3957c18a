// bpat report: the review page of the real bpat_current folder against a copy with one clip
// edited (the horse's walk, its head turned 20 degrees) and one clip removed (the wolf's third)
// shows exactly those two changes with pictures, and the rest as unchanged lines; the page is
// self-contained (no network, no script) and opens in headless Chromium without a console error,
// its screenshot showing the filmstrips (skipped with a message where Chromium is absent). A
// file that does not validate gets an entry with its findings; outputs are refused as every
// writer refuses them; without a display the page is written without pictures and says so.
#include "CliRunner.h"
#include "DiffTestSupport.h"
#include "TestPaths.h"

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <sys/stat.h>

namespace {

const QString Dir = QStringLiteral("upstream_assets/bpat_current");

testcli::Run bpatRun(const QStringList &args, bool display = true)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_QPA_PLATFORM")); // the CLI tests' offscreen platform has no OpenGL
    if (!display) {
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    }
    p.setProcessEnvironment(env);
    p.start(testpaths::bpatExecutable(), args);
    testcli::Run r;
    if (!p.waitForFinished(240000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The text of one file's <section> of the page.
QString sectionOf(const QString &page, const QString &file)
{
    const qsizetype start = page.indexOf(QStringLiteral("<h2>%1</h2>").arg(file));
    const qsizetype end = page.indexOf(QStringLiteral("</section>"), start);
    return start < 0 || end < 0 ? QString() : page.mid(start, end - start);
}

} // namespace

class tst_ReportCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void reviewOfAnEditedCopy();
    void opensInChromium();
    void invalidFileGetsAnEntry();
    void refusedOutputs();
    void noDisplayNoPictures();

private:
    QTemporaryDir m_dir;
    QString m_new, m_page;
};

void tst_ReportCommand::initTestCase()
{
    if (qEnvironmentVariableIsEmpty("DISPLAY"))
        QSKIP("bpat report's pictures need X or Xvfb: run under xvfb-run -a (scripts/test.sh does)");
    BPAT_REQUIRE_SHARED(Dir + u"/horse.bpat"_qs);
    QVERIFY(m_dir.isValid());
    m_dir.setAutoRemove(!qEnvironmentVariableIsSet("BPAT_KEEP_TEST_OUTPUT")); // to look at the page
    // The copy: every file of bpat_current, then the two edits.
    m_new = m_dir.filePath(u"new"_qs);
    QVERIFY(QDir().mkpath(m_new));
    const QDir shared(testpaths::shared(Dir));
    for (const QString &name : shared.entryList({u"*.bpat"_qs, u"*.bprm"_qs, u"*.bpsm"_qs}, QDir::Files)) {
        QVERIFY(QFile::copy(shared.filePath(name), m_new + u'/' + name));
        QFile(m_new + u'/' + name).setPermissions(QFile::ReadOwner | QFile::WriteOwner); // the shared files are read-only
    }
    auto horse = difftest::load(shared.filePath(u"horse.bpat"_qs));
    QVERIFY(horse);
    difftest::rotateBone(*horse, 1, 8, 0, 20.0f, 24); // walk: the head, every frame
    QVERIFY(QFile::remove(m_new + u"/horse.bpat"_qs));
    QVERIFY(difftest::save(*horse, m_new + u"/horse.bpat"_qs));
    const testcli::Run edit =
        testcli::bpat({u"edit"_qs, m_new + u"/wolf.bpat"_qs, u"--remove-clip"_qs, u"2"_qs, u"-o"_qs, m_new + u"/wolf.bpat"_qs});
    QVERIFY2(edit.exitCode == 0, edit.err.constData());
}

void tst_ReportCommand::reviewOfAnEditedCopy()
{
    m_page = m_dir.filePath(u"review.html"_qs);
    const testcli::Run r = bpatRun({u"report"_qs, m_new, u"--against"_qs, testpaths::shared(Dir), u"-o"_qs, m_page});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    qInfo("%s", r.out.trimmed().constData());
    const QString page = readText(m_page);
    QVERIFY(page.startsWith(u"<!DOCTYPE html>"_qs));
    // Self-contained: nothing fetched, nothing run.
    QVERIFY(!page.contains(u"<script"_qs, Qt::CaseInsensitive));
    QVERIFY(!page.contains(QRegularExpression(u"(src|href)=\"(https?:|//|file:)"_qs)));
    QVERIFY(page.contains(u"default-src 'none'"_qs));

    // Exactly two clips with pictures: the horse's walk (changed: before and after) and the
    // wolf's removed clip (before).
    QCOMPARE(page.count(u"<article class=\"clip\">"_qs), 2);
    QCOMPARE(page.count(u"<img src=\"data:image/"_qs), 3);
    const QString horse = sectionOf(page, u"horse.bpat"_qs);
    QVERIFY(horse.contains(u"<h3>walk <span class=\"badge changed\">"_qs));
    QVERIFY(horse.contains(u"Head"_qs)); // bpat diff's line names the bone
    QVERIFY(horse.contains(u"7 unchanged clips"_qs));
    QVERIFY(horse.contains(u"gait report: every metric is the same"_qs)); // a turned head: no gait metric moves
    QVERIFY(horse.contains(u"<svg viewBox"_qs) && horse.contains(u"Head (bone 8): local rotation"_qs)); // its channels, plotted
    const QString wolf = sectionOf(page, u"wolf.bpat"_qs);
    QVERIFY(wolf.contains(u"class=\"badge removed\""_qs));
    QVERIFY(wolf.contains(u"before (removed)"_qs));
    // Every other file: unchanged, said in words.
    for (const QString &name : {u"elephant.bpat"_qs, u"sheep.bpat"_qs, u"humanoid.bpat"_qs}) {
        const QString section = sectionOf(page, name);
        QVERIFY2(section.contains(u"&#61; unchanged"_qs), qPrintable(name));
        QVERIFY2(!section.contains(u"<article"_qs), qPrintable(name));
    }
}

void tst_ReportCommand::opensInChromium()
{
    if (m_page.isEmpty() || !QFile::exists(m_page))
        QSKIP("no page (reviewOfAnEditedCopy failed)");
    QString chromium = QStandardPaths::findExecutable(u"chromium"_qs);
    if (chromium.isEmpty())
        chromium = QStandardPaths::findExecutable(u"chromium-browser"_qs);
    if (chromium.isEmpty())
        QSKIP("Chromium is not installed (apt-get install chromium): the page was not opened in a browser");
    const QString shot = m_dir.filePath(u"review.png"_qs);
    QProcess p;
    p.start(chromium,
            {u"--headless"_qs, u"--disable-gpu"_qs, u"--no-sandbox"_qs, u"--no-first-run"_qs,
             u"--user-data-dir="_qs + m_dir.filePath(u"chromium-profile"_qs), u"--window-size=1280,10000"_qs,
             u"--screenshot="_qs + shot, u"--enable-logging=stderr"_qs, u"--v=0"_qs, QUrl::fromLocalFile(m_page).toString()});
    QVERIFY(p.waitForFinished(120000));
    const QString log = QString::fromUtf8(p.readAllStandardError());
    // Console messages (errors, CSP refusals, images that did not decode) come as CONSOLE lines.
    const QStringList console = log.split(u'\n').filter(QRegularExpression(u"CONSOLE|Refused to|Not allowed to load|ERR_"_qs));
    QVERIFY2(console.isEmpty(), qPrintable(console.join(u'\n')));
    const QImage screenshot(shot);
    QVERIFY2(!screenshot.isNull(), qPrintable(log.right(2000)));
    // The filmstrips: the viewport's dark background. The window is taller than the whole page,
    // so where each strip lands (the paths in the title wrap differently on each machine) does
    // not matter. Each strip is a 1200x150 image, mostly background; the three of them must show
    // at least two strips' worth of dark pixels (counted on every other row and column).
    int dark = 0;
    for (int y = 0; y < screenshot.height(); y += 2)
        for (int x = 0; x < screenshot.width(); x += 2)
            dark += qGray(screenshot.pixel(x, y)) < 70;
    constexpr int stripSamples = 1200 * 150 / 4;
    QVERIFY2(dark > 2 * stripSamples, qPrintable(u"the filmstrips are drawn: %1 dark samples"_qs.arg(dark)));
}

void tst_ReportCommand::invalidFileGetsAnEntry()
{
    const QString folder = m_dir.filePath(u"bad"_qs);
    QVERIFY(QDir().mkpath(folder));
    QFile source(testpaths::shared(Dir + u"/sheep.bpat"_qs));
    QVERIFY(source.open(QIODevice::ReadOnly));
    QFile cut(folder + u"/sheep.bpat"_qs); // cut short in the palette
    QVERIFY(cut.open(QIODevice::WriteOnly));
    cut.write(source.read(source.size() / 2));
    cut.close();
    QFile junk(folder + u"/junk.bpat"_qs);
    QVERIFY(junk.open(QIODevice::WriteOnly));
    junk.write("not a bpat file at all");
    junk.close();
    const QString page = m_dir.filePath(u"bad.html"_qs);
    const testcli::Run r = bpatRun({u"report"_qs, folder, u"-o"_qs, page});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString html = readText(page);
    QVERIFY(html.contains(u"<h2>sheep.bpat</h2>"_qs));
    QVERIFY(html.contains(u"<h2>junk.bpat</h2>"_qs));
    // In the list of files and in each file's heading.
    QCOMPARE(html.count(u"<span class=\"badge invalid\">&#10006; invalid</span>"_qs), 2);
    QCOMPARE(html.count(u"<span class=\"badge unreadable\">&#10006; unreadable</span>"_qs), 2);
    QVERIFY(html.contains(u"PALETTE_OUT_OF_BOUNDS"_qs) || html.contains(u"FILE_TRUNCATED"_qs));
}

void tst_ReportCommand::refusedOutputs()
{
    const QString fifo = m_dir.filePath(u"fifo.html"_qs);
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString horse = testpaths::shared(Dir + u"/horse.bpat"_qs);
    for (const QString &out : {fifo, m_dir.path()}) {
        const testcli::Run r = bpatRun({u"report"_qs, horse, u"-o"_qs, out});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().contains(u"nothing was written"_qs), r.err.constData());
    }
    const QString input = m_new + u"/sheep.bpat"_qs;
    const QByteArray before = readText(input).toUtf8();
    const testcli::Run r = bpatRun({u"report"_qs, m_new, u"-o"_qs, input});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.errText().contains(u"is an input"_qs), r.err.constData());
    QCOMPARE(QFileInfo(input).size(), QFileInfo(testpaths::shared(Dir + u"/sheep.bpat"_qs)).size());
    QCOMPARE(bpatRun({u"report"_qs, horse}).exitCode, 2); // no -o
}

void tst_ReportCommand::noDisplayNoPictures()
{
    const QString page = m_dir.filePath(u"nodisplay.html"_qs);
    const testcli::Run r = bpatRun({u"report"_qs, testpaths::shared(Dir + u"/sheep.bpat"_qs), u"-o"_qs, page}, false);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.errText().contains(u"no pictures"_qs), r.err.constData());
    const QString html = readText(page);
    QVERIFY(html.contains(u"no pictures"_qs));
    QVERIFY(!html.contains(u"<img"_qs));
    QVERIFY(html.contains(u"gait report"_qs));
}

QTEST_GUILESS_MAIN(tst_ReportCommand)
#include "tst_ReportCommand.moc"

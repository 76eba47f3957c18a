// bpat render: a picture, a filmstrip and loops of a real late-v3 creature with its body; the
// compare ghost; usage errors; outputs refused as every writer refuses them (a directory, a
// FIFO, the input), before any rendering; no OpenGL (the offscreen platform) is said clearly.
// The command needs a display: CTest runs under Xvfb (scripts/test.sh), where this test lets
// the command use it (the CLI tests' environment sets the offscreen platform).
#include "CliRunner.h"
#include "DiffTestSupport.h"
#include "TestPaths.h"

#include <QImage>
#include <QImageReader>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <sys/stat.h>

namespace {

const QString Dir = QStringLiteral("upstream_assets/bpat_current/");

testcli::Run render(const QStringList &args, bool display = true)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    if (!display) {
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    }
    p.setProcessEnvironment(env);
    p.start(testpaths::bpatExecutable(), QStringList{QStringLiteral("render")} + args);
    testcli::Run r;
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace

class tst_RenderCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void pictureFilmstripAndLoops();
    void compareGhost();
    void usageErrors();
    void refusedOutputs();
    void noDisplay();

private:
    QTemporaryDir m_dir;
    QString m_horse;
};

void tst_RenderCommand::initTestCase()
{
    if (qEnvironmentVariableIsEmpty("DISPLAY"))
        QSKIP("bpat render needs X or Xvfb: run under xvfb-run -a (scripts/test.sh does)");
    BPAT_REQUIRE_SHARED(Dir + u"horse.bpat"_qs);
    m_horse = testpaths::shared(Dir + u"horse.bpat"_qs);
    QVERIFY(m_dir.isValid());
}

void tst_RenderCommand::pictureFilmstripAndLoops()
{
    const QString one = m_dir.filePath(u"one.png"_qs);
    testcli::Run r =
        render({m_horse, u"--clip"_qs, u"walk"_qs, u"--frames"_qs, u"6"_qs, u"--size"_qs, u"200x150"_qs, u"-o"_qs, one});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.outText().contains(u"horse_full.bprm"_qs), r.out.constData()); // drawn with its body
    QCOMPARE(QImage(one).size(), QSize(200, 150));

    const QString strip = m_dir.filePath(u"strip.png"_qs);
    r = render({m_horse, u"--clip"_qs, u"walk"_qs, u"--frames"_qs, u"0:23:6"_qs, u"--size"_qs, u"160x120"_qs, u"--camera"_qs,
                u"side"_qs, u"-o"_qs, strip});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(QImage(strip).size(), QSize(4 * 160, 120)); // frames 0, 6, 12, 18

    const QString phases = m_dir.filePath(u"phases.png"_qs);
    r = render({m_horse, u"--clip"_qs, u"1"_qs, u"--phases"_qs, u"0,0.5"_qs, u"--size"_qs, u"64x64"_qs, u"--body"_qs,
                u"stand-in"_qs, u"-o"_qs, phases});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(QImage(phases).size(), QSize(128, 64));

    for (const QString &suffix : {u"webp"_qs, u"gif"_qs}) {
        const QString loop = m_dir.filePath(u"loop."_qs + suffix);
        r = render({m_horse, u"--clip"_qs, u"trot"_qs, u"--size"_qs, u"96x72"_qs, u"-o"_qs, loop});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile file(loop);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray head = file.read(12);
        QVERIFY(suffix == u"gif"_qs ? head.startsWith("GIF89a") : head.startsWith("RIFF") && head.mid(8, 4) == "WEBP");
        QImageReader reader(loop);
        if (reader.canRead())
            QCOMPARE(reader.imageCount(), 16); // trot: 16 frames
    }
}

void tst_RenderCommand::compareGhost()
{
    // A copy with one bone of the walk turned 20 degrees: the ghost shows where it was.
    auto doc = difftest::load(m_horse);
    QVERIFY(doc);
    const int walk = 1;
    difftest::rotateBone(*doc, walk, 8, 0, 20.0f, 24); // the head
    const QString edited = m_dir.filePath(u"horse.bpat"_qs);
    QVERIFY(difftest::save(*doc, edited));
    const QString plain = m_dir.filePath(u"plain.png"_qs), ghost = m_dir.filePath(u"ghost.png"_qs);
    const QStringList common{u"--clip"_qs, u"walk"_qs,    u"--frames"_qs, u"3"_qs,
                             u"--size"_qs, u"200x150"_qs, u"--camera"_qs, u"side"_qs};
    testcli::Run r = render(QStringList{m_horse} + common + QStringList{u"-o"_qs, plain});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = render(QStringList{m_horse} + common + QStringList{u"--compare"_qs, edited, u"-o"_qs, ghost});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(QImage(plain) != QImage(ghost));
    r = render(QStringList{m_horse} + common
               + QStringList{u"--compare"_qs, testpaths::shared(Dir + u"wolf.bpat"_qs), u"-o"_qs, ghost});
    QCOMPARE(r.exitCode, 1); // another bone count: refused with the reason
    QVERIFY2(r.errText().contains(u"cannot draw"_qs), r.err.constData());
}

void tst_RenderCommand::usageErrors()
{
    const QString out = m_dir.filePath(u"x.png"_qs);
    const QList<QStringList> bad{
        {m_horse},                                                                  // no -o
        {m_horse, u"-o"_qs, m_dir.filePath(u"x.bmp"_qs)},                           // unknown kind
        {m_horse, u"--size"_qs, u"10x10"_qs, u"-o"_qs, out},                        // too small
        {m_horse, u"--camera"_qs, u"below"_qs, u"-o"_qs, out},                      // unknown view
        {m_horse, u"--body"_qs, u"skin"_qs, u"-o"_qs, out},                         // unknown body
        {m_horse, u"--frames"_qs, u"5:a"_qs, u"-o"_qs, out},                        // not a range
        {m_horse, u"--frames"_qs, u"900"_qs, u"-o"_qs, out},                        // past the clip
        {m_horse, u"--phases"_qs, u"0,1.5"_qs, u"-o"_qs, out},                      // phase beyond 1
        {m_horse, u"--frames"_qs, u"1"_qs, u"--phases"_qs, u"0"_qs, u"-o"_qs, out}, // both
    };
    for (const QStringList &args : bad) {
        const testcli::Run r = render(args);
        QVERIFY2(r.exitCode == 2, qPrintable(args.join(u' ') + u": "_qs + r.errText()));
        QVERIFY(!QFile::exists(out));
    }
    const testcli::Run r = render({m_horse, u"--clip"_qs, u"gallop_nonexistent"_qs, u"-o"_qs, out});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.errText().contains(u"no clip"_qs), r.err.constData());
    // A snapshot mesh is drawn from its stored vertices; another kind is refused.
    const QString snapshot = m_dir.filePath(u"snapshot.png"_qs);
    const testcli::Run bpsm = render({testpaths::shared(Dir + u"elephant_minimal.bpsm"_qs), u"--frames"_qs, u"0:10:5"_qs,
                                      u"--size"_qs, u"64x48"_qs, u"-o"_qs, snapshot});
    QVERIFY2(bpsm.exitCode == 0 && bpsm.outText().contains(u"snapshot mesh"_qs), bpsm.err.constData());
    QCOMPARE(QImage(snapshot).size(), QSize(3 * 64, 48));
    const testcli::Run hostile = render({testpaths::shared(Dir + u"README.md"_qs), u"-o"_qs, out});
    QCOMPARE(hostile.exitCode, 1);
    QVERIFY(!QFile::exists(out));
}

void tst_RenderCommand::refusedOutputs()
{
    const QString fifo = m_dir.filePath(u"fifo.png"_qs);
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString directory = m_dir.filePath(u"dir.png"_qs);
    QVERIFY(QDir().mkpath(directory));
    // A copy of the input named like a picture: the input itself is refused.
    const QString input = m_dir.filePath(u"input.png"_qs);
    QVERIFY(QFile::copy(m_horse, input));
    for (const QString &out : {fifo, directory}) {
        const testcli::Run r = render({m_horse, u"-o"_qs, out});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().contains(u"nothing was written"_qs), r.err.constData());
    }
    const testcli::Run r = render({input, u"-o"_qs, input});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.errText().contains(u"is an input"_qs), r.err.constData());
    QCOMPARE(QFileInfo(input).size(), QFileInfo(m_horse).size());
}

void tst_RenderCommand::noDisplay()
{
    const QString out = m_dir.filePath(u"nodisplay.png"_qs);
    const testcli::Run r = render({m_horse, u"-o"_qs, out}, false);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.errText().contains(u"xvfb-run"_qs), r.err.constData());
    QVERIFY(!QFile::exists(out));
}

QTEST_GUILESS_MAIN(tst_RenderCommand)
#include "tst_RenderCommand.moc"

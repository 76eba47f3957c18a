// bpat-studio's command line: parsing, and --screenshot run on the built binary.
#include "StudioCommandLine.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace bpat::studio;

class tst_StudioCommandLine : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parsesOptions();
    void parsesViewOptions();
    void rejectsBadUsage();
    void screenshotWritesANonBlankPng();
    void screenshotOfABrokenFileStillWorks();
    void screenshotFailsLoudlyOnBadArguments();

private:
    static QString studioExecutable() { return testpaths::binaryDir() + QStringLiteral("/bin/bpat-studio"); }
    static void checkScreenshot(const QString &png);
};

void tst_StudioCommandLine::parsesOptions()
{
    StudioCommandLine cl;
    QVERIFY(
        cl.parse({QStringLiteral("bpat-studio"), QStringLiteral("x.bpat"), QStringLiteral("--clip"), QStringLiteral("walk"),
                  QStringLiteral("--frame"), QStringLiteral("7"), QStringLiteral("--screenshot"), QStringLiteral("out.png")}));
    QCOMPARE(cl.options().file, QStringLiteral("x.bpat"));
    QCOMPARE(cl.options().clip, QStringLiteral("walk"));
    QCOMPARE(cl.options().frame, std::optional<int>(7));
    QCOMPARE(cl.options().screenshot, QStringLiteral("out.png"));
    QVERIFY(cl.parse({QStringLiteral("bpat-studio")}));
    QVERIFY(cl.options().file.isEmpty());
    QVERIFY(!cl.options().frame);
    QVERIFY(bundledSamplePath().endsWith(QStringLiteral("share/bpat-studio/samples/humanoid.bpat")));
}

void tst_StudioCommandLine::parsesViewOptions()
{
    StudioCommandLine cl;
    QVERIFY2(
        cl.parse({QStringLiteral("bpat-studio"), QStringLiteral("rec.bin"), QStringLiteral("--tab"), QStringLiteral("Viewport"),
                  QStringLiteral("--time"), QStringLiteral("5.25"), QStringLiteral("--onion"), QStringLiteral("3"),
                  QStringLiteral("--onion-spacing"), QStringLiteral("2"), QStringLiteral("--motion-path"),
                  QStringLiteral("HandL,RightHand/IndexTip"), QStringLiteral("--motion-path"), QStringLiteral("hand_r")}),
        qPrintable(cl.errorText()));
    QCOMPARE(cl.options().tab, QStringLiteral("viewport"));
    QCOMPARE(cl.options().time, std::optional<double>(5.25));
    QCOMPARE(cl.options().onion, std::optional<int>(3));
    QCOMPARE(cl.options().onionSpacing, 2);
    QCOMPARE(cl.options().motionPaths,
             QStringList({QStringLiteral("HandL"), QStringLiteral("RightHand/IndexTip"), QStringLiteral("hand_r")}));
    QVERIFY(!cl.parse({QStringLiteral("bpat-studio"), QStringLiteral("--tab"), QStringLiteral("plots")}));
    QVERIFY(cl.errorText().contains(QStringLiteral("--tab")));
    QVERIFY(!cl.parse({QStringLiteral("bpat-studio"), QStringLiteral("--time"), QStringLiteral("soon")}));
    QVERIFY(cl.errorText().contains(QStringLiteral("--time")));
    QVERIFY(!cl.parse({QStringLiteral("bpat-studio"), QStringLiteral("--onion"), QStringLiteral("-1")}));
    QVERIFY(!cl.parse({QStringLiteral("bpat-studio"), QStringLiteral("--onion"), QStringLiteral("99")}));
    QVERIFY(!cl.parse({QStringLiteral("bpat-studio"), QStringLiteral("--onion-spacing"), QStringLiteral("0")}));
    // The game's bodies.
    QVERIFY2(cl.parse({u"bpat-studio"_qs, u"horse.bpat"_qs, u"--body"_qs, u"b/horse_full.bprm"_qs, u"--body-view"_qs,
                       u"Stand-In"_qs, u"--crowd"_qs, u"100"_qs}),
             qPrintable(cl.errorText()));
    QCOMPARE(cl.options().body, u"b/horse_full.bprm"_qs);
    QCOMPARE(cl.options().bodyView, u"stand-in"_qs);
    QCOMPARE(cl.options().crowd, std::optional<int>(100));
    QVERIFY(!cl.parse({u"bpat-studio"_qs, u"--body-view"_qs, u"half"_qs}));
    QVERIFY(cl.errorText().contains(u"--body-view"_qs));
    // Screenshots: the window's size, the theme of this run, what the bone graph plots.
    QVERIFY2(cl.parse({u"bpat-studio"_qs, u"horse.bpat"_qs, u"--size"_qs, u"1600x1000"_qs, u"--theme"_qs, u"Dark"_qs,
                       u"--bones"_qs, u"Body"_qs, u"--channels"_qs, u"rotation,Translation"_qs}),
             qPrintable(cl.errorText()));
    QCOMPARE(cl.options().size, QSize(1600, 1000));
    QCOMPARE(cl.options().theme, u"dark"_qs);
    QCOMPARE(cl.options().channels, (QStringList{u"rotation"_qs, u"translation"_qs}));
    for (const QStringList &bad : {QStringList{u"--size"_qs, u"big"_qs}, QStringList{u"--size"_qs, u"10x10"_qs},
                                   QStringList{u"--theme"_qs, u"blue"_qs}, QStringList{u"--channels"_qs, u"speed"_qs}}) {
        QVERIFY(!cl.parse(QStringList{u"bpat-studio"_qs} + bad));
        QVERIFY2(cl.errorText().contains(bad.first()), qPrintable(cl.errorText()));
    }
    QVERIFY(!cl.parse({u"bpat-studio"_qs, u"--crowd"_qs, u"0"_qs}));
    QVERIFY(cl.errorText().contains(u"crowd specification"_qs));
    // A mixed crowd: a specification, even one that does not exist yet (the viewport says so).
    QVERIFY(cl.parse({u"bpat-studio"_qs, u"--crowd"_qs, u"army.json"_qs}));
    QCOMPARE(cl.options().crowdSpec, u"army.json"_qs);
    QCOMPARE(cl.options().crowd, std::nullopt);
    QVERIFY(!cl.parse({u"bpat-studio"_qs, u"--crowd"_qs, u"lots"_qs}));
    QVERIFY(!cl.parse({u"bpat-studio"_qs, u"--body"_qs, QString()}));
    // Docks in front, by title.
    QVERIFY(cl.parse({u"bpat-studio"_qs, u"--panel"_qs, u"contacts, clips"_qs, u"--panel"_qs, u"palette"_qs}));
    QCOMPARE(cl.options().panels, QStringList({u"contacts"_qs, u"clips"_qs, u"palette"_qs}));
}

void tst_StudioCommandLine::rejectsBadUsage()
{
    StudioCommandLine cl;
    QVERIFY(!cl.parse({QStringLiteral("bpat-studio"), QStringLiteral("--frame"), QStringLiteral("x")}));
    QVERIFY(cl.errorText().contains(QStringLiteral("--frame")));
    // Several files open side by side; the options apply to the last (shown) one.
    QVERIFY(cl.parse({QStringLiteral("bpat-studio"), QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("--bones"),
                      QStringLiteral("HipL, KneeL"), QStringLiteral("--bones"), QStringLiteral("3")}));
    QCOMPARE(cl.options().files, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    QCOMPARE(cl.options().file, QStringLiteral("b"));
    QCOMPARE(cl.options().bones, (QStringList{QStringLiteral("HipL"), QStringLiteral("KneeL"), QStringLiteral("3")}));
    QVERIFY(!cl.parse({QStringLiteral("bpat-studio"), QStringLiteral("--no-such-option")}));
    QVERIFY(!cl.parse({QStringLiteral("bpat-studio"), QStringLiteral("--frame"), QStringLiteral("-3")}));
}

void tst_StudioCommandLine::checkScreenshot(const QString &png)
{
    QImage image(png);
    QVERIFY2(!image.isNull(), qPrintable(png));
    QVERIFY(image.width() >= 640 && image.height() >= 400);
    // Not blank: a window with text, tables and panels has many distinct colours.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3) {
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    }
    QVERIFY2(colours.size() > 50, qPrintable(QString::number(colours.size())));
}

void tst_StudioCommandLine::screenshotWritesANonBlankPng()
{
    QTemporaryDir dir;
    const QString input = dir.filePath(QStringLiteral("shot.bpat"));
    QVERIFY(bpat::BpatWriter(testdocs::smallDocument()).save(input));
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    process.setProcessEnvironment(env);
    process.start(studioExecutable(),
                  {input, QStringLiteral("--clip"), QStringLiteral("jab"), QStringLiteral("--frame"), QStringLiteral("1"),
                   QStringLiteral("--screenshot"), png});
    QVERIFY(process.waitForFinished(60000));
    QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
    checkScreenshot(png);
}

void tst_StudioCommandLine::screenshotOfABrokenFileStillWorks()
{
    QTemporaryDir dir;
    const QString input = dir.filePath(QStringLiteral("broken.bpat"));
    QByteArray bytes = testdocs::smallFileBytes();
    bytes.truncate(300); // palettes cut off
    QFile file(input);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
    file.close();
    const QString png = dir.filePath(QStringLiteral("broken.png"));
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    process.setProcessEnvironment(env);
    process.start(studioExecutable(), {input, QStringLiteral("--screenshot"), png});
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
    checkScreenshot(png);
}

void tst_StudioCommandLine::screenshotFailsLoudlyOnBadArguments()
{
    // A missing file, an unknown clip or an out-of-range frame used to fall back silently (the
    // sample creature, the first clip, a clamped frame) and exit 0 with the wrong picture.
    QTemporaryDir dir;
    const QString input = dir.filePath(QStringLiteral("shot.bpat"));
    QVERIFY(bpat::BpatWriter(testdocs::smallDocument()).save(input));
    const QString png = dir.filePath(QStringLiteral("bad.png"));
    const QList<std::pair<QStringList, QString>> cases{
        {{dir.filePath(QStringLiteral("missing.bpat"))}, QStringLiteral("cannot open")},
        {{input, QStringLiteral("--clip"), QStringLiteral("walk")}, QStringLiteral("no clip named or numbered 'walk'")},
        {{input, QStringLiteral("--clip"), QStringLiteral("jab"), QStringLiteral("--frame"), QStringLiteral("2")},
         QStringLiteral("frame 2 is out of range: the clip has frames 0..1")},
        {{input, QStringLiteral("--body"), dir.filePath(QStringLiteral("missing.bprm"))}, QStringLiteral("--body: ")},
        // A v1-style file cannot carry a body (no skinning matrices): said, not drawn as a stand-in.
        {{input, QStringLiteral("--body"), input}, QStringLiteral("cannot be drawn")},
        {{input, QStringLiteral("--bones"), QStringLiteral("Tail")},
         QStringLiteral("--bones: no bone named or numbered 'Tail' (the file has 3 bones)")},
        {{input, dir.filePath(QStringLiteral("missing.bpat"))}, QStringLiteral("cannot open")}, // the shown one
        {{dir.filePath(QStringLiteral("gone.bpat")), input}, QStringLiteral("cannot open")},    // one beside it
        // A dock that does not exist is named, with the ones that do.
        {{input, QStringLiteral("--panel"), QStringLiteral("gantt")}, QStringLiteral("--panel: no panel 'gantt' (the panels: ")},
    };
    for (const auto &[args, expected] : cases) {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        process.setProcessEnvironment(env);
        process.start(studioExecutable(), args + QStringList{QStringLiteral("--screenshot"), png});
        QVERIFY(process.waitForFinished(60000));
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QCOMPARE(process.exitCode(), 1);
        QVERIFY2(err.contains(expected), qPrintable(err));
        QVERIFY(!QFile::exists(png));
    }
}

QTEST_MAIN(tst_StudioCommandLine)
#include "tst_StudioCommandLine.moc"

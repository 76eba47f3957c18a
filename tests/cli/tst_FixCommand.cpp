// `bpat fix`: on the real files of every dialect the output keeps the input's version, passes
// `bpat validate --deep` in the spec profile and the game profile of its era, and `bpat diff`
// lists only the repaired clips; the report says per clip what changed (frames, bones,
// object-space error) and the lint's counts before and after, as text and JSON. Refused with
// exit 1 and nothing written: an output that is the input, a clip that does not exist, a file that
// is not BPAT, NaN in the source; usage errors exit 2.
#include "CliRunner.h"
#include "MotionPlants.h"
#include "TestPaths.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest/QTest>

namespace {
const auto run = [](const QStringList &args) { return testcli::bpat(args); };
} // namespace

namespace {

QString shared(const char *relative)
{
    return testpaths::shared(QStringLiteral("upstream_assets/") + QLatin1String(relative));
}

} // namespace

class tst_FixCommand : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fixAllKeepsTheDialectAndValidates_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("era");
        QTest::addColumn<QString>("dialect");
        QTest::newRow("v1") << shared("bpat_v1_latest/humanoid.bpat") << QStringLiteral("v1") << QStringLiteral("v1");
        QTest::newRow("v2") << shared("bpat_v2/elephant.bpat") << QStringLiteral("v2") << QStringLiteral("v2");
        QTest::newRow("early v3") << shared("bpat_v3_early/humanoid.bpat") << QStringLiteral("v3-early")
                                  << QStringLiteral("v3-early");
        QTest::newRow("late v3") << shared("bpat_v3_late/humanoid.bpat") << QString() << QStringLiteral("v3-late");
        QTest::newRow("current") << shared("bpat_current/humanoid.bpat") << QString() << QStringLiteral("v3-late");
        QTest::newRow("current horse") << shared("bpat_current/horse.bpat") << QString() << QStringLiteral("v3-late");
    }
    void fixAllKeepsTheDialectAndValidates()
    {
        QFETCH(QString, file);
        QFETCH(QString, era);
        QFETCH(QString, dialect);
        if (!QFile::exists(file))
            BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + file);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("fixed.bpat"));
        const testcli::Run r =
            run({QStringLiteral("fix"), file, QStringLiteral("-o"), out, QStringLiteral("--all"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject report = r.json();
        QCOMPARE(report.value(QStringLiteral("dialect")).toString(), dialect);
        QVERIFY(report.value(QStringLiteral("written")).toBool());
        QVERIFY(report.value(QStringLiteral("lint")).toObject().value(QStringLiteral("new_findings")).toArray().isEmpty());
        QVERIFY(report.value(QStringLiteral("lint")).toObject().value(QStringLiteral("after")).toObject().isEmpty());
        QStringList changedClips;
        for (const QJsonValue &c : report.value(QStringLiteral("clips")).toArray()) {
            const QJsonObject clip = c.toObject();
            if (!clip.value(QStringLiteral("changed")).toBool())
                continue;
            changedClips << clip.value(QStringLiteral("clip")).toString();
            const QJsonObject error =
                clip.value(QStringLiteral("change")).toObject().value(QStringLiteral("object_space_error")).toObject();
            QVERIFY(error.value(QStringLiteral("max")).toDouble() > 0.0);
            QCOMPARE(error.value(QStringLiteral("distance")).toDouble(), 0.03);
        }
        QVERIFY(!changedClips.isEmpty());

        const testcli::Run spec = run({QStringLiteral("validate"), QStringLiteral("--deep"), out});
        QVERIFY2(spec.exitCode == 0, spec.out.constData());
        QStringList game{QStringLiteral("validate"), QStringLiteral("--deep"), QStringLiteral("--profile"),
                         QStringLiteral("game")};
        if (!era.isEmpty())
            game << QStringLiteral("--game-era") << era;
        const testcli::Run gameRun = run(game << out);
        QVERIFY2(gameRun.exitCode == 0, gameRun.out.constData());
        // bpat diff names the repaired clips only.
        const testcli::Run diff = run({QStringLiteral("diff"), QStringLiteral("--json"), file, out});
        QStringList differing;
        for (const QJsonValue &c : diff.json().value(QStringLiteral("changes")).toArray()) {
            const QString clip = c.toObject().value(QStringLiteral("clip")).toString();
            if (!clip.isEmpty() && !differing.contains(clip))
                differing << clip;
        }
        for (const QString &clip : differing)
            QVERIFY2(changedClips.contains(clip), qPrintable(clip));
    }

    void textReportNamesWhatChanged()
    {
        const QString file = shared("bpat_current/humanoid.bpat");
        if (!QFile::exists(file))
            BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + file);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("fixed.bpat"));
        const testcli::Run r = run({QStringLiteral("fix"), file, QStringLiteral("-o"), out, QStringLiteral("--smooth-pops"),
                                    QStringLiteral("--clip"), QStringLiteral("attack_sword_a")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.outText().contains(QStringLiteral("attack_sword_a:")), r.out.constData());
        QVERIFY(r.outText().contains(QStringLiteral("object-space error")));
        QVERIFY(r.outText().contains(QStringLiteral("motion lint before:")));
        QVERIFY(r.outText().contains(QStringLiteral("wrote ")));
    }

    void refusalsWriteNothing_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("code");
        QTest::newRow("no such clip") << QStringList{QStringLiteral("--all"), QStringLiteral("--clip"),
                                                     QStringLiteral("moonwalk")}
                                      << QStringLiteral("CLIP_NOT_FOUND");
        QTest::newRow("nan") << QStringList{QStringLiteral("--all"), QStringLiteral("--nan")} << QStringLiteral("NON_FINITE");
        QTest::newRow("not bpat") << QStringList{QStringLiteral("--all"), QStringLiteral("--garbage")} << QString();
    }
    void refusalsWriteNothing()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, code);
        const QString file = shared("bpat_current/humanoid.bpat");
        if (!QFile::exists(file))
            BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + file);
        QTemporaryDir dir;
        QString input = file;
        QFile source(file);
        QVERIFY(source.open(QIODevice::ReadOnly));
        QByteArray bytes = source.readAll();
        if (extra.removeOne(QStringLiteral("--nan")))
            QVERIFY(motionplants::move(bytes, 6, 3, 9, QVector3D(qQNaN(), 0.0f, 0.0f)));
        if (extra.removeOne(QStringLiteral("--garbage")))
            bytes = QByteArray("not a bpat file at all");
        input = dir.filePath(QStringLiteral("in.bpat"));
        QFile in(input);
        QVERIFY(in.open(QIODevice::WriteOnly) && in.write(bytes) == bytes.size());
        in.close();
        const QString out = dir.filePath(QStringLiteral("out.bpat"));
        const testcli::Run r =
            run(QStringList{QStringLiteral("fix"), input, QStringLiteral("-o"), out, QStringLiteral("--json")} + extra);
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!QFile::exists(out));
        if (!code.isEmpty())
            QCOMPARE(r.json().value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(), code);
    }

    void outputThatIsTheInputIsRefused()
    {
        const QString file = shared("bpat_current/wolf.bpat");
        if (!QFile::exists(file))
            BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + file);
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("wolf.bpat"));
        QVERIFY(QFile::copy(file, copy));
        const testcli::Run r = run({QStringLiteral("fix"), copy, QStringLiteral("-o"), copy, QStringLiteral("--all")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.errText().contains(QStringLiteral("the input")));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("nothing asked") << QStringList{QStringLiteral("-o"), QStringLiteral("x.bpat")};
        QTest::newRow("no output") << QStringList{QStringLiteral("--all")};
        QTest::newRow("bad ground") << QStringList{QStringLiteral("--ground"), QStringLiteral("dig"), QStringLiteral("-o"),
                                                   QStringLiteral("x.bpat")};
        QTest::newRow("bad window") << QStringList{QStringLiteral("--loop-seam"), QStringLiteral("--seam-window"),
                                                   QStringLiteral("0"), QStringLiteral("-o"), QStringLiteral("x.bpat")};
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        const testcli::Run r = run(QStringList{QStringLiteral("fix"), shared("bpat_current/wolf.bpat")} + args);
        QCOMPARE(r.exitCode, 2);
    }
};

QTEST_APPLESS_MAIN(tst_FixCommand)
#include "tst_FixCommand.moc"

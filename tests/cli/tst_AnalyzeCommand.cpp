// `bpat analyze` and `bpat validate --profile motion` on the real files: the JSON contract, the
// text table, CSV, extra cycle times, errors; the motion profile's thresholds from the command
// line and from a file.
#include "CliRunner.h"
#include "MotionPlants.h"
#include "TestDocuments.h"
#include "TestPaths.h"
#include "bpat/BpatFormat.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest/QTest>

class tst_AnalyzeCommand : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void jsonContract_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("v1") << QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
        QTest::newRow("v2") << QStringLiteral("upstream_assets/bpat_v2/humanoid.bpat");
        QTest::newRow("v3 early") << QStringLiteral("upstream_assets/bpat_v3_early/humanoid.bpat");
        QTest::newRow("v3 late") << QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
    }
    void jsonContract()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        const testcli::Run r =
            testcli::bpat({QStringLiteral("analyze"), testpaths::shared(file), QStringLiteral("--json"), QStringLiteral("--clip"),
                           QStringLiteral("walk"), QStringLiteral("--clip"), QStringLiteral("0")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o.value(QStringLiteral("species")).toString(), QStringLiteral("humanoid"));
        QVERIFY(o.value(QStringLiteral("file")).toString().endsWith(QStringLiteral("humanoid.bpat")));
        const QJsonArray clips = o.value(QStringLiteral("clips")).toArray();
        QCOMPARE(clips.size(), 2);
        const QJsonObject walk = clips.at(0).toObject();
        QCOMPARE(walk.value(QStringLiteral("name")).toString(), QStringLiteral("walk"));
        QCOMPARE(walk.value(QStringLiteral("frames")).toInt(), 24);
        QCOMPARE(walk.value(QStringLiteral("fps")).toDouble(), 24.0);
        QCOMPARE(walk.value(QStringLiteral("loops")).toBool(), true);
        const QJsonObject m = walk.value(QStringLiteral("metrics")).toObject();
        for (const char *key : {"foot_travel", "contact_retreat", "foot_lift", "hand_swing", "pelvis_bob", "pelvis_sway",
                                "shoulder_twist", "step_width", "skate_free_speed", "worst_bone_stretch", "worst_bone"})
            QVERIFY2(m.contains(QLatin1String(key)), key);
        QVERIFY(std::abs(m.value(QStringLiteral("contact_retreat")).toDouble() - 0.3963) < 1e-4);
        const QJsonObject speeds = m.value(QStringLiteral("skate_free_speed")).toObject();
        QCOMPARE(speeds.keys(), (QStringList{QStringLiteral("0.70"), QStringLiteral("0.85"), QStringLiteral("1.00")}));
        QVERIFY(std::abs(speeds.value(QStringLiteral("0.70")).toDouble() - 0.566) < 5e-4);
        QVERIFY(m.value(QStringLiteral("worst_bone")).toString().startsWith(QStringLiteral("thigh_")));
        QCOMPARE(clips.at(1).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("idle"));
    }

    void textCsvAndCycleTimes()
    {
        const QString file = testpaths::shared(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
        const testcli::Run text = testcli::bpat({QStringLiteral("analyze"), file});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.outText().contains(QStringLiteral("quadruped report")));
        QVERIFY(text.outText().contains(QStringLiteral("horse_50bone")));
        QCOMPARE(text.outText().count(QLatin1Char('\n')), 2 + 8 + 1);            // header, columns, 8 clips, note
        QVERIFY(text.outText().contains(QStringLiteral("fewer than 4 frames"))); // dead
        const testcli::Run csv = testcli::bpat(
            {QStringLiteral("analyze"), file, QStringLiteral("--csv"), QStringLiteral("--cycle-time"), QStringLiteral("0.5")});
        QCOMPARE(csv.exitCode, 0);
        const QStringList lines = csv.outText().trimmed().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 9);
        QVERIFY(lines.first().contains(QStringLiteral("front_l_travel")));
        QVERIFY(lines.first().contains(QStringLiteral("skate_free_speed_0.50")));
        QCOMPARE(lines.at(1).split(QLatin1Char(',')).size(), lines.first().split(QLatin1Char(',')).size());
        const testcli::Run json = testcli::bpat(
            {QStringLiteral("analyze"), file, QStringLiteral("--json"), QStringLiteral("--clip"), QStringLiteral("walk")});
        const QJsonObject m =
            json.json().value(QStringLiteral("clips")).toArray().at(0).toObject().value(QStringLiteral("metrics")).toObject();
        QCOMPARE(m.value(QStringLiteral("feet")).toArray().size(), 4);
        QCOMPARE(m.value(QStringLiteral("feet")).toArray().at(0).toObject().value(QStringLiteral("bone_name")).toString(),
                 QStringLiteral("FF.L"));
    }

    void errors()
    {
        const QString file = testpaths::shared(QStringLiteral("upstream_assets/bpat_v2/horse.bpat"));
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v2/horse.bpat"));
        testcli::Run r = testcli::bpat(
            {QStringLiteral("analyze"), file, QStringLiteral("--clip"), QStringLiteral("moonwalk"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.json().value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("CLIP_NOT_FOUND"));
        r = testcli::bpat({QStringLiteral("analyze"), file, QStringLiteral("--cycle-time"), QStringLiteral("-1")});
        QCOMPARE(r.exitCode, 2);
        r = testcli::bpat({QStringLiteral("analyze"), file, QStringLiteral("--json"), QStringLiteral("--csv")});
        QCOMPARE(r.exitCode, 2);
        r = testcli::bpat({QStringLiteral("analyze"), QStringLiteral("/nonexistent.bpat"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.json().value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("IO_ERROR"));
    }

    // Issue 42, finding 8: a run that could analyse nothing (bone_count 0: "the palette is not
    // inside the file" for every clip), or left out clips whose frames lie past the end, exits
    // 1; so does a run whose clips are all too short for a report.
    void analysingNothingFails()
    {
        QTemporaryDir dir;
        const auto write = [&](const QString &name, const QByteArray &bytes) {
            const QString path = dir.filePath(name);
            QFile f(path);
            return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() ? path : QString();
        };
        QByteArray noBones = testdocs::smallFileBytes();
        testdocs::setU32(noBones, qsizetype(bpat::format::header::BoneCount), 0);
        QByteArray pastTheEnd = testdocs::smallFileBytes();
        const quint64 table = qFromLittleEndian<quint64>(pastTheEnd.constData() + bpat::format::header::ClipTableOffset);
        testdocs::setU32(pastTheEnd, qsizetype(table + 32 + bpat::format::clip::FrameCount), 1000); // clip 1
        for (const auto &[name, bytes, args, why] :
             {std::tuple{QStringLiteral("nobones.bpat"), noBones, QStringList{}, QStringLiteral("could not be analysed")},
              std::tuple{QStringLiteral("past.bpat"), pastTheEnd, QStringList{}, QStringLiteral("could not be analysed")},
              std::tuple{QStringLiteral("short.bpat"), testdocs::smallFileBytes(),
                         QStringList{QStringLiteral("--clip"), QStringLiteral("jab")}, QStringLiteral("nothing analysed")}}) {
            const QString path = write(name, bytes);
            QVERIFY(!path.isEmpty());
            for (const QString &format : {QString(), QStringLiteral("--json")}) {
                QStringList all{QStringLiteral("analyze"), path};
                all << args;
                if (!format.isEmpty())
                    all << format;
                const testcli::Run r = testcli::bpat(all);
                QCOMPARE(r.exitCode, 1);
                QVERIFY2(r.errText().contains(why), qPrintable(name + QStringLiteral(": ") + r.errText()));
                QVERIFY(!r.out.isEmpty()); // the report is printed all the same, with its notes
            }
        }
        // Its first clip (4 frames) alone is analysed: success.
        const testcli::Run ok =
            testcli::bpat({QStringLiteral("analyze"), write(QStringLiteral("ok.bpat"), testdocs::smallFileBytes()),
                           QStringLiteral("--clip"), QStringLiteral("idle")});
        QVERIFY2(ok.exitCode == 0, ok.err.constData());
    }

    void motionProfile()
    {
        const QString relative = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        BPAT_REQUIRE_SHARED(relative);
        QFile in(testpaths::shared(relative));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        QTemporaryDir dir;
        const QString clean = dir.filePath(QStringLiteral("clean.bpat")), popped = dir.filePath(QStringLiteral("popped.bpat"));
        QFile c(clean);
        QVERIFY(c.open(QIODevice::WriteOnly) && c.write(bytes) == bytes.size());
        c.close();
        const int walk = bpat::BpatFile::fromData(bytes).findClip(QStringLiteral("walk"));
        QVERIFY(motionplants::moveAll(bytes, walk, 10, QVector3D(0.25f, 0.0f, 0.0f)));
        QFile p(popped);
        QVERIFY(p.open(QIODevice::WriteOnly) && p.write(bytes) == bytes.size());
        p.close();

        testcli::Run r =
            testcli::bpat({QStringLiteral("validate"), QStringLiteral("--profile"), QStringLiteral("motion"), clean});
        QCOMPARE(r.exitCode, 0);
        r = testcli::bpat({QStringLiteral("validate"), QStringLiteral("--profile"), QStringLiteral("motion"),
                           QStringLiteral("--json"), popped});
        QCOMPARE(r.exitCode, 1);
        const QJsonArray issues =
            r.json().value(QStringLiteral("files")).toArray().at(0).toObject().value(QStringLiteral("issues")).toArray();
        bool found = false;
        for (const QJsonValue &v : issues) {
            const QJsonObject i = v.toObject();
            if (i.value(QStringLiteral("code")).toString() == QLatin1String("MOTION_POP")
                && i.value(QStringLiteral("location")).toString().contains(QStringLiteral("clip=walk"))) {
                QCOMPARE(i.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
                // The first bone that jumps: the humanoid's Root is a control, not judged (Pelvis is 1).
                QCOMPARE(i.value(QStringLiteral("location")).toString(), QStringLiteral("palette[clip=walk,frame=10,bone=1]"));
                found = true;
            }
        }
        QVERIFY2(found, r.out.constData());
        // Thresholds: a huge pop factor lets the pop through; from a file as well.
        r = testcli::bpat({QStringLiteral("validate"), QStringLiteral("--profile"), QStringLiteral("motion"),
                           QStringLiteral("--motion-tolerance"), QStringLiteral("pop_factor=1000"), popped});
        QCOMPARE(r.exitCode, 0);
        const QString profile = dir.filePath(QStringLiteral("motion.json"));
        QFile f(profile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"pop_min": 0.5})");
        f.close();
        r = testcli::bpat({QStringLiteral("validate"), QStringLiteral("--profile"), QStringLiteral("motion"),
                           QStringLiteral("--motion-profile"), profile, popped});
        QCOMPARE(r.exitCode, 0);
        r = testcli::bpat({QStringLiteral("validate"), QStringLiteral("--profile"), QStringLiteral("motion"),
                           QStringLiteral("--motion-tolerance"), QStringLiteral("wobble=2"), popped});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.errText().contains(QStringLiteral("pop_factor")));
    }
};

QTEST_GUILESS_MAIN(tst_AnalyzeCommand)
#include "tst_AnalyzeCommand.moc"

// `bpat diff` on the real files: exit status as diff(1), the planted changes in text and JSON,
// nothing between a file and its `bpat convert` to every other version, options and trouble.
#include "bpat/BpatDocument.h"
#include "CliRunner.h"
#include "DiffTestSupport.h"
#include "TestPaths.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace bpat;

namespace {
const QString Diff = QStringLiteral("diff");
}

class tst_DiffCommand : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void plantedChanges()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        const QString original = difftest::realFile("bpat_current", "humanoid");
        QTemporaryDir dir;
        auto doc = difftest::load(original);
        QVERIFY(doc);
        const difftest::Planted p = difftest::plant(*doc);
        const QString changed = dir.filePath(QStringLiteral("humanoid.bpat"));
        QVERIFY(difftest::save(*doc, changed));

        testcli::Run r = testcli::bpat({Diff, original, changed});
        QCOMPARE(r.exitCode, 1);
        const QStringList lines = r.outText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 6);
        QVERIFY2(lines.at(0).endsWith(QStringLiteral(": 5 changes (1 clip removed, 1 clip renamed, 1 clip metadata, 1 motion, 1 socket)")),
                 qPrintable(lines.at(0)));
        QCOMPARE(lines.at(1), QStringLiteral("clip renamed: %1 -> %2 (matched by content)").arg(p.renamedFrom, p.renamedTo));
        QCOMPARE(lines.at(2), QStringLiteral("clip %1: fps %2 -> %3").arg(p.fpsClip).arg(double(p.oldFps)).arg(double(p.newFps)));
        QVERIFY2(lines.at(3).startsWith(QStringLiteral("clip %1: motion differs in frames 4-6 (3 of").arg(p.rotatedClip)), qPrintable(lines.at(3)));
        QVERIFY2(lines.at(3).contains(QStringLiteral("largest 2.000 deg at bone 5 (Head) frame")), qPrintable(lines.at(3)));
        QCOMPARE(lines.at(4), QStringLiteral("clip removed: %1 (index 73, 32 frames at 24 fps)").arg(p.removedClip));
        QCOMPARE(lines.at(5), QStringLiteral("socket %1: offset (0, 0, 0) -> (0, 0.05, 0)").arg(p.movedSocket));

        r = testcli::bpat({Diff, original, changed, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject json = r.json();
        QCOMPARE(json.value(QStringLiteral("same")).toBool(true), false);
        const QJsonArray changes = json.value(QStringLiteral("changes")).toArray();
        QCOMPARE(changes.size(), 5);
        const auto change = [&](int i) { return changes.at(i).toObject(); };
        QCOMPARE(change(0).value(QStringLiteral("kind")).toString(), QStringLiteral("clip_renamed"));
        QCOMPARE(change(0).value(QStringLiteral("clip")).toString(), p.renamedFrom);
        QCOMPARE(change(0).value(QStringLiteral("new_name")).toString(), p.renamedTo);
        QCOMPARE(change(1).value(QStringLiteral("kind")).toString(), QStringLiteral("clip_metadata"));
        QCOMPARE(change(1).value(QStringLiteral("field")).toString(), QStringLiteral("fps"));
        QCOMPARE(change(1).value(QStringLiteral("old")).toDouble(), double(p.oldFps));
        QCOMPARE(change(1).value(QStringLiteral("new")).toDouble(), double(p.newFps));
        const QJsonObject motion = change(2);
        QCOMPARE(motion.value(QStringLiteral("kind")).toString(), QStringLiteral("motion"));
        QCOMPARE(motion.value(QStringLiteral("clip")).toString(), p.rotatedClip);
        QCOMPARE(motion.value(QStringLiteral("bone")).toInt(), p.rotatedBone);
        QCOMPARE(motion.value(QStringLiteral("bone_name")).toString(), QStringLiteral("Head"));
        const int frame = motion.value(QStringLiteral("frame")).toInt();
        QVERIFY(frame >= 4 && frame <= 6);
        QCOMPARE(motion.value(QStringLiteral("frames")).toArray(), (QJsonArray{4, 6}));
        QVERIFY(std::abs(motion.value(QStringLiteral("max_rotation_deg")).toDouble() - 2.0) < 1e-3);
        QVERIFY(motion.value(QStringLiteral("max_translation")).toDouble() < 1e-5);
        QCOMPARE(change(3).value(QStringLiteral("kind")).toString(), QStringLiteral("clip_removed"));
        QCOMPARE(change(3).value(QStringLiteral("clip")).toString(), p.removedClip);
        QCOMPARE(change(4).value(QStringLiteral("kind")).toString(), QStringLiteral("socket"));
        QCOMPARE(change(4).value(QStringLiteral("socket")).toString(), p.movedSocket);
        QCOMPARE(change(4).value(QStringLiteral("field")).toString(), QStringLiteral("offset"));
        QCOMPARE(change(4).value(QStringLiteral("new")).toArray().at(1).toDouble(), double(0.05f));

        // --clip narrows the clips; --tolerance of 0.04 rad (2.3 degrees) passes the rotation, not the 5 cm.
        r = testcli::bpat({Diff, original, changed, QStringLiteral("--clip"), p.rotatedClip, QStringLiteral("--clip"), p.fpsClip});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.outText().count(QLatin1Char('\n')), 4); // summary, fps, motion, socket
        r = testcli::bpat({Diff, original, changed, QStringLiteral("--clip"), p.rotatedClip, QStringLiteral("--tolerance"), QStringLiteral("0.04")});
        QCOMPARE(r.exitCode, 1); // the socket still moved 5 cm
        QVERIFY(!r.outText().contains(QStringLiteral("motion differs")));
    }

    // `bpat convert` to every version: the same (exit 0), the dialect a note; down to v1 loses
    // the markers, which is what diff then says.
    void conversionsCompareEqual()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat"));
        QTemporaryDir dir;
        for (const char *set : {"bpat_v1_latest", "bpat_v2", "bpat_v3_early", "bpat_v3_late", "bpat_current"}) {
            for (const char *name : {"humanoid", "horse", "elephant"}) {
                const QString source = difftest::realFile(set, name);
                for (const char *to : {"1", "2", "v3-early", "3"}) {
                    const QString out = dir.filePath(QStringLiteral("%1-%2-%3.bpat").arg(QLatin1String(set), QLatin1String(name), QLatin1String(to)));
                    testcli::Run r = testcli::bpat({QStringLiteral("convert"), source, QStringLiteral("-o"), out, QStringLiteral("--to-version"),
                                                    QLatin1String(to)});
                    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
                    r = testcli::bpat({Diff, source, out, QStringLiteral("--json")});
                    const QJsonArray changes = r.json().value(QStringLiteral("changes")).toArray();
                    for (const QJsonValue &c : changes) { // only markers, flags or variants a lower version cannot hold
                        const QString field = c.toObject().value(QStringLiteral("field")).toString();
                        QVERIFY2(c.toObject().value(QStringLiteral("kind")).toString() == QStringLiteral("clip_metadata")
                                     && (field == QStringLiteral("markers") || field == QStringLiteral("flags") || field.startsWith(QStringLiteral("variant_"))),
                                 qPrintable(QStringLiteral("%1 -> %2: %3").arg(source, QLatin1String(to), c.toObject().value(QStringLiteral("text")).toString())));
                    }
                    QCOMPARE(r.exitCode, changes.isEmpty() ? 0 : 1);
                    if (QLatin1String(to) == QLatin1String("3") || QLatin1String(set) == QLatin1String("bpat_v1_latest"))
                        QVERIFY2(changes.isEmpty(), qPrintable(r.outText()));
                }
            }
        }
    }

    void exitStatus()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat"));
        const QString horse = difftest::realFile("bpat_v1_latest", "horse");
        testcli::Run r = testcli::bpat({Diff, horse, horse});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.outText().endsWith(QStringLiteral(": same within 1e-05\n")), qPrintable(r.outText()));
        r = testcli::bpat({Diff, horse, horse, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json().value(QStringLiteral("same")).toBool(), true);
        QCOMPARE(r.json().value(QStringLiteral("changes")).toArray().size(), 0);

        QTemporaryDir dir;
        r = testcli::bpat({Diff, horse, dir.filePath(QStringLiteral("missing.bpat"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.errText().contains(QStringLiteral("missing.bpat")));
        QFile in(horse);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QFile cut(dir.filePath(QStringLiteral("cut.bpat")));
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write(in.readAll().left(5000));
        cut.close();
        r = testcli::bpat({Diff, horse, cut.fileName()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.errText().contains(QStringLiteral("cannot be compared")), qPrintable(r.errText()));
        r = testcli::bpat({Diff, horse, cut.fileName(), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.json().value(QStringLiteral("error")).toString().contains(QStringLiteral("cut.bpat")));
        QCOMPARE(testcli::bpat({Diff, horse}).exitCode, 2);
        QCOMPARE(testcli::bpat({Diff, horse, horse, QStringLiteral("--tolerance"), QStringLiteral("-1")}).exitCode, 2);
        QCOMPARE(testcli::bpat({Diff, horse, horse, QStringLiteral("--clip"), QStringLiteral("nope")}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(tst_DiffCommand)
#include "tst_DiffCommand.moc"

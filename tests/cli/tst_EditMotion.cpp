// `bpat edit`'s motion operations (issue 41) on the real files: --offset (the +20 degree key:
// `bpat diff` lists only that clip and those bones), --resample with --set-fps, --time-warp,
// --reverse (twice: the very bytes), --mirror (a new clip) and --mirror-in-place; every output
// validates deep in the spec and game profiles and keeps the input's dialect; bad input (a
// channel that does not exist, a bone out of range, a resample to 0 or to too many frames, a
// rig without pairs) exits 1 with a clear message and writes nothing.
#include "CliRunner.h"
#include "TestPaths.h"

#include <QFile>
#include <QJsonArray>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest/QTest>

namespace {

QString real(const char *relative)
{
    return testpaths::shared(QStringLiteral("upstream_assets/") + QLatin1String(relative));
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

testcli::Run edit(const QString &input, const QString &output, const QStringList &ops)
{
    return testcli::bpat(QStringList{QStringLiteral("edit"), input, QStringLiteral("-o"), output} + ops);
}

// The codes of a deep validation's findings.
QSet<QString> codesOf(const testcli::Run &run)
{
    QSet<QString> codes;
    for (const QJsonValue &f : run.json().value(QStringLiteral("files")).toArray())
        for (const QJsonValue &i : f.toObject().value(QStringLiteral("issues")).toArray())
            codes.insert(i.toObject().value(QStringLiteral("code")).toString());
    return codes;
}

// Deep validation in both profiles (the game of the dialect's era) with no kind of finding the
// input has not, and the dialect: empty when fine.
QString checkOutput(const QString &input, const QString &output, const QString &dialect)
{
    const QString era = dialect == QLatin1String("v3-late") ? QStringLiteral("current") : dialect;
    for (const char *profile : {"spec", "game"}) {
        QStringList args{QStringLiteral("validate"), QStringLiteral("--deep"), QStringLiteral("--profile"),
                         QLatin1String(profile), QStringLiteral("--json")};
        if (QLatin1String(profile) == QLatin1String("game"))
            args << QStringLiteral("--game-era") << era;
        const testcli::Run v = testcli::bpat(args + QStringList{output});
        if (v.exitCode != 0)
            return QStringLiteral("%1: %2").arg(QLatin1String(profile), v.outText());
        const QSet<QString> added = codesOf(v) - codesOf(testcli::bpat(args + QStringList{input}));
        if (!added.isEmpty())
            return QStringLiteral("%1: new findings %2")
                .arg(QLatin1String(profile), QStringList(added.cbegin(), added.cend()).join(u' '));
    }
    const testcli::Run info = testcli::bpat({QStringLiteral("info"), QStringLiteral("--json"), output});
    if (!info.outText().contains(dialect))
        return QStringLiteral("dialect: %1").arg(info.outText().left(400));
    return {};
}

} // namespace

class tst_EditMotion : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void offsetKeyDiffsOnlyThatClipAndBones()
    {
        const QString input = real("bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("offset.bpat"));
        const testcli::Run r = edit(input, out, {QStringLiteral("--offset"), QStringLiteral("walk:HipL:RotationY=5:20")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QVERIFY2(r.outText().contains(QStringLiteral("clip 'walk': 1 offset keys on 1 bones")), qPrintable(r.outText()));
        QVERIFY2(checkOutput(input, out, QStringLiteral("v3-late")).isEmpty(),
                 qPrintable(checkOutput(input, out, QStringLiteral("v3-late"))));
        const testcli::Run d = testcli::bpat({QStringLiteral("diff"), QStringLiteral("--json"), input, out});
        QCOMPARE(d.exitCode, 1);
        const QJsonArray changes = d.json().value(QStringLiteral("changes")).toArray();
        QVERIFY(!changes.isEmpty());
        QStringList bones;
        for (const QJsonValue &c : changes) {
            const QJsonObject o = c.toObject();
            QCOMPARE(o.value(QStringLiteral("clip")).toString(), QStringLiteral("walk"));
            const QString kind = o.value(QStringLiteral("kind")).toString();
            QVERIFY2(kind == QLatin1String("motion") || kind == QLatin1String("contacts"), qPrintable(kind));
            for (const QJsonValue &b : o.value(QStringLiteral("bones")).toArray())
                bones << b.toObject().value(QStringLiteral("bone_name")).toString();
        }
        bones.sort();
        QCOMPARE(bones, (QStringList{QStringLiteral("FootL"), QStringLiteral("HipL"), QStringLiteral("KneeL")}));
    }

    void retimeReverseMirror()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        const QString input = real("bpat_current/humanoid.bpat");
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("retimed.bpat"));
        testcli::Run r = edit(input, out,
                              {QStringLiteral("--resample"), QStringLiteral("walk=40"), QStringLiteral("--set-fps"),
                               QStringLiteral("walk=30"), QStringLiteral("--time-warp"), QStringLiteral("attack_sword_a=12:16"),
                               QStringLiteral("--mirror"), QStringLiteral("attack_sword_a"), QStringLiteral("--mirror-in-place"),
                               QStringLiteral("run"), QStringLiteral("--reverse"), QStringLiteral("idle")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QVERIFY2(r.outText().contains(QStringLiteral("clip 'walk': 32 -> 40 frames (resampled as a loop)")),
                 qPrintable(r.outText()));
        QVERIFY2(r.outText().contains(QStringLiteral("into 'attack_sword_a_mirrored' across x = ")), qPrintable(r.outText()));
        QVERIFY2(r.outText().contains(QStringLiteral("HipL <-> HipR")), qPrintable(r.outText()));
        QVERIFY2(checkOutput(input, out, QStringLiteral("v3-late")).isEmpty(),
                 qPrintable(checkOutput(input, out, QStringLiteral("v3-late"))));
        const testcli::Run info = testcli::bpat({QStringLiteral("info"), out});
        QVERIFY2(info.outText().contains(QStringLiteral("attack_sword_a_mirrored")), qPrintable(info.outText()));

        // Reverse twice: the very bytes.
        const QString twice = dir.filePath(QStringLiteral("twice.bpat"));
        r = edit(input, twice,
                 {QStringLiteral("--reverse"), QStringLiteral("walk"), QStringLiteral("--reverse"), QStringLiteral("walk")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QCOMPARE(readAll(twice), readAll(input));

        // Every dialect keeps its own.
        for (const auto &[file, dialect] :
             {std::pair{"bpat_v1_latest/humanoid.bpat", "v1"}, std::pair{"bpat_v2/horse.bpat", "v2"},
              std::pair{"bpat_v3_early/elephant.bpat", "v3-early"}}) {
            const QString o = dir.filePath(QStringLiteral("d.bpat"));
            r = edit(real(file), o,
                     {QStringLiteral("--mirror"), QStringLiteral("walk"), QStringLiteral("--resample"),
                      QStringLiteral("walk_mirrored=48"), QStringLiteral("--reverse"), QStringLiteral("walk")});
            QVERIFY2(r.exitCode == 0, qPrintable(QLatin1String(file) + r.errText()));
            QVERIFY2(checkOutput(real(file), o, QLatin1String(dialect)).isEmpty(),
                     qPrintable(checkOutput(real(file), o, QLatin1String(dialect))));
        }
    }

    void badInputWritesNothing_data()
    {
        QTest::addColumn<QStringList>("ops");
        QTest::addColumn<QString>("message");
        QTest::newRow("channel") << QStringList{QStringLiteral("--offset"), QStringLiteral("walk:HipL:RotationW=5:20")}
                                 << QStringLiteral("no channel 'RotationW' (expected RotationX");
        QTest::newRow("bone index") << QStringList{QStringLiteral("--offset"), QStringLiteral("walk:25:rx=5:20")}
                                    << QStringLiteral("bone 25 is outside the rig (it has 20 bones, 0..19)");
        QTest::newRow("bone name") << QStringList{QStringLiteral("--offset"), QStringLiteral("walk:Tail:rx=5:20")}
                                   << QStringLiteral("no bone named 'Tail' in the rig (Root, Pelvis");
        QTest::newRow("key") << QStringList{QStringLiteral("--offset"), QStringLiteral("walk:HipL:rx=5")}
                             << QStringLiteral("the key '5' is not FRAME:VALUE");
        QTest::newRow("zero frames") << QStringList{QStringLiteral("--resample"), QStringLiteral("walk=0")}
                                     << QStringLiteral("cannot resample clip 'walk' to 0 frames");
        QTest::newRow("too many") << QStringList{QStringLiteral("--resample"), QStringLiteral("walk=4000000000")}
                                  << QStringLiteral("at most 209715 frames of 20 bones");
        QTest::newRow("no clip") << QStringList{QStringLiteral("--reverse"), QStringLiteral("stroll")}
                                 << QStringLiteral("no clip named or numbered 'stroll'");
        QTest::newRow("warp") << QStringList{QStringLiteral("--time-warp"), QStringLiteral("walk=40:3")}
                              << QStringLiteral("frame 40 is not inside clip 'walk'");
        QTest::newRow("mirror name") << QStringList{QStringLiteral("--mirror"), QStringLiteral("walk=run")}
                                     << QStringLiteral("a clip named 'run' already exists");
    }
    void badInputWritesNothing()
    {
        QFETCH(QStringList, ops);
        QFETCH(QString, message);
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("bad.bpat"));
        const testcli::Run r = edit(real("bpat_current/humanoid.bpat"), out, ops);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().contains(message), qPrintable(r.errText()));
        QVERIFY2(r.errText().contains(QStringLiteral("nothing was written")), qPrintable(r.errText()));
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(tst_EditMotion)
#include "tst_EditMotion.moc"

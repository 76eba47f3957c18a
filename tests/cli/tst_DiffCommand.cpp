// `bpat diff` on the real files: exit status as diff(1), the planted changes in text and JSON,
// nothing between a file and its `bpat convert` to every other version, options and trouble.
#include "bpat/BpatDocument.h"
#include "CliRunner.h"
#include "DiffTestSupport.h"
#include "TestPaths.h"

#include <QDir>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace bpat;

namespace {
const QString Diff = QStringLiteral("diff");

// Runs git in `dir` with a configuration of its own (no user or system files); stdout.
QString git(const QString &dir, const QStringList &args, int *exitCode = nullptr)
{
    QProcess p;
    p.setWorkingDirectory(dir);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), dir);
    env.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
    env.insert(QStringLiteral("GIT_AUTHOR_NAME"), QStringLiteral("BPAT Studio"));
    env.insert(QStringLiteral("GIT_AUTHOR_EMAIL"), QStringLiteral("dev@bpat.studio"));
    env.insert(QStringLiteral("GIT_COMMITTER_NAME"), QStringLiteral("BPAT Studio"));
    env.insert(QStringLiteral("GIT_COMMITTER_EMAIL"), QStringLiteral("dev@bpat.studio"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral("git"), args);
    p.waitForFinished(60000);
    if (exitCode)
        *exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return QString::fromUtf8(p.readAllStandardOutput());
}

bool copyFile(const QString &from, const QString &to)
{
    QFile::remove(to);
    return QFile::copy(from, to) && QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner);
}
} // namespace

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
        QVERIFY2(lines.at(0).endsWith(
                     QStringLiteral(": 5 changes (1 clip removed, 1 clip renamed, 1 clip metadata, 1 motion, 1 socket)")),
                 qPrintable(lines.at(0)));
        QCOMPARE(lines.at(1), QStringLiteral("clip renamed: %1 -> %2 (matched by content)").arg(p.renamedFrom, p.renamedTo));
        QCOMPARE(lines.at(2), QStringLiteral("clip %1: fps %2 -> %3").arg(p.fpsClip).arg(double(p.oldFps)).arg(double(p.newFps)));
        QVERIFY2(lines.at(3).startsWith(QStringLiteral("clip %1: motion differs in frames 4-6 (3 of").arg(p.rotatedClip)),
                 qPrintable(lines.at(3)));
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
        r = testcli::bpat(
            {Diff, original, changed, QStringLiteral("--clip"), p.rotatedClip, QStringLiteral("--clip"), p.fpsClip});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.outText().count(QLatin1Char('\n')), 4); // summary, fps, motion, socket
        r = testcli::bpat({Diff, original, changed, QStringLiteral("--clip"), p.rotatedClip, QStringLiteral("--tolerance"),
                           QStringLiteral("0.04")});
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
                    const QString out = dir.filePath(
                        QStringLiteral("%1-%2-%3.bpat").arg(QLatin1String(set), QLatin1String(name), QLatin1String(to)));
                    testcli::Run r = testcli::bpat({QStringLiteral("convert"), source, QStringLiteral("-o"), out,
                                                    QStringLiteral("--to-version"), QLatin1String(to)});
                    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
                    r = testcli::bpat({Diff, source, out, QStringLiteral("--json")});
                    const QJsonArray changes = r.json().value(QStringLiteral("changes")).toArray();
                    for (const QJsonValue &c : changes) { // only markers, flags or variants a lower version cannot hold
                        const QString field = c.toObject().value(QStringLiteral("field")).toString();
                        QVERIFY2(c.toObject().value(QStringLiteral("kind")).toString() == QStringLiteral("clip_metadata")
                                     && (field == QStringLiteral("markers") || field == QStringLiteral("flags")
                                         || field.startsWith(QStringLiteral("variant_"))),
                                 qPrintable(
                                     QStringLiteral("%1 -> %2: %3")
                                         .arg(source, QLatin1String(to), c.toObject().value(QStringLiteral("text")).toString())));
                    }
                    QCOMPARE(r.exitCode, changes.isEmpty() ? 0 : 1);
                    if (QLatin1String(to) == QLatin1String("3") || QLatin1String(set) == QLatin1String("bpat_v1_latest"))
                        QVERIFY2(changes.isEmpty(), qPrintable(r.outText()));
                }
            }
        }
    }

    // One line per clip, socket and bone, keyed by name; the same text every run.
    void textconvOfEveryKind()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        const QString humanoid = difftest::realFile("bpat_current", "humanoid");
        testcli::Run r = testcli::bpat({Diff, QStringLiteral("--textconv"), humanoid});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(testcli::bpat({Diff, QStringLiteral("--textconv"), humanoid}).out, r.out);
        const QStringList lines = r.outText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 74 + 17 + 20);
        QCOMPARE(lines.at(0), QStringLiteral("BPAT v3-late, species 0 humanoid, 20 bones, 17 sockets, 74 clips, 3157 frames"));
        QVERIFY2(QRegularExpression(QStringLiteral("^clip idle: 90 frames, 11.25 fps, loops, markers \\(-1, -1, -1, -1, 0.98\\), "
                                                   "flags 0x01, variant idle/0, motion [0-9a-f]{12}, contacts [0-9a-f]{12}$"))
                     .match(lines.at(1))
                     .hasMatch(),
                 qPrintable(lines.at(1)));
        QCOMPARE(lines.at(75), QStringLiteral("socket head: bone 5 Head, offset (0, 0, 0), rows from the anchor"));
        QVERIFY2(
            QRegularExpression(
                QStringLiteral("^socket grip_r: bone 13 HandR, offset \\(0, 0, 0\\), rows baked in \\d+ frames [0-9a-f]{12}$"))
                .match(lines.at(78))
                .hasMatch(),
            qPrintable(lines.at(78)));
        QVERIFY2(lines.at(93).startsWith(QStringLiteral("bone 1 Pelvis: parent 0 Root, bind ")), qPrintable(lines.at(93)));

        const QStringList v1 = testcli::bpat({Diff, QStringLiteral("--textconv"), difftest::realFile("bpat_v1_latest", "horse")})
                                   .outText()
                                   .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(v1.at(0), QStringLiteral("BPAT v1, species 1 horse, 16 bones, 0 sockets, 6 clips, 116 frames"));

        const QString bpsm = testpaths::shared(QStringLiteral("upstream_assets/bpat_current/elephant_minimal.bpsm"));
        r = testcli::bpat({Diff, QStringLiteral("--textconv"), bpsm});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.outText().startsWith(QStringLiteral(
                     "BPSM version 1, species 2, lod 1, 1474 vertices, 2316 indices, 6 clips, 113 frames\nindices ")),
                 qPrintable(r.outText()));
        QVERIFY(r.outText().contains(QStringLiteral("\nclip dead: 1 frame, vertices ")));

        const QString recording =
            testpaths::shared(QStringLiteral("mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin"));
        r = testcli::bpat({Diff, QStringLiteral("--textconv"), recording});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.outText().startsWith(QStringLiteral("recording 1.0: camera, hands; 389 curves, 118089 keys, ")));
        QVERIFY(r.outText().contains(QStringLiteral("\ncurve Camera/PositionX: 79 keys, 0..14.4626 s, ")));
        QCOMPARE(r.outText().count(QLatin1Char('\n')), 1 + 389);

        r = testcli::bpat({Diff, QStringLiteral("--textconv"),
                           testpaths::shared(QStringLiteral("upstream_assets/bpat_current/horse_full.bprm"))});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QRegularExpression(QStringLiteral("^file: 272640 bytes, digest [0-9a-f]{12}\n$")).match(r.outText()).hasMatch());
        QCOMPARE(testcli::bpat({Diff, QStringLiteral("--textconv"), QStringLiteral("/nonexistent.bpat")}).exitCode, 2);
        QCOMPARE(testcli::bpat({Diff, QStringLiteral("--textconv")}).exitCode, 2);
    }

    // Files of other kinds compare by their texts: one content change per changed line.
    void otherKindsByText()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/elephant_minimal.bpsm"));
        QTemporaryDir dir;
        const QString bpsm = testpaths::shared(QStringLiteral("upstream_assets/bpat_current/elephant_minimal.bpsm"));
        QFile in(bpsm);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        bytes[bytes.size() - 8] = char(bytes.at(bytes.size() - 8) ^ 0x40); // the last clip's last vertex
        QFile out(dir.filePath(QStringLiteral("changed.bpsm")));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes);
        out.close();
        QCOMPARE(testcli::bpat({Diff, bpsm, bpsm}).exitCode, 0);
        const testcli::Run r = testcli::bpat({Diff, bpsm, out.fileName(), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        const QJsonArray changes = r.json().value(QStringLiteral("changes")).toArray();
        QCOMPARE(changes.size(), 1);
        QCOMPARE(changes.at(0).toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("content"));
        QVERIFY(changes.at(0)
                    .toObject()
                    .value(QStringLiteral("old"))
                    .toString()
                    .startsWith(QStringLiteral("clip dead: 1 frame, vertices ")));
        QVERIFY(changes.at(0)
                    .toObject()
                    .value(QStringLiteral("new"))
                    .toString()
                    .startsWith(QStringLiteral("clip dead: 1 frame, vertices ")));
    }

    // git's diff driver: `git diff` and `git log -p` show the changed clip and socket lines of a
    // real file, in a repository made here.
    void gitShowsReadableDiffs()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat"));
        int status = -1;
        QTemporaryDir dir;
        git(dir.path(), {QStringLiteral("--version")}, &status);
        if (status != 0)
            QSKIP("git is not installed");
        const QString repo = dir.path();
        git(repo, {QStringLiteral("init"), QStringLiteral("-q")}, &status);
        QCOMPARE(status, 0);
        // The lines docs/cli.md gives.
        QFile attributes(dir.filePath(QStringLiteral(".gitattributes")));
        QVERIFY(attributes.open(QIODevice::WriteOnly));
        attributes.write("*.bpat diff=bpat\n*.bpsm diff=bpat\n*.bin diff=bpat\n");
        attributes.close();
        git(repo,
            {QStringLiteral("config"), QStringLiteral("diff.bpat.textconv"),
             QStringLiteral("'%1' diff --textconv").arg(testpaths::bpatExecutable())},
            &status);
        QCOMPARE(status, 0);
        const QString file = dir.filePath(QStringLiteral("humanoid.bpat"));
        QVERIFY(copyFile(difftest::realFile("bpat_v1_latest", "humanoid"), file));
        git(repo, {QStringLiteral("add"), QStringLiteral(".")});
        git(repo, {QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("the real humanoid")},
            &status);
        QCOMPARE(status, 0);

        auto doc = difftest::load(file);
        QVERIFY(doc);
        const difftest::Planted p = difftest::plant(*doc);
        QVERIFY(difftest::save(*doc, file));
        const QString diff = git(repo, {QStringLiteral("diff")}, &status);
        QCOMPARE(status, 0);
        QVERIFY2(!diff.contains(QStringLiteral("Binary files")), qPrintable(diff));
        QVERIFY2(diff.contains(QStringLiteral("\n-clip %1: 24 frames, 24 fps, loops, motion ").arg(p.renamedFrom)),
                 qPrintable(diff));
        QVERIFY2(diff.contains(QStringLiteral("\n+clip %1: 24 frames, 24 fps, loops, motion ").arg(p.renamedTo)),
                 qPrintable(diff));
        QVERIFY2(diff.contains(QStringLiteral("\n+clip %1: 24 frames, 30 fps,").arg(p.fpsClip)), qPrintable(diff));
        QVERIFY2(diff.contains(QStringLiteral("\n-clip %1: ").arg(p.removedClip)), qPrintable(diff));
        QVERIFY2(diff.contains(
                     QStringLiteral("\n+socket %1: bone 5 Head, offset (0, 0.05, 0), rows from the anchor\n").arg(p.movedSocket)),
                 qPrintable(diff));
        // The rotated clip's motion digest changed, nothing else of it.
        QVERIFY(diff.contains(QStringLiteral("\n-clip %1: 16 frames, 24 fps, loops, motion ").arg(p.rotatedClip)));
        QVERIFY(diff.contains(QStringLiteral("\n+clip %1: 16 frames, 24 fps, loops, motion ").arg(p.rotatedClip)));
        // Only changed lines: 4 clip lines and 1 socket line out, 3 clip lines and 1 socket line in.
        QCOMPARE(diff.count(QRegularExpression(QStringLiteral("\n-(clip|socket) "))), 5);
        QCOMPARE(diff.count(QRegularExpression(QStringLiteral("\n\\+(clip|socket) "))), 4);

        git(repo, {QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-am"), QStringLiteral("planted")}, &status);
        QCOMPARE(status, 0);
        const QString log = git(repo, {QStringLiteral("log"), QStringLiteral("-p"), QStringLiteral("-1")}, &status);
        QCOMPARE(status, 0);
        QVERIFY2(log.contains(QStringLiteral("\n+clip %1: ").arg(p.renamedTo)), qPrintable(log));
    }

    // Folders: files paired by relative path; added and removed files; every format.
    void directories()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        QTemporaryDir dir;
        const QString oldDir = dir.filePath(QStringLiteral("old")), newDir = dir.filePath(QStringLiteral("new"));
        for (const QString &d : {oldDir, newDir})
            QVERIFY(QDir().mkpath(d + QStringLiteral("/creatures")));
        const auto real = [](const char *name) { return difftest::realFile("bpat_current", name); };
        for (const char *name : {"humanoid", "horse", "elephant"})
            QVERIFY(copyFile(real(name), oldDir + QStringLiteral("/creatures/%1.bpat").arg(QLatin1String(name))));
        for (const char *name : {"humanoid", "elephant", "sheep"})
            QVERIFY(copyFile(real(name), newDir + QStringLiteral("/creatures/%1.bpat").arg(QLatin1String(name))));
        const QString mesh = testpaths::shared(QStringLiteral("upstream_assets/bpat_current/elephant_minimal.bpsm"));
        QVERIFY(copyFile(mesh, oldDir + QStringLiteral("/elephant_minimal.bpsm")));
        QVERIFY(copyFile(mesh, newDir + QStringLiteral("/elephant_minimal.bpsm")));
        auto doc = difftest::load(real("wolf"));
        QVERIFY(doc);
        QVERIFY(difftest::save(*doc, oldDir + QStringLiteral("/wolf.bpat")));
        doc->clip(2).fps = 30.0f;
        QVERIFY(difftest::save(*doc, newDir + QStringLiteral("/wolf.bpat")));

        testcli::Run r = testcli::bpat({Diff, oldDir, newDir});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.outText(),
                 QStringLiteral("creatures/horse.bpat: file removed\n"
                                "creatures/sheep.bpat: file added\n"
                                "wolf.bpat: 1 change (1 clip metadata)\n"
                                "  clip walk: fps 28 -> 30\n"
                                "6 files: 1 differ, 1 added, 1 removed, 3 the same\n"));
        r = testcli::bpat({Diff, oldDir, newDir, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject json = r.json();
        QCOMPARE(json.value(QStringLiteral("same")).toBool(true), false);
        QStringList statuses;
        for (const QJsonValue &f : json.value(QStringLiteral("files")).toArray())
            statuses.append(f.toObject().value(QStringLiteral("path")).toString() + QLatin1Char('=')
                            + f.toObject().value(QStringLiteral("status")).toString());
        QCOMPARE(statuses,
                 (QStringList{QStringLiteral("creatures/elephant.bpat=same"), QStringLiteral("creatures/horse.bpat=removed"),
                              QStringLiteral("creatures/humanoid.bpat=same"), QStringLiteral("creatures/sheep.bpat=added"),
                              QStringLiteral("elephant_minimal.bpsm=same"), QStringLiteral("wolf.bpat=different")}));
        const QJsonArray changes = json.value(QStringLiteral("changes")).toArray();
        QCOMPARE(changes.size(), 3);
        QCOMPARE(changes.at(2).toObject().value(QStringLiteral("path")).toString(), QStringLiteral("wolf.bpat"));
        QCOMPARE(changes.at(2).toObject().value(QStringLiteral("field")).toString(), QStringLiteral("fps"));

        r = testcli::bpat({Diff, oldDir, newDir, QStringLiteral("--format"), QStringLiteral("junit")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.outText().contains(QStringLiteral("<testsuite name=\"bpat diff\" tests=\"6\" failures=\"3\" errors=\"0\"")),
                 qPrintable(r.outText()));
        QVERIFY(r.outText().contains(
            QStringLiteral("<failure type=\"clip_metadata\" message=\"wolf.bpat: clip walk: fps 28 -&gt; 30\"")));
        r = testcli::bpat({Diff, oldDir, newDir, QStringLiteral("--format"), QStringLiteral("github")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(
            r.outText().contains(
                QStringLiteral("::error file=%1/wolf.bpat,title=bpat diff clip_metadata::clip walk: fps 28 -> 30\n").arg(newDir)),
            qPrintable(r.outText()));
        QVERIFY(r.outText().contains(
            QStringLiteral("::error file=%1/creatures/horse.bpat,title=bpat diff file_removed::").arg(oldDir)));

        r = testcli::bpat({Diff, oldDir, oldDir});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.outText(), QStringLiteral("5 files: 0 differ, 0 added, 0 removed, 5 the same\n"));
        // --clip in folders: files without the clip compare their other parts.
        QCOMPARE(testcli::bpat({Diff, oldDir, newDir, QStringLiteral("--clip"), QStringLiteral("idle")}).exitCode, 1);
        QCOMPARE(testcli::bpat({Diff, oldDir, real("horse")}).exitCode, 2);
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

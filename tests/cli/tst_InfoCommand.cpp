#include "bpat/BpatFile.h"
#include "CliRunner.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest/QTest>

class tst_InfoCommand : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void jsonMatchesDump_data()
    {
        QTest::addColumn<QString>("relative");
        for (const char *set : {"bpat_v1_latest", "bpat_v1_initial", "bpat_v2", "bpat_v3_early", "bpat_v3_late"}) {
            for (const char *name : {"humanoid", "humanoid_sword", "horse", "elephant"})
                QTest::newRow(qPrintable(QStringLiteral("%1/%2").arg(QLatin1String(set), QLatin1String(name))))
                    << QStringLiteral("upstream_assets/%1/%2").arg(QLatin1String(set), QLatin1String(name));
        }
    }
    void jsonMatchesDump()
    {
        QFETCH(QString, relative);
        BPAT_REQUIRE_SHARED(relative + QStringLiteral(".bpat"));
        const QString path = testpaths::shared(relative + QStringLiteral(".bpat"));
        const testcli::Run r = testcli::bpat({QStringLiteral("info"), path, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        const QJsonObject info = r.json();
        QStringList keys;
        for (const char *k : {"path",
                              "file_size",
                              "version",
                              "species_id",
                              "species",
                              "bone_count",
                              "socket_count",
                              "clip_count",
                              "frame_total",
                              "string_table_size",
                              "clip_table_offset",
                              "socket_table_offset",
                              "string_table_offset",
                              "palette_data_offset",
                              "socket_data_offset",
                              "clips",
                              "sockets",
                              "findings",
                              "dialect",
                              "sections",
                              "rig",
                              "bones"})
            keys << QLatin1String(k);
        const qint64 version = info.value(QStringLiteral("version")).toInteger();
        const bool late = relative.contains(QStringLiteral("v3_late"));
        if (version == 3) {
            for (const char *k : {"contact_data_offset", "contact_entry_count", "bind_palette_offset", "bone_parent_offset"})
                keys << QLatin1String(k);
        }
        if (late)
            keys << QStringLiteral("bone_parents");
        for (const QString &k : keys)
            QVERIFY2(info.contains(k), qPrintable(k));
        QCOMPARE(info.size(), keys.size());
        QCOMPARE(info.value(QStringLiteral("dialect")).toString(),
                 version == 1       ? QStringLiteral("v1")
                     : version == 2 ? QStringLiteral("v2")
                     : late         ? QStringLiteral("v3-late")
                                    : QStringLiteral("v3-early"));
        QVERIFY(info.value(QStringLiteral("findings")).toArray().isEmpty()); // the game's files read whole

        QFile dumpFile(testpaths::shared(relative + QStringLiteral(".dump.txt")));
        QVERIFY(dumpFile.open(QIODevice::ReadOnly));
        const QString dump = QString::fromUtf8(dumpFile.readAll());
        // Every key=value of the dump's header lines equals the JSON value of the same name.
        static const QRegularExpression kv(QStringLiteral("(\\w+)=(\\d+)"));
        const QStringList lines = dump.split(QLatin1Char('\n'));
        int compared = 0;
        for (int i = 1; i <= 3; ++i) {
            for (auto it = kv.globalMatch(lines.at(i)); it.hasNext();) {
                const auto m = it.next();
                QVERIFY2(info.contains(m.captured(1)), qPrintable(m.captured(1)));
                QCOMPARE(info.value(m.captured(1)).toInteger(), m.captured(2).toLongLong());
                ++compared;
            }
        }
        // v3: the extension line's fields (all but reserved0) and the parents.
        for (const QString &line : lines) {
            if (!line.trimmed().startsWith(QStringLiteral("ext_v3:")))
                continue;
            for (auto it = kv.globalMatch(line); it.hasNext();) {
                const auto m = it.next();
                if (m.captured(1) == QLatin1String("reserved0"))
                    continue;
                QCOMPARE(info.value(m.captured(1)).toInteger(), m.captured(2).toLongLong());
                ++compared;
            }
        }
        QCOMPARE(compared, version == 3 ? 15 : 11);
        for (const QString &line : lines) {
            if (!line.contains(QStringLiteral("bone parents (255 = root):")))
                continue;
            const QStringList values = line.section(QLatin1Char(':'), 1).split(QLatin1Char(' '), Qt::SkipEmptyParts);
            const QJsonArray parents = info.value(QStringLiteral("bone_parents")).toArray();
            QCOMPARE(parents.size(), values.size());
            for (qsizetype b = 0; b < values.size(); ++b)
                QCOMPARE(parents.at(b).toInt(), values.at(b) == QLatin1String("255") ? -1 : values.at(b).toInt());
        }
        QVERIFY(lines.at(0).endsWith(QStringLiteral(": %1 bytes").arg(info.value(QStringLiteral("file_size")).toInteger())));
        QVERIFY(lines.at(1).contains(QStringLiteral("(%1)").arg(info.value(QStringLiteral("species")).toString())));
        static const QRegularExpression socketData(QStringLiteral("socket data (\\d+) bytes at (\\d+)"));
        const auto sd = socketData.match(lines.at(4));
        QVERIFY(sd.hasMatch());
        QCOMPARE(info.value(QStringLiteral("socket_data_offset")).toInteger(), sd.captured(2).toLongLong());

        static const QRegularExpression clipRe(QStringLiteral(
            "\\[\\s*(\\d+)\\] name_off=\\s*\\d+ len=\\s*\\d+ '([^']*)' nul=0 frames=(\\d+) frame_offset=(\\d+) fps=(\\S+) loops=(\\d)"));
        const QJsonArray clips = info.value(QStringLiteral("clips")).toArray();
        int clipLines = 0;
        for (const QString &line : lines) {
            const auto m = clipRe.match(line);
            if (!m.hasMatch())
                continue;
            const QJsonObject c = clips.at(m.captured(1).toInt()).toObject();
            QCOMPARE(c.value(QStringLiteral("index")).toInt(), m.captured(1).toInt());
            QCOMPARE(c.value(QStringLiteral("name")).toString(), m.captured(2));
            QCOMPARE(c.value(QStringLiteral("frame_count")).toInt(), m.captured(3).toInt());
            QCOMPARE(c.value(QStringLiteral("frame_offset")).toInt(), m.captured(4).toInt());
            QCOMPARE(c.value(QStringLiteral("fps")).toDouble(), m.captured(5).toDouble());
            QCOMPARE(c.value(QStringLiteral("loops")).toBool(), m.captured(6) == QLatin1String("1"));
            QCOMPARE(c.value(QStringLiteral("duration")).toDouble(), m.captured(3).toDouble() / m.captured(5).toDouble());
            // v2 / v3: markers as stored; v3: flags and variants.
            static const QRegularExpression markersRe(QStringLiteral("markers=\\(([^)]*)\\)"));
            const auto mm = markersRe.match(line);
            QCOMPARE(mm.hasMatch(), version >= 2);
            QCOMPARE(c.contains(QStringLiteral("markers")), version >= 2);
            if (mm.hasMatch()) {
                const QStringList values = mm.captured(1).split(QStringLiteral(", "));
                const QJsonObject markers = c.value(QStringLiteral("markers")).toObject();
                const char *const names[] = {"anticipation_start", "weapon_release", "contact", "recover_unlocked", "exit_safe"};
                QCOMPARE(values.size(), 5);
                for (int k = 0; k < 5; ++k)
                    QCOMPARE(float(markers.value(QLatin1String(names[k])).toDouble()), values.at(k).toFloat());
            }
            static const QRegularExpression v3Re(
                QStringLiteral("flags=0x([0-9a-f]+) variant_family=(\\d+) variant_ordinal=(\\d+)"));
            const auto v3 = v3Re.match(line);
            QCOMPARE(v3.hasMatch(), version == 3);
            if (v3.hasMatch()) {
                const int flags = v3.captured(1).toInt(nullptr, 16);
                QCOMPARE(c.value(QStringLiteral("flags")).toInt(), flags);
                QCOMPARE(c.value(QStringLiteral("supplies_ground_contact")).toBool(), (flags & 1) != 0);
                QCOMPARE(c.value(QStringLiteral("variant_family")).toInt(), v3.captured(2).toInt());
                QCOMPARE(c.value(QStringLiteral("variant_ordinal")).toInt(), v3.captured(3).toInt());
            }
            ++clipLines;
        }
        QCOMPARE(clipLines, clips.size());
        static const QRegularExpression socketRe(
            QStringLiteral("\\[\\s*(\\d+)\\] '([^']*)' anchor_bone=(\\d+) local_offset=\\(([^,]+),([^,]+),([^)]+)\\)"));
        const QJsonArray sockets = info.value(QStringLiteral("sockets")).toArray();
        int socketLines = 0;
        for (const QString &line : lines) {
            const auto m = socketRe.match(line);
            if (!m.hasMatch())
                continue;
            const QJsonObject s = sockets.at(m.captured(1).toInt()).toObject();
            QCOMPARE(s.value(QStringLiteral("name")).toString(), m.captured(2));
            QCOMPARE(s.value(QStringLiteral("anchor_bone")).toInt(), m.captured(3).toInt());
            const QJsonArray o = s.value(QStringLiteral("local_offset")).toArray();
            for (int k = 0; k < 3; ++k)
                QCOMPARE(float(o.at(k).toDouble()), m.captured(4 + k).toFloat());
            ++socketLines;
        }
        QCOMPARE(socketLines, sockets.size());

        // The game's files are laid out back to back: header first, sections that tile the file.
        const QJsonArray sections = info.value(QStringLiteral("sections")).toArray();
        QVERIFY(sections.size() >= 4);
        QCOMPARE(sections.first().toObject().value(QStringLiteral("name")).toString(), QStringLiteral("header"));
        qint64 end = 0;
        for (const QJsonValue &v : sections) {
            const QJsonObject s = v.toObject();
            QCOMPARE(s.value(QStringLiteral("offset")).toInteger(), end);
            QVERIFY(!s.value(QStringLiteral("past_end")).toBool());
            QVERIFY(!s.value(QStringLiteral("overlaps")).toBool());
            end += s.value(QStringLiteral("size")).toInteger();
        }
        QCOMPARE(end, info.value(QStringLiteral("file_size")).toInteger());
    }

    // Each bone says whether it is a control and why (the rig names the horse's IK and pole
    // targets; the body beside the file weights none of them).
    void bonesSayWhichAreControls()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
        const testcli::Run r = testcli::bpat({QStringLiteral("info"), QStringLiteral("--json"),
                                              testpaths::shared(QStringLiteral("upstream_assets/bpat_current/horse.bpat"))});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray bones = r.json().value(QStringLiteral("bones")).toArray();
        QCOMPARE(bones.size(), 50);
        QStringList controls;
        for (const QJsonValue &b : bones) {
            if (!b.toObject().value(QStringLiteral("control")).isNull())
                controls << b.toObject().value(QStringLiteral("name")).toString();
        }
        QCOMPARE(controls.size(), 9);
        QCOMPARE(bones.at(42).toObject().value(QStringLiteral("control")).toString(),
                 QStringLiteral("IK target in the horse_50bone rig"));
        QVERIFY(bones.at(45).toObject().value(QStringLiteral("control")).isNull()); // FF.L, the front left hoof
    }

    void textOutput()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("small.bpat"));
        QVERIFY(bpat::BpatWriter(testdocs::smallDocument()).save(path));
        const testcli::Run r = testcli::bpat({QStringLiteral("info"), path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.outText().contains(QStringLiteral("species 0 (humanoid), 3 bones, 2 sockets, 2 clips, 6 frames")));
        QVERIFY(r.outText().contains(QStringLiteral("jab")));
        QVERIFY(r.outText().contains(QStringLiteral("one-shot")));
        QVERIFY(r.outText().contains(QStringLiteral("sections:")));
        QVERIFY(r.outText().contains(QStringLiteral("palette data (2 frames"))
                || r.outText().contains(QStringLiteral("palette data (6 frames")));
    }

    void errorsAndExitCodes()
    {
        QTemporaryDir dir;
        testcli::Run r = testcli::bpat({QStringLiteral("info")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY(!r.err.isEmpty());
        r = testcli::bpat({QStringLiteral("info"), dir.filePath(QStringLiteral("missing.bpat"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.errText().contains(QStringLiteral("no such file")));
        r = testcli::bpat({QStringLiteral("info"), dir.path()});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.errText().contains(QStringLiteral("directory")));
        QFile junk(dir.filePath(QStringLiteral("junk.bpat")));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write(QByteArray(100, 'x'));
        junk.close();
        r = testcli::bpat({QStringLiteral("info"), junk.fileName()});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.errText().contains(QStringLiteral("not a BPAT file")));
        r = testcli::bpat({QStringLiteral("info"), QStringLiteral("--nope"), junk.fileName()});
        QCOMPARE(r.exitCode, 2);
        r = testcli::bpat({QStringLiteral("info"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.outText().contains(QStringLiteral("bpat info")));
        QVERIFY(r.outText().contains(QStringLiteral("--json")));
        r = testcli::bpat({QStringLiteral("info"), QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.outText().startsWith(QStringLiteral("bpat ")));
        // `bpat --version`: the release and the build's git revision ("revision unknown"
        // outside a checkout).
        r = testcli::bpat({QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        static const QRegularExpression version(
            QStringLiteral("^bpat " BPAT_VERSION_STRING " \\((git [0-9a-zA-Z._-]+|revision unknown)\\)\n$"));
        QVERIFY2(version.match(r.outText()).hasMatch(), qPrintable(r.outText()));
    }
};

QTEST_GUILESS_MAIN(tst_InfoCommand)
#include "tst_InfoCommand.moc"

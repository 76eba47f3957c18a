#include "bpat/BpatWriter.h"
#include "CliRunner.h"
#include "GeneratedRecording.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QDir>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QDateTime>
#include <QXmlStreamReader>
#include <QtTest/QTest>
#include <limits>
#include <sys/stat.h>

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

} // namespace

class tst_ValidateCommand : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_good, m_bad, m_notContiguous;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_good = m_dir.filePath(QStringLiteral("tree/good.bpat"));
        m_bad = m_dir.filePath(QStringLiteral("tree/sub/bad.bpat"));
        m_notContiguous = m_dir.filePath(QStringLiteral("other/swapped.bpat"));
        writeFile(m_good, testdocs::smallFileBytes());
        QByteArray bad = testdocs::smallFileBytes();
        testdocs::setU32(bad, 12, 0);         // BONE_COUNT_OUT_OF_RANGE
        testdocs::setF32(bad, 96 + 16, 0.0f); // BAD_FPS
        writeFile(m_bad, bad);
        QByteArray swapped = testdocs::smallFileBytes();
        testdocs::setU32(swapped, 64 + 12, 2); // CLIP_NOT_CONTIGUOUS: warning in spec, error in game
        testdocs::setU32(swapped, 96 + 12, 0);
        writeFile(m_notContiguous, swapped);
        writeFile(m_dir.filePath(QStringLiteral("tree/readme.txt")), "not a bpat");
    }

    void exitCodes()
    {
        QCOMPARE(testcli::bpat({QStringLiteral("validate"), m_good}).exitCode, 0);
        QCOMPARE(testcli::bpat({QStringLiteral("validate"), m_bad}).exitCode, 1);
        QCOMPARE(testcli::bpat({QStringLiteral("validate"), m_good, m_bad}).exitCode, 1);
        QCOMPARE(testcli::bpat({QStringLiteral("validate"), m_notContiguous}).exitCode, 0);
        QCOMPARE(testcli::bpat({QStringLiteral("validate"), QStringLiteral("--profile"), QStringLiteral("game"), m_notContiguous})
                     .exitCode,
                 1);
        QCOMPARE(testcli::bpat({QStringLiteral("validate"), m_dir.filePath(QStringLiteral("missing.bpat"))}).exitCode, 1);
        // Usage errors.
        for (const QStringList &args :
             {QStringList{QStringLiteral("validate")},
              QStringList{QStringLiteral("validate"), QStringLiteral("--profile"), QStringLiteral("strict"), m_good},
              QStringList{QStringLiteral("validate"), QStringLiteral("--max-issues"), QStringLiteral("x"), m_good},
              QStringList{QStringLiteral("validate"), QStringLiteral("--frobnicate"), m_good}}) {
            const testcli::Run r = testcli::bpat(args);
            QCOMPARE(r.exitCode, 2);
            QVERIFY(r.out.isEmpty());
            QVERIFY(!r.err.isEmpty());
        }
        testcli::Run r = testcli::bpat({QStringLiteral("validate"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.outText().contains(QStringLiteral("--max-issues")));
        QCOMPARE(testcli::bpat({QStringLiteral("validate"), QStringLiteral("--version")}).exitCode, 0);
    }

    void specialFilesAreRefusedNotWaitedOn()
    {
        // A FIFO blocked open() until a writer came (bpat hung deciding whether it was a snapshot); /dev/zero is
        // "empty" to QFile::size(). Both are refused at once, naming what they are.
        const QString fifo = m_dir.filePath(QStringLiteral("fifo.bpat"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        for (const QString &command : {QStringLiteral("validate"), QStringLiteral("info")}) {
            const testcli::Run r = testcli::bpat({command, fifo});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.errText().contains(QStringLiteral("not a regular file (a FIFO)"))
                         || r.outText().contains(QStringLiteral("not a regular file (a FIFO)")),
                     r.err.constData());
        }
        if (QFileInfo::exists(QStringLiteral("/dev/zero"))) {
            const testcli::Run r = testcli::bpat({QStringLiteral("validate"), QStringLiteral("/dev/zero")});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.outText().contains(QStringLiteral("not a regular file (a character device)")), r.out.constData());
        }
        QFile::remove(fifo);
    }

    void humanLines()
    {
        const testcli::Run r = testcli::bpat({QStringLiteral("validate"), QStringLiteral("--verbose"), m_bad});
        QCOMPARE(r.exitCode, 1);
        const QStringList lines = r.outText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(!lines.isEmpty());
        static const QRegularExpression re(QStringLiteral("^(.+?):(\\d+): (error|warning|info) ([A-Z0-9_]+) (.+)$"));
        for (const QString &line : lines) {
            const auto m = re.match(line);
            QVERIFY2(m.hasMatch(), qPrintable(line));
            QCOMPARE(m.captured(1), m_bad);
        }
        QVERIFY(r.outText().contains(QStringLiteral(":12: error BONE_COUNT_OUT_OF_RANGE bone_count is 0, expected 1..64")));
        QVERIFY(r.outText().contains(QStringLiteral(":112: error BAD_FPS ")));
    }

    void defaultTextIsOneLinePerFile()
    {
        const testcli::Run r = testcli::bpat({QStringLiteral("validate"), m_good, m_bad});
        QCOMPARE(r.exitCode, 1);
        const QStringList lines = r.outText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0), m_good + QStringLiteral(": valid (0 errors, 0 warnings, 0 infos): no issues found"));
        // The info is GAME_READER_REFUSES: the game's v1 reader would stop at its bone count check.
        static const QRegularExpression bad(
            QStringLiteral("^(.+): invalid \\((\\d+) errors, \\d+ warnings?, \\d+ infos?\\): BONE_COUNT_OUT_OF_RANGE "));
        const auto m = bad.match(lines.at(1));
        QVERIFY2(m.hasMatch() && m.captured(1) == m_bad && m.captured(2).toInt() >= 2, qPrintable(lines.at(1)));
        QCOMPARE(testcli::bpat({QStringLiteral("validate"), QStringLiteral("--format"), QStringLiteral("xml"), m_good}).exitCode,
                 2);
        // A valid file with warnings says which: the 3-bone test humanoid in the v1-era game.
        const testcli::Run warned =
            testcli::bpat({QStringLiteral("validate"), QStringLiteral("--game-era"), QStringLiteral("v1"), m_good});
        QCOMPARE(warned.exitCode, 0);
        QCOMPARE(warned.outText().trimmed(),
                 m_good + QStringLiteral(": valid (0 errors, 1 warning, 0 infos): warnings RIG_BONE_COUNT_MISMATCH"));
    }

    void junitReport()
    {
        const testcli::Run r =
            testcli::bpat({QStringLiteral("validate"), QStringLiteral("--format"), QStringLiteral("junit"), m_good, m_bad});
        QCOMPARE(r.exitCode, 1);
        QXmlStreamReader xml(r.out);
        int cases = 0, failures = 0;
        QStringList failureTypes;
        QString suiteTests;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (xml.name() == QLatin1String("testsuite"))
                suiteTests = xml.attributes().value(QLatin1String("tests")).toString();
            if (xml.name() == QLatin1String("testcase"))
                ++cases;
            if (xml.name() == QLatin1String("failure")) {
                ++failures;
                failureTypes << xml.attributes().value(QLatin1String("type")).toString();
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(suiteTests, QStringLiteral("2"));
        QCOMPARE(cases, 2);
        const testcli::Run json = testcli::bpat({QStringLiteral("validate"), QStringLiteral("--json"), m_bad});
        const int errors = json.json()
                               .value(QStringLiteral("files"))
                               .toArray()
                               .at(0)
                               .toObject()
                               .value(QStringLiteral("counts"))
                               .toObject()
                               .value(QStringLiteral("error"))
                               .toInt();
        QCOMPARE(failures, errors); // one per error of bad.bpat
        QVERIFY(failureTypes.contains(QStringLiteral("BONE_COUNT_OUT_OF_RANGE")));
        QVERIFY(failureTypes.contains(QStringLiteral("BAD_FPS")));
    }

    void githubAnnotations()
    {
        const testcli::Run r = testcli::bpat({QStringLiteral("validate"), QStringLiteral("--format"), QStringLiteral("github"),
                                              QStringLiteral("--profile"), QStringLiteral("game"), m_bad, m_notContiguous});
        QCOMPARE(r.exitCode, 1);
        const QStringList lines = r.outText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(!lines.isEmpty());
        for (const QString &line : lines)
            QVERIFY2(line.startsWith(QLatin1String("::error file=")) || line.startsWith(QLatin1String("::warning file="))
                         || line.startsWith(QLatin1String("::notice file=")),
                     qPrintable(line));
        QVERIFY2(
            r.outText().contains(
                QStringLiteral(
                    "::error file=%1,title=BONE_COUNT_OUT_OF_RANGE at header.bone_count::BONE_COUNT_OUT_OF_RANGE bone_count is 0")
                    .arg(m_bad)),
            r.out.constData());
        QVERIFY(r.outText().contains(QStringLiteral("::error file=%1,title=CLIP_NOT_CONTIGUOUS").arg(m_notContiguous)));
    }

    void directoriesAreSearchedRecursively()
    {
        const testcli::Run r =
            testcli::bpat({QStringLiteral("validate"), QStringLiteral("--json"), m_dir.filePath(QStringLiteral("tree"))});
        QCOMPARE(r.exitCode, 1);
        const QJsonArray files = r.json().value(QStringLiteral("files")).toArray();
        QCOMPARE(files.size(), 2); // good.bpat and sub/bad.bpat; readme.txt ignored
        QStringList paths;
        for (const auto &f : files)
            paths << f.toObject().value(QStringLiteral("path")).toString();
        QVERIFY(paths.contains(QDir::cleanPath(m_good)));
        QVERIFY(paths.contains(QDir::cleanPath(m_bad)));
    }

    // Each kind is validated with its own codes (FormatRegistry): a recording by its reader.
    void recordingsAreValidatedAsRecordings()
    {
        const QString recording = m_dir.filePath(QStringLiteral("rec/take.bin"));
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("rec"))));
        QVERIFY(testrecording::write(recording));
        testcli::Run r = testcli::bpat({QStringLiteral("validate"), recording});
        QCOMPARE(r.exitCode, 0);
        const QString damaged = m_dir.filePath(QStringLiteral("rec/damaged.bin"));
        writeFile(damaged, "not a recording at all");
        r = testcli::bpat({QStringLiteral("validate"), QStringLiteral("--json"), damaged});
        QCOMPARE(r.exitCode, 1);
        const QJsonArray issues =
            r.json().value(QStringLiteral("files")).toArray().first().toObject().value(QStringLiteral("issues")).toArray();
        QVERIFY(!issues.isEmpty());
        QVERIFY2(issues.first().toObject().value(QStringLiteral("code")).toString().startsWith(QStringLiteral("ANIM_")),
                 qPrintable(r.outText()));
        // Directories hold many .bin files that are not recordings: they are not searched for them.
        QCOMPARE(testcli::bpat({QStringLiteral("validate"), m_dir.filePath(QStringLiteral("rec"))}).exitCode, 0);
    }

    void jsonShape()
    {
        // The small test files are v1: judged by the v1-era game (the current one refuses them).
        const testcli::Run r = testcli::bpat({QStringLiteral("validate"), QStringLiteral("--json"), QStringLiteral("--profile"),
                                              QStringLiteral("game"), QStringLiteral("--game-era"), QStringLiteral("v1"),
                                              QStringLiteral("--deep"), m_good, m_notContiguous, m_bad});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject root = r.json();
        QCOMPARE(
            root.keys(),
            (QStringList{QStringLiteral("deep"), QStringLiteral("files"), QStringLiteral("game_era"), QStringLiteral("profile"),
                         QStringLiteral("revision"), QStringLiteral("time"), QStringLiteral("tool"), QStringLiteral("version")}));
        QCOMPARE(root.value(QStringLiteral("profile")).toString(), QStringLiteral("game"));
        QCOMPARE(root.value(QStringLiteral("game_era")).toString(), QStringLiteral("v1"));
        QCOMPARE(root.value(QStringLiteral("tool")).toString(), QStringLiteral("bpat"));
        QCOMPARE(root.value(QStringLiteral("version")).toString(), QStringLiteral(BPAT_VERSION_STRING));
        QVERIFY(root.value(QStringLiteral("deep")).toBool());
        const QDateTime time = QDateTime::fromString(root.value(QStringLiteral("time")).toString(), Qt::ISODate);
        QVERIFY(time.isValid());
        QVERIFY(qAbs(time.secsTo(QDateTime::currentDateTimeUtc())) < 600);
        const QJsonArray files = root.value(QStringLiteral("files")).toArray();
        QCOMPARE(files.size(), 3);
        const QJsonObject good = files.at(0).toObject();
        QCOMPARE(good.keys(),
                 (QStringList{QStringLiteral("counts"), QStringLiteral("issues"), QStringLiteral("path"),
                              QStringLiteral("truncated"), QStringLiteral("valid")}));
        QVERIFY(good.value(QStringLiteral("valid")).toBool());
        // The game profile's only finding: the 3-bone test humanoid is not the game's 20-bone rig.
        const QJsonArray goodIssues = good.value(QStringLiteral("issues")).toArray();
        QCOMPARE(goodIssues.size(), 1);
        QCOMPARE(goodIssues.at(0).toObject().value(QStringLiteral("code")).toString(), QStringLiteral("RIG_BONE_COUNT_MISMATCH"));
        const QJsonObject swapped = files.at(1).toObject();
        QVERIFY(!swapped.value(QStringLiteral("valid")).toBool());
        const QJsonObject issue = swapped.value(QStringLiteral("issues")).toArray().at(0).toObject();
        QCOMPARE(issue.keys(),
                 (QStringList{QStringLiteral("code"), QStringLiteral("location"), QStringLiteral("message"),
                              QStringLiteral("offset"), QStringLiteral("severity")}));
        QCOMPARE(issue.value(QStringLiteral("code")).toString(), QStringLiteral("CLIP_NOT_CONTIGUOUS"));
        QCOMPARE(issue.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
        QCOMPARE(issue.value(QStringLiteral("offset")).toInt(), 76);
        QCOMPARE(issue.value(QStringLiteral("location")).toString(), QStringLiteral("clips[0].frame_offset"));
        const QJsonObject counts = files.at(2).toObject().value(QStringLiteral("counts")).toObject();
        QVERIFY(counts.value(QStringLiteral("error")).toInt() >= 1);
        QVERIFY(counts.contains(QStringLiteral("warning")));
        QVERIFY(counts.contains(QStringLiteral("info")));
    }

    void gameProfileMeansTheCurrentGame()
    {
        // `--profile game` used to pass a v1 file: the current game's reader refuses it.
        const testcli::Run current = testcli::bpat({QStringLiteral("validate"), QStringLiteral("--profile"),
                                                    QStringLiteral("game"), QStringLiteral("--summary"), m_good});
        QCOMPARE(current.exitCode, 1);
        QVERIFY2(current.outText().contains(QStringLiteral("GAME_VERSION_REFUSED")), current.out.constData());
        QVERIFY2(current.outText().contains(QStringLiteral("bpat convert --to-version 3")), current.out.constData());
        QVERIFY2(current.outText().contains(QStringLiteral("(game profile, current game)")), current.out.constData());
        // --game-era names an older reader (and alone implies the game profile).
        const testcli::Run v1 = testcli::bpat({QStringLiteral("validate"), QStringLiteral("--game-era"), QStringLiteral("v1"),
                                               QStringLiteral("--summary"), m_good});
        QCOMPARE(v1.exitCode, 0);
        QVERIFY2(v1.outText().contains(QStringLiteral("(game profile, v1-era game)")), v1.out.constData());
        // Unknown eras and an era with the spec profile are usage errors.
        QCOMPARE(testcli::bpat({QStringLiteral("validate"), QStringLiteral("--game-era"), QStringLiteral("v9"), m_good}).exitCode,
                 2);
        QCOMPARE(testcli::bpat({QStringLiteral("validate"), QStringLiteral("--profile"), QStringLiteral("spec"),
                                QStringLiteral("--game-era"), QStringLiteral("v1"), m_good})
                     .exitCode,
                 2);
        // The game's current creatures load in the current game.
        const QString current3 = QStringLiteral("upstream_assets/bpat_current");
        BPAT_REQUIRE_SHARED(current3);
        QCOMPARE(testcli::bpat({QStringLiteral("validate"), QStringLiteral("--profile"), QStringLiteral("game"),
                                testpaths::shared(current3)})
                     .exitCode,
                 0);
    }

    void maxIssuesTruncates()
    {
        const testcli::Run r = testcli::bpat(
            {QStringLiteral("validate"), QStringLiteral("--json"), QStringLiteral("--max-issues"), QStringLiteral("1"), m_bad});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject f = r.json().value(QStringLiteral("files")).toArray().at(0).toObject();
        QCOMPARE(f.value(QStringLiteral("issues")).toArray().size(), 1);
        QVERIFY(f.value(QStringLiteral("truncated")).toBool());
        QVERIFY(f.value(QStringLiteral("counts")).toObject().value(QStringLiteral("error")).toInt() >= 2);
    }

    // Errors come first (issue 35, finding 8): 1,200 warnings found before the one error used to
    // fill the default --max-issues (1000) of the JSON list, so the error was not in it.
    void errorsComeFirstInATruncatedList()
    {
        bpat::BpatDocument doc(0, 3);
        bpat::BpatClip clip = testdocs::makeClip(QStringLiteral("walk"), 400, 3, 30.0f, true);
        for (qsizetype m = 0; m < clip.palette.size(); m += 16)
            clip.palette[m + 12] = 0.5f; // row 3 not 0 0 0 1: NON_AFFINE, a warning per matrix
        clip.palette[clip.palette.size() - 1] = std::numeric_limits<float>::quiet_NaN(); // the last matrix: NON_FINITE
        doc.addClip(clip);
        const QString path = m_dir.filePath(QStringLiteral("many-warnings.bpat"));
        writeFile(path, bpat::BpatWriter(doc).toBytes());
        const testcli::Run r =
            testcli::bpat({QStringLiteral("validate"), QStringLiteral("--json"), QStringLiteral("--deep"), path});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject f = r.json().value(QStringLiteral("files")).toArray().at(0).toObject();
        const QJsonArray issues = f.value(QStringLiteral("issues")).toArray();
        QCOMPARE(issues.size(), 1000);
        QVERIFY(f.value(QStringLiteral("truncated")).toBool());
        QCOMPARE(issues.at(0).toObject().value(QStringLiteral("code")).toString(), QStringLiteral("NON_FINITE"));
        QCOMPARE(issues.at(0).toObject().value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
        QCOMPARE(issues.at(1).toObject().value(QStringLiteral("severity")).toString(), QStringLiteral("warning"));
        QCOMPARE(f.value(QStringLiteral("counts")).toObject().value(QStringLiteral("warning")).toInt(), 1199);
    }

    void upstreamFilesAreValid()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets"));
        const char *const folders[] = {"bpat_v1_initial", "bpat_v1_latest", "bpat_v2", "bpat_v3_early", "bpat_v3_late"};
        QStringList paths;
        for (const char *folder : folders)
            paths << testpaths::shared(QStringLiteral("upstream_assets/") + QLatin1String(folder));
        // Each folder in the game profile as the game of its version judged it.
        const char *const eras[] = {"v1", "v1", "v2", "v3-early", "current"};
        for (int i = 0; i < 5; ++i) {
            const testcli::Run r =
                testcli::bpat(QStringList{QStringLiteral("validate"), QStringLiteral("--deep"), QStringLiteral("--game-era"),
                                          QLatin1String(eras[i]), QStringLiteral("--json"), paths.at(i)});
            QCOMPARE(r.exitCode, 0);
            QCOMPARE(r.json().value(QStringLiteral("files")).toArray().size(), 4);
        }
        for (const char *profile : {"spec"}) {
            const testcli::Run r =
                testcli::bpat(QStringList{QStringLiteral("validate"), QStringLiteral("--deep"), QStringLiteral("--profile"),
                                          QLatin1String(profile), QStringLiteral("--json")}
                              + paths);
            QCOMPARE(r.exitCode, 0);
            const QJsonArray files = r.json().value(QStringLiteral("files")).toArray();
            QCOMPARE(files.size(), 20);
            for (const auto &f : files) {
                // Nothing but the dialect of a v3 file (one info finding), and in the game profile the
                // warning that a 16-bone horse or elephant is not the rig the game had in v2/v3.
                QJsonArray issues;
                for (const auto &issue : f.toObject().value(QStringLiteral("issues")).toArray()) {
                    if (issue.toObject().value(QStringLiteral("code")).toString() != QLatin1String("RIG_BONE_COUNT_MISMATCH"))
                        issues.append(issue);
                }
                const bool v3 = f.toObject().value(QStringLiteral("path")).toString().contains(QStringLiteral("bpat_v3_"));
                QCOMPARE(issues.size(), v3 ? 1 : 0);
                if (v3)
                    QCOMPARE(issues.at(0).toObject().value(QStringLiteral("code")).toString(), QStringLiteral("V3_DIALECT"));
            }
        }
    }
};

QTEST_GUILESS_MAIN(tst_ValidateCommand)
#include "tst_ValidateCommand.moc"

// `bpat anim info|sample|convert`, run as a real process on crafted and real recordings.
#include "anim/InputAnimationReader.h"
#include "anim/InputAnimationWriter.h"
#include "CliRunner.h"
#include "TestPaths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <bit>
#include <QtTest/QtTest>

using namespace bpat;

namespace {
using testcli::Run;
Run runBpat(const QStringList &args)
{
    return testcli::bpat(args);
}

// Shortest text that reads back as the same float, computed independently of the CLI's helper.
QByteArray formatFloatForTest(float value)
{
    for (int digits = 1; digits <= 9; ++digits) {
        const QByteArray text = QByteArray::number(double(value), 'g', digits);
        if (text.toFloat() == value)
            return text;
    }
    return QByteArray::number(double(value), 'g', 9);
}

QStringList sortedKeys(const QJsonObject &o)
{
    QStringList keys = o.keys();
    keys.sort();
    return keys;
}

const QString EmptyRecording = QStringLiteral("mrtk_samples/holographic-recording_InputAnimation-20201011-130542.bin");
const QString HandRecording = QStringLiteral("mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin");
} // namespace

class tst_AnimCommand : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void help();
    void usageErrors_data();
    void usageErrors();
    void infoJson();
    void infoText();
    void infoRealEmptyRecording();
    void realHandRecording();
    void infoBrokenFile();
    void sampleJson();
    void sampleFpsCsv();
    void sampleAbsentSection();
    void convertRoundTrip();
    void convertWarnsAboutLoss();

private:
    QTemporaryDir m_dir;
    QString m_file; // 1.1, camera + hands + eye gaze, one marker
};

void tst_AnimCommand::initTestCase()
{
    QVERIFY(QFileInfo::exists(testpaths::bpatExecutable()));
    QVERIFY(m_dir.isValid());
    InputAnimation a;
    a.setVersion(1, 1);
    a.setHasEyeGaze(true);
    a.camera()[PoseComponent::PositionX].setKeys({Keyframe::linear(0, 0), Keyframe::linear(2, 4)});
    a.camera()[PoseComponent::PositionX].setPostWrap(WrapMode::Loop);
    a.handBool(HandBoolCurve::LeftTracked).setKeys({{-5.25f, 0}, {1, 1}});
    a.joint(Hand::Right, HandJoint::IndexTip)[PoseComponent::RotationW].setKeys(
        {Keyframe::linear(0.5f, 1), Keyframe::linear(3, 0)});
    a.eyeGaze()[RayComponent::DirectionZ].setKeys({Keyframe::linear(0, 1)});
    a.markers().append({1.5f, QStringLiteral(u"Grüße 🎉")});
    m_file = m_dir.filePath(QStringLiteral("crafted.bin"));
    InputAnimationWriter writer;
    QVERIFY(writer.writeFile(a, m_file));
}

void tst_AnimCommand::help()
{
    const Run top = runBpat({QStringLiteral("--help")});
    QCOMPARE(top.exitCode, 0);
    QVERIFY(top.out.contains("anim info|sample|convert"));
    const Run anim = runBpat({QStringLiteral("anim"), QStringLiteral("--help")});
    QCOMPARE(anim.exitCode, 0);
    QVERIFY(anim.out.contains("convert IN OUT --version 1.0|1.1"));
    for (const char *sub : {"info", "sample", "convert"}) {
        const Run r = runBpat({QStringLiteral("anim"), QString::fromLatin1(sub), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith("Usage: bpat anim " + QByteArray(sub) + " [options]"), r.out.constData());
        QVERIFY(r.err.isEmpty());
    }
}

void tst_AnimCommand::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("message");
    const QString f = QStringLiteral("FILE_PLACEHOLDER");
    QTest::newRow("no subcommand") << QStringList{QStringLiteral("anim")} << QByteArray("Usage: bpat anim");
    QTest::newRow("unknown subcommand") << QStringList{QStringLiteral("anim"), QStringLiteral("plot")}
                                        << QByteArray("unknown subcommand 'plot'");
    QTest::newRow("info without file") << QStringList{QStringLiteral("anim"), QStringLiteral("info")}
                                       << QByteArray("expected one FILE");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("anim"), QStringLiteral("info"), f, QStringLiteral("--yaml")}
                                    << QByteArray("Unknown option 'yaml'");
    QTest::newRow("sample without times") << QStringList{QStringLiteral("anim"), QStringLiteral("sample"), f}
                                          << QByteArray("give either --times or --fps");
    QTest::newRow("sample with both") << QStringList{QStringLiteral("anim"), QStringLiteral("sample"), f,
                                                     QStringLiteral("--times=1"), QStringLiteral("--fps=2")}
                                      << QByteArray("give either --times or --fps");
    QTest::newRow("bad time") << QStringList{QStringLiteral("anim"), QStringLiteral("sample"), f, QStringLiteral("--times=1,x")}
                              << QByteArray("--times needs finite numbers");
    QTest::newRow("zero fps") << QStringList{QStringLiteral("anim"), QStringLiteral("sample"), f, QStringLiteral("--fps=0")}
                              << QByteArray("--fps must be greater than 0");
    QTest::newRow("to before from")
        << QStringList{QStringLiteral("anim"),    QStringLiteral("sample"),   f,
                       QStringLiteral("--fps=2"), QStringLiteral("--from=3"), QStringLiteral("--to=1")}
        << QByteArray("--to (1) is before --from (3)");
    QTest::newRow("unknown curve") << QStringList{QStringLiteral("anim"), QStringLiteral("sample"), f,
                                                  QStringLiteral("--times=1"), QStringLiteral("--curves=Camera/PositionQ")}
                                   << QByteArray("unknown curve name 'Camera/PositionQ'");
    QTest::newRow("json and csv") << QStringList{QStringLiteral("anim"),      QStringLiteral("sample"), f,
                                                 QStringLiteral("--times=1"), QStringLiteral("--json"), QStringLiteral("--csv")}
                                  << QByteArray("not both");
    QTest::newRow("convert without version")
        << QStringList{QStringLiteral("anim"), QStringLiteral("convert"), f, QStringLiteral("out.bin")}
        << QByteArray("--version 1.0|1.1 is required");
    QTest::newRow("convert to 2.0") << QStringList{QStringLiteral("anim"),    QStringLiteral("convert"),   f,
                                                   QStringLiteral("out.bin"), QStringLiteral("--version"), QStringLiteral("2.0")}
                                    << QByteArray("--version must be 1.0 or 1.1, not '2.0'");
}

void tst_AnimCommand::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, message);
    args.replaceInStrings(QStringLiteral("FILE_PLACEHOLDER"), m_file);
    const Run r = runBpat(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), r.err.constData());
    // Nothing on stdout, or with --json the error as JSON (issue 42: a script parses it).
    if (args.contains(QStringLiteral("--json")))
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("error")).toObject().value(QStringLiteral("code")),
                 QJsonValue(QStringLiteral("USAGE")));
    else
        QVERIFY(r.out.isEmpty());
}

void tst_AnimCommand::infoJson()
{
    const Run r = runBpat({QStringLiteral("anim"), QStringLiteral("info"), m_file, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.err.isEmpty());
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(
        sortedKeys(o),
        (QStringList{QStringLiteral("curve_count"), QStringLiteral("curves"), QStringLiteral("duration"),
                     QStringLiteral("has_camera"), QStringLiteral("has_eye_gaze"), QStringLiteral("has_hands"),
                     QStringLiteral("key_count"), QStringLiteral("markers"), QStringLiteral("path"), QStringLiteral("version")}));
    QCOMPARE(o[u"path"].toString(), m_file);
    QCOMPARE(o[u"version"].toString(), QStringLiteral("1.1"));
    QCOMPARE(o[u"has_camera"].toBool(), true);
    QCOMPARE(o[u"has_hands"].toBool(), true);
    QCOMPARE(o[u"has_eye_gaze"].toBool(), true);
    QCOMPARE(o[u"duration"].toDouble(), 3.0);
    QCOMPARE(o[u"curve_count"].toInt(), 395);
    QCOMPARE(o[u"key_count"].toInt(), 7);
    const QJsonArray curves = o[u"curves"].toArray();
    QCOMPARE(curves.size(), 395);
    const QJsonObject first = curves[0].toObject();
    QCOMPARE(sortedKeys(first),
             (QStringList{QStringLiteral("keys"), QStringLiteral("name"), QStringLiteral("post_wrap"), QStringLiteral("pre_wrap"),
                          QStringLiteral("type")}));
    QCOMPARE(first[u"name"].toString(), QStringLiteral("Camera/PositionX"));
    QCOMPARE(first[u"type"].toString(), QStringLiteral("float"));
    QCOMPARE(first[u"keys"].toInt(), 2);
    QCOMPARE(first[u"pre_wrap"].toString(), QStringLiteral("ClampForever"));
    QCOMPARE(first[u"post_wrap"].toString(), QStringLiteral("Loop"));
    QCOMPARE(curves[7].toObject()[u"name"].toString(), QStringLiteral("LeftHand/Tracked"));
    QCOMPARE(curves[7].toObject()[u"type"].toString(), QStringLiteral("bool"));
    QCOMPARE(curves[394].toObject()[u"name"].toString(), QStringLiteral("EyeGaze/DirectionZ"));
    const QJsonArray markers = o[u"markers"].toArray();
    QCOMPARE(markers.size(), 1);
    QCOMPARE(markers[0].toObject()[u"name"].toString(), QStringLiteral(u"Grüße 🎉"));
    QCOMPARE(markers[0].toObject()[u"time"].toDouble(), 1.5);
}

void tst_AnimCommand::infoText()
{
    const Run r = runBpat({QStringLiteral("anim"), QStringLiteral("info"), m_file});
    QCOMPARE(r.exitCode, 0);
    const QString text = QString::fromUtf8(r.out);
    QVERIFY2(
        text.contains(QStringLiteral(
            "version: 1.1\nsections: camera, hands, eye gaze\nduration: 3 s (first key at -5.25 s)\ncurves: 395 (7 keys)\nmarkers: 1\n")),
        qPrintable(text));
    QVERIFY(text.contains(QStringLiteral(u"1.5 s  Grüße 🎉")));
    QVERIFY(text.contains(QStringLiteral("RightHand/IndexTip/RotationW  float  2  ClampForever/ClampForever")));
}

void tst_AnimCommand::infoRealEmptyRecording()
{
    BPAT_REQUIRE_SHARED(EmptyRecording);
    const Run r =
        runBpat({QStringLiteral("anim"), QStringLiteral("info"), testpaths::shared(EmptyRecording), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o[u"version"].toString(), QStringLiteral("1.0"));
    QCOMPARE(o[u"curve_count"].toInt(), 389);
    QCOMPARE(o[u"key_count"].toInt(), 0);
    QCOMPARE(o[u"has_eye_gaze"].toBool(), false);
    QCOMPARE(o[u"duration"].toDouble(), 0.0);
}

void tst_AnimCommand::realHandRecording()
{
    BPAT_REQUIRE_SHARED(HandRecording);
    const QString path = testpaths::shared(HandRecording);
    if (QFileInfo(path).size() != 3311020)
        BPAT_SKIP_SHARED(QStringLiteral("shared recording is damaged: %1 has %2 bytes, the recording has 3311020")
                             .arg(path)
                             .arg(QFileInfo(path).size()));
    const Run info = runBpat({QStringLiteral("anim"), QStringLiteral("info"), path, QStringLiteral("--json")});
    QCOMPARE(info.exitCode, 0);
    QVERIFY(info.err.isEmpty());
    const QJsonObject o = QJsonDocument::fromJson(info.out).object();
    QCOMPARE(o[u"curve_count"].toInt(), 389);
    QCOMPARE(o[u"key_count"].toInt(), 118089);
    QCOMPARE(o[u"curves"].toArray()[0].toObject()[u"keys"].toInt(), 79);
    // Camera/PositionX: first key (0, 0.016571...) then (0.049885..., 0.014203...): clamped before
    // the first key, its value at 0, and the shortest Float32 text of both.
    const Run sample = runBpat({QStringLiteral("anim"), QStringLiteral("sample"), path, QStringLiteral("--times=-1,0"),
                                QStringLiteral("--curves=Camera/PositionX"), QStringLiteral("--csv")});
    QCOMPARE(sample.exitCode, 0);
    const QByteArray v0 = formatFloatForTest(std::bit_cast<float>(quint32(0x3c87bffa)));
    QCOMPARE(sample.out, QByteArray("time,Camera/PositionX\n-1," + v0 + "\n0," + v0 + "\n"));
    // Converting to 1.1 and back gives the original bytes (toolkit keys are time and value only).
    const QString as11 = m_dir.filePath(QStringLiteral("real11.bin"));
    const QString back10 = m_dir.filePath(QStringLiteral("real10.bin"));
    QCOMPARE(runBpat({QStringLiteral("anim"), QStringLiteral("convert"), path, as11, QStringLiteral("--version=1.1")}).exitCode,
             0);
    QCOMPARE(runBpat({QStringLiteral("anim"), QStringLiteral("convert"), as11, back10, QStringLiteral("--version=1.0")}).exitCode,
             0);
    QFile a(path), b(back10);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QVERIFY(a.readAll() == b.readAll());
}

void tst_AnimCommand::infoBrokenFile()
{
    QFile in(m_file);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray bytes = in.readAll();
    const QString cut = m_dir.filePath(QStringLiteral("cut.bin"));
    QFile out(cut);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(bytes.left(19 + 12 + 10)); // inside Camera/PositionX key 1 (keys from byte 31)
    out.close();
    const Run r = runBpat({QStringLiteral("anim"), QStringLiteral("info"), cut, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    // With --json the failure is a JSON error object on stdout too (the message on stderr).
    const QJsonObject error = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("error")).toObject();
    QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("ANIM_KEY_COUNT_TOO_LARGE"));
    QCOMPARE(error.value(QStringLiteral("path")).toString(), cut);
    QVERIFY2(r.err.contains("error ANIM_KEY_COUNT_TOO_LARGE: file ends inside Camera/PositionX, key 1 of 2, at byte 41"),
             r.err.constData());
    const Run missing = runBpat({QStringLiteral("anim"), QStringLiteral("info"), m_dir.filePath(QStringLiteral("nope.bin"))});
    QCOMPARE(missing.exitCode, 1);
    QVERIFY(missing.err.contains("ANIM_FILE_UNREADABLE"));
}

void tst_AnimCommand::sampleJson()
{
    const Run r = runBpat({QStringLiteral("anim"), QStringLiteral("sample"), m_file, QStringLiteral("--times=-6,0.5,1,3"),
                           QStringLiteral("--curves=Camera/PositionX,LeftHand/Tracked,RightHand/IndexTip/RotationW"),
                           QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(sortedKeys(o), (QStringList{QStringLiteral("curves"), QStringLiteral("times")}));
    QCOMPARE(o[u"times"].toArray(), (QJsonArray{-6, 0.5, 1, 3}));
    const QJsonObject curves = o[u"curves"].toObject();
    QCOMPARE(curves.size(), 3);
    // Camera/PositionX: linear 0 -> 4 over [0, 2], Loop after: t = 3 -> 1 -> 2; clamp before.
    QCOMPARE(curves[u"Camera/PositionX"].toArray(), (QJsonArray{0, 1, 2, 2}));
    QCOMPARE(curves[u"LeftHand/Tracked"].toArray(), (QJsonArray{0, 0, 1, 1}));
    // RotationW: 1 at 0.5 -> 0 at 3; at t = 1: 1 - 0.5 / 2.5 = 0.8
    QCOMPARE(curves[u"RightHand/IndexTip/RotationW"].toArray(), (QJsonArray{1, 1, 0.8, 0}));
}

void tst_AnimCommand::sampleFpsCsv()
{
    const Run r = runBpat({QStringLiteral("anim"), QStringLiteral("sample"), m_file, QStringLiteral("--fps"), QStringLiteral("4"),
                           QStringLiteral("--to"), QStringLiteral("1"), QStringLiteral("--curves"),
                           QStringLiteral("Camera/PositionX,LeftHand/Tracked")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("time,Camera/PositionX,LeftHand/Tracked\n0,0,0\n0.25,0.5,0\n0.5,1,0\n0.75,1.5,0\n1,2,1\n"));
    // Default curves: every curve of the file; default range: 0 to the duration (3 s).
    const Run all =
        runBpat({QStringLiteral("anim"), QStringLiteral("sample"), m_file, QStringLiteral("--fps=1"), QStringLiteral("--json")});
    QCOMPARE(all.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(all.out).object();
    QCOMPARE(o[u"times"].toArray(), (QJsonArray{0, 1, 2, 3}));
    QCOMPARE(o[u"curves"].toObject().size(), 395);
}

void tst_AnimCommand::sampleAbsentSection()
{
    BPAT_REQUIRE_SHARED(EmptyRecording);
    const Run r = runBpat({QStringLiteral("anim"), QStringLiteral("sample"), testpaths::shared(EmptyRecording),
                           QStringLiteral("--times=0"), QStringLiteral("--curves=EyeGaze/OriginX")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("has no curve EyeGaze/OriginX"));
}

void tst_AnimCommand::convertRoundTrip()
{
    const QString as10 = m_dir.filePath(QStringLiteral("as10.bin"));
    const QString back11 = m_dir.filePath(QStringLiteral("back11.bin"));
    Run r = runBpat(
        {QStringLiteral("anim"), QStringLiteral("convert"), m_file, as10, QStringLiteral("--version"), QStringLiteral("1.0")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("warning ANIM_EYE_GAZE_DROPPED"), r.err.constData());
    QVERIFY(r.out.contains("as version 1.0 (from 395 curves, 7 keys)"));
    r = runBpat({QStringLiteral("anim"), QStringLiteral("convert"), as10, back11, QStringLiteral("--version=1.1")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.err.isEmpty()); // linear keys: nothing lost
    InputAnimationReader reader;
    const auto original = reader.readFile(m_file);
    const auto back = reader.readFile(back11);
    QVERIFY(original && back);
    QCOMPARE(back->camera(), original->camera());
    QCOMPARE(back->joint(Hand::Right, HandJoint::IndexTip), original->joint(Hand::Right, HandJoint::IndexTip));
    QCOMPARE(back->markers(), original->markers());
    QVERIFY(!back->hasEyeGaze());
}

void tst_AnimCommand::convertWarnsAboutLoss()
{
    InputAnimation a;
    a.setVersion(1, 0);
    a.camera()[PoseComponent::RotationY].setKeys({{0, 1, 0.5f, 0.5f, 0, 0, WeightedMode::None}, Keyframe::linear(1, 2)});
    const QString in = m_dir.filePath(QStringLiteral("tangents.bin"));
    QVERIFY(InputAnimationWriter().writeFile(a, in));
    const Run r = runBpat({QStringLiteral("anim"), QStringLiteral("convert"), in, m_dir.filePath(QStringLiteral("t11.bin")),
                           QStringLiteral("--version=1.1")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("warning ANIM_TANGENTS_DROPPED") && r.err.contains("Camera/RotationY"), r.err.constData());
    const Run bad = runBpat({QStringLiteral("anim"), QStringLiteral("convert"), in,
                             m_dir.filePath(QStringLiteral("no/such/dir/x.bin")), QStringLiteral("--version=1.0")});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY(bad.err.contains("ANIM_WRITE_FAILED"));
}

QTEST_GUILESS_MAIN(tst_AnimCommand)
#include "tst_AnimCommand.moc"

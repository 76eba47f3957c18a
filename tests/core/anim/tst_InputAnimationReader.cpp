// InputAnimationReader on the real recordings of ../shared and on crafted files (built field by
// field in RecordingBytes.h, independently of the writer).
#include "anim/InputAnimationReader.h"
#include "TestPaths.h"
#include "RecordingBytes.h"

#include <QFile>
#include <QRandomGenerator>
#include <QtTest/QtTest>
#include <bit>
#include <limits>

using namespace bpat;
using animbytes::Builder;
using animbytes::file10;
using animbytes::Key;

namespace {
const QString EmptyRecording = QStringLiteral("mrtk_samples/holographic-recording_InputAnimation-20201011-130542.bin");
const QString HandRecording = QStringLiteral("mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin");
constexpr qint64 HandRecordingSize = 3311020; // the size ../shared/README.md documents

float bits(quint32 b)
{
    return std::bit_cast<float>(b);
}

QStringList codes(const Diagnostics &diagnostics)
{
    QStringList out;
    for (const Diagnostic &d : diagnostics)
        out.append(d.code);
    return out;
}
} // namespace

class tst_InputAnimationReader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void realEmptyRecording();
    void realHandRecording();
    void crafted10KeepsEveryField();
    void version11Sections_data();
    void version11Sections();
    void markersNonAsciiAndLong();
    void truncationNamesCurveKeyAndByte();
    void everyTruncationIsAnError();
    void refusesBadHeaders_data();
    void refusesBadHeaders();
    void hostileCounts_data();
    void hostileCounts();
    void nonFiniteTimeIsAnError();
    void warningsKeepTheAnimation();
    void randomCorruptionNeverCrashes();
    void missingFile();
};

void tst_InputAnimationReader::realEmptyRecording()
{
    BPAT_REQUIRE_SHARED(EmptyRecording);
    InputAnimationReader reader;
    const auto animation = reader.readFile(testpaths::shared(EmptyRecording));
    QVERIFY2(animation, qPrintable(reader.errorString()));
    QVERIFY(reader.diagnostics().isEmpty());
    QCOMPARE(reader.bytesConsumed(), 4688);
    QCOMPARE(animation->versionString(), QStringLiteral("1.0"));
    QVERIFY(animation->hasCamera() && animation->hasHands() && !animation->hasEyeGaze());
    QCOMPARE(animation->curveCount(), 389);
    QCOMPARE(animation->curves().size(), 389);
    QCOMPARE(animation->keyCount(), 0);
    QCOMPARE(animation->duration(), 0.0);
    QVERIFY(animation->markers().isEmpty());
    for (const CurveRef &ref : animation->curves()) {
        QCOMPARE(ref.preWrap(), WrapMode::ClampForever);
        QCOMPARE(ref.postWrap(), WrapMode::ClampForever);
    }
}

void tst_InputAnimationReader::realHandRecording()
{
    BPAT_REQUIRE_SHARED(HandRecording);
    QFile file(testpaths::shared(HandRecording));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    if (bytes.size() != HandRecordingSize)
        QSKIP(qPrintable(QStringLiteral("shared recording is damaged: %1 has %2 bytes, the recording has %3")
                             .arg(file.fileName())
                             .arg(bytes.size())
                             .arg(HandRecordingSize)));
    InputAnimationReader reader;
    const auto animation = reader.read(bytes);
    QVERIFY2(animation, qPrintable(reader.errorString()));
    QVERIFY2(reader.diagnostics().isEmpty(), qPrintable(codes(reader.diagnostics()).join(u' ')));
    QCOMPARE(reader.bytesConsumed(), HandRecordingSize); // every byte decoded
    QCOMPARE(animation->versionString(), QStringLiteral("1.0"));
    QCOMPARE(animation->curveCount(), 389);
    QCOMPARE(animation->keyCount(), 118089);
    QVERIFY(animation->markers().isEmpty());
    // Bool keys before the recording start (the spec sheet rounds them to -5.25 s; the
    // pinching curves' first keys are at -5.25448 s in the file).
    QVERIFY(animation->startTime() <= -5.25);
    int keysNearMinus525 = 0;
    for (int b = 0; b < HandBoolCurveCount; ++b) {
        for (const BoolKey &k : animation->handBool(HandBoolCurve(b)).keys())
            keysNearMinus525 += qAbs(k.time + 5.2545f) < 1e-3f ? 1 : 0;
    }
    QCOMPARE(keysNearMinus525, 2);

    // First and last keys, as the file's bytes hold them (bytes 28..55 and 56..63; the last key
    // ends 4 bytes before the end, where the marker count 0 is).
    const FloatCurve *cameraX = animation->floatCurve(u"Camera/PositionX");
    QVERIFY(cameraX);
    QCOMPARE(cameraX->keyCount(), 79);
    QCOMPARE(cameraX->preWrap(), WrapMode::ClampForever);
    const Keyframe first = cameraX->keys().at(0);
    QCOMPARE(first, (Keyframe{0.0f, bits(0x3c87bffa), 0, 0, 0, 0, WeightedMode::Both}));
    const Keyframe second = cameraX->keys().at(1);
    QCOMPARE(second.time, bits(0x3d4c5400));
    QCOMPARE(second.value, bits(0x3c68b806));
    const FloatCurve *lastCurve = animation->floatCurve(u"RightHand/PinkyTip/RotationW");
    QVERIFY(lastCurve && !lastCurve->isEmpty());
    QCOMPARE(lastCurve->keys().constLast(), (Keyframe{bits(0x416766b9), bits(0xbe88064c), 0, 0, 0, 0, WeightedMode::Both}));
    QVERIFY(animation->duration() >= double(bits(0x416766b9)));
    QVERIFY(animation->duration() < 15.5); // a 14.5-second recording

    // First samples: toolkit keys are linear, so the first key's value holds at its time (and
    // before it, clamped), and halfway to the second key the sample is the mean of both values.
    QCOMPARE(cameraX->evaluate(0.0), double(first.value));
    QCOMPARE(cameraX->evaluate(-1.0), double(first.value));
    const double mid = double(second.time) / 2;
    QVERIFY(qAbs(cameraX->evaluate(mid) - (double(first.value) + double(second.value)) / 2) < 1e-9);
    // The unused "None" joint is empty; a recorded joint is not.
    QVERIFY(animation->floatCurve(u"LeftHand/None/PositionX")->isEmpty());
    QVERIFY(!animation->floatCurve(u"LeftHand/IndexTip/RotationW")->isEmpty()
            || !animation->floatCurve(u"RightHand/IndexTip/RotationW")->isEmpty());
}

void tst_InputAnimationReader::crafted10KeepsEveryField()
{
    Builder b;
    b.header(1, 0);
    b.floatCurve({{-1.5f, 2, 0.25f, -0.5f, 0.125f, 0.75f, 1}, {3, 4, 1, 2, 0.5f, 0.5f, 2}}, false, 2, 4); // Camera/PositionX
    b.emptyCurves(6);
    b.boolCurve({{-5.25f, 0}, {0.5f, 1}}, 1, 8); // LeftHand/Tracked
    b.emptyCurves(3 + 378);
    b.markers({{1.25f, QStringLiteral("start")}});
    InputAnimationReader reader;
    const auto a = reader.read(b.bytes());
    QVERIFY2(a, qPrintable(reader.errorString()));
    QVERIFY(reader.diagnostics().isEmpty());
    QCOMPARE(reader.bytesConsumed(), b.size());
    const FloatCurve &x = a->camera()[PoseComponent::PositionX];
    QCOMPARE(x.preWrap(), WrapMode::Loop);
    QCOMPARE(x.postWrap(), WrapMode::PingPong);
    QCOMPARE(x.keys(), (QList<Keyframe>{{-1.5f, 2, 0.25f, -0.5f, 0.125f, 0.75f, 1}, {3, 4, 1, 2, 0.5f, 0.5f, 2}}));
    const BoolCurve *tracked = a->boolCurve(u"LeftHand/Tracked");
    QVERIFY(tracked);
    QCOMPARE(tracked->preWrap(), WrapMode::Once);
    QCOMPARE(tracked->keys(), (QList<BoolKey>{{-5.25f, 0}, {0.5f, 1}}));
    QCOMPARE(a->markers(), (QList<InputAnimationMarker>{{1.25f, QStringLiteral("start")}}));
    QCOMPARE(a->duration(), 3.0);
    QCOMPARE(a->startTime(), -5.25);
    QCOMPARE(a->keyCount(), 4);
}

void tst_InputAnimationReader::version11Sections_data()
{
    QTest::addColumn<bool>("camera");
    QTest::addColumn<bool>("hands");
    QTest::addColumn<bool>("eyeGaze");
    for (int mask = 0; mask < 8; ++mask) {
        QTest::addRow("camera=%d hands=%d gaze=%d", mask & 1, (mask >> 1) & 1, (mask >> 2) & 1)
            << bool(mask & 1) << bool(mask & 2) << bool(mask & 4);
    }
}

void tst_InputAnimationReader::version11Sections()
{
    QFETCH(bool, camera);
    QFETCH(bool, hands);
    QFETCH(bool, eyeGaze);
    Builder b;
    b.header(1, 1).u8(camera).u8(hands).u8(eyeGaze);
    if (camera) {
        b.floatCurve({{0, 1}, {2, 3}}, true, 2, 8); // Camera/PositionX, 8-byte keys
        b.emptyCurves(6);
    }
    if (hands) {
        b.boolCurve({{0, 1}});
        b.emptyCurves(3 + 11 * 7 + 6); // up to LeftHand/IndexTip/RotationW
        b.floatCurve({{0.5f, -1}}, true);
        b.emptyCurves(378 - 11 * 7 - 7);
    }
    if (eyeGaze) {
        b.emptyCurves(5);
        b.floatCurve({{1, 0.25f}, {4, 0.5f}}, true); // EyeGaze/DirectionZ
    }
    b.markers({});
    InputAnimationReader reader;
    const auto a = reader.read(b.bytes());
    QVERIFY2(a, qPrintable(reader.errorString()));
    QVERIFY(reader.diagnostics().isEmpty());
    QCOMPARE(reader.bytesConsumed(), b.size());
    QCOMPARE(a->versionString(), QStringLiteral("1.1"));
    QCOMPARE(a->hasCamera(), camera);
    QCOMPARE(a->hasHands(), hands);
    QCOMPARE(a->hasEyeGaze(), eyeGaze);
    QCOMPARE(a->curveCount(), (camera ? 7 : 0) + (hands ? 382 : 0) + (eyeGaze ? 6 : 0));
    QCOMPARE(a->curves().size(), a->curveCount());
    QCOMPARE(a->floatCurve(u"Camera/PositionX") != nullptr, camera);
    QCOMPARE(a->boolCurve(u"RightHand/Pinching") != nullptr, hands);
    QCOMPARE(a->floatCurve(u"EyeGaze/DirectionZ") != nullptr, eyeGaze);
    if (camera) {
        // 1.1 keys read back with zero tangents and weights and mode Both.
        QCOMPARE(a->camera()[PoseComponent::PositionX].keys(), (QList<Keyframe>{Keyframe::linear(0, 1), Keyframe::linear(2, 3)}));
        QCOMPARE(a->camera()[PoseComponent::PositionX].preWrap(), WrapMode::Loop);
        QCOMPARE(a->floatCurve(u"Camera/PositionX")->evaluate(1.0), 2.0);
    }
    if (hands) {
        QCOMPARE(a->boolCurve(u"LeftHand/Tracked")->evaluate(3.0), true);
        QCOMPARE(a->floatCurve(u"LeftHand/IndexTip/RotationW")->keys(), (QList<Keyframe>{Keyframe::linear(0.5f, -1)}));
    }
    if (eyeGaze) {
        QCOMPARE(a->eyeGaze()[RayComponent::DirectionZ].keyCount(), 2);
        QCOMPARE(a->floatCurve(u"EyeGaze/DirectionZ")->evaluate(2.5), 0.375);
    }
}

void tst_InputAnimationReader::markersNonAsciiAndLong()
{
    const QString nonAscii = QStringLiteral(u"Grüße · マーカー 🎉");
    const QString long300 = QString(300, QLatin1Char('a'));  // 2-byte length prefix (0xac 0x02)
    const QString long20000 = QString(10000, QChar(0x00e9)); // 20000 UTF-8 bytes: 3-byte prefix
    Builder b;
    b.header(1, 1).u8(0).u8(0).u8(0);
    b.markers({{0.5f, nonAscii}, {-2.0f, long300}, {7.0f, long20000}, {8.0f, QString()}});
    InputAnimationReader reader;
    const auto a = reader.read(b.bytes());
    QVERIFY2(a, qPrintable(reader.errorString()));
    QCOMPARE(reader.bytesConsumed(), b.size());
    QCOMPARE(a->markers().size(), 4);
    QCOMPARE(a->markers()[0].name, nonAscii);
    QCOMPARE(a->markers()[1].name, long300);
    QCOMPARE(a->markers()[1].time, -2.0f);
    QCOMPARE(a->markers()[2].name, long20000);
    QCOMPARE(a->markers()[3].name, QString());
    QCOMPARE(b.bytes().mid(16 + 3 + 4 + 4, 1 + nonAscii.toUtf8().size()).at(0), char(nonAscii.toUtf8().size()));
}

void tst_InputAnimationReader::truncationNamesCurveKeyAndByte()
{
    // LeftHand/IndexTip/RotationW is curve 7 + 4 + 11*7 + 6 = 94 in file order.
    QList<Key> keys;
    for (int i = 0; i < 334; ++i)
        keys.append({float(i) / 30, float(i)});
    Builder prefix;
    prefix.header(1, 0).emptyCurves(94).i32(8).i32(8).i32(334);
    const QByteArray whole = file10({{94, keys}});
    const qint64 cut = prefix.size() + 17 * 28 + 5; // inside key 17
    InputAnimationReader reader;
    QVERIFY(!reader.read(whole.left(cut)));
    QCOMPARE(reader.diagnostics().size(), 1);
    const Diagnostic d = reader.diagnostics().constFirst();
    QCOMPARE(d.code, QStringLiteral("ANIM_KEY_COUNT_TOO_LARGE"));
    QCOMPARE(d.severity, Severity::Error);
    QVERIFY2(
        d.message.startsWith(QStringLiteral("file ends inside LeftHand/IndexTip/RotationW, key 17 of 334, at byte %1 ").arg(cut)),
        qPrintable(d.message));
    QCOMPARE(d.offset, std::optional<quint64>(cut));
    QCOMPARE(d.location.toString(), QStringLiteral("LeftHand/IndexTip/RotationW.keys[17]"));
    QCOMPARE(reader.errorString(), d.message);
    // The whole file reads.
    QVERIFY(reader.read(whole));
    // Cut inside the curve's header instead.
    QVERIFY(!reader.read(whole.left(prefix.size() - 6)));
    QCOMPARE(reader.diagnostics().constFirst().code, QStringLiteral("ANIM_TRUNCATED"));
    QVERIFY2(reader.errorString().startsWith(
                 QStringLiteral("file ends inside LeftHand/IndexTip/RotationW (wrap modes and key count), at byte %1")
                     .arg(prefix.size() - 6)),
             qPrintable(reader.errorString()));
}

void tst_InputAnimationReader::everyTruncationIsAnError()
{
    Builder b;
    b.header(1, 1).u8(1).u8(1).u8(1);
    b.floatCurve({{0, 1}, {1, 2}}, true).emptyCurves(6);
    b.boolCurve({{0, 1}}).emptyCurves(3 + 378);
    b.emptyCurves(5).floatCurve({{2, 3}}, true);
    b.markers({{1, QStringLiteral("é marker")}, {2, QString(200, QLatin1Char('x'))}});
    const QByteArray whole = b.bytes();
    InputAnimationReader reader;
    QVERIFY(reader.read(whole));
    for (qsizetype size = 0; size < whole.size(); ++size) {
        QVERIFY2(!reader.read(whole.left(size)), qPrintable(QString::number(size)));
        QVERIFY(hasErrors(reader.diagnostics()));
        const Diagnostic &d = reader.diagnostics().constLast();
        QVERIFY2(d.message.contains(QStringLiteral("at byte")), qPrintable(d.message));
        QVERIFY(d.offset.has_value() && *d.offset <= quint64(size));
    }
}

void tst_InputAnimationReader::refusesBadHeaders_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("text");
    QByteArray badMagic = file10();
    badMagic[0] = 'x';
    QTest::newRow("bad magic") << badMagic << QStringLiteral("ANIM_BAD_MAGIC") << QStringLiteral("expected 0x6a8faf6e0f9e42c6");
    QTest::newRow("1.2 is newer") << Builder().header(1, 2).u8(0).u8(0).u8(0).i32(0).bytes()
                                  << QStringLiteral("ANIM_UNSUPPORTED_VERSION")
                                  << QStringLiteral("version 1.2 at byte 8 is newer");
    QTest::newRow("2.0 is newer") << Builder().header(2, 0).bytes() << QStringLiteral("ANIM_UNSUPPORTED_VERSION")
                                  << QStringLiteral("version 2.0 at byte 8 is newer");
    QTest::newRow("0.9 unknown") << Builder().header(0, 9).bytes() << QStringLiteral("ANIM_UNSUPPORTED_VERSION")
                                 << QStringLiteral("not a known version");
    QTest::newRow("short header") << Builder().header(1, 0).bytes().left(11) << QStringLiteral("ANIM_TRUNCATED")
                                  << QStringLiteral("file ends inside the header, at byte 11");
}

void tst_InputAnimationReader::refusesBadHeaders()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, code);
    QFETCH(QString, text);
    InputAnimationReader reader;
    QVERIFY(!reader.read(bytes));
    QCOMPARE(codes(reader.diagnostics()), QStringList{code});
    QVERIFY2(reader.errorString().contains(text), qPrintable(reader.errorString()));
}

void tst_InputAnimationReader::hostileCounts_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("text");
    QTest::newRow("negative key count") << Builder().header(1, 0).i32(8).i32(8).i32(-3).bytes()
                                        << QStringLiteral("ANIM_NEGATIVE_KEY_COUNT")
                                        << QStringLiteral("Camera/PositionX: key count -3 at byte 24 is negative");
    // 2^31 - 1 keys of 28 bytes: refused before any allocation.
    QTest::newRow("huge key count") << Builder().header(1, 0).i32(8).i32(8).i32(std::numeric_limits<qint32>::max()).f32(0).bytes()
                                    << QStringLiteral("ANIM_KEY_COUNT_TOO_LARGE")
                                    << QStringLiteral("file ends inside Camera/PositionX, key 0 of 2147483647, at byte 32");
    QTest::newRow("negative marker count") << Builder().header(1, 1).u8(0).u8(0).u8(0).i32(-1).bytes()
                                           << QStringLiteral("ANIM_NEGATIVE_MARKER_COUNT")
                                           << QStringLiteral("marker count -1 at byte 19");
    QTest::newRow("huge marker count") << Builder().header(1, 1).u8(0).u8(0).u8(0).i32(1 << 30).bytes()
                                       << QStringLiteral("ANIM_MARKER_COUNT_TOO_LARGE")
                                       << QStringLiteral("file ends inside the markers, marker 0 of 1073741824, at byte 23");
    QTest::newRow("6-byte length prefix")
        << Builder().header(1, 1).u8(0).u8(0).u8(0).i32(1).f32(0).raw(QByteArray(6, '\x80')).bytes()
        << QStringLiteral("ANIM_BAD_STRING_LENGTH")
        << QStringLiteral("marker 0 of 1: name length prefix at byte 27 runs past 5 bytes");
    QTest::newRow("name past the end") << Builder().header(1, 1).u8(0).u8(0).u8(0).i32(1).f32(0).u8(10).raw("abc").bytes()
                                       << QStringLiteral("ANIM_TRUNCATED")
                                       << QStringLiteral("file ends inside marker 0 of 1 (name of 10 bytes), at byte 31");
}

void tst_InputAnimationReader::hostileCounts()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, code);
    QFETCH(QString, text);
    InputAnimationReader reader;
    QVERIFY(!reader.read(bytes));
    QCOMPARE(codes(reader.diagnostics()), QStringList{code});
    QVERIFY2(reader.errorString().contains(text), qPrintable(reader.errorString()));
}

void tst_InputAnimationReader::nonFiniteTimeIsAnError()
{
    const float nan = std::numeric_limits<float>::quiet_NaN();
    InputAnimationReader reader;
    QVERIFY(!reader.read(file10({{2, {{0, 0}, {nan, 1}}}})));
    QCOMPARE(codes(reader.diagnostics()), QStringList{QStringLiteral("ANIM_NON_FINITE_TIME")});
    // Camera/PositionZ's keys start at 16 + 2*12 + 12 = 52; key 1 at 80.
    QVERIFY2(reader.errorString().startsWith(QStringLiteral("Camera/PositionZ, key 1 of 2, at byte 80: time is nan")),
             qPrintable(reader.errorString()));
    QVERIFY(!reader.read(file10({{0, {{std::numeric_limits<float>::infinity(), 0}}}})));
    QCOMPARE(codes(reader.diagnostics()), QStringList{QStringLiteral("ANIM_NON_FINITE_TIME")});
}

void tst_InputAnimationReader::warningsKeepTheAnimation()
{
    // Backwards key times, an unknown wrap mode, a section flag of 2, an unknown weighted mode,
    // a non-finite value, invalid UTF-8 and trailing bytes: reported, the animation still reads.
    Builder b;
    b.header(1, 1).u8(2).u8(0).u8(0);
    b.floatCurve({{1, 0}, {0.5f, std::numeric_limits<float>::infinity()}}, true, 3, 8);
    b.emptyCurves(6);
    b.i32(1).f32(0).u8(2).raw("\xff\xfe").raw("tail");
    InputAnimationReader reader;
    const auto a = reader.read(b.bytes());
    QVERIFY2(a, qPrintable(reader.errorString()));
    QCOMPARE(codes(reader.diagnostics()),
             (QStringList{QStringLiteral("ANIM_BAD_SECTION_FLAG"), QStringLiteral("ANIM_UNKNOWN_WRAP_MODE"),
                          QStringLiteral("ANIM_NON_FINITE_VALUE"), QStringLiteral("ANIM_KEYS_OUT_OF_ORDER"),
                          QStringLiteral("ANIM_INVALID_UTF8"), QStringLiteral("ANIM_TRAILING_BYTES")}));
    for (const Diagnostic &d : reader.diagnostics())
        QCOMPARE(d.severity, Severity::Warning);
    QVERIFY(a->hasCamera());
    QCOMPARE(reader.diagnostics()[3].message,
             QStringLiteral("Camera/PositionX, key 1 of 2, at byte 39: time 0.5 is before the previous key's 1; "
                            "evaluation expects increasing times"));
    QCOMPARE(reader.diagnostics()[5].offset, std::optional<quint64>(b.size() - 4));
    QCOMPARE(reader.bytesConsumed(), b.size() - 4);

    QVERIFY(reader.read(file10({{3, {{0, 0, 0, 0, 0, 0, 7}}}})));
    QCOMPARE(codes(reader.diagnostics()), QStringList{QStringLiteral("ANIM_UNKNOWN_WEIGHTED_MODE")});
}

void tst_InputAnimationReader::randomCorruptionNeverCrashes()
{
    Builder b;
    b.header(1, 0);
    b.floatCurve({{0, 1, 1, 1, 0.5f, 0.5f, 3}, {1, 2}, {2, 3}}, false).emptyCurves(6);
    b.boolCurve({{0, 1}, {1, 0}}).emptyCurves(3 + 378);
    b.markers({{1, QStringLiteral("m")}});
    const QByteArray whole = b.bytes();
    QRandomGenerator rng(99);
    InputAnimationReader reader;
    for (int round = 0; round < 400; ++round) {
        QByteArray bytes = whole;
        const int flips = 1 + int(rng.bounded(4));
        for (int f = 0; f < flips; ++f)
            bytes[qsizetype(rng.bounded(quint32(bytes.size())))] = char(rng.bounded(256));
        const auto a = reader.read(bytes);
        QCOMPARE(bool(a), !hasErrors(reader.diagnostics()));
        if (a) // evaluating whatever was read must be safe too
            for (const CurveRef &ref : a->curves())
                if (ref.floatCurve)
                    (void)ref.floatCurve->evaluate(0.5);
    }
}

void tst_InputAnimationReader::missingFile()
{
    InputAnimationReader reader;
    QVERIFY(!reader.readFile(QStringLiteral("/nonexistent/x.bin")));
    QCOMPARE(codes(reader.diagnostics()), QStringList{QStringLiteral("ANIM_FILE_UNREADABLE")});
    QVERIFY(reader.errorString().contains(QStringLiteral("/nonexistent/x.bin")));
}

QTEST_GUILESS_MAIN(tst_InputAnimationReader)
#include "tst_InputAnimationReader.moc"

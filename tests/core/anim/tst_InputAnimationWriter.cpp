// InputAnimationWriter: byte-identical round trips (real recordings and crafted files built
// independently in RecordingBytes.h), 1.0 <-> 1.1 conversion, lossy-conversion
// warnings, QSaveFile writes.
#include "anim/InputAnimationReader.h"
#include "anim/InputAnimationWriter.h"
#include "TestPaths.h"
#include "RecordingBytes.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace bpat;
using animbytes::Builder;

namespace {
const QString EmptyRecording = QStringLiteral("mrtk_samples/holographic-recording_InputAnimation-20201011-130542.bin");
const QString HandRecording = QStringLiteral("mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin");
constexpr qint64 HandRecordingSize = 3311020;

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

InputAnimation mustRead(const QByteArray &bytes)
{
    InputAnimationReader reader;
    const auto a = reader.read(bytes);
    if (!a)
        qFatal("test input does not read: %s", qPrintable(reader.errorString()));
    return *a;
}

QByteArray write(const InputAnimation &a, int major, int minor, Diagnostics *diagnostics = nullptr)
{
    InputAnimationWriter writer;
    writer.setVersion(major, minor);
    const QByteArray bytes = writer.toBytes(a);
    if (diagnostics)
        *diagnostics = writer.diagnostics();
    return bytes;
}

// Every time and value of every curve and marker, in file order.
QList<double> timesAndValues(const InputAnimation &a)
{
    QList<double> out;
    for (const CurveRef &ref : a.curves()) {
        out.append(ref.keyCount());
        if (ref.floatCurve)
            for (const Keyframe &k : ref.floatCurve->keys())
                out << k.time << k.value;
        if (ref.boolCurve)
            for (const BoolKey &k : ref.boolCurve->keys())
                out << k.time << k.value;
    }
    for (const InputAnimationMarker &m : a.markers())
        out << m.time << double(m.name.size());
    return out;
}

QByteArray crafted10()
{
    Builder b;
    b.header(1, 0);
    b.floatCurve({{-1.5f, 2, 0.25f, -0.5f, 0.125f, 0.75f, 1}, {3, 4, 1, 2, 0.5f, 0.5f, 2}}, false, 2, 4);
    b.floatCurve({{0, 1}, {1, 2}}, false).emptyCurves(5);
    b.boolCurve({{-5.25f, 0}, {0.5f, 1}}, 1, 8).emptyCurves(3);
    b.emptyCurves(12).floatCurve({{0.25f, 0.5f}}, false).emptyCurves(378 - 13);
    b.markers({{1.25f, QStringLiteral(u"Grüße 🎉")}, {2, QString(300, QLatin1Char('z'))}});
    return b.bytes();
}
} // namespace

class tst_InputAnimationWriter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void realRecordingsByteIdentical_data();
    void realRecordingsByteIdentical();
    void crafted10ByteIdentical();
    void crafted11ByteIdentical_data();
    void crafted11ByteIdentical();
    void convert10To11AndBack();
    void lossyConversionsWarn();
    void refusesUnknownVersion();
    void writeFileUsesSaveFile();
};

void tst_InputAnimationWriter::realRecordingsByteIdentical_data()
{
    QTest::addColumn<QString>("relative");
    QTest::addColumn<qint64>("expectedSize");
    QTest::newRow("empty") << EmptyRecording << qint64(4688);
    QTest::newRow("hands") << HandRecording << HandRecordingSize;
}

void tst_InputAnimationWriter::realRecordingsByteIdentical()
{
    QFETCH(QString, relative);
    QFETCH(qint64, expectedSize);
    BPAT_REQUIRE_SHARED(relative);
    const QByteArray original = readAll(testpaths::shared(relative));
    if (original.size() != expectedSize)
        QSKIP(qPrintable(QStringLiteral("shared recording is damaged: %1 has %2 bytes, the recording has %3")
                             .arg(relative)
                             .arg(original.size())
                             .arg(expectedSize)));
    const InputAnimation a = mustRead(original);
    InputAnimationWriter writer; // no version set: the animation's own (1.0)
    const QByteArray written = writer.toBytes(a);
    QVERIFY(writer.diagnostics().isEmpty());
    QCOMPARE(written.size(), original.size());
    QVERIFY(written == original);
    // The toolkit writes linear keys only, so even 1.0 -> 1.1 -> 1.0 gives the same bytes back.
    Diagnostics diagnostics;
    const QByteArray as11 = write(a, 1, 1, &diagnostics);
    QVERIFY(diagnostics.isEmpty());
    QVERIFY(as11.size() < original.size() || a.keyCount() == 0);
    QVERIFY(write(mustRead(as11), 1, 0) == original);
}

void tst_InputAnimationWriter::crafted10ByteIdentical()
{
    const QByteArray original = crafted10();
    QVERIFY(write(mustRead(original), 1, 0) == original);
}

void tst_InputAnimationWriter::crafted11ByteIdentical_data()
{
    QTest::addColumn<int>("mask");
    for (int mask = 0; mask < 8; ++mask)
        QTest::addRow("sections %d", mask) << mask;
}

void tst_InputAnimationWriter::crafted11ByteIdentical()
{
    QFETCH(int, mask);
    Builder b;
    b.header(1, 1).u8(mask & 1).u8((mask >> 1) & 1).u8((mask >> 2) & 1);
    if (mask & 1)
        b.floatCurve({{0, 1}, {2, 3}}, true, 2, 4).emptyCurves(6);
    if (mask & 2)
        b.boolCurve({{0, 1}, {1, 0}}).emptyCurves(3).floatCurve({{-1, 7}}, true).emptyCurves(377);
    if (mask & 4)
        b.emptyCurves(3).floatCurve({{0.5f, 0.25f}, {1.5f, -0.25f}}, true).emptyCurves(2);
    b.markers({{0, QStringLiteral("a")}});
    const InputAnimation a = mustRead(b.bytes());
    QVERIFY(write(a, 1, 1) == b.bytes());
    InputAnimationWriter own;
    QVERIFY(own.toBytes(a) == b.bytes());
}

void tst_InputAnimationWriter::convert10To11AndBack()
{
    const InputAnimation a = mustRead(crafted10());
    Diagnostics diagnostics;
    const QByteArray as11 = write(a, 1, 1, &diagnostics);
    const InputAnimation b = mustRead(as11);
    QCOMPARE(b.versionString(), QStringLiteral("1.1"));
    QVERIFY(b.hasCamera() && b.hasHands() && !b.hasEyeGaze());
    QCOMPARE(timesAndValues(b), timesAndValues(a));
    const InputAnimation c = mustRead(write(b, 1, 0));
    QCOMPARE(c.versionString(), QStringLiteral("1.0"));
    QCOMPARE(timesAndValues(c), timesAndValues(a));
    QCOMPARE(c.markers(), a.markers());
    // Wrap modes survive; tangents and weights do not (1.1 cannot hold them).
    QCOMPARE(c.camera()[PoseComponent::PositionX].preWrap(), WrapMode::Loop);
    QCOMPARE(c.camera()[PoseComponent::PositionX].postWrap(), WrapMode::PingPong);
    QCOMPARE(c.camera()[PoseComponent::PositionX].keys().at(0), Keyframe::linear(-1.5f, 2));
    QCOMPARE(c.camera()[PoseComponent::PositionY], a.camera()[PoseComponent::PositionY]); // was linear
}

void tst_InputAnimationWriter::lossyConversionsWarn()
{
    Diagnostics diagnostics;
    write(mustRead(crafted10()), 1, 1, &diagnostics);
    QCOMPARE(diagnostics.size(), 1);
    QCOMPARE(diagnostics[0].code, QStringLiteral("ANIM_TANGENTS_DROPPED"));
    QCOMPARE(diagnostics[0].severity, Severity::Warning);
    QVERIFY2(diagnostics[0].message.contains(QStringLiteral("of 2 keys (first in Camera/PositionX)")),
             qPrintable(diagnostics[0].message));

    InputAnimation gazeOnly;
    gazeOnly.setHasCamera(false);
    gazeOnly.setHasHands(false);
    gazeOnly.setHasEyeGaze(true);
    gazeOnly.eyeGaze()[RayComponent::OriginX].setKeys({Keyframe::linear(0, 1)});
    const QByteArray as10 = write(gazeOnly, 1, 0, &diagnostics);
    QCOMPARE(diagnostics.size(), 2);
    QCOMPARE(diagnostics[0].code, QStringLiteral("ANIM_EYE_GAZE_DROPPED"));
    QCOMPARE(diagnostics[1].code, QStringLiteral("ANIM_SECTION_FILLED"));
    QCOMPARE(diagnostics[1].severity, Severity::Info);
    QCOMPARE(as10.size(), 4688); // an empty 1.0 file, exactly like the toolkit's
    const InputAnimation back = mustRead(as10);
    QCOMPARE(back.curveCount(), 389);
    QCOMPARE(back.keyCount(), 0);
}

void tst_InputAnimationWriter::refusesUnknownVersion()
{
    Diagnostics diagnostics;
    QVERIFY(write(InputAnimation(), 1, 2, &diagnostics).isEmpty());
    QCOMPARE(diagnostics.size(), 1);
    QCOMPARE(diagnostics[0].code, QStringLiteral("ANIM_UNSUPPORTED_VERSION"));
    QVERIFY(write(InputAnimation(), 2, 0, &diagnostics).isEmpty());
}

void tst_InputAnimationWriter::writeFileUsesSaveFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("out.bin"));
    const InputAnimation a = mustRead(crafted10());
    InputAnimationWriter writer;
    QVERIFY2(writer.writeFile(a, path), qPrintable(writer.errorString()));
    QVERIFY(readAll(path) == crafted10());
    // A failed write (unsupported version) leaves the existing file as it was.
    writer.setVersion(3, 0);
    QVERIFY(!writer.writeFile(a, path));
    QVERIFY(readAll(path) == crafted10());
    writer.clearVersion();
    QVERIFY(!writer.writeFile(a, dir.filePath(QStringLiteral("missing/dir/out.bin"))));
    QCOMPARE(writer.diagnostics().constLast().code, QStringLiteral("ANIM_WRITE_FAILED"));
    QVERIFY(writer.errorString().contains(QStringLiteral("missing/dir/out.bin")));
}

QTEST_GUILESS_MAIN(tst_InputAnimationWriter)
#include "tst_InputAnimationWriter.moc"

// The open document behind one API (OpenDocument): a BPAT file's clips, the frames they really
// hold, its global frames, bones and sockets, its quick checks; the recording's own state
// (RecordingState): refused as the timeline's source until one is open, its time clamped.
#include "GeneratedRecording.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "anim/InputAnimation.h"
#include "document/OpenDocument.h"
#include "document/RecordingState.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_OpenDocument : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void bpatDocumentAnswersTheClipApi();
    void framesHeldAreBoundedByTheBytes();
    void unreadableFileGivesNoDocument();
    void recordingStateIsObservedApart();

private:
    QString write(const QString &name, const QByteArray &bytes);
    QTemporaryDir m_dir;
};

QString tst_OpenDocument::write(const QString &name, const QByteArray &bytes)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

void tst_OpenDocument::bpatDocumentAnswersTheClipApi()
{
    QString error;
    const auto document =
        OpenDocument::open(write(QStringLiteral("small.bpat"), testdocs::smallFileBytes()), FileKind::Bpat, &error);
    QVERIFY2(document, qPrintable(error));
    QCOMPARE(document->kind(), FileKind::Bpat);
    QVERIFY(document->bpat() && !document->bpsm() && document->loadedBpat());
    QVERIFY(document->isEditable());
    QVERIFY(!document->isStale());
    const QList<ClipEntry> clips = document->clips();
    QCOMPARE(clips.size(), 2);
    QCOMPARE(document->clipCount(), 2);
    QCOMPARE(clips.at(0).name, QStringLiteral("idle"));
    QCOMPARE(clips.at(1).name, QStringLiteral("jab"));
    QCOMPARE(clips.at(1).fps, 30.0f);
    QVERIFY(!clips.at(1).loops);
    QCOMPARE(clips.at(1).loopsByte, quint8(0));
    QVERIFY(clips.at(1).timingStored);
    QCOMPARE(clips.at(1).entryOffset, document->bpat()->clips().at(1).entryOffset);
    QCOMPARE(document->framesHeld(0), quint64(4));
    QCOMPARE(document->framesHeld(1), quint64(2));
    QCOMPARE(document->framesHeld(2), quint64(0));
    QVERIFY(document->globalFrame(1, 1).has_value());
    QCOMPARE(*document->globalFrame(1, 1), 5u);
    QVERIFY(!document->globalFrame(1, 2).has_value());
    QCOMPARE(document->boneCount(), 3);
    QCOMPARE(document->socketCount(), 2);
    QCOMPARE(document->boneName(40), QStringLiteral("bone 40"));
    QVERIFY(!hasErrors(document->validate(ValidationProfile::Spec)));
}

void tst_OpenDocument::framesHeldAreBoundedByTheBytes()
{
    // Without its socket rows (2 sockets x 6 frames x 48 bytes) and the last frame (3 bones x
    // 64 bytes), "jab" (2 frames from frame 4) holds one frame.
    QByteArray bytes = testdocs::smallFileBytes();
    bytes.chop(2 * 6 * 48 + 3 * 64);
    QString error;
    const auto document = OpenDocument::open(write(QStringLiteral("short.bpat"), bytes), FileKind::Bpat, &error);
    QVERIFY2(document, qPrintable(error));
    QCOMPARE(document->clips().at(1).frameCount, 2u);
    QCOMPARE(document->framesHeld(0), quint64(4));
    QCOMPARE(document->framesHeld(1), quint64(1));
    QVERIFY(hasErrors(document->validate(ValidationProfile::Spec)));
}

void tst_OpenDocument::unreadableFileGivesNoDocument()
{
    QString error;
    QVERIFY(!OpenDocument::open(m_dir.filePath(QStringLiteral("missing.bpat")), FileKind::Bpat, &error));
    QVERIFY(!error.isEmpty());
    error.clear();
    QVERIFY(!OpenDocument::open(m_dir.filePath(QStringLiteral("missing.bpsm")), FileKind::Bpsm, &error));
    QVERIFY(!error.isEmpty());
}

void tst_OpenDocument::recordingStateIsObservedApart()
{
    StudioContext context;
    RecordingState *recording = context.recording();
    QSignalSpy sources(recording, &RecordingState::timelineSourceChanged);
    recording->setTimelineSource(RecordingState::TimelineSource::Recording);
    QCOMPARE(recording->timelineSource(), RecordingState::TimelineSource::Clip); // none open
    QVERIFY(!recording->drivesTimeline());
    QCOMPARE(sources.count(), 0);

    const QString path = m_dir.filePath(QStringLiteral("take.bin"));
    QVERIFY(testrecording::write(path));
    QSignalSpy loaded(recording, &RecordingState::loaded);
    QCOMPARE(context.open(path), StudioContext::OpenResult::Opened);
    QCOMPARE(loaded.count(), 1);
    QVERIFY(!context.hasDocument()); // a recording is not the document
    QCOMPARE(recording->path(), QFileInfo(path).absoluteFilePath());
    QVERIFY(recording->recording());
    QCOMPARE(recording->time(), recording->recording()->startTime());
    recording->setTimelineSource(RecordingState::TimelineSource::Recording);
    QVERIFY(recording->drivesTimeline());
    QCOMPARE(sources.count(), 1);
    recording->setTime(1e9);
    QCOMPARE(recording->time(), recording->recording()->duration());
    recording->setTime(-1e9);
    QCOMPARE(recording->time(), recording->recording()->startTime());
}

QTEST_MAIN(tst_OpenDocument)
#include "tst_OpenDocument.moc"

// StaleMappingCheck: a file truncated under its mapping is noticed and reloaded after the next
// frame change (when the panels read), with nobody polling StudioContext::checkStale().
#include "StaleMappingCheck.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "bpat/BpatWriter.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_StaleMappingCheck : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void shrinkIsNoticedAfterTheNextFrameChange();
    void requestsBeforeTheCheckRunMakeOne();
};

namespace {

// Clips a (8 frames) and three of 200 frames; 4 bones: the palette spans several pages.
QString saveDocument(const QTemporaryDir &dir)
{
    BpatDocument doc(0, 4);
    doc.addClip(testdocs::makeClip(QStringLiteral("a"), 8, 4, 24.0f, true));
    for (int i = 0; i < 3; ++i)
        doc.addClip(testdocs::makeClip(QStringLiteral("extra%1").arg(i), 200, 4, 24.0f, true));
    const QString path = dir.filePath(QStringLiteral("shrinks.bpat"));
    QString error;
    if (!BpatWriter(doc).save(path, &error))
        qWarning("%s", qPrintable(error));
    return path;
}

} // namespace

void tst_StaleMappingCheck::shrinkIsNoticedAfterTheNextFrameChange()
{
    QTemporaryDir dir;
    const QString path = saveDocument(dir);
    StudioContext context;
    StaleMappingCheck check(&context, nullptr);
    QVERIFY(context.open(path) != StudioContext::OpenResult::Failed);
    context.setCurrentClip(3); // the last clip: its palette lies in the last pages
    QSignalSpy stale(&context, &StudioContext::fileBecameStale);
    QTest::qWait(20);
    QCOMPARE(stale.size(), 0); // checks ran (open, clip change) and found nothing

    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.resize(200));
    file.close();
    const quint32 last = context.file().clips().at(3).frameOffset + 199;
    const std::optional<std::array<float, 16>> m = context.file().matrixFloats(last, 3); // faults: zeros
    QVERIFY(m);
    QCOMPARE((*m)[15], 0.0f);
    QVERIFY(context.loadedFile()->isStale());
    QCOMPARE(stale.size(), 0); // nothing polls

    context.setCurrentFrame(199); // what a panel reads on: the check is queued behind it
    QTRY_COMPARE(stale.size(), 1);
    QCOMPARE(context.file().fileSize(), quint64(200)); // reloaded: what can be read of it
}

void tst_StaleMappingCheck::requestsBeforeTheCheckRunMakeOne()
{
    QTemporaryDir dir;
    StudioContext context;
    StaleMappingCheck check(&context, nullptr);
    QVERIFY(context.open(saveDocument(dir)) != StudioContext::OpenResult::Failed);
    QFile file(context.filePath());
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.resize(300));
    file.close();
    (void)context.file().matrixFloats(context.file().clips().at(3).frameOffset + 199, 0);
    QVERIFY(context.loadedFile()->isStale());
    QSignalSpy stale(&context, &StudioContext::fileBecameStale);
    QSignalSpy loaded(&context, &StudioContext::fileLoaded);
    for (int i = 0; i < 5; ++i)
        check.request();
    QTRY_COMPARE(stale.size(), 1);
    QTest::qWait(20);
    QCOMPARE(stale.size(), 1);
    QCOMPARE(loaded.size(), 1); // one reload
}

QTEST_MAIN(tst_StaleMappingCheck)
#include "tst_StaleMappingCheck.moc"

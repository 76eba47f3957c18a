// The Rebake dialog: builds the request from its fields, previews without writing, rebakes on a
// worker thread and reports the written path; cancel leaves the target untouched.
#include "BpatFile.h"
#include "GeneratedRecording.h"
#include "TestPaths.h"
#include "dialogs/RebakeDialog.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace bpat;

namespace {
QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class tst_RebakeDialog : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_recording;

private slots:
    void initTestCase()
    {
        m_recording = m_dir.filePath(QStringLiteral("take.bin"));
        QVERIFY(testrecording::write(m_recording));
    }

    void requestFromFields()
    {
        RebakeDialog dialog;
        QString error;
        QVERIFY(!dialog.request(&error));
        QVERIFY(error.contains(u"source"));
        dialog.setSourcePath(QStringLiteral("/tmp/some/take_3.bin"));
        dialog.setRecipe(QStringLiteral("humanoid-upper-body"));
        dialog.setFps(24);
        dialog.setRange(1.5, 3.0);
        dialog.setLoops(true);
        const std::optional<RebakeRequest> r = dialog.request(&error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->outputPath, QStringLiteral("/tmp/some/take_3.bpat"));
        QCOMPARE(r->recipe.name, QStringLiteral("humanoid-upper-body"));
        QCOMPARE(r->clips.size(), 1);
        QCOMPARE(r->clips.first().name, QStringLiteral("take_3"));
        QCOMPARE(r->clips.first().range.fps, 24.0);
        QCOMPARE(*r->clips.first().range.from, 1.5);
        QCOMPARE(*r->clips.first().range.to, 3.0);
        QVERIFY(r->clips.first().loops);
        QVERIFY(r->intoPath.isEmpty());
        dialog.setRecipe(QStringLiteral("/nonexistent/recipe.json"));
        QVERIFY(!dialog.request(&error));
        QVERIFY(error.contains(u"Recipe"));
    }

    void previewWritesNothingThenRebakeWrites()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("o.bpat"));
        RebakeDialog dialog;
        dialog.setSourcePath(m_recording);
        dialog.setOutputPath(out);
        dialog.setRange(0.0, 2.0);
        QSignalSpy finished(&dialog, &RebakeDialog::finished);
        QSignalSpy rebaked(&dialog, &RebakeDialog::rebaked);
        dialog.startPreview();
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(!QFile::exists(out));
        QVERIFY(dialog.summaryText().contains(u"121 frames"));
        QVERIFY(dialog.summaryText().contains(u"L_IndexTip"));
        dialog.startRebake();
        QVERIFY(rebaked.wait(60000));
        QCOMPARE(rebaked.first().first().toString(), out);
        QCOMPARE(BpatFile::open(out)->clips().first().frameCount, 121u);
    }

    void cancelLeavesTargetUntouched()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("keep.bpat"));
        QFile f(out);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not replaced");
        f.close();
        RebakeDialog dialog;
        dialog.setSourcePath(m_recording);
        dialog.setOutputPath(out);
        dialog.setFps(3000); // 36,001 frames: long enough to cancel while it runs
        QSignalSpy finished(&dialog, &RebakeDialog::finished);
        dialog.startRebake();
        QVERIFY(dialog.isRunning());
        dialog.cancel();
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY(dialog.lastOutcome().cancelled);
        QCOMPARE(readAll(out), QByteArray("not replaced"));
    }
};

QTEST_MAIN(tst_RebakeDialog)
#include "tst_RebakeDialog.moc"

// Commands that read a mapped BPAT file while another process cuts it short (a pipeline still
// writing it, a truncation): `edit`, `merge`, `rebake --into` and `dump`. Every mapping is
// guarded (MappedFile), so the lost pages read as zeros instead of killing `bpat` with SIGBUS
// (exit 135); the command then says the input shrank and exits 1 instead of writing what it
// made of the zeros. The cut comes the moment `bpat` has mapped the file (ShrinkWhenMapped
// watches its /proc/PID/maps); a command that read everything first may still succeed.
#include "bpat/BpatDocument.h"
#include "bpat/BpatWriter.h"
#include "GeneratedRecording.h"
#include "rebake/BuiltinRecipes.h"
#include "ShrinkWhenMapped.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace bpat;

namespace {

constexpr int Tries = 3;

// `megabytes` of palette: copying 64 MiB takes long enough to be cut; `rebake --into` first
// deep-checks the whole file, so 16 MiB do there.
QByteArray bigFile(quint32 bones, qint64 megabytes)
{
    BpatDocument doc(0, bones);
    doc.addClip(
        testdocs::makeClip(QStringLiteral("walk"), quint32((megabytes << 20) / (qint64(bones) * 64)), bones, 30.0f, true));
    return BpatWriter(doc).toBytes();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

} // namespace

class tst_ShrinkingInputs : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_recording;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_recording = m_dir.filePath(QStringLiteral("take.bin"));
        QVERIFY(testrecording::write(m_recording));
        QVERIFY(writeFile(m_dir.filePath(QStringLiteral("small.bpat")), testdocs::smallFileBytes(false)));
    }

    void commandSurvivesInputShrinking_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("bones");
        QTest::addColumn<int>("megabytes");
        const QString big = m_dir.filePath(QStringLiteral("big.bpat"));
        const QString out = m_dir.filePath(QStringLiteral("out.bpat"));
        QTest::newRow("edit") << QStringList{QStringLiteral("edit"),      big,
                                             QStringLiteral("-o"),        out,
                                             QStringLiteral("--set-fps"), QStringLiteral("walk=24")}
                              << 3 << 64;
        QTest::newRow("merge") << QStringList{QStringLiteral("merge"), big, m_dir.filePath(QStringLiteral("small.bpat")),
                                              QStringLiteral("-o"), out}
                               << 3 << 64;
        QTest::newRow("dump") << QStringList{QStringLiteral("dump"),    big,
                                             QStringLiteral("--clip"),  QStringLiteral("walk"),
                                             QStringLiteral("--frame"), QStringLiteral("300000"),
                                             QStringLiteral("--json")}
                              << 3 << 64;
        QTest::newRow("rebake --into") << QStringList{QStringLiteral("rebake"), m_recording,
                                                      QStringLiteral("-o"),     out,
                                                      QStringLiteral("--into"), big,
                                                      QStringLiteral("--to"),   QStringLiteral("1")}
                                       << BuiltinRecipes::hands().boneCount() << 16;
    }

    void commandSurvivesInputShrinking()
    {
        QFETCH(QStringList, args);
        QFETCH(int, bones);
        QFETCH(int, megabytes);
        const QString big = m_dir.filePath(QStringLiteral("big.bpat"));
        const QByteArray bytes = bigFile(quint32(bones), megabytes);
        int cut = 0;
        for (int i = 0; i < Tries; ++i) {
            QVERIFY(writeFile(big, bytes));
            QProcess p;
            p.start(testpaths::bpatExecutable(), args);
            QVERIFY(p.waitForStarted());
            testshrink::ShrinkWhenMapped shrink(big, 4096 + 4096 * i, p.processId());
            QVERIFY(p.waitForFinished(120000));
            shrink.stop();
            const QString err = QString::fromUtf8(p.readAllStandardError());
            QVERIFY2(p.exitStatus() == QProcess::NormalExit, qPrintable(QStringLiteral("bpat crashed: ") + err));
            QVERIFY2(p.exitCode() == 0 || p.exitCode() == 1, qPrintable(err));
            if (p.exitCode() == 1) {
                QVERIFY2(err.contains(QStringLiteral("shrank")) || err.contains(QStringLiteral("not inside the file"))
                             || err.contains(QStringLiteral("not a valid BPAT")),
                         qPrintable(err));
                ++cut;
                if (i == 0)
                    qInfo("%s", qPrintable(err.trimmed()));
            }
        }
        qInfo("%s: %d of %d runs saw the file cut short and said so", QTest::currentDataTag(), cut, Tries);
    }
};

QTEST_GUILESS_MAIN(tst_ShrinkingInputs)
#include "tst_ShrinkingInputs.moc"

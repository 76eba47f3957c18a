// Import Clips reads a whole BPAT document out of a mapped file (BpatDocument::fromFile). Cut
// short while it is read, the file must not kill the app with SIGBUS: the mapping is guarded
// for its whole life (MappedFile), and the dialog says the file shrank. The cut comes the moment
// the file is mapped (ShrinkWhenMapped watches /proc/self/maps); the read may finish first.
#include "ShrinkWhenMapped.h"
#include "TestDocuments.h"
#include "dialogs/ImportClipsDialog.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_ShrinkingImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void importFromAShrinkingFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("big.bpat"));
        BpatDocument doc(0, 64);
        doc.addClip(testdocs::makeClip(QStringLiteral("walk"), 16384, 64, 30.0f, true)); // 64 MiB
        const QByteArray bytes = BpatWriter(doc).toBytes();
        int cut = 0;
        for (int i = 0; i < 3; ++i) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size());
            f.close();
            ImportClipsDialog dialog;
            QString error;
            bool loaded = false;
            {
                testshrink::ShrinkWhenMapped shrink(path, 8192);
                loaded = dialog.load(path, &error);
            }
            if (!loaded) {
                QVERIFY2(error.contains(QStringLiteral("shrank")) || error.contains(QStringLiteral("not inside")),
                         qPrintable(error));
                ++cut;
            } else {
                QCOMPARE(dialog.source().clipCount(), 1);
            }
        }
        qInfo("%d of 3 imports saw the file cut short and said so", cut);
    }
};

QTEST_MAIN(tst_ShrinkingImport)
#include "tst_ShrinkingImport.moc"

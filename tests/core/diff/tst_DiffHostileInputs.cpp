// `bpat diff` and its git text on every file of the malformed corpus (tests/data/malformed),
// against the corpus's valid base and against itself, both ways: never a crash or a read past a
// block (the sanitizer builds run this too); a file that cannot be compared is trouble with a
// reason, and every file, however broken, gets a text.
#include "bpat/BpatFile.h"
#include "diff/DiffReport.h"
#include "diff/FileDiff.h"
#include "diff/PathDiff.h"
#include "diff/TextConv.h"
#include "TestPaths.h"

#include <QDir>
#include <QtTest/QTest>

using namespace bpat;
using namespace bpat::diff;

class tst_DiffHostileInputs : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyMalformedFile()
    {
        const QDir corpus(testpaths::testData(QStringLiteral("malformed")));
        const QString base = corpus.filePath(QStringLiteral("base.bpat"));
        const auto valid = BpatFile::open(base);
        QVERIFY(valid);
        QVERIFY(FileDiff::whyNotComparable(*valid).isEmpty());
        int bpat = 0, trouble = 0;
        for (const QString &name : corpus.entryList(QDir::Files, QDir::Name)) {
            const QString path = corpus.filePath(name);
            const auto text = TextConv::ofPath(path);
            QVERIFY2(text && !text->isEmpty(), qPrintable(name));
            if (!name.endsWith(QLatin1String(".bpat"))) {
                // The same text; or trouble for a file that says BPAT and cannot be read as one.
                const DiffResult r = PathDiff::files(path, path);
                QVERIFY2(r.same() || r.error.contains(QStringLiteral("cannot be compared")), qPrintable(name + r.error));
                continue;
            }
            ++bpat;
            const auto file = BpatFile::open(path);
            if (!file) { // an empty file cannot be mapped: trouble
                QVERIFY(!PathDiff::files(base, path).error.isEmpty());
                continue;
            }
            const QString why = FileDiff::whyNotComparable(*file);
            for (const auto &[a, b] : {std::pair{&*valid, &*file}, std::pair{&*file, &*valid}, std::pair{&*file, &*file}}) {
                DiffOptions options;
                options.threads = 2;
                const DiffResult r = FileDiff::compare(*a, *b, options);
                QCOMPARE(r.error.isEmpty(), why.isEmpty());
                DiffReport::text(r);
                DiffReport::json(r);
                if (why.isEmpty() && a == b)
                    QVERIFY2(r.same() || r.changes.size() > 0, qPrintable(name)); // NaN frames differ from themselves
            }
            trouble += !why.isEmpty();
        }
        QVERIFY(bpat > 50);
        QVERIFY(trouble > 10); // the structural cases
    }
};

QTEST_GUILESS_MAIN(tst_DiffHostileInputs)
#include "tst_DiffHostileInputs.moc"

// The deep checks give the same findings as before they were made fast and parallel: every
// BPAT file of the malformed corpus, validated deep in both profiles with 1, 2 and 3 threads,
// reports exactly what tests/data/deep-findings/corpus.txt records (written by the single-thread
// validator of main at 727384d: code, severity, offset, location and message of every finding);
// and on a file big enough to be split over threads, with faults near the range boundaries,
// the findings (kept, counted, truncated) do not depend on the thread count.
//
// The BPSM files of the corpus give what main's BpsmValidator gave (bpsm-corpus.txt).
//
// BPAT_WRITE_DEEP_FINDINGS=DIR writes the findings files into DIR instead of comparing.
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "bpat/Validator.h"
#include "bpsm/BpsmFile.h"
#include "bpsm/BpsmValidator.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QtTest/QTest>
#include <cmath>
#include <limits>

using namespace bpat;

namespace {

QString describe(const ValidationResult &r)
{
    QStringList lines;
    for (const Diagnostic &d : r.issues) {
        lines << QStringLiteral("  %1 %2 @%3 %4: %5")
                     .arg(severityName(d.severity), d.code)
                     .arg(d.offset ? QString::number(*d.offset) : QStringLiteral("-"))
                     .arg(d.location.toString(), d.message);
    }
    lines << QStringLiteral("  counts %1/%2/%3%4%5").arg(r.counts.errors).arg(r.counts.warnings).arg(r.counts.infos)
                 .arg(r.truncated ? QStringLiteral(" truncated") : QString())
                 .arg(r.cancelled ? QStringLiteral(" cancelled") : QString());
    return lines.join(QLatin1Char('\n'));
}

QString corpusFindings(int threads)
{
    QStringList out;
    const QDir dir(testpaths::testData(QStringLiteral("malformed")));
    for (const QString &name : dir.entryList({QStringLiteral("*.bpat")}, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            return QStringLiteral("cannot read ") + name;
        const BpatFile file = BpatFile::fromData(f.readAll(), name);
        for (ValidationProfile profile : {ValidationProfile::Spec, ValidationProfile::Game}) {
            for (int maxIssues : {0, 2}) {
                ValidationOptions o = ValidationOptions::make(profile, true, maxIssues);
#ifndef BPAT_REFERENCE_BUILD
                o.threads = threads;
#endif
                out << QStringLiteral("%1 %2 max %3").arg(name, profileName(profile)).arg(maxIssues)
                    << describe(Validator(o).validate(file));
            }
        }
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

// Every BPSM file of the corpus, with the default and an unlimited per-code cap.
QString bpsmFindings()
{
    QStringList out;
    const QDir dir(testpaths::testData(QStringLiteral("malformed")));
    for (const QString &name : dir.entryList({QStringLiteral("*.bpsm")}, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            return QStringLiteral("cannot read ") + name;
        const BpsmFile file = BpsmFile::fromData(f.readAll(), name);
        for (int cap : {8, 1000000}) {
            ValidationResult r;
            r.issues = BpsmValidator(cap).validate(file);
            out << QStringLiteral("%1 cap %2").arg(name).arg(cap) << describe(r);
        }
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

bool compareWith(const QString &findings, const QString &file)
{
    if (const QString path = qEnvironmentVariable("BPAT_WRITE_DEEP_FINDINGS"); !path.isEmpty()) {
        QFile f(path + QLatin1Char('/') + file);
        if (!f.open(QIODevice::WriteOnly))
            return false;
        f.write(findings.toUtf8());
        return true;
    }
    QFile f(testpaths::testData(QStringLiteral("deep-findings/") + file));
    if (!f.open(QIODevice::ReadOnly)) {
        qWarning("cannot read %s", qPrintable(f.fileName()));
        return false;
    }
    const QStringList expected = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    const QStringList actual = findings.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < std::min(expected.size(), actual.size()); ++i) {
        if (expected.at(i) != actual.at(i)) {
            qWarning("%s line %lld:\n expected %s\n actual   %s", qPrintable(file), static_cast<long long>(i + 1),
                     qPrintable(expected.at(i)), qPrintable(actual.at(i)));
            return false;
        }
    }
    return expected.size() == actual.size();
}

} // namespace

class tst_DeepFindings : public QObject
{
    Q_OBJECT

private slots:
    void corpusFindingsAreUnchanged_data()
    {
        QTest::addColumn<int>("threads");
        QTest::newRow("1 thread") << 1;
        QTest::newRow("2 threads") << 2;
        QTest::newRow("3 threads") << 3;
    }
    void corpusFindingsAreUnchanged()
    {
        QFETCH(int, threads);
        QVERIFY(compareWith(corpusFindings(threads), QStringLiteral("corpus.txt")));
    }

    void bpsmCorpusFindingsAreUnchanged() { QVERIFY(compareWith(bpsmFindings(), QStringLiteral("bpsm-corpus.txt"))); }

    // 64 bones x 2,500 frames (about 10.7 MB): split over threads. Faults in the first and last
    // frames and around every possible range boundary.
    void findingsDoNotDependOnThreads()
    {
        constexpr quint32 Bones = 64, Frames = 2500;
        BpatDocument doc(0, Bones);
        doc.addClip(testdocs::makeClip(QStringLiteral("a"), 1200, Bones, 30.0f, true));
        doc.addClip(testdocs::makeClip(QStringLiteral("b"), Frames - 1200, Bones, 30.0f, false, 0.3f));
        doc.addSocket({QStringLiteral("s"), 3, QVector3D(0.0f, 0.2f, 0.0f)});
        doc.addSocket({QStringLiteral("t"), 60, QVector3D()});
        QByteArray bytes = BpatWriter(doc).toBytes();
        QVERIFY(!bytes.isEmpty());
        const BpatLayout l = BpatWriter(doc).layout();
        auto matrixAt = [&](quint32 frame, quint32 bone) { return qsizetype(l.paletteDataOffset + (quint64(frame) * Bones + bone) * 64); };
        QList<quint32> frames{0, 1, Frames - 1};
        for (quint32 parts : {2u, 3u, 4u}) {
            for (quint32 r = 1; r < parts; ++r) {
                const quint32 boundary = quint32(quint64(Frames) * r / parts);
                frames << boundary - 1 << boundary;
            }
        }
        int k = 0;
        for (quint32 f : frames) {
            switch (k++ % 4) {
            case 0: testdocs::setF32(bytes, matrixAt(f, 5) + 4 * 2, std::numeric_limits<float>::quiet_NaN()); break;
            case 1: testdocs::setF32(bytes, matrixAt(f, 3) + 4 * 7, 9.0f); break; // moves socket 's' off its rows
            case 2: // column-major
                for (int i : {3, 7, 11})
                    testdocs::setF32(bytes, matrixAt(f, 9) + 4 * i, 0.0f);
                testdocs::setF32(bytes, matrixAt(f, 9) + 4 * 12, 1.0f);
                break;
            default: testdocs::setF32(bytes, qsizetype(l.socketDataOffset + (quint64(f) * 2 + 1) * 48), std::numeric_limits<float>::infinity());
            }
        }
        const BpatFile file = BpatFile::fromData(bytes);
        for (int maxIssues : {0, 3, 12}) {
            ValidationOptions one = ValidationOptions::make(ValidationProfile::Spec, true, maxIssues);
            one.threads = 1;
            const QString expected = describe(Validator(one).validate(file));
            QVERIFY(expected.contains(u"COLUMN_MAJOR_SUSPECTED") || maxIssues > 0);
            for (int threads : {2, 3, 4}) {
                ValidationOptions many = one;
                many.threads = threads;
                QCOMPARE(describe(Validator(many).validate(file)), expected);
            }
        }
    }
};

QTEST_GUILESS_MAIN(tst_DeepFindings)
#include "tst_DeepFindings.moc"

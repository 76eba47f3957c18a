// A file mapped read-only and truncated underneath: with a MappingGuard the reads past the new
// end return zeros and the guard reports the mapping stale instead of the process dying.
#include "io/MappingGuard.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using bpat::MappingGuard;

class tst_MappingGuard : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void truncatedMappingReadsZerosAndGoesStale();
    void untouchedMappingStaysFresh();
    void guardsAreReleased();
};

static QString writeFile(const QTemporaryDir &dir, qint64 size)
{
    const QString path = dir.filePath(QStringLiteral("mapped.bin"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(QByteArray(size, char(0x5a)));
    return path;
}

void tst_MappingGuard::truncatedMappingReadsZerosAndGoesStale()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const qint64 size = 64 * 1024;
    const QString path = writeFile(dir, size);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const uchar *data = file.map(0, size);
    QVERIFY(data);

    MappingGuard guard(data, size);
    QVERIFY(guard.isActive());
    QCOMPARE(int(data[size - 1]), 0x5a);
    QVERIFY(!guard.isStale());

    // Another writer truncates the file: pages past the new end no longer exist.
    QFile truncating(path);
    QVERIFY(truncating.open(QIODevice::ReadWrite));
    QVERIFY(truncating.resize(100));
    truncating.close();

    const quint64 before = MappingGuard::recoveredFaults();
    const volatile uchar *bytes = data;
    QCOMPARE(int(bytes[size - 1]), 0); // would be SIGBUS without the guard
    QCOMPARE(int(bytes[size / 2]), 0);
    QVERIFY(guard.isStale());
    QVERIFY(MappingGuard::recoveredFaults() >= before + 2);
    QCOMPARE(int(bytes[10]), 0x5a); // the part still in the file reads as before
    QVERIFY(file.unmap(const_cast<uchar *>(data)));
}

void tst_MappingGuard::untouchedMappingStaysFresh()
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, 8192);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const uchar *data = file.map(0, 8192);
    QVERIFY(data);
    MappingGuard guard(data, 8192);
    QCOMPARE(int(data[8191]), 0x5a);
    QVERIFY(!guard.isStale());
}

void tst_MappingGuard::guardsAreReleased()
{
    // Far more guards over a program's life than slots: each destructor frees its slot.
    static const char buffer[16] = {};
    for (int i = 0; i < MappingGuard::kMaxMappings * 3; ++i) {
        MappingGuard guard(buffer, sizeof buffer);
        QVERIFY(guard.isActive());
    }
}

QTEST_GUILESS_MAIN(tst_MappingGuard)
#include "tst_MappingGuard.moc"

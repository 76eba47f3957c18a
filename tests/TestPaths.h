#pragma once
// Where tests find their inputs. ../shared (real game files and recordings) is optional:
// tests that need it call BPAT_REQUIRE_SHARED and skip with the path when it is absent.
#include <QDir>
#include <QFileInfo>
#include <QString>
#include <QtTest/QTest>

namespace testpaths {

inline QString sharedDir()
{
    const QByteArray env = qgetenv("BPAT_SHARED_DIR");
    return QDir::cleanPath(env.isEmpty() ? QStringLiteral(BPAT_SHARED_DIR) : QString::fromLocal8Bit(env));
}
inline QString shared(const QString &relative) { return sharedDir() + QLatin1Char('/') + relative; }
inline QString testData(const QString &relative)
{
    return QStringLiteral(BPAT_TEST_DATA_DIR) + QLatin1Char('/') + relative;
}
inline QString binaryDir() { return QStringLiteral(BPAT_BINARY_DIR); }
inline QString bpatExecutable() { return binaryDir() + QStringLiteral("/bin/bpat"); }

} // namespace testpaths

#define BPAT_REQUIRE_SHARED(relative)                                                           \
    do {                                                                                        \
        if (!QFileInfo::exists(testpaths::shared(relative)))                                    \
            QSKIP(qPrintable(QStringLiteral("shared asset not found: ") + testpaths::shared(relative))); \
    } while (false)

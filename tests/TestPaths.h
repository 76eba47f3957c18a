#pragma once
// Where tests find their inputs. ../shared (real game files and recordings) is optional:
// tests that need it call BPAT_REQUIRE_SHARED and skip with the path when it is absent, or
// fail instead when the environment sets BPAT_REQUIRE_SHARED=1 (CI: .ci/run), so that a green
// run there always means the real files were read.
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
inline QString shared(const QString &relative)
{
    return sharedDir() + QLatin1Char('/') + relative;
}
inline QString testData(const QString &relative)
{
    return QStringLiteral(BPAT_TEST_DATA_DIR) + QLatin1Char('/') + relative;
}
inline QString binaryDir()
{
    return QStringLiteral(BPAT_BINARY_DIR);
}
inline QString bpatExecutable()
{
    return binaryDir() + QStringLiteral("/bin/bpat");
}
// BPAT_REQUIRE_SHARED=1: a missing or damaged shared file fails the test instead of skipping it.
inline bool sharedRequired()
{
    return qEnvironmentVariableIntValue("BPAT_REQUIRE_SHARED") == 1;
}

} // namespace testpaths

// Skips (or, with BPAT_REQUIRE_SHARED=1, fails) the test because a shared file is unusable.
#define BPAT_SKIP_SHARED(reason)                                                                                                 \
    do {                                                                                                                         \
        if (testpaths::sharedRequired())                                                                                         \
            QFAIL(qPrintable(QString(reason) + QStringLiteral(" (BPAT_REQUIRE_SHARED=1)")));                                     \
        QSKIP(qPrintable(reason));                                                                                               \
    } while (false)

#define BPAT_REQUIRE_SHARED(relative)                                                                                            \
    do {                                                                                                                         \
        if (!QFileInfo::exists(testpaths::shared(relative)))                                                                     \
            BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + testpaths::shared(relative));                          \
    } while (false)

// What a build says it is: the project's version (CMakeLists.txt), and the git revision it was
// built from in the form `git describe` gives, or "unknown" outside a checkout.
#include "release/BuildInfo.h"

#include <QFile>
#include <QRegularExpression>
#include <QtTest/QTest>

using namespace bpat;

class tst_BuildInfo : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void versionIsTheProjects()
    {
        QFile cmake(QStringLiteral(BPAT_TEST_DATA_DIR "/../../CMakeLists.txt"));
        QVERIFY(cmake.open(QIODevice::ReadOnly));
        const QRegularExpressionMatch m = QRegularExpression(QStringLiteral(R"(project\(\s*\S+\s+VERSION\s+(\d+\.\d+\.\d+))"))
                                              .match(QString::fromUtf8(cmake.readAll()));
        QVERIFY(m.hasMatch());
        QCOMPARE(BuildInfo::version(), m.captured(1));
    }
    void revisionAsGitDescribesIt()
    {
        const QString rev = BuildInfo::revision();
        QVERIFY(!rev.isEmpty());
        // "unknown", a tag with commits on it ("v0.2.0-12-g1a2b3c4"), or an abbreviated hash; any of
        // them "-dirty" when the tree had changes.
        const QRegularExpression form(
            QStringLiteral(R"(^(unknown|[0-9a-f]{7,40}|\S+-\d+-g[0-9a-f]{7,40}|v?\d[\w.]*)(-dirty)?$)"));
        QVERIFY2(form.match(rev).hasMatch(), qPrintable(rev));
    }
    void describeNamesBoth()
    {
        const QString text = BuildInfo::describe();
        QVERIFY(text.startsWith(BuildInfo::version() + QLatin1Char(' ')));
        if (BuildInfo::revision() == QLatin1String("unknown"))
            QCOMPARE(text, BuildInfo::version() + QStringLiteral(" (revision unknown)"));
        else
            QCOMPARE(text, QStringLiteral("%1 (git %2)").arg(BuildInfo::version(), BuildInfo::revision()));
    }
};

QTEST_GUILESS_MAIN(tst_BuildInfo)
#include "tst_BuildInfo.moc"

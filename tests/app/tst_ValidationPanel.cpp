// ValidationPanel's verdict line: an empty report says so, with the profile and whether deep
// checks ran (an empty table alone read as "nothing happened"); an invalid file leads with its
// root cause.
#include "StudioContext.h"
#include "TestDocuments.h"
#include "widgets/ValidationPanel.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
#include <QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_ValidationPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emptyReportSaysSo();
    void invalidFileLeadsWithTheRootCause();

private:
    QString write(const QByteArray &bytes, const QString &name)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(bytes);
        return path;
    }
    QTemporaryDir m_dir;
};

void tst_ValidationPanel::emptyReportSaysSo()
{
    QCOMPARE(StudioContext().profile(), ValidationProfile::Game); // the game's verdict first
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    ValidationPanel panel(&context);
    QVERIFY(context.open(write(testdocs::smallFileBytes(), QStringLiteral("good.bpat"))) == StudioContext::OpenResult::Opened);
    auto *label = panel.findChild<QLabel *>(QStringLiteral("verdictLabel"));
    QVERIFY(label);
    QCOMPARE(label->text(), QStringLiteral("No issues found (spec profile; deep checks not run)."));
    context.setDiagnostics({}, true);
    QCOMPARE(label->text(), QStringLiteral("No issues found (spec profile; deep checks ran)."));
    // The era selector shows with the game profile only.
    QComboBox *era = panel.gameEraCombo();
    QVERIFY(era->isHidden());
    // The game profile means the current game: it refuses the v1 test file, with the fix.
    context.setProfile(ValidationProfile::Game);
    QVERIFY(!era->isHidden());
    QCOMPARE(era->currentData().toInt(), int(GameEra::Current));
    QVERIFY2(label->text().startsWith(QStringLiteral("Invalid: "))
                 && label->text().contains(QStringLiteral("GAME_VERSION_REFUSED"))
                 && label->text().contains(QStringLiteral("game profile, current game")),
             qPrintable(label->text()));
    // Judged as the v1-era game it loads; the verdict names the warning, not a bare "valid"
    // (the 3-bone humanoid is not the game's rig).
    era->setCurrentIndex(era->findData(int(GameEra::V1)));
    QCOMPARE(context.gameEra(), GameEra::V1);
    QVERIFY2(label->text().startsWith(QStringLiteral("Valid, with 1 warning: RIG_BONE_COUNT_MISMATCH")),
             qPrintable(label->text()));
    QVERIFY(label->text().contains(QStringLiteral("game profile, v1-era game")));
    context.setProfile(ValidationProfile::Spec);
    QVERIFY(era->isHidden());
}

void tst_ValidationPanel::invalidFileLeadsWithTheRootCause()
{
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    ValidationPanel panel(&context);
    QByteArray bytes = testdocs::smallFileBytes();
    testdocs::setU32(bytes, 12, 200); // bone count: the palette cannot fit
    context.open(write(bytes, QStringLiteral("bad.bpat")));
    QVERIFY(!context.diagnostics().isEmpty());
    auto *label = panel.findChild<QLabel *>(QStringLiteral("verdictLabel"));
    QVERIFY2(label->text().startsWith(QStringLiteral("Invalid: ")), qPrintable(label->text()));
    QVERIFY2(label->text().contains(QStringLiteral("Root cause first: HEADER_CORRUPTED header looks corrupted")),
             qPrintable(label->text()));
}

QTEST_MAIN(tst_ValidationPanel)
#include "tst_ValidationPanel.moc"

// The game's verdict first (issue 38): a v1 file opens judged by the current game, which refuses
// it (the status bar counts its error, "1 error" not "1 errors", and the motion findings too); a
// banner above the views says so whichever profile the Validation panel shows, and offers File >
// Convert to..., which writes the file in late v3 through the conversion `bpat convert` runs
// (the original untouched) and opens it; the dialog proposes a new file beside the open one and
// says what a version drops.
#include "ConvertActions.h"
#include "MainWindow.h"
#include "PanelDocks.h"
#include "StudioContext.h"
#include "TestPaths.h"
#include "CentralViews.h"
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/Validator.h"
#include "dialogs/ConvertDialog.h"
#include "widgets/AnalysisPanel.h"
#include "widgets/GameVerdictBanner.h"
#include "widgets/ValidationPanel.h"
#include "ui_MainWindow.h"

#include <QComboBox>
#include <QCryptographicHash>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_GameVerdict : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    static QString statusCounts(MainWindow &window)
    {
        QString all;
        for (QLabel *label : window.statusBar()->findChildren<QLabel *>())
            all += label->text() + QLatin1Char('\n');
        return all;
    }
    static QByteArray digest(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha1) : QByteArray();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests-gameverdict"));
    }

    void aV1FileOpensWithTheGamesVerdict()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat"));
        // A copy: the conversion goes beside it, the shared folder is read-only.
        const QString v1 = m_dir.filePath(QStringLiteral("horse.bpat"));
        QVERIFY(QFile::copy(testpaths::shared(QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat")), v1));
        const QByteArray before = digest(v1);
        MainWindow window;
        window.setInteractive(false);
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(v1));
        StudioContext *context = window.context();
        // The default: the game profile, the current game.
        QCOMPARE(context->profile(), ValidationProfile::Game);
        QCOMPARE(context->gameEra(), GameEra::Current);
        auto *verdict = window.panels()->validationPanel()->findChild<QLabel *>(QStringLiteral("verdictLabel"));
        QVERIFY(verdict);
        QVERIFY2(verdict->text().startsWith(u"Invalid: ") && verdict->text().contains(u"GAME_VERSION_REFUSED")
                     && verdict->text().contains(u"game profile, current game"),
                 qPrintable(verdict->text()));
        // The status bar: the game's error, in the singular, and which rules judged.
        const DiagnosticCounts counts = countDiagnostics(context->diagnostics());
        QCOMPARE(counts.errors, 1);
        QString status = statusCounts(window);
        QVERIFY2(status.contains(u"1 error ") && !status.contains(u"1 errors") && status.contains(u"game profile, current game"),
                 qPrintable(status));
        // ... and the motion lint's findings, once judged.
        QTRY_VERIFY_WITH_TIMEOUT(window.views()->analysis()->lintDone(), 60000);
        status = statusCounts(window);
        QVERIFY2(status.contains(u"motion: "), qPrintable(status));
        const DiagnosticCounts motion = countDiagnostics(window.views()->analysis()->fileFindings());
        if (motion.warnings > 0)
            QVERIFY2(status.contains(motion.warnings == 1 ? QStringLiteral("1 warning")
                                                          : QStringLiteral("%1 warnings").arg(motion.warnings)),
                     qPrintable(status));

        // The banner: the game refuses the file, with the fix.
        GameVerdictBanner *banner = window.convertActions()->banner();
        QVERIFY(banner->isVisible());
        QVERIFY2(banner->text().contains(u"The current game refuses this file")
                     && banner->text().contains(u"it is a v1 file, and the game reads late v3 only"),
                 qPrintable(banner->text()));
        QVERIFY2(banner->text().contains(u"its horse has 16 bones, the game's 50"), qPrintable(banner->text()));
        const QString details = banner->findChild<QLabel *>(QStringLiteral("gameVerdictText"))->toolTip();
        QVERIFY(details.contains(u"GAME_VERSION_REFUSED") && details.contains(u"RIG_BONE_COUNT_MISMATCH"));
        QVERIFY(banner->convertButton()->isVisible());
        QVERIFY(!banner->profileButton()->isVisible()); // the panel shows the game's findings already
        // The spec profile a click away: "No issues found" there, the banner stays.
        context->setProfile(ValidationProfile::Spec);
        QVERIFY2(verdict->text().startsWith(u"No issues found (spec profile"), qPrintable(verdict->text()));
        QVERIFY(banner->isVisible());
        QVERIFY(banner->profileButton()->isVisible());
        QTest::mouseClick(banner->profileButton(), Qt::LeftButton);
        QCOMPARE(context->profile(), ValidationProfile::Game);

        // File > Convert to... : late v3 beside it, opened; the original untouched.
        const QString converted = ConvertDialog::proposedPath(v1, format::Dialect::V3Late);
        QCOMPARE(QFileInfo(converted).fileName(), QStringLiteral("horse_v3.bpat"));
        QVERIFY(window.form()->actionConvert->isEnabled());
        QString error;
        QStringList warnings;
        QVERIFY2(window.convertActions()->convertTo(format::Dialect::V3Late, converted, &error, &warnings), qPrintable(error));
        QCOMPARE(digest(v1), before);
        QCOMPARE(QFileInfo(context->filePath()), QFileInfo(converted));
        QCOMPARE(context->file().dialect(), format::Dialect::V3Late);
        const ValidationResult spec = Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validate(context->file());
        QVERIFY(spec.valid());
        // The game reads late v3; its 16-bone rig it still refuses, and the banner says so
        // without offering a conversion that cannot help.
        QVERIFY(!context->diagnostics().isEmpty());
        QVERIFY(banner->isVisible());
        QVERIFY(!banner->text().contains(u"v1 file"));
        QVERIFY2(banner->text().contains(u"its horse has 16 bones"), qPrintable(banner->text()));
        QVERIFY(!banner->convertButton()->isVisible());

        // Today's horse: the game takes it, no banner.
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
        QVERIFY(window.openFile(testpaths::shared(QStringLiteral("upstream_assets/bpat_current/horse.bpat"))));
        QVERIFY(!hasErrors(context->diagnostics()));
        QVERIFY(!banner->isVisible());
        QVERIFY(banner->text().isEmpty());
    }

    void theDialogSaysWhatAVersionDrops()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
        const QString horse = testpaths::shared(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
        const auto file = BpatFile::open(horse);
        QVERIFY(file);
        const auto plan = BpatDocument::planFromFile(*file);
        QVERIFY(plan);
        ConvertDialog dialog(*plan, horse, QString(), true);
        QCOMPARE(dialog.target(), format::Dialect::V3Late);
        QVERIFY(dialog.outputPath() != horse);
        QVERIFY2(dialog.noteText().contains(u"already"), qPrintable(dialog.noteText()));
        dialog.setTarget(format::Dialect::V1);
        QCOMPARE(QFileInfo(dialog.outputPath()).fileName(), QStringLiteral("horse_v1.bpat"));
        QVERIFY2(dialog.noteText().contains(u"drops") && dialog.noteText().contains(u"markers")
                     && dialog.noteText().contains(u"bind palette"),
                 qPrintable(dialog.noteText()));
        QVERIFY2(dialog.noteText().contains(u"v1"), qPrintable(dialog.noteText()));
        // The open file itself is refused as the output.
        dialog.setOutputPath(horse);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY(!dialog.findChild<QLabel *>(QStringLiteral("errorLabel"))->isHidden());
        // Labels with a buddy, never a literal ampersand.
        for (QLabel *label : dialog.findChildren<QLabel *>()) {
            if (label->text().contains(u'&'))
                QVERIFY2(label->buddy(), qPrintable(label->text()));
        }
    }
};

QTEST_MAIN(tst_GameVerdict)
#include "tst_GameVerdict.moc"

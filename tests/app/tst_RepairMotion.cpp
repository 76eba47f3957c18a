// The motion repairs in the window: a Fix on a motion finding of the real current humanoid is one
// undo step that removes that finding and changes only its clip, and undo gives back the very
// bytes; Clip > Repair Motion... previews on a copy (the repaired clip with the original as a
// ghost, the gait report before and after) and applies the same repair as one undo step; each
// motion code maps to its repair; a refused repair (nothing to repair) leaves no history.
#include "MainWindow.h"
#include "StudioContext.h"
#include "TestPaths.h"
#include "bpat/BpatFile.h"
#include "motion/ProfileValidator.h"
#include "dialogs/RepairMotionDialog.h"
#include "editing/DocumentSession.h"
#include "editing/MotionRepairActions.h"
#include "editing/RepairMotionCommand.h"
#include "motion/MotionCodes.h"
#include "ui_MainWindow.h"
#include "viewport/ViewportWidget.h"

#include <QFile>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;
namespace mc = MotionCodes;

namespace {

const QString Current = QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");

Diagnostics motionFindings(const BpatFile &file, const QString &code, const QString &clip = QString())
{
    Diagnostics out;
    for (const Diagnostic &d : ProfileValidator(ValidationOptions::make(ValidationProfile::Motion)).validate(file).issues) {
        if (d.code == code && (clip.isEmpty() || d.location.clipName == clip))
            out.append(d);
    }
    return out;
}

} // namespace

class tst_RepairMotion : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        BPAT_REQUIRE_SHARED(Current);
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("humanoid.bpat"));
        QVERIFY(QFile::copy(testpaths::shared(Current), m_path));
    }

    void eachCodeHasItsRepair_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<bool>("repaired");
        QTest::newRow("pop") << mc::MOTION_POP << true;
        QTest::newRow("seam") << mc::LOOP_SEAM << true;
        QTest::newRow("stretch") << mc::BONE_STRETCH << true;
        QTest::newRow("below") << mc::FOOT_BELOW_GROUND << true;
        QTest::newRow("contacts") << mc::CONTACT_MISMATCH << true;
        QTest::newRow("not checked") << mc::MOTION_NOT_CHECKED << false;
        QTest::newRow("spec code") << QStringLiteral("NON_FINITE") << false;
    }
    void eachCodeHasItsRepair()
    {
        QFETCH(QString, code);
        QFETCH(bool, repaired);
        Diagnostic d{code, Severity::Warning, QString(), std::nullopt, DiagnosticLocation::palette(3, QStringLiteral("x"), 5, 2)};
        QString label;
        const std::optional<FixOptions> options = MotionRepairActions::optionsFor(d, &label);
        QCOMPARE(options.has_value(), repaired);
        if (!repaired)
            return;
        QVERIFY(label.startsWith(QStringLiteral("Fix: ")));
        QCOMPARE(options->clips, QStringList{QStringLiteral("3")});
        QCOMPARE(options->findings.size(), 1);
        QVERIFY(options->asksAnything());
    }

    // The forearm snap of attack_sword_a, fixed from its finding: one undo step.
    void fixOnAFindingIsOneUndoStep()
    {
        StudioContext context;
        QVERIFY(context.open(m_path) != StudioContext::OpenResult::Failed);
        const QByteArray before = context.file().bytes().toByteArray();
        const Diagnostics pops = motionFindings(context.file(), mc::MOTION_POP, QStringLiteral("attack_sword_a"));
        QCOMPARE(pops.size(), 1);
        const std::optional<FixOptions> options = MotionRepairActions::optionsFor(pops.first());
        DocumentSession *session = context.session();
        auto *command = new RepairMotionCommand(session, *options, QStringLiteral("Fix the pop"));
        QString error;
        QVERIFY2(session->execute(command, &error), qPrintable(error));
        QCOMPARE(session->undoStack()->count(), 1);
        QVERIFY(motionFindings(context.file(), mc::MOTION_POP, QStringLiteral("attack_sword_a")).isEmpty());
        // Only that clip changed.
        const BpatFile after = context.file();
        const BpatFile original = BpatFile::fromData(before);
        for (int c = 0; c < original.clips().size(); ++c) {
            if (original.clips().at(c).name == QLatin1String("attack_sword_a"))
                continue;
            const BpatClipInfo &info = original.clips().at(c);
            for (quint32 f = 0; f < info.frameCount; f += 5)
                QCOMPARE(after.matrixFloats(info.frameOffset + f, 7), original.matrixFloats(info.frameOffset + f, 7));
        }
        session->undoStack()->undo();
        QCOMPARE(context.file().bytes().toByteArray(), before);
        session->undoStack()->redo();
        QVERIFY(motionFindings(context.file(), mc::MOTION_POP, QStringLiteral("attack_sword_a")).isEmpty());
    }

    void nothingToRepairLeavesNoHistory()
    {
        StudioContext context;
        QVERIFY(context.open(m_path) != StudioContext::OpenResult::Failed);
        FixOptions options;
        options.smoothPops = true;
        options.clips = {QStringLiteral("walk")}; // no pop there
        QString error;
        QVERIFY(!context.session()->execute(new RepairMotionCommand(context.session(), options, QStringLiteral("x")), &error));
        QVERIFY(!error.isEmpty());
        QCOMPARE(context.session()->undoStack()->count(), 0);
    }

    void dialogPreviewsOnACopy()
    {
        StudioContext context;
        QVERIFY(context.open(m_path) != StudioContext::OpenResult::Failed);
        const BpatDocument *document = context.session()->document();
        QVERIFY(document);
        const int clip = document->findClip(QStringLiteral("walk"));
        RepairMotionDialog dialog(*document, clip);
        QVERIFY(dialog.setRepairs({QStringLiteral("foot-lock")}));
        QVERIFY(!dialog.setRepairs({QStringLiteral("dance")}));
        QVERIFY(dialog.setRepairs({QStringLiteral("foot-lock")}));
        QCOMPARE(dialog.options().clips, QStringList{QString::number(clip)});
        QVERIFY(dialog.options().footLock);
        QVERIFY2(dialog.preview(), qPrintable(dialog.reportText()));
        QCOMPARE(dialog.previewClip(), clip);
        QVERIFY(dialog.report().changed());
        QVERIFY(dialog.gaitTable()->rowCount() >= 5);
        QCOMPARE(dialog.gaitTable()->item(0, 1)->text(), dialog.gaitTable()->item(0, 1)->text());
        QVERIFY(dialog.reportText().contains(QStringLiteral("motion lint before")));
        QVERIFY(dialog.summary().contains(QStringLiteral("foot lock")));
        // The open file is untouched until the repair is applied.
        QCOMPARE(context.session()->undoStack()->count(), 0);
        QVERIFY(context.session()->execute(new RepairMotionCommand(context.session(), dialog.options(), dialog.summary())));
        QCOMPARE(context.session()->undoStack()->count(), 1);
        QCOMPARE(context.session()->undoStack()->undoText(), dialog.summary());
    }

    void windowHasTheActions()
    {
        MainWindow window;
        window.setInteractive(false);
        QVERIFY(window.context()->open(m_path) != StudioContext::OpenResult::Failed);
        QVERIFY(window.form()->actionRepairMotion->isEnabled());
        QVERIFY(window.repairActions());
        // The current humanoid's walk is clean since the lint judges only deforming bones along
        // their length (issue 38): a length change of another clip (idle_squat's spine).
        const Diagnostics stretch = motionFindings(window.context()->file(), mc::BONE_STRETCH);
        QVERIFY(!stretch.isEmpty());
        QVERIFY(window.repairActions()->fixFinding(stretch.first()));
        QCOMPARE(window.context()->session()->undoStack()->count(), 1);
        RepairMotionDialog *dialog = window.repairActions()->openDialog({QStringLiteral("all")}, false);
        QVERIFY(dialog);
        QVERIFY(dialog->hasPreview());
        dialog->close();
    }

private:
    QTemporaryDir m_dir;
    QString m_path;
};

QTEST_MAIN(tst_RepairMotion)
#include "tst_RepairMotion.moc"

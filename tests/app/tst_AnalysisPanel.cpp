// The Analysis tab on the real files: the game's numbers for the humanoid's walk, the motion
// findings of a clip from the lint job, plots with the current frame and the findings, a click
// on a finding or a plot jumping to its frame and bone, the motion profile in the Validation
// panel's choices, and the window's --tab analysis.
#include "StudioContext.h"
#include "TestPaths.h"
#include "ValidationRun.h"
#include "jobs/JobController.h"
#include "models/GaitMetricsModel.h"
#include "models/MotionFindingsModel.h"
#include "plot/AnalysisChart.h"
#include "widgets/AnalysisPanel.h"

#include <QTableView>
#include <QtTest/QTest>

using namespace bpat::studio;

class tst_AnalysisPanel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void reportFindingsAndJumps()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        StudioContext context;
        JobController jobs;
        AnalysisPanel panel(&context, &jobs);
        panel.resize(1200, 800);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QVERIFY(context.open(testpaths::shared(file)) != StudioContext::OpenResult::Failed);
        context.setCurrentClipByName(QStringLiteral("walk"));
        // The game's numbers (motion-analysis.md).
        QCOMPARE(panel.metrics()->valueText(QStringLiteral("contact_retreat")), QStringLiteral("0.3963 m"));
        QCOMPARE(panel.metrics()->valueText(QStringLiteral("skate_free_speed_0.70")), QStringLiteral("0.566 m/s"));
        QVERIFY(panel.metrics()->valueText(QStringLiteral("worst_bone_stretch")).startsWith(QStringLiteral("1.0483 (thigh_r")));
        // Four plots: feet heights, feet and hand z, bob and sway, stretch; the frame follows.
        QCOMPARE(panel.charts().size(), 4);
        QCOMPARE(panel.charts().at(0)->lines().size(), 2);
        QCOMPARE(panel.charts().at(0)->frames(), 24);
        QCOMPARE(panel.charts().at(3)->lines().size(), 1);
        // The lint runs as a job; attack_bow's HandL snaps at frame 14.
        QTRY_VERIFY_WITH_TIMEOUT(panel.lintDone(), 20000);
        context.setCurrentClipByName(QStringLiteral("attack_bow"));
        int pop = -1;
        for (int row = 0; row < panel.findings()->rowCount(); ++row) {
            if (panel.findings()->finding(row).code == QLatin1String("MOTION_POP"))
                pop = row;
        }
        QVERIFY(pop >= 0);
        QCOMPARE(panel.findings()->finding(pop).location.frame, 14);
        QCOMPARE(panel.findings()->finding(pop).location.bone, 9);
        // A click on the finding: that frame, that bone.
        const QModelIndex cell = panel.findings()->index(pop, MotionFindingsModel::MessageColumn);
        panel.findingsView()->scrollTo(cell);
        QTest::mouseClick(panel.findingsView()->viewport(), Qt::LeftButton, {}, panel.findingsView()->visualRect(cell).center());
        QCOMPARE(context.currentFrame(), 14);
        QCOMPARE(context.currentBone(), 9);
        // The finding is marked on the plots; picking its mark gives its frame and bone.
        AnalysisChart *feetZ = panel.charts().at(1); // HandL z is plotted there
        const AnalysisChart::Mark mark{14, 9, bpat::Severity::Warning, QString()};
        const auto [frame, bone] = feetZ->pick(feetZ->markPoint(mark));
        QCOMPARE(frame, 14);
        QCOMPARE(bone, 9);
        // A click on a plot jumps there.
        context.setCurrentFrame(0);
        const QPointF at = feetZ->chart()->mapToPosition(feetZ->markPoint(mark));
        QTest::mouseClick(feetZ->viewport(), Qt::LeftButton, {}, feetZ->mapFromScene(feetZ->chart()->mapToScene(at)));
        QCOMPARE(context.currentFrame(), 14);
    }

    void motionIsAValidationProfile()
    {
        QVERIFY(validationProfiles().contains(QStringLiteral("motion")));
        const QString file = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        StudioContext context;
        QVERIFY(context.open(testpaths::shared(file)) != StudioContext::OpenResult::Failed);
        context.setProfile(bpat::ValidationProfile::Motion);
        bool popFound = false;
        for (const bpat::Diagnostic &d : context.diagnostics())
            popFound |= d.code == QLatin1String("MOTION_POP") && d.location.clipName == QLatin1String("attack_bow");
        QVERIFY(popFound);
    }
};

QTEST_MAIN(tst_AnalysisPanel)
#include "tst_AnalysisPanel.moc"

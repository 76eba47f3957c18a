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

#include <QAction>
#include <QChart>
#include <QMenu>
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
        QVERIFY2(
            panel.metrics()->valueText(QStringLiteral("worst_bone_stretch")).startsWith(QStringLiteral("1.0483 (HipR -> KneeR")),
            qPrintable(panel.metrics()->valueText(QStringLiteral("worst_bone_stretch"))));
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

    // One stretch, one name; a finding over a run of frames offers its first and its worst frame;
    // the horse's feet named as an animator names them (issue 38, items 4 and 6).
    void namesAndFrames()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        StudioContext context;
        JobController jobs;
        AnalysisPanel panel(&context, &jobs);
        panel.resize(1400, 900);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QVERIFY(context.open(testpaths::shared(file)) != StudioContext::OpenResult::Failed);
        context.setCurrentClipByName(QStringLiteral("run"));
        // The humanoid's limb stretch against the game's rig lengths: titled and named so, and the
        // plot's line gives the peak the table gives.
        AnalysisChart *stretch = panel.charts().at(3);
        QVERIFY(stretch->chart()->title().startsWith(QStringLiteral("Limb stretch")));
        const QString value = panel.metrics()->valueText(QStringLiteral("worst_bone_stretch"));
        QVERIFY2(stretch->lines().at(0).label.contains(QStringLiteral("peak ") + value.section(QLatin1Char(' '), 0, 0)),
                 qPrintable(stretch->lines().at(0).label + QStringLiteral(" / ") + value));
        double peak = 0.0;
        for (double v : stretch->lines().at(0).values)
            peak = std::max(peak, v);
        QCOMPARE(QString::number(peak, 'f', 4), value.section(QLatin1Char(' '), 0, 0));

        QTRY_VERIFY_WITH_TIMEOUT(panel.lintDone(), 30000);
        context.setCurrentClipByName(QStringLiteral("run"));
        int row = -1;
        for (int r = 0; r < panel.findings()->rowCount(); ++r) {
            if (panel.findings()->finding(r).message.startsWith(QStringLiteral("HipL -> KneeL changes length")))
                row = r;
        }
        QVERIFY(row >= 0);
        QCOMPARE(panel.findings()->index(row, MotionFindingsModel::FrameColumn).data().toString(),
                 QStringLiteral("24 first, 28 worst"));
        const QModelIndex cell = panel.findings()->index(row, MotionFindingsModel::FrameColumn);
        panel.findingsView()->scrollTo(cell);
        QTest::mouseClick(panel.findingsView()->viewport(), Qt::LeftButton, {}, panel.findingsView()->visualRect(cell).center());
        QTRY_VERIFY(panel.frameMenu()->isVisible());
        const QList<QAction *> offered = panel.frameMenu()->actions();
        QCOMPARE(offered.size(), 2);
        QVERIFY(offered.at(0)->text().contains(QStringLiteral("frame 24 (the first")));
        QVERIFY(offered.at(1)->text().contains(QStringLiteral("frame 28 (the worst)")));
        offered.at(1)->trigger();
        panel.frameMenu()->close();
        QCOMPARE(context.currentFrame(), 28);
        QCOMPARE(context.currentBone(), 15);

        // The horse: feet as an animator names them; the length change of the quadruped report.
        const QString horse = QStringLiteral("upstream_assets/bpat_current/horse.bpat");
        QVERIFY(context.open(testpaths::shared(horse)) != StudioContext::OpenResult::Failed);
        context.setCurrentClipByName(QStringLiteral("walk"));
        QStringList heights;
        for (const AnalysisChart::Line &line : panel.charts().at(0)->lines())
            heights << line.label;
        QCOMPARE(heights.first(), QStringLiteral("front left hoof height"));
        QVERIFY(panel.charts().at(3)->chart()->title().startsWith(QStringLiteral("Length change")));
        bool named = false;
        for (int r = 0; r < panel.metrics()->rowCount(); ++r)
            named = named || panel.metrics()->index(r, 0).data().toString() == QStringLiteral("front left hoof (FF.L) travel");
        QVERIFY(named);
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

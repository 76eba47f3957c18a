// Motion over time in the 3D viewport (issue 20): motion-path points are the palette
// translations of the real humanoid's attack_sword_a (and the canvas draws them), a recording's
// paths follow its time, and onion skins wrap, stop at one-shot ends and ride in the creature's
// one instanced draw. GL parts run under Xvfb (Mesa llvmpipe) and are left out without OpenGL;
// screenshots go to $BPAT_SCREENSHOT_DIR when set.
#include "GeneratedAnimation.h"
#include "TestPaths.h"
#include "bpat/BpatFile.h"
#include "viewport/MotionPaths.h"
#include "viewport/RecordingScene.h"
#include "viewport/SyntheticCreature.h"
#include "viewport/ViewportWidget.h"
#include "MainWindow.h"
#include "ui_MainWindow.h"
#include "StudioContext.h"
#include "widgets/TablePanel.h"

#include <QAction>
#include <QDockWidget>
#include <QItemSelectionModel>
#include <QStandardPaths>
#include <QTableView>

#include <QDir>
#include <QImage>
#include <QTest>

using namespace bpat;
using namespace bpat::studio;

namespace {

void saveScreenshot(const QImage &image, const QString &name)
{
    const QString dir = qEnvironmentVariable("BPAT_SCREENSHOT_DIR");
    if (!dir.isEmpty() && QDir().mkpath(dir))
        image.save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

} // namespace

class tst_MotionOverTime : public QObject
{
    Q_OBJECT

    bool haveGL() const { return ViewportWidget::openGLProblem().isEmpty(); }

private Q_SLOTS:
    // A socket selected in the Sockets panel (or a socket row of the Palette panel) gets a motion
    // path, while the action is on, until a bone is selected.
    void selectedSocketsGetMotionPaths()
    {
        const QString relative = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
        BPAT_REQUIRE_SHARED(relative);
        QStandardPaths::setTestModeEnabled(true);
        MainWindow window;
        window.setInteractive(false);
        QVERIFY(window.openFile(testpaths::shared(relative)));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *viewport = window.findChild<ViewportWidget *>();
        QVERIFY(viewport);
        ViewportCanvas *canvas = viewport->canvas();
        if (!canvas)
            QSKIP(qPrintable(QStringLiteral("no OpenGL here (run under xvfb-run): ") + viewport->unavailableReason()));
        QAction *action = window.form()->actionMotionPath;
        action->setChecked(true);
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("socketsDock"));
        QVERIFY(dock);
        auto *panel = qobject_cast<TablePanel *>(dock->widget());
        QVERIFY(panel);
        int handR = -1;
        const auto &sockets = window.context()->file().sockets();
        for (int i = 0; i < sockets.size(); ++i) {
            if (sockets.at(i).name == QLatin1String("hand_r"))
                handR = i;
        }
        QVERIFY(handR >= 0);
        panel->selectSourceRow(handR);
        QCOMPARE(window.context()->currentSocket(), handR);
        QVERIFY(canvas->motionPathNames().contains(QStringLiteral("hand_r")));
        // Selecting a bone moves the Palette panel's one selection to it: the socket is let go.
        window.context()->setCurrentBone(13);
        QCOMPARE(canvas->motionPathNames(), QStringList{QStringLiteral("HandR")});
        QCOMPARE(window.context()->currentSocket(), -1);
        action->setChecked(false);
        QVERIFY(canvas->motionPathNames().isEmpty());
    }

    void motionPathsArePaletteTranslations()
    {
        const QString relative = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
        BPAT_REQUIRE_SHARED(relative);
        const std::optional<BpatFile> file = BpatFile::open(testpaths::shared(relative));
        QVERIFY(file);
        ViewportScene scene;
        scene.setSource(PaletteSource::fromFile(*file));
        int clip = -1;
        for (int c = 0; c < scene.source().clips.size(); ++c) {
            if (scene.source().clips.at(c).name == QLatin1String("attack_sword_a"))
                clip = c;
        }
        QVERIFY(clip >= 0);
        const PaletteClip &c = scene.source().clips.at(clip);
        QStringList unknown;
        const QList<MotionPath> paths = MotionPaths::forClip(
            scene, clip, c.frameOffset + 5,
            {QStringLiteral("HandL"), QStringLiteral("HandR"), QStringLiteral("hand_r"), QStringLiteral("Tail")}, &unknown);
        QCOMPARE(unknown, QStringList{QStringLiteral("Tail")});
        QCOMPARE(paths.size(), 3);
        const qsizetype boneFor[] = {scene.boneNames().indexOf(QStringLiteral("HandL")),
                                     scene.boneNames().indexOf(QStringLiteral("HandR")),
                                     scene.boneNames().indexOf(QStringLiteral("HandR"))}; // hand_r: offset 0 on HandR
        for (int p = 0; p < paths.size(); ++p) {
            QCOMPARE(paths[p].points.size(), qsizetype(c.frameCount));
            QCOMPARE(paths[p].current, 5);
            for (quint32 f = 0; f < c.frameCount; ++f) {
                const std::optional<std::array<float, 16>> m = file->matrixFloats(c.frameOffset + f, quint32(boneFor[p]));
                QVERIFY(m);
                const QVector3D expected((*m)[3], (*m)[7], (*m)[11]);
                QVERIFY2((paths[p].points.at(f) - expected).length() < 1e-5f,
                         qPrintable(QStringLiteral("%1 frame %2").arg(paths[p].name).arg(f)));
            }
        }
        // The hands move through the swing.
        QVERIFY((paths[1].points.first() - paths[1].points.at(12)).length() > 0.05f);

        if (!haveGL())
            return;
        ViewportWidget widget;
        widget.resize(420, 320);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        ViewportCanvas &viewport = *widget.canvas();
        viewport.setFile(*file);
        viewport.setCurrentFrame(clip, 5);
        widget.setMotionPaths({QStringLiteral("HandL"), QStringLiteral("HandR")});
        const QList<MotionPath> drawn = viewport.motionPaths();
        QCOMPARE(drawn.size(), 2);
        QCOMPARE(drawn[1].points, paths[1].points);
        QCOMPARE(drawn[1].current, 5);
        saveScreenshot(viewport.grabFramebuffer(), QStringLiteral("motion-path-attack_sword_a"));
    }

    void recordingMotionPathsFollowTheTime()
    {
        RecordingScene scene;
        const auto animation = generated::makeAnimation();
        scene.setAnimation(animation);
        scene.setTime(5.0);
        QStringList unknown;
        const QList<MotionPath> paths =
            MotionPaths::forRecording(scene, {QStringLiteral("LeftHand/IndexTip"), QStringLiteral("Nose")}, &unknown);
        QCOMPARE(unknown, QStringList{QStringLiteral("Nose")});
        QCOMPARE(paths.size(), 1);
        const MotionPath &path = paths.first();
        const int expectedPoints = int(2 * MotionPaths::kRecordingWindow * MotionPaths::kRecordingRate) + 1;
        QCOMPARE(path.points.size(), qsizetype(expectedPoints));
        QCOMPARE(path.current, int(MotionPaths::kRecordingWindow * MotionPaths::kRecordingRate));
        QVERIFY((path.points.at(path.current) - scene.jointPosition(Hand::Left, HandJoint::IndexTip)).length() < 1e-5f);
        for (int i = 0; i < path.points.size(); i += 17) {
            const double t = 5.0 + (i - path.current) / MotionPaths::kRecordingRate;
            const QVector3D expected = animation->joint(Hand::Left, HandJoint::IndexTip).evaluate(t).toRightHandedYUp().position;
            QVERIFY((path.points.at(i) - expected).length() < 1e-5f);
        }
    }

    void onionSkinsRideInOneDraw()
    {
        PaletteClip loop{QStringLiteral("gallop"), 80, 12, 24.0f, true};
        QList<CreatureInstance> ghosts = ViewportCanvas::onionInstances(loop, 1, 2, 1);
        QCOMPARE(ghosts.size(), 4);
        // Nearest first, before then after; the loop wraps; fading grows with distance.
        QCOMPARE(ghosts[0].phase, 0.0f / 12);
        QCOMPARE(ghosts[1].phase, 2.0f / 12);
        QCOMPARE(ghosts[2].phase, 11.0f / 12);
        QCOMPARE(ghosts[3].phase, 3.0f / 12);
        QVERIFY((ghosts[0].loops >> 8) < (ghosts[2].loops >> 8));
        QCOMPARE(ghosts[0].loops & 1u, 1u);
        PaletteClip once{QStringLiteral("attack"), 0, 24, 24.0f, false};
        ghosts = ViewportCanvas::onionInstances(once, 0, 3, 2);
        QCOMPARE(ghosts.size(), 3); // none before the first frame
        QCOMPARE(ghosts[0].loops & 1u, 0u);

        if (!haveGL())
            return;
        ViewportWidget widget;
        widget.resize(420, 320);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        ViewportCanvas &viewport = *widget.canvas();
        const QString relative = QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat");
        const std::optional<BpatFile> horse = BpatFile::open(testpaths::shared(relative));
        if (horse)
            viewport.setFile(*horse);
        else
            viewport.setFile(BpatFile::fromData(SyntheticCreature::humanoidFileBytes(), QStringLiteral("synthetic.bpat")));
        const int clip = horse ? 4 : 0; // gallop
        viewport.setCurrentFrame(clip, 3);
        widget.setOnionSkins(3, 1);
        viewport.viewSide();
        viewport.frameAll();
        const QImage image = viewport.grabFramebuffer();
        QCOMPARE(viewport.drawnInstances().size(), 7);
        QCOMPARE(viewport.lastDrawCalls(), 1);
        if (horse)
            saveScreenshot(image, QStringLiteral("onion-horse-gallop"));
        widget.setOnionSkins(0);
        viewport.grabFramebuffer();
        QCOMPARE(viewport.drawnInstances().size(), 1);
    }
};

QTEST_MAIN(tst_MotionOverTime)
#include "tst_MotionOverTime.moc"

// Motion in the 3D viewport (issue 20): a recording's joints as drawn (the hands rig palette and
// the overlay's joint positions) equal the core's evaluation at chosen times, also after
// backward scrubs; the GPU skins that palette like the CPU; the viewport draws the recording
// alone and over a creature at one instant; motion-path points are the palette translations of
// the real humanoid's attack_sword_a; onion skins ride in the creature's one instanced draw.
// GL parts run under Xvfb (Mesa llvmpipe) and skip without OpenGL; screenshots go to
// $BPAT_SCREENSHOT_DIR when set.
#include "ViewportPixels.h"
#include "GeneratedAnimation.h"
#include "RealRecording.h"
#include "TestPaths.h"
#include "anim/CurveEvaluator.h"
#include "bpat/BpatFile.h"
#include "rebake/BuiltinRecipes.h"
#include "viewport/CreatureRenderer.h"
#include "viewport/MotionPaths.h"
#include "viewport/RecordingScene.h"
#include "viewport/SyntheticCreature.h"
#include "viewport/ViewportWidget.h"

#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QTest>
#include <memory>

using namespace bpat;
using namespace bpat::studio;

namespace {

using viewportpixels::foregroundPixels;

void saveScreenshot(const QImage &image, const QString &name)
{
    const QString dir = qEnvironmentVariable("BPAT_SCREENSHOT_DIR");
    if (!dir.isEmpty() && QDir().mkpath(dir))
        image.save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

// The hands recipe's bone for a hand joint (-1: none, e.g. HandJoint::None).
int boneOf(const RebakeRecipe &recipe, const CurveGroup &group)
{
    for (int b = 0; b < recipe.boneCount(); ++b) {
        if (recipe.bones.at(b).curve == group && recipe.bones.at(b).drive != DriveKind::Rest)
            return b;
    }
    return -1;
}

QVector3D translation(const RecordingScene &scene, int bone)
{
    const QList<float> m = scene.palette();
    return QVector3D(m.at(bone * 16 + 3), m.at(bone * 16 + 7), m.at(bone * 16 + 11));
}

// Every joint position the scene holds (and the palette it draws, for tracked hands) against
// random-access evaluation by the core at each time; returns the largest difference.
float compareWithCore(const InputAnimation &animation, const QList<double> &times, QString *where)
{
    RecordingScene scene;
    scene.setAnimation(std::make_shared<const InputAnimation>(animation));
    const RebakeRecipe recipe = BuiltinRecipes::hands();
    float worst = 0;
    const auto check = [&](const QVector3D &drawn, const QVector3D &expected, const QString &what) {
        const float d = (drawn - expected).length();
        if (!(d <= worst)) {
            worst = std::isfinite(d) ? d : INFINITY;
            *where = what;
        }
    };
    for (const double t : times) {
        scene.setTime(t);
        if (scene.time() != std::clamp(t, scene.startTime(), scene.endTime())) {
            *where = QStringLiteral("time %1 sampled as %2").arg(t).arg(scene.time());
            return INFINITY;
        }
        const double at = scene.time();
        const QVector3D camera = animation.camera().evaluate(at).toRightHandedYUp().position;
        check(scene.camera().position, camera, QStringLiteral("camera at %1").arg(at));
        check(translation(scene, boneOf(recipe, CurveGroup::cameraGroup())), camera, QStringLiteral("Head bone at %1").arg(at));
        for (int h = 0; h < HandCount; ++h) {
            const Hand hand = Hand(h);
            const bool tracked = CurveEvaluator::evaluate(
                animation.handBool(h == 0 ? HandBoolCurve::LeftTracked : HandBoolCurve::RightTracked), at);
            if (scene.tracked(hand) != tracked) {
                *where = QStringLiteral("%1 tracked at %2").arg(handName(hand)).arg(at);
                return INFINITY;
            }
            for (int j = 1; j < HandJointCount; ++j) {
                const HandJoint joint = HandJoint(j);
                const QVector3D expected = animation.joint(hand, joint).evaluate(at).toRightHandedYUp().position;
                const QString name = QStringLiteral("%1/%2 at %3").arg(handName(hand), handJointName(joint)).arg(at);
                check(scene.jointPosition(hand, joint), expected, name);
                check(*scene.position(handName(hand) + u'/' + handJointName(joint)), expected, name);
                if (tracked)
                    check(translation(scene, boneOf(recipe, CurveGroup::handJoint(hand, joint))), expected,
                          name + QStringLiteral(" (palette)"));
            }
        }
    }
    return worst;
}

} // namespace

class tst_RecordingViewport : public QObject
{
    Q_OBJECT

    std::unique_ptr<QOpenGLContext> m_context;
    std::unique_ptr<QOffscreenSurface> m_surface;

    bool haveGL() const { return ViewportWidget::openGLProblem().isEmpty(); }

private Q_SLOTS:
    void generatedRecordingDrawsTheCoresEvaluation()
    {
        const auto animation = generated::makeAnimation();
        QString where;
        // Forward, a backward scrub, past both ends, and instants inside and outside tracking.
        const QList<double> times{0.0, 0.5, 1.25, 3.9, 4.2, 2.0, 6.5, 9.99, 0.1, 100.0, -5.0, 7.77};
        const float worst = compareWithCore(*animation, times, &where);
        QVERIFY2(worst < 1e-5f, qPrintable(QStringLiteral("%1 off by %2").arg(where).arg(worst)));
    }

    void realRecordingDrawsTheCoresEvaluation()
    {
        BPAT_REAL_RECORDING(animation);
        QString where;
        QList<double> times;
        for (double t = 0.0; t < 14.5; t += 0.37)
            times.append(t);
        times += {13.0, 2.5, 7.25, 0.0, 14.5};
        const float worst = compareWithCore(*animation, times, &where);
        QVERIFY2(worst < 1e-5f, qPrintable(QStringLiteral("%1 off by %2").arg(where).arg(worst)));
    }

    void sceneShowsStatesAndFramesTheExtent()
    {
        const auto animation = generated::makeAnimation();
        RecordingScene scene;
        scene.setAnimation(animation);
        QCOMPARE(scene.boneCount(), 53);
        QCOMPARE(scene.rigScene().rigName(), QStringLiteral("hands"));
        QVERIFY(scene.hasGaze());
        scene.setTime(2.0);
        QVERIFY(scene.tracked(Hand::Left));
        const int samples = scene.sampleCount();
        QVERIFY(!scene.setTime(2.0)); // the same instant costs nothing
        QCOMPARE(scene.sampleCount(), samples);
        QList<LineVertex> lines;
        scene.appendLines(lines);
        QVERIFY(!lines.isEmpty());
        // The gaze ray starts at the evaluated origin.
        const RaySample gaze = animation->eyeGaze().evaluate(2.0).toRightHandedYUp();
        bool found = false;
        for (qsizetype i = 0; i + 1 < lines.size(); i += 2) {
            const QVector3D a(lines[i].position[0], lines[i].position[1], lines[i].position[2]);
            const QVector3D b(lines[i + 1].position[0], lines[i + 1].position[1], lines[i + 1].position[2]);
            found = found
                || ((a - gaze.origin).length() < 1e-5f
                    && (b - (gaze.origin + gaze.direction * RecordingScene::kGazeLength)).length() < 1e-4f);
        }
        QVERIFY(found);
        // Untracked at 5 s: the left hand's lines fade.
        scene.setTime(5.0);
        QVERIFY(!scene.tracked(Hand::Left));
        lines.clear();
        scene.appendLines(lines);
        bool faded = false;
        for (const LineVertex &v : lines)
            faded = faded || v.color[3] < 0.5f;
        QVERIFY(faded);
        // An onion skin's palette at another instant equals the palette sampled there.
        std::vector<float> ghost;
        scene.appendPaletteAt(3.0, &ghost);
        QCOMPARE(scene.time(), 5.0); // the current sample stays
        scene.setTime(3.0);
        const QList<float> sampled = scene.palette();
        QCOMPARE(qsizetype(ghost.size()), sampled.size());
        for (qsizetype i = 0; i < sampled.size(); ++i)
            QVERIFY2(qAbs(ghost[size_t(i)] - sampled.at(i)) < 1e-6f, qPrintable(QString::number(i)));
        // The camera moves 0.5 m/s along Unity's -Z for 10 s, +Z once converted: the extent spans it.
        QVERIFY(scene.extentLo().z() <= 0.0f);
        QVERIFY(scene.extentHi().z() >= 4.9f);
    }

    void hostileTimesStayBounded()
    {
        // Keys 1e38 s apart: setting up, sampling, paths and ghosts must stay bounded (no loop
        // stepping through the duration) and finite where the curves are.
        auto animation = std::make_shared<InputAnimation>();
        animation->camera()[PoseComponent::PositionX].setKeys(
            {Keyframe::linear(-1.0e38f, 0.0f), Keyframe::linear(0.0f, 1.0f), Keyframe::linear(1.0e38f, 2.0f)});
        animation->handBool(HandBoolCurve::LeftTracked).setKeys({{-1.0e38f, 0.0f}, {1.0e38f, 1.0f}});
        QElapsedTimer timer;
        timer.start();
        RecordingScene scene;
        scene.setAnimation(animation);
        QVERIFY(scene.setTime(0.0));
        QVERIFY(std::isfinite(scene.camera().position.x()));
        scene.setTime(5.0e37);
        scene.setTime(-1.0e38);
        QVERIFY(!scene.setTime(std::nan("")));
        const QList<MotionPath> paths = MotionPaths::forRecording(scene, {QStringLiteral("Camera")});
        QCOMPARE(paths.size(), 1);
        QVERIFY(paths.first().points.size() <= 2 * int(MotionPaths::kRecordingWindow * MotionPaths::kRecordingRate) + 1);
        std::vector<float> ghost;
        scene.appendPaletteAt(1.0e38, &ghost);
        QCOMPARE(qsizetype(ghost.size()), qsizetype(scene.boneCount()) * 16);
        QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
    }

    void gpuSkinsTheRecordingPalette()
    {
        if (!haveGL())
            QSKIP(qPrintable(ViewportWidget::openGLProblem()));
        QSurfaceFormat format;
        format.setVersion(3, 3);
        format.setProfile(QSurfaceFormat::CoreProfile);
        QOpenGLContext context;
        context.setFormat(format);
        QVERIFY(context.create());
        QOffscreenSurface surface;
        surface.setFormat(context.format());
        surface.create();
        QVERIFY(context.makeCurrent(&surface));
        RecordingScene scene;
        scene.setAnimation(generated::makeAnimation());
        CreatureRenderer renderer;
        QVERIFY2(renderer.initialize(), qPrintable(renderer.error()));
        renderer.setMesh(scene.rigScene().mesh());
        for (const double t : {1.5, 7.0, 0.25}) {
            scene.setTime(t);
            QVERIFY(renderer.setSource(scene.source()));
            const QList<QVector3D> gpu = renderer.captureSkinnedPositions(CreatureInstance::atFrame(0, 1, 0, false), 0, false);
            const SkinnedPose cpu = scene.rigScene().mesh().skin(scene.palette());
            QCOMPARE(gpu.size(), cpu.positions.size());
            QVERIFY(!gpu.isEmpty());
            float worst = 0;
            for (qsizetype v = 0; v < gpu.size(); ++v)
                worst = std::max(worst, (gpu.at(v) - cpu.positions.at(v)).length());
            QVERIFY2(worst < 1e-4f, qPrintable(QStringLiteral("at %1 s: %2").arg(t).arg(worst)));
        }
        renderer.destroy();
        context.doneCurrent();
    }

    void viewportDrawsTheRecording()
    {
        if (!haveGL())
            QSKIP(qPrintable(ViewportWidget::openGLProblem()));
        ViewportWidget widget;
        widget.resize(420, 320);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        ViewportCanvas &viewport = *widget.canvas();
        viewport.setOverlays({});
        const auto animation = generated::makeAnimation();
        widget.setRecording(animation);
        widget.setRecordingShown(true);
        widget.setRecordingTime(2.0);
        QVERIFY(viewport.drawsRecording());
        QVERIFY(!viewport.drawsCreature());
        const QImage image = viewport.grabFramebuffer();
        saveScreenshot(image, QStringLiteral("recording-generated"));
        QVERIFY2(foregroundPixels(image) > 200, qPrintable(QString::number(foregroundPixels(image))));
        QCOMPARE(viewport.lastDrawCalls(), 1);
        QCOMPARE(viewport.recording().time(), 2.0);
        // Onion skins of the hands: ghosts 0.1 s apart in the same draw, none before the start.
        widget.setOnionSkins(2, 1);
        QImage ghosts = viewport.grabFramebuffer();
        QCOMPARE(viewport.recordingInstances(), 5);
        QCOMPARE(viewport.lastDrawCalls(), 1);
        widget.setRecordingTime(0.0);
        ghosts = viewport.grabFramebuffer();
        QCOMPARE(viewport.recordingInstances(), 3);
        saveScreenshot(ghosts, QStringLiteral("recording-onion-generated"));
        widget.setOnionSkins(0);
        viewport.grabFramebuffer();
        QCOMPARE(viewport.recordingInstances(), 1);
        // Hidden again when the timeline plays the clip.
        widget.setRecordingShown(false);
        QVERIFY(!viewport.drawsRecording());
    }

    void overlayShowsOneInstant()
    {
        if (!haveGL())
            QSKIP(qPrintable(ViewportWidget::openGLProblem()));
        ViewportWidget widget;
        widget.resize(320, 240);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        ViewportCanvas &viewport = *widget.canvas();
        viewport.setFile(BpatFile::fromData(SyntheticCreature::humanoidFileBytes(), QStringLiteral("synthetic.bpat")));
        widget.setRecording(generated::makeAnimation());
        widget.setRecordingOverlay(true);
        QVERIFY(viewport.drawsRecording());
        QVERIFY(viewport.drawsCreature());
        const float fps = viewport.scene().source().clips.at(0).fps;
        // The clip drives: the recording shows frame / fps.
        viewport.setCurrentFrame(0, 12);
        QCOMPARE(viewport.recording().time(), 12.0 / double(fps));
        // The recording drives: the creature shows the frame of that time.
        widget.setRecordingShown(true);
        widget.setRecordingTime(0.5);
        QCOMPARE(viewport.frame(), int(std::floor(0.5 * fps + 1e-6)));
        viewport.grabFramebuffer();
        QCOMPARE(viewport.lastDrawCalls(), 2); // the creature and the hands
    }
};

QTEST_MAIN(tst_RecordingViewport)
#include "tst_RecordingViewport.moc"

// Picking that forgives, in the real viewport (OpenGL under Xvfb): a click on the creature's
// body away from every joint and segment picks the bone the body is weighted to there (the
// game's humanoid body, and the stand-in mesh of a v1 file); a click beside a segment picks
// the bone it starts from; Ctrl+click adds a bone instead of replacing the selection; the
// selected bones' joints are drawn as orange dots. Writes a screenshot of the dots.
#include "TestPaths.h"
#include "bpat/BpatFile.h"
#include "viewport/ViewportWidget.h"

#include <QDir>
#include <QSignalSpy>
#include <QTest>

#include <cmath>

using namespace bpat::studio;

namespace {

// The widget position of a bone's joint, found by scanning with a tight joint radius.
QPoint jointOnScreen(const ViewportCanvas &canvas, int bone)
{
    for (int y = 0; y < canvas.height(); y += 2)
        for (int x = 0; x < canvas.width(); x += 2)
            if (canvas.boneAt(QPointF(x, y), 1.5f) == bone)
                return QPoint(x, y);
    return QPoint(-1, -1);
}

} // namespace

class tst_ViewportPicking : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (!ViewportWidget::openGLProblem().isEmpty())
            QSKIP(qPrintable(QStringLiteral("no OpenGL here (run under xvfb-run): ") + ViewportWidget::openGLProblem()));
    }

    void theBodyPicksItsBone_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("bone"); // a bone with body around it (the chest, the spine)
        QTest::newRow("game body") << QStringLiteral("upstream_assets/bpat_current/humanoid.bpat") << 3;
        QTest::newRow("stand-in") << QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat") << 3;
    }
    void theBodyPicksItsBone()
    {
        QFETCH(QString, file);
        QFETCH(int, bone);
        BPAT_REQUIRE_SHARED(file);
        const std::optional<bpat::BpatFile> bpat = bpat::BpatFile::open(testpaths::shared(file));
        QVERIFY(bpat);
        ViewportWidget widget;
        widget.resize(420, 420);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        ViewportCanvas *canvas = widget.canvas();
        QVERIFY(canvas);
        canvas->setFile(*bpat);
        canvas->viewFront();
        canvas->camera().zoom(4); // the torso large
        canvas->grabFramebuffer();
        const QPoint joint = jointOnScreen(*canvas, bone);
        QVERIFY2(joint.x() >= 0, "the joint is in view");

        // Beside the joint, past the joint radius and off every segment: the body under it.
        QPoint onBody(-1, -1);
        BonePicker::Hit hit;
        for (int dx = 14; dx <= 60 && onBody.x() < 0; dx += 3) {
            for (int sign : {-1, 1}) {
                const QPoint at(joint.x() + sign * dx, joint.y());
                if (canvas->pickBone(at, false).how != BonePicker::How::None)
                    continue;
                hit = canvas->pickBone(at);
                if (hit.how == BonePicker::How::Body) {
                    onBody = at;
                    break;
                }
            }
        }
        QVERIFY2(onBody.x() >= 0, "a click on the body beside the joint picks a bone");
        QVERIFY(hit.bone >= 0 && hit.bone < int(bpat->header().boneCount));
        QSignalSpy selected(&widget, &ViewportWidget::boneSelected);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, onBody);
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected.first().first().toInt(), hit.bone);
        QCOMPARE(canvas->selectedBone(), hit.bone);
        // Empty space, far from the creature, still clears the selection.
        QTest::mouseClick(canvas, Qt::LeftButton, {}, QPoint(2, 2));
        QCOMPARE(canvas->selectedBone(), -1);
    }

    void segmentsPickAndCtrlClickAdds()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        const std::optional<bpat::BpatFile> bpat = bpat::BpatFile::open(testpaths::shared(file));
        QVERIFY(bpat);
        ViewportWidget widget;
        widget.resize(420, 420);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        ViewportCanvas *canvas = widget.canvas();
        QVERIFY(canvas);
        canvas->setFile(*bpat);
        canvas->viewFront();
        canvas->grabFramebuffer();
        // The upper arm's segment (UpperArmL 7 -> ForearmL 8), halfway: UpperArmL.
        const QPoint upper = jointOnScreen(*canvas, 7);
        const QPoint fore = jointOnScreen(*canvas, 8);
        QVERIFY(upper.x() >= 0 && fore.x() >= 0);
        const QPoint middle = (upper + fore) / 2;
        QVERIFY2(QLineF(middle, upper).length() > BonePicker::JointPixels, "the arm is long enough on screen");
        const BonePicker::Hit hit = canvas->pickBone(middle);
        QCOMPARE(hit.how, BonePicker::How::Segment);
        QCOMPARE(hit.bone, 7);

        QSignalSpy toggled(&widget, &ViewportWidget::boneToggled);
        QSignalSpy selected(&widget, &ViewportWidget::boneSelected);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, middle);
        QCOMPARE(canvas->selectedBone(), 7);
        QTest::mouseClick(canvas, Qt::LeftButton, Qt::ControlModifier, fore);
        QCOMPARE(toggled.size(), 1);
        QCOMPARE(toggled.first().first().toInt(), 8);
        QCOMPARE(selected.size(), 1); // Ctrl+click does not replace the selection
        canvas->setSelectedBones({7, 8});
        const QImage image = canvas->grabFramebuffer();
        // The selected joints are orange dots (ViewportCanvasOverlays: kSelectedBoneName).
        const qreal ratio = image.devicePixelRatio();
        const QColor dot = image.pixelColor(int(fore.x() * ratio), int(fore.y() * ratio));
        QVERIFY2(dot.red() > 200 && dot.green() > 120 && dot.green() < 200 && dot.blue() < 120, qPrintable(dot.name()));
        const QString dir = qEnvironmentVariable("BPAT_SCREENSHOT_DIR");
        if (!dir.isEmpty() && QDir().mkpath(dir))
            image.save(dir + QStringLiteral("/joint-dots.png"));
    }

    // Controls (the horse's IK and pole targets, its Body root: no body vertex) are no limbs:
    // no skeleton line to or from them, not pickable, until View > Viewport > Control Bones draws
    // them as markers (issue 38).
    void controlsAreMarkersOnDemand()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/horse.bpat");
        BPAT_REQUIRE_SHARED(file);
        const std::optional<bpat::BpatFile> bpat = bpat::BpatFile::open(testpaths::shared(file));
        QVERIFY(bpat);
        ViewportWidget widget;
        widget.resize(480, 420);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        ViewportCanvas *canvas = widget.canvas();
        canvas->setFile(*bpat);
        canvas->viewSide();
        const ViewportScene &scene = canvas->scene();
        QCOMPARE(scene.controlCount(), 9);
        for (int bone : {0, 38, 39, 40, 41, 42, 44, 46, 48})
            QVERIFY2(scene.isControl(bone), qPrintable(scene.boneNames().value(bone)));
        QVERIFY(!scene.isControl(45)); // FF.L, the front left hoof
        QList<LineVertex> lines;
        scene.appendSkeleton(lines, 0, {});
        const QList<QVector3D> joints = scene.joints(0);
        for (qsizetype i = 0; i + 1 < lines.size(); i += 2) {
            const QVector3D a(lines[i].position[0], lines[i].position[1], lines[i].position[2]);
            const QVector3D b(lines[i + 1].position[0], lines[i + 1].position[1], lines[i + 1].position[2]);
            for (int control : {38, 42, 44})
                QVERIFY(a != joints.at(control) && b != joints.at(control));
        }
        canvas->grabFramebuffer();
        QVERIFY(std::isnan(canvas->pickableJoints(0).at(42).x())); // hidden: not pickable
        canvas->setOverlay(ViewportCanvas::ControlBones, true);
        QVERIFY(!std::isnan(canvas->pickableJoints(0).at(42).x()));
        const QImage image = canvas->grabFramebuffer();
        const QString dir = qEnvironmentVariable("BPAT_SCREENSHOT_DIR");
        if (!dir.isEmpty() && QDir().mkpath(dir))
            image.save(dir + QStringLiteral("/horse-controls.png"));
    }
};

QTEST_MAIN(tst_ViewportPicking)
#include "tst_ViewportPicking.moc"

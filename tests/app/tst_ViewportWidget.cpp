// ViewportWidget under Xvfb (Mesa llvmpipe): creatures render, a walk moves their pixels,
// clicking a joint selects its bone, the upstream creatures fill the view (screenshots go to
// $BPAT_SCREENSHOT_DIR when set), and without OpenGL (offscreen platform) the widget says why.
#include "ViewportPixels.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "viewport/PaletteSource.h"
#include "viewport/SyntheticCreature.h"
#include "viewport/ViewportScene.h"
#include "TestPaths.h"
#include "viewport/ViewportWidget.h"

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

using namespace bpat::studio;

namespace {

using viewportpixels::foregroundPixels;

int differingPixels(const QImage &a, const QImage &b)
{
    int count = 0;
    for (int y = 0; y < std::min(a.height(), b.height()); ++y)
        for (int x = 0; x < std::min(a.width(), b.width()); ++x)
            if (a.pixel(x, y) != b.pixel(x, y))
                ++count;
    return count;
}

void saveScreenshot(const QImage &image, const QString &name)
{
    const QString dir = qEnvironmentVariable("BPAT_SCREENSHOT_DIR");
    if (!dir.isEmpty() && QDir().mkpath(dir))
        image.save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

} // namespace

class tst_ViewportWidget : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (qEnvironmentVariableIsSet("BPAT_VIEWPORT_CHILD"))
            return;
        if (!ViewportWidget::openGLProblem().isEmpty())
            QSKIP(qPrintable(QStringLiteral("no OpenGL here (run under xvfb-run): ") + ViewportWidget::openGLProblem()));
    }

    void walkMovesTheCreaturesPixels()
    {
        if (qEnvironmentVariableIsSet("BPAT_VIEWPORT_CHILD"))
            QSKIP("child process");
        ViewportWidget widget;
        widget.resize(360, 360);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        QVERIFY(widget.canvas());
        ViewportCanvas &viewport = *widget.canvas();
        viewport.setFile(bpat::BpatFile::fromData(SyntheticCreature::humanoidFileBytes(), QStringLiteral("synthetic.bpat")));
        viewport.setOverlays({}); // creature pixels only
        viewport.viewSide();
        viewport.setCurrentFrame(0, 0);
        const QImage first = viewport.grabFramebuffer();
        QVERIFY2(widget.unavailableReason().isEmpty(), qPrintable(widget.unavailableReason()));
        QCOMPARE(viewport.lastDrawCalls(), 1);
        const int covered = foregroundPixels(first);
        QVERIFY2(covered > 360 * 360 / 50, qPrintable(QStringLiteral("creature covers %1 pixels").arg(covered)));
        viewport.setCurrentFrame(0, 6); // a quarter stride later
        const QImage quarter = viewport.grabFramebuffer();
        QVERIFY2(differingPixels(first, quarter) > covered / 20,
                 qPrintable(QStringLiteral("%1 of %2 pixels changed").arg(differingPixels(first, quarter)).arg(covered)));
        viewport.setCurrentFrame(0, 0); // and the same frame draws the same image
        QCOMPARE(differingPixels(first, viewport.grabFramebuffer()), 0);
        saveScreenshot(first, QStringLiteral("synthetic-walk-0"));
        saveScreenshot(quarter, QStringLiteral("synthetic-walk-6"));
    }

    void textReadsOverTheModel()
    {
        // The HUD text (file, clip, stats) was light text straight on the scene: in a close-up
        // it vanished into the creature. It is drawn last, on a dark backing, whatever is behind.
        if (qEnvironmentVariableIsSet("BPAT_VIEWPORT_CHILD"))
            QSKIP("child process");
        ViewportWidget widget;
        widget.resize(500, 400);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        QVERIFY(widget.canvas());
        ViewportCanvas &viewport = *widget.canvas();
        viewport.setFile(bpat::BpatFile::fromData(SyntheticCreature::humanoidFileBytes(), QStringLiteral("synthetic.bpat")));
        viewport.viewFront();
        viewport.camera().zoom(16); // the torso fills the view, the top left included
        viewport.setCurrentFrame(0, 0);
        const QImage image = viewport.grabFramebuffer();
        saveScreenshot(image, QStringLiteral("hud-over-model"));
        const QRect hud = viewport.hudRect();
        QVERIFY(!hud.isEmpty());
        const qreal ratio = image.devicePixelRatio();
        const auto at = [&](int x, int y) { return image.pixelColor(int(x * ratio), int(y * ratio)); };
        // Just below the right end of the text: the creature, lighter than the backing.
        const QColor model = at(hud.right() - 2, hud.bottom() + 8);
        QVERIFY2(model.lightness() > 50, qPrintable(model.name()));
        // Inside the backing, away from the glyphs (its right margin): dark, not the creature.
        const QColor backing = at(hud.right() - 2, hud.center().y());
        QVERIFY2(backing.lightness() < 40 && model.lightness() - backing.lightness() > 15,
                 qPrintable(backing.name() + QLatin1Char(' ') + model.name()));
    }

    void clickingAJointSelectsItsBone()
    {
        if (qEnvironmentVariableIsSet("BPAT_VIEWPORT_CHILD"))
            QSKIP("child process");
        ViewportWidget widget;
        widget.resize(400, 400);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        QVERIFY(widget.canvas());
        ViewportCanvas &viewport = *widget.canvas();
        viewport.setFile(bpat::BpatFile::fromData(SyntheticCreature::humanoidFileBytes(), QStringLiteral("synthetic.bpat")));
        viewport.viewFront();
        viewport.grabFramebuffer();
        // Find where the head joint (bone 5) is on screen by scanning for it with boneAt.
        QPoint headAt(-1, -1);
        for (int y = 0; y < viewport.height() && headAt.x() < 0; y += 2)
            for (int x = 0; x < viewport.width() && headAt.x() < 0; x += 2)
                if (viewport.boneAt(QPointF(x, y), 1.5f) == 5)
                    headAt = QPoint(x, y);
        QVERIFY(headAt.x() >= 0);
        QSignalSpy selected(&widget, &ViewportWidget::boneSelected);
        QTest::mouseClick(&viewport, Qt::LeftButton, {}, headAt);
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected.first().first().toInt(), 5);
        QCOMPARE(viewport.selectedBone(), 5);
        QTest::mouseClick(&viewport, Qt::LeftButton, {}, QPoint(2, 2)); // empty space clears it
        QCOMPARE(viewport.selectedBone(), -1);
    }

    void upstreamCreaturesFillTheView_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *version : {"bpat_v1_latest", "bpat_v1_initial", "bpat_v2", "bpat_v3_early", "bpat_v3_late"})
            for (const char *name : {"humanoid", "humanoid_sword", "horse", "elephant"})
                QTest::newRow(qPrintable(QStringLiteral("%1/%2").arg(QLatin1String(version), QLatin1String(name))))
                    << QStringLiteral("upstream_assets/%1/%2.bpat").arg(QLatin1String(version), QLatin1String(name));
    }
    void upstreamCreaturesFillTheView()
    {
        if (qEnvironmentVariableIsSet("BPAT_VIEWPORT_CHILD"))
            QSKIP("child process");
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        const std::optional<bpat::BpatFile> opened = bpat::BpatFile::open(testpaths::shared(file));
        QVERIFY(opened);
        ViewportWidget widget;
        widget.resize(480, 400);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        QVERIFY(widget.canvas());
        ViewportCanvas &viewport = *widget.canvas();
        viewport.setFile(*opened);
        QVERIFY(viewport.scene().knownRig());
        viewport.setCurrentFrame(1, 3); // walk, mid-stride
        viewport.setOverlays(ViewportWidget::Grid | ViewportWidget::Sockets);
        const QImage image = viewport.grabFramebuffer();
        QVERIFY(foregroundPixels(image) > 480 * 400 / 20);
        saveScreenshot(
            image, QString(file).remove(QStringLiteral("upstream_assets/")).replace(u'/', u'-').remove(QStringLiteral(".bpat")));
        viewport.setOverlays(ViewportWidget::Skeleton | ViewportWidget::JointAxes | ViewportWidget::Bounds);
        viewport.setPerBoneColors(true);
        viewport.viewSide();
        saveScreenshot(
            viewport.grabFramebuffer(),
            QString(file).remove(QStringLiteral("upstream_assets/")).replace(u'/', u'-').remove(QStringLiteral(".bpat"))
                + QStringLiteral("-bones"));
    }

    void lateV3LooksLikeV1_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *name : {"humanoid", "horse", "elephant"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void lateV3LooksLikeV1()
    {
        // Late v3 stores skinning matrices (column-major, global x inverse bind): drawn right, the
        // creature of a late-v3 file and of its v1 source are the same picture, skeleton included.
        if (qEnvironmentVariableIsSet("BPAT_VIEWPORT_CHILD"))
            QSKIP("child process");
        QFETCH(QString, name);
        const QString late = QStringLiteral("upstream_assets/bpat_v3_late/%1.bpat").arg(name);
        const QString v1 = QStringLiteral("upstream_assets/bpat_v1_latest/%1.bpat").arg(name);
        BPAT_REQUIRE_SHARED(late);
        QList<QImage> images;
        for (const QString &relative : {v1, late}) {
            const std::optional<bpat::BpatFile> opened = bpat::BpatFile::open(testpaths::shared(relative));
            QVERIFY(opened);
            ViewportWidget widget;
            widget.resize(360, 300);
            widget.show();
            QVERIFY(QTest::qWaitForWindowExposed(&widget));
            QVERIFY(widget.canvas());
            ViewportCanvas &viewport = *widget.canvas();
            viewport.setFile(*opened);
            viewport.setCurrentFrame(1, 5);
            viewport.setOverlays(ViewportWidget::Skeleton);
            images.append(viewport.grabFramebuffer());
        }
        QVERIFY(foregroundPixels(images.at(0)) > 360 * 300 / 50);
        // The late file's contact table gives a ground-contact cue (drawn with the grid).
        const std::optional<bpat::BpatFile> lateFile = bpat::BpatFile::open(testpaths::shared(late));
        ViewportScene scene;
        scene.setSource(PaletteSource::fromFile(*lateFile));
        QList<LineVertex> lines;
        QVERIFY(scene.appendGroundContact(lines, 3, 0.1f));
        QCOMPARE(lines.size(), 4);
        // Globals agree within 3e-7: only edge pixels may round differently (about 0.1 % of the
        // view for the humanoid; drawing the stored skinning matrices as globals moves every limb).
        QVERIFY2(differingPixels(images.at(0), images.at(1)) <= 360 * 300 / 250,
                 qPrintable(QString::number(differingPixels(images.at(0), images.at(1)))));
    }

    void crowdIsADrawPerLevel()
    {
        if (qEnvironmentVariableIsSet("BPAT_VIEWPORT_CHILD"))
            QSKIP("child process");
        ViewportWidget widget;
        widget.resize(400, 300);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        QVERIFY(widget.canvas());
        ViewportCanvas &viewport = *widget.canvas();
        viewport.setFile(bpat::BpatFile::fromData(SyntheticCreature::humanoidFileBytes(), QStringLiteral("synthetic.bpat")));
        viewport.setCrowdSize(400);
        const QImage image = viewport.grabFramebuffer();
        // One instanced draw per level of detail in use, whatever the count.
        int levels = 0;
        for (int n : viewport.crowdRenderer().lastStats().perLevel)
            levels += n > 0;
        QVERIFY(levels >= 1);
        QCOMPARE(viewport.lastDrawCalls(), levels);
        QCOMPARE(viewport.crowdRenderer().lastStats().instancesDrawn, 400);
        QVERIFY(foregroundPixels(image) > 400 * 300 / 20);
        saveScreenshot(image, QStringLiteral("synthetic-crowd-400"));
    }

    void aClipOutOfViewIsFramed()
    {
        if (qEnvironmentVariableIsSet("BPAT_VIEWPORT_CHILD"))
            QSKIP("child process");
        // "walk" on the ground, and the same walk 40 m up (as a riding clip sits the rider
        // above the ground): switching to it frames the creature; switching back to a clip
        // that is in view keeps the user's camera.
        bpat::BpatDocument document = SyntheticCreature::humanoidDocument();
        bpat::BpatClip raised = document.clip(0);
        raised.name = QStringLiteral("raised");
        for (qsizetype m = 0; m + 16 <= raised.palette.size(); m += 16)
            raised.palette[m + 7] += 40.0f; // row-major: row 1, column 3 is ty
        QVERIFY(document.addClip(raised));
        const int raisedClip = int(document.clips().size()) - 1; // after walk and wave
        ViewportWidget widget;
        widget.resize(320, 320);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        QVERIFY(widget.canvas());
        ViewportCanvas &viewport = *widget.canvas();
        viewport.setFile(bpat::BpatFile::fromData(bpat::BpatWriter(document).toBytes()));
        viewport.setOverlays({});
        viewport.setCurrentFrame(0, 0);
        viewport.frameAll();
        QVERIFY2(viewport.visibleFraction() > 0.9, qPrintable(QString::number(viewport.visibleFraction())));
        const QImage ground = viewport.grabFramebuffer();
        QVERIFY(foregroundPixels(ground) > 320 * 320 / 50);
        viewport.setCurrentFrame(raisedClip, 0);
        QVERIFY2(viewport.visibleFraction() > 0.9, qPrintable(QString::number(viewport.visibleFraction())));
        const QImage up = viewport.grabFramebuffer();
        QVERIFY2(foregroundPixels(up) > 320 * 320 / 50, "the raised creature was not framed");
        // Back on the ground: out of this view again, so framed again; a frame change never
        // moves the camera; and a camera zoomed in on a detail stays where it is.
        viewport.setCurrentFrame(0, 0);
        QVERIFY2(viewport.visibleFraction() > 0.9, qPrintable(QString::number(viewport.visibleFraction())));
        QCOMPARE(differingPixels(ground, viewport.grabFramebuffer()), 0);
        viewport.setCurrentFrame(0, 3);
        viewport.setCurrentFrame(0, 0);
        QCOMPARE(differingPixels(ground, viewport.grabFramebuffer()), 0);
        QWheelEvent zoom(QPointF(160, 160), widget.mapToGlobal(QPointF(160, 160)), QPoint(), QPoint(0, 120 * 12), Qt::NoButton,
                         Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(&viewport, &zoom);
        QVERIFY2(viewport.visibleFraction() < 0.75, qPrintable(QString::number(viewport.visibleFraction())));
        const QImage detail = viewport.grabFramebuffer();
        viewport.setCurrentFrame(1, 0); // wave: in place, as zoomed-in on as walk
        viewport.setCurrentFrame(0, 0);
        QCOMPARE(differingPixels(detail, viewport.grabFramebuffer()), 0);
    }

    void unknownRigShowsJoints()
    {
        if (qEnvironmentVariableIsSet("BPAT_VIEWPORT_CHILD"))
            QSKIP("child process");
        bpat::BpatDocument document = SyntheticCreature::humanoidDocument();
        document.setSpeciesId(2); // an elephant of 20 bones: no rig of any era
        ViewportWidget widget;
        widget.resize(300, 300);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        QVERIFY(widget.canvas());
        ViewportCanvas &viewport = *widget.canvas();
        viewport.setFile(bpat::BpatFile::fromData(bpat::BpatWriter(document).toBytes()));
        QVERIFY(!viewport.scene().knownRig());
        QCOMPARE(viewport.scene().parents().size(), 20);
        viewport.setOverlays(ViewportWidget::Skeleton);
        QVERIFY(foregroundPixels(viewport.grabFramebuffer()) > 300);
    }

    // Runs this test binary again on the offscreen platform (no OpenGL there).
    void withoutOpenGLTheWidgetSaysWhy()
    {
        if (qEnvironmentVariableIsSet("BPAT_VIEWPORT_CHILD"))
            QSKIP("child process");
        QProcess child;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.insert(QStringLiteral("BPAT_VIEWPORT_CHILD"), QStringLiteral("1"));
        child.setProcessEnvironment(environment);
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("offscreenChild")});
        QVERIFY(child.waitForFinished(60000));
        const QByteArray output = child.readAll();
        QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0, output.constData());
        QVERIFY2(output.contains("PASS   : tst_ViewportWidget::offscreenChild()"), output.constData());
    }

    void offscreenChild()
    {
        if (!qEnvironmentVariableIsSet("BPAT_VIEWPORT_CHILD"))
            QSKIP("runs in the child process of withoutOpenGLTheWidgetSaysWhy");
        ViewportWidget viewport;
        viewport.resize(300, 200);
        viewport.setFile(bpat::BpatFile::fromData(SyntheticCreature::humanoidFileBytes()));
        viewport.show();
        viewport.setCurrentFrame(0, 3);
        viewport.setCrowdSize(100);
        viewport.setOverlay(ViewportWidget::Skeleton, false);
        viewport.frameAll();
        QTest::qWait(50);
        QVERIFY(!viewport.canvas());
        QVERIFY(viewport.glRenderer().isEmpty());
        QVERIFY(!viewport.grab().isNull());
        QVERIFY(!viewport.unavailableReason().isEmpty());
        QVERIFY(viewport.unavailableReason().contains(QStringLiteral("OpenGL")));
        qInfo("%s", qPrintable(viewport.unavailableReason()));
    }
};

QTEST_MAIN(tst_ViewportWidget)
#include "tst_ViewportWidget.moc"

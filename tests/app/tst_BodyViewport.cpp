// The game's bodies in the window (ViewportCanvasBody.cpp, BodyDocumentView, View > Body,
// File > Attach Body...): a late-v3 BPAT of bpat_current finds its bodies beside it by the
// game's naming and draws them instead of the stand-in, full, minimal or stand-in; a crowd draws
// its farther instances with lighter levels of detail, a draw per level; a body that does not fit is
// refused with the reason; a .bprm opens as a document of its own, at rest. Under Xvfb.
#include "MainWindow.h"
#include "StudioContext.h"
#include "TestPaths.h"
#include "bpat/BpatFile.h"
#include "document/BodyDocumentView.h"
#include "models/HeaderModel.h"
#include "ui_MainWindow.h"
#include "viewport/CrowdRenderer.h"
#include "viewport/ViewportWidget.h"
#include "ViewportPixels.h"

#include <QAction>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

namespace {

const QString Dir = QStringLiteral("upstream_assets/bpat_current/");
QString shared(const QString &name)
{
    return testpaths::shared(Dir + name);
}

int differingPixels(const QImage &a, const QImage &b)
{
    int count = 0;
    for (int y = 0; y < std::min(a.height(), b.height()); ++y)
        for (int x = 0; x < std::min(a.width(), b.width()); ++x)
            if (a.pixel(x, y) != b.pixel(x, y))
                ++count;
    return count;
}

} // namespace

class tst_BodyViewport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void bodiesFoundBesideTheFile_data();
    void bodiesFoundBesideTheFile();
    void modesFromTheMenu();
    void crowdDrawsFarInstancesMinimal();
    void attachedBodyAndRefusals();
    void bodyOpensAtRest();

private:
    struct Window
    {
        MainWindow window;
        ViewportCanvas *canvas = nullptr;
    };
    bool open(Window &w, const QString &path);
};

void tst_BodyViewport::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
    if (!ViewportWidget::openGLProblem().isEmpty())
        QSKIP("no OpenGL here (run under xvfb-run)");
    BPAT_REQUIRE_SHARED(Dir + u"horse.bpat"_qs);
}

bool tst_BodyViewport::open(Window &w, const QString &path)
{
    w.window.setInteractive(false);
    w.window.resize(900, 700);
    w.window.show();
    if (!QTest::qWaitForWindowExposed(&w.window) || !w.window.openFile(path))
        return false;
    w.canvas = w.window.viewport()->canvas();
    return w.canvas != nullptr;
}

void tst_BodyViewport::bodiesFoundBesideTheFile_data()
{
    QTest::addColumn<QString>("bpat");
    QTest::addColumn<QString>("full");
    QTest::addColumn<int>("fullVertices");
    QTest::addColumn<int>("minimalVertices");
    QTest::newRow("humanoid") << u"humanoid.bpat"_qs << u"humanoid_full.bprm"_qs << 14888 << 742;
    QTest::newRow("skeleton") << u"humanoid_skeleton.bpat"_qs << u"skeleton_humanoid_full.bprm"_qs << 17007 << 732;
    QTest::newRow("horse") << u"horse.bpat"_qs << u"horse_full.bprm"_qs << 4400 << 4400;
    QTest::newRow("elephant") << u"elephant.bpat"_qs << u"elephant_full.bprm"_qs << 1474 << 1474;
    QTest::newRow("sheep") << u"sheep.bpat"_qs << u"sheep_full.bprm"_qs << 6420 << 3464;
    QTest::newRow("wolf") << u"wolf.bpat"_qs << u"wolf_full.bprm"_qs << 8336 << 4076;
}

void tst_BodyViewport::bodiesFoundBesideTheFile()
{
    QFETCH(QString, bpat);
    QFETCH(QString, full);
    QFETCH(int, fullVertices);
    QFETCH(int, minimalVertices);
    BPAT_REQUIRE_SHARED(Dir + bpat);
    Window w;
    QVERIFY(open(w, shared(bpat)));
    ViewportCanvas *canvas = w.canvas;
    QCOMPARE(QFileInfo(canvas->fullBodyPath()).fileName(), full);
    QVERIFY(canvas->fullBody().isValid() && canvas->minimalBody().isValid());
    QVERIFY2(canvas->drawsBody(), qPrintable(canvas->bodyStatus()));
    QCOMPARE(canvas->scene().body().vertexCount(), fullVertices);
    QCOMPARE(canvas->minimalBody().vertexCount(), minimalVertices);
    QVERIFY(canvas->bodyStatus().startsWith(full));
    canvas->grabFramebuffer();
    QCOMPARE(canvas->lastDrawCalls(), 1);
    QCOMPARE(canvas->creatureRenderer().vertexCount(), fullVertices); // the body, uploaded as stored
    QVERIFY(canvas->creatureRenderer().bindSpace());
    // The framing comes from the body: the creature's bounds are the skinned body's.
    QVERIFY(canvas->scene().referenceHi().y() > 0.5f);
}

void tst_BodyViewport::modesFromTheMenu()
{
    Window w;
    QVERIFY(open(w, shared(u"humanoid.bpat"_qs)));
    ViewportCanvas *canvas = w.canvas;
    Ui::MainWindow *ui = w.window.form();
    canvas->setOverlays({}); // the mesh only
    QVERIFY(ui->actionBodyFull->isChecked() && ui->actionBodyFull->isEnabled());
    QVERIFY(ui->actionAttachBody->isEnabled());
    const QImage full = canvas->grabFramebuffer();
    ui->actionBodyMinimal->trigger();
    QCOMPARE(canvas->bodyMode(), ViewportCanvas::BodyMode::Minimal);
    QCOMPARE(canvas->scene().body().vertexCount(), 742);
    const QImage minimal = canvas->grabFramebuffer();
    QCOMPARE(canvas->creatureRenderer().vertexCount(), 742);
    ui->actionBodyStandIn->trigger();
    QVERIFY(!canvas->drawsBody());
    QCOMPARE(canvas->bodyStatus(), u"stand-in (View > Body)"_qs);
    const QImage standIn = canvas->grabFramebuffer();
    QVERIFY(!canvas->creatureRenderer().bindSpace()); // uploaded at the draw
    QVERIFY(differingPixels(full, minimal) > 500);
    QVERIFY(differingPixels(full, standIn) > 500);
    QVERIFY(viewportpixels::foregroundPixels(full) > 2000);
    // The viewport sets the menu too (--body-view).
    w.window.viewport()->setBodyMode(ViewportCanvas::BodyMode::Full);
    QVERIFY(ui->actionBodyFull->isChecked() && !ui->actionBodyStandIn->isChecked());
    // The colour roles are shaded apart: the full humanoid shows the skin role and others.
    QSet<QRgb> colours;
    const QImage again = canvas->grabFramebuffer();
    for (int y = 0; y < again.height(); y += 2)
        for (int x = 0; x < again.width(); x += 2)
            colours.insert(again.pixel(x, y) & 0xF0F0F0); // coarse, so lighting does not count
    QVERIFY(colours.size() > 30);
}

void tst_BodyViewport::crowdDrawsFarInstancesMinimal()
{
    Window w;
    QVERIFY(open(w, shared(u"sheep.bpat"_qs)));
    ViewportCanvas *canvas = w.canvas;
    canvas->setCrowdSize(100);
    canvas->grabFramebuffer();
    // The crowd's levels of detail: the full body, then lighter ones made from it (the minimal
    // body, 3,464 of 6,420 vertices, is no lighter than a quarter), each switched in where its
    // deviation is under a pixel.
    const CrowdScene *crowd = canvas->crowdScene();
    QVERIFY(crowd);
    QCOMPARE(crowd->species.size(), 1);
    const CrowdSpecies &sheep = crowd->species.first();
    QVERIFY(sheep.levels.size() >= 2);
    QCOMPARE(sheep.levels.at(0).mesh.vertexCount(), 6420);
    QVERIFY(sheep.levels.at(1).mesh.vertexCount() * 4 <= 6420);
    const float limit = canvas->lodDistance(1);
    QVERIFY2(limit > 1 && limit < 500, qPrintable(QString::number(limit)));
    QVERIFY(canvas->bodyStatus().contains(u"beyond"_qs));
    // Framed on the whole crowd: the levels follow each sheep's size on screen.
    const CrowdRenderer &renderer = canvas->crowdRenderer();
    QCOMPARE(renderer.lastStats().instancesDrawn, 100);
    QCOMPARE(canvas->creatureRenderer().instanceCount(), 0); // the crowd renderer draws the crowd
    // Moved far away, they go lighter, each level one draw; flown back in, the nearest are full.
    canvas->camera().distance = limit * 3;
    canvas->grabFramebuffer();
    QVERIFY(canvas->farInstances() > 0);
    int used = 0;
    for (int n : renderer.lastStats().perLevel)
        used += n > 0;
    QCOMPARE(canvas->lastDrawCalls(), used);
    const CreatureInstance &first = canvas->drawnInstances().first();
    canvas->camera().target = QVector3D(first.x, 0.5f, first.z);
    canvas->camera().distance = limit * 0.3f;
    canvas->grabFramebuffer();
    QVERIFY(renderer.lastStats().perLevel[0] > 0);
    // A still camera chooses no levels again.
    const int selections = renderer.selections();
    canvas->grabFramebuffer();
    QCOMPARE(renderer.selections(), selections);
    // Minimal for all: the chain starts from the minimal body.
    canvas->setBodyMode(ViewportCanvas::BodyMode::Minimal);
    canvas->grabFramebuffer();
    QCOMPARE(canvas->crowdScene()->species.first().levels.first().mesh.vertexCount(), 3464);
}

void tst_BodyViewport::attachedBodyAndRefusals()
{
    // A v1 horse has no skinning matrices: its body is refused, with the reason.
    const QString v1 = u"upstream_assets/bpat_v1_latest/horse.bpat"_qs;
    BPAT_REQUIRE_SHARED(v1);
    Window w;
    QVERIFY(open(w, testpaths::shared(v1)));
    ViewportCanvas *canvas = w.canvas;
    QVERIFY(canvas->fullBodyPath().isEmpty()); // nothing beside it
    QSignalSpy changed(canvas, &ViewportCanvas::bodyChanged);
    canvas->setBodyFiles(shared(u"horse_full.bprm"_qs), QString());
    QVERIFY(changed.count() > 0);
    QVERIFY(!canvas->drawsBody());
    QVERIFY2(canvas->bodyStatus().contains(u"late-v3"_qs), qPrintable(canvas->bodyStatus()));
    // The 50-bone horse's body on the 21-bone wolf: refused, the stand-in stays.
    QVERIFY(w.window.openFile(shared(u"wolf.bpat"_qs)));
    QVERIFY(canvas->drawsBody()); // its own, found beside it
    canvas->setBodyFiles(shared(u"horse_full.bprm"_qs), QString());
    QVERIFY(!canvas->drawsBody());
    QVERIFY2(canvas->bodyStatus().contains(u"use bone 49, but the file has 21 bones"_qs), qPrintable(canvas->bodyStatus()));
    // The sheep's body fits the wolf's rig (both 21 bones): attached, it is drawn; the
    // attachment holds through a reload of the same file and ends with another file.
    canvas->setBodyFiles(shared(u"sheep_full.bprm"_qs), shared(u"sheep_minimal.bprm"_qs));
    QVERIFY(canvas->drawsBody());
    QCOMPARE(canvas->scene().body().vertexCount(), 6420);
    QCOMPARE(w.window.context()->reload(), StudioContext::OpenResult::Opened);
    QCOMPARE(canvas->scene().body().vertexCount(), 6420);
    QVERIFY(w.window.openFile(shared(u"elephant.bpat"_qs)));
    QCOMPARE(QFileInfo(canvas->fullBodyPath()).fileName(), u"elephant_full.bprm"_qs);
}

void tst_BodyViewport::bodyOpensAtRest()
{
    Window w;
    QVERIFY(open(w, shared(u"horse_minimal.bprm"_qs)));
    StudioContext *context = w.window.context();
    QCOMPARE(context->document()->kind(), FileKind::Bprm);
    QVERIFY(!context->hasFile()); // not a BPAT: nothing to edit
    QCOMPARE(context->clipEntries().size(), 1);
    QCOMPARE(context->document()->boneCount(), 50); // horse.bpat beside it
    QVERIFY(context->diagnostics().isEmpty());
    const auto *body = dynamic_cast<const BodyDocumentView *>(context->document());
    QVERIFY(body);
    QVERIFY(body->pairedRig().bpatPath.endsWith(u"horse.bpat"_qs));
    ViewportCanvas *canvas = w.canvas;
    QVERIFY2(canvas->drawsBody(), qPrintable(canvas->bodyStatus()));
    QCOMPARE(canvas->scene().body().lod(), 1u); // this body, whatever View > Body says
    QVERIFY(canvas->minimalBody().isValid() && !canvas->fullBody().isValid());
    // At rest the skinning matrices are identities: the stored vertices are drawn as they are,
    // and the skeleton stands at the rig's bind pose.
    const QList<QMatrix4x4> skin = canvas->scene().skinMatrices(0);
    QCOMPARE(skin.size(), 50);
    for (const QMatrix4x4 &m : skin)
        for (int k = 0; k < 16; ++k)
            QVERIFY(std::abs(m.constData()[k] - QMatrix4x4().constData()[k]) < 1e-5f);
    const auto horse = BpatFile::open(shared(u"horse.bpat"_qs));
    QVERIFY((canvas->scene().joints(0).at(8) - horse->bindMatrix(8).map(QVector3D())).length() < 1e-5f);
    canvas->grabFramebuffer();
    QCOMPARE(canvas->lastDrawCalls(), 1);
    // The header panel shows the BPRM header.
    const auto *header = w.window.findChild<HeaderModel *>();
    QVERIFY(header);
    QCOMPARE(header->index(header->rowOfField(u"vertex_count"_qs), HeaderModel::ValueColumn).data().toString(), u"4400"_qs);
    QVERIFY(header->index(header->rowOfField(u"rig"_qs), HeaderModel::NoteColumn).data().toString().contains(u"horse.bpat"_qs));
    // A body without a rig beside it or in its name stands as stored, its bones counted.
    QTemporaryDir dir;
    QVERIFY(QFile::copy(shared(u"wolf_minimal.bprm"_qs), dir.filePath(u"mine.bprm"_qs)));
    QVERIFY(w.window.openFile(dir.filePath(u"mine.bprm"_qs)));
    QCOMPARE(context->document()->boneCount(), 21); // highest weighted bone 20
    QVERIFY(canvas->drawsBody());
    bool unknown = false;
    for (const Diagnostic &d : context->diagnostics())
        unknown = unknown || d.code == u"BPRM_RIG_UNKNOWN"_qs;
    QVERIFY(unknown);
}

QTEST_MAIN(tst_BodyViewport)
#include "tst_BodyViewport.moc"

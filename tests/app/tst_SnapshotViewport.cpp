// Opening a BPSM minimal snapshot mesh in the studio: the context's document kind, clips and
// selection; the panels (header, clips, validation with BPSM codes); and under Xvfb the viewport
// drawing the stored vertices: the GPU vertex buffer holds exactly the current frame's bytes of
// the file, one upload per frame shown, and the picture changes with the frame. Also: the camera
// stays when the same BPAT document is shown again after an edit.
#include "bake/Baker.h"
#include "bpsm/BpsmFile.h"
#include "PanelDocks.h"
#include "MainWindow.h"
#include "bake/SpeciesCatalog.h"
#include "StudioContext.h"
#include "editing/DocumentSession.h"
#include "models/ClipsModel.h"
#include "models/HeaderModel.h"
#include "models/PaletteModel.h"
#include "models/SocketsModel.h"
#include "viewport/ViewportWidget.h"
#include "widgets/TimelineWidget.h"

#include <QComboBox>
#include <QImage>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

namespace {

int differingPixels(const QImage &a, const QImage &b)
{
    int count = 0;
    for (int y = 0; y < std::min(a.height(), b.height()); ++y)
        for (int x = 0; x < std::min(a.width(), b.width()); ++x)
            if (a.pixel(x, y) != b.pixel(x, y))
                ++count;
    return count;
}

QString headerValue(const HeaderModel *model, const QString &field)
{
    const int row = model->rowOfField(field);
    return row < 0 ? QString() : model->index(row, HeaderModel::ValueColumn).data().toString();
}

} // namespace

class tst_SnapshotViewport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void contextOpensASnapshot();
    void panelsShowTheSnapshot();
    void brokenSnapshotOpensWithItsIssues();
    void snapshotShrinkingWhileOpenIsReloaded();
    void viewportDrawsTheStoredFrames();
    void cameraStaysThroughAnEdit();

private:
    bool needsGl();
    QTemporaryDir m_dir;
    QString m_bpsm;
    QString m_bpat;
};

void tst_SnapshotViewport::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
    QVERIFY(m_dir.isValid());
    QList<SpeciesManifest> horse;
    for (const SpeciesManifest &m : SpeciesCatalog::builtIn()) {
        if (m.speciesName == u"horse")
            horse.append(m);
    }
    QCOMPARE(horse.size(), 1);
    QVERIFY(Baker::allOk(Baker(horse).bake(m_dir.path())));
    m_bpsm = m_dir.filePath(horse.first().snapshotFileName);
    m_bpat = m_dir.filePath(horse.first().bpatFileName);
}

bool tst_SnapshotViewport::needsGl()
{
    return ViewportWidget::openGLProblem().isEmpty();
}

void tst_SnapshotViewport::contextOpensASnapshot()
{
    const auto file = BpsmFile::open(m_bpsm);
    QVERIFY(file);
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    QCOMPARE(context.open(m_bpsm), StudioContext::OpenResult::Opened);
    QCOMPARE(context.document()->kind(), FileKind::Bpsm);
    QVERIFY(context.document()->bpsm() && context.hasDocument() && !context.hasFile());
    QVERIFY(context.file().isNull());
    QCOMPARE(context.document()->bpsm()->header().vertexCount, file->header().vertexCount);
    const QList<ClipEntry> clips = context.clipEntries();
    QCOMPARE(clips.size(), file->clips().size());
    for (int i = 0; i < clips.size(); ++i) {
        QCOMPARE(clips.at(i).name, file->clips().at(i).name);
        QCOMPARE(clips.at(i).frameOffset, file->clips().at(i).frameOffset);
        QVERIFY(!clips.at(i).timingStored && clips.at(i).loops && clips.at(i).fps == 24.0f);
    }
    QCOMPARE(context.currentClip(), 0);
    const int trot = file->findClip(QStringLiteral("trot"));
    QVERIFY(trot > 0);
    context.setCurrentClipByName(QStringLiteral("trot"));
    QCOMPARE(context.currentClip(), trot);
    context.setCurrentFrame(1000); // clamped to the clip
    QCOMPARE(context.currentFrame(), int(file->clips().at(trot).frameCount) - 1);
    QCOMPARE(*context.currentGlobalFrame(), file->clips().at(trot).frameOffset + quint32(context.currentFrame()));
    QVERIFY(!hasErrors(context.diagnostics()));

    const int frame = context.currentFrame();
    QSignalSpy reloaded(&context, &StudioContext::fileReloaded);
    QCOMPARE(context.reload(), StudioContext::OpenResult::Opened);
    QCOMPARE(reloaded.size(), 1);
    QCOMPARE(context.currentClip(), trot);
    QCOMPARE(context.currentFrame(), frame);

    // A BPAT file replaces it.
    QCOMPARE(context.open(m_bpat), StudioContext::OpenResult::Opened);
    QCOMPARE(context.document()->kind(), FileKind::Bpat);
    QVERIFY(!context.document()->bpsm());
    context.close();
    QVERIFY(!context.document());
}

void tst_SnapshotViewport::panelsShowTheSnapshot()
{
    const auto file = BpsmFile::open(m_bpsm);
    QVERIFY(file);
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(m_bpsm));
    PanelDocks *panels = window.panels();
    const HeaderModel *header = panels->headerModel();
    QCOMPARE(header->rowCount(), 16); // 14 stored fields + 2 derived
    QCOMPARE(headerValue(header, QStringLiteral("magic")), QStringLiteral("BPSM"));
    QCOMPARE(headerValue(header, QStringLiteral("vertex_count")), QString::number(file->header().vertexCount));
    QCOMPARE(headerValue(header, QStringLiteral("frame_total")), QString::number(file->header().frameTotal));
    QCOMPARE(headerValue(header, QStringLiteral("file_size")), QString::number(file->fileSize()));
    QCOMPARE(header->index(header->rowOfField(QStringLiteral("vertex_count")), HeaderModel::OffsetColumn).data().toInt(), 16);

    const ClipsModel *clips = panels->clipsModel();
    QCOMPARE(clips->rowCount(), file->clips().size());
    QCOMPARE(clips->index(2, ClipsModel::NameColumn).data().toString(), file->clips().at(2).name);
    QCOMPARE(clips->index(2, ClipsModel::FramesColumn).data().toUInt(), file->clips().at(2).frameCount);
    QVERIFY(!(clips->flags(clips->index(2, ClipsModel::NameColumn)) & Qt::ItemIsEditable)); // read-only
    QCOMPARE(panels->socketsModel()->rowCount(), 0);
    QCOMPARE(panels->paletteModel()->rowCount(), 0);

    auto *combo = window.timeline()->findChild<QComboBox *>(QStringLiteral("clipCombo"));
    QVERIFY(combo);
    QCOMPARE(combo->count(), int(file->clips().size()));
    QVERIFY(combo->itemText(1).startsWith(file->clips().at(1).name));
    combo->setCurrentIndex(3);
    QCOMPARE(window.context()->currentClip(), 3);
    QCOMPARE(window.context()->frameCount(), int(file->clips().at(3).frameCount));
    QCOMPARE(window.context()->diagnostics().size(), 0);
    QVERIFY(window.windowTitle().startsWith(QFileInfo(m_bpsm).fileName()));
}

void tst_SnapshotViewport::brokenSnapshotOpensWithItsIssues()
{
    QFile in(m_bpsm);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray bytes = in.readAll();
    const QString cut = m_dir.filePath(QStringLiteral("cut.bpsm"));
    QFile out(cut);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(bytes.left(bytes.size() - 100));
    out.close();

    MainWindow window;
    window.setInteractive(false);
    window.resize(900, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(cut));
    QCOMPARE(window.context()->document()->kind(), FileKind::Bpsm);
    QStringList codes;
    for (const Diagnostic &d : window.context()->diagnostics())
        codes << d.code;
    QVERIFY2(codes.contains(QStringLiteral("BPSM_VERTEX_DATA_OUT_OF_BOUNDS")), qPrintable(codes.join(u' ')));
    auto *viewport = window.findChild<ViewportWidget *>();
    QVERIFY(viewport);
    if (viewport->canvas()) {
        QVERIFY(!viewport->canvas()->showsSnapshot()); // nothing past the end reaches the GPU
        viewport->canvas()->grabFramebuffer();
        QVERIFY(!viewport->canvas()->uploadedSnapshotFrame());
    }
}

void tst_SnapshotViewport::snapshotShrinkingWhileOpenIsReloaded()
{
    // A mapped snapshot truncated underneath: the read past the new end sees zeros (SIGBUS
    // guard), the context notices and reloads, and the shorter file shows its BPSM issues.
    const QString path = m_dir.filePath(QStringLiteral("shrinking.bpsm"));
    QVERIFY(QFile::copy(m_bpsm, path));
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    QCOMPARE(context.open(path), StudioContext::OpenResult::Opened);
    const quint32 last = context.document()->bpsm()->header().frameTotal - 1;
    QFile file(path);
    QVERIFY(file.resize(4096));
    const auto v = context.document()->bpsm()->vertex(last, 0); // on a page past the end now
    QVERIFY(v);
    QCOMPARE(v->position[0], 0.0f);
    QSignalSpy stale(&context, &StudioContext::fileBecameStale);
    QVERIFY(context.checkStale());
    QCOMPARE(stale.size(), 1);
    QCOMPARE(context.document()->kind(), FileKind::Bpsm);
    QCOMPARE(context.document()->bpsm()->fileSize(), quint64(4096));
    QVERIFY(hasErrors(context.diagnostics()));
}

void tst_SnapshotViewport::viewportDrawsTheStoredFrames()
{
    if (!needsGl())
        QSKIP("no OpenGL here (run under xvfb-run)");
    const auto file = BpsmFile::open(m_bpsm);
    QVERIFY(file);
    const quint32 vertexCount = file->header().vertexCount;
    MainWindow window;
    window.setInteractive(false);
    window.resize(1000, 750);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(m_bpsm));
    auto *viewport = window.findChild<ViewportWidget *>();
    QVERIFY(viewport && viewport->canvas());
    ViewportCanvas *canvas = viewport->canvas();
    QVERIFY(canvas->showsSnapshot());
    canvas->setOverlays({}); // the mesh only
    canvas->viewSide();

    StudioContext *context = window.context();
    const int walk = file->findClip(QStringLiteral("walk"));
    QVERIFY(walk >= 0);
    context->setCurrentClip(walk);
    const quint32 offset = file->clips().at(walk).frameOffset;
    QList<QImage> images;
    for (int frame : {0, 6, 12, 0}) {
        context->setCurrentFrame(frame);
        const int uploadsBefore = canvas->snapshotUploads();
        images.append(canvas->grabFramebuffer());
        QCOMPARE(*canvas->uploadedSnapshotFrame(), offset + quint32(frame));
        QCOMPARE(canvas->snapshotUploads(), uploadsBefore + 1); // one frame's span per change
        QCOMPARE(canvas->lastDrawCalls(), 1);
        // The buffer the draw call read is the file's bytes of that frame, as stored.
        const QByteArray gpu = canvas->readBackSnapshotVertices();
        const quint64 at = *file->vertexOffset(offset + quint32(frame), 0);
        QCOMPARE(gpu.size(), qsizetype(vertexCount * 56));
        QVERIFY(gpu == file->bytes().sliced(qsizetype(at), gpu.size()).toByteArray());
        // Same frame again: nothing uploaded.
        canvas->grabFramebuffer();
        QCOMPARE(canvas->snapshotUploads(), uploadsBefore + 1);
    }
    QVERIFY2(differingPixels(images.at(0), images.at(1)) > 200, "the walk moves the pixels");
    QVERIFY(differingPixels(images.at(1), images.at(2)) > 200);
    QCOMPARE(differingPixels(images.at(0), images.at(3)), 0); // stored frames: deterministic

    // Another clip shows its own frames.
    const int gallop = file->findClip(QStringLiteral("gallop"));
    context->setCurrentClip(gallop);
    canvas->grabFramebuffer();
    QCOMPARE(*canvas->uploadedSnapshotFrame(), file->clips().at(gallop).frameOffset);

    // The screenshot of the whole window shows the creature.
    const QString png = m_dir.filePath(QStringLiteral("snapshot.png"));
    QVERIFY(window.saveScreenshot(png));
    QVERIFY(!QImage(png).isNull());

    // Back to a BPAT file: the palette path draws again.
    QVERIFY(window.openFile(m_bpat));
    QVERIFY(!canvas->showsSnapshot());
    canvas->grabFramebuffer();
    QCOMPARE(canvas->lastDrawCalls(), 1);
}

void tst_SnapshotViewport::cameraStaysThroughAnEdit()
{
    if (!needsGl())
        QSKIP("no OpenGL here (run under xvfb-run)");
    MainWindow window;
    window.setInteractive(false);
    window.resize(1000, 750);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(m_bpat));
    ViewportCanvas *canvas = window.findChild<ViewportWidget *>()->canvas();
    QVERIFY(canvas);
    const float openedYaw = canvas->camera().yaw;
    canvas->viewSide();
    canvas->camera().distance *= 1.5f;
    const float distance = canvas->camera().distance;
    QVERIFY(canvas->camera().yaw != openedYaw);

    ClipsModel *clips = window.panels()->clipsModel();
    QVERIFY(clips->setData(clips->index(0, ClipsModel::NameColumn), QStringLiteral("standing")));
    QCOMPARE(window.context()->file().clips().at(0).name, QStringLiteral("standing"));
    QCOMPARE(canvas->camera().yaw, 90.0f);
    QCOMPARE(canvas->camera().distance, distance);
    window.context()->session()->undoStack()->undo();
    QCOMPARE(window.context()->file().clips().at(0).name, QStringLiteral("idle"));
    QCOMPARE(canvas->camera().yaw, 90.0f);

    // Another document frames itself afresh.
    QVERIFY(window.openFile(m_bpsm));
    QCOMPARE(canvas->camera().yaw, openedYaw);
}

QTEST_MAIN(tst_SnapshotViewport)
#include "tst_SnapshotViewport.moc"

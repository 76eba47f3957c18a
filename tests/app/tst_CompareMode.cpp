// Compare mode in the window (issue 31): File > Compare With... on copies of the real humanoid
// with planted changes: the Differences list has exactly the planted changes and jumps to them,
// the Clips panel marks the clips that differ, the Palette panel gives each bone's difference at
// the current frame, the viewport draws the other file as a ghost in the creature's one
// instanced draw, across dialects; an edit compares again; Stop Comparing ends it. The game's
// bodies stay through Compare and Stop Comparing (issue 38), and View > Body says what is drawn.
#include "CompareActions.h"
#include "DiffTestSupport.h"
#include "MainWindow.h"
#include "ModelTestSupport.h"
#include "PanelDocks.h"
#include "StudioCommandLine.h"
#include "StudioContext.h"
#include "TestPaths.h"
#include "bpat/DocumentEditor.h"
#include "bpat/VersionConverter.h"
#include "document/CompareState.h"
#include "editing/ClipCommands.h"
#include "editing/DocumentSession.h"
#include "models/ClipsModel.h"
#include "models/DifferencesModel.h"
#include "models/PaletteModel.h"
#include "viewport/ViewportWidget.h"
#include "widgets/TablePanel.h"
#include "viewport/ViewportCanvas.h"
#include "ui_MainWindow.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDockWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_CompareMode : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    difftest::Planted m_planted;
    QString m_original, m_changed;

    bool haveGL() const { return ViewportWidget::openGLProblem().isEmpty(); }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_original = difftest::realFile("bpat_current", "humanoid");
        if (!QFileInfo::exists(m_original))
            return;
        auto doc = difftest::load(m_original);
        QVERIFY(doc);
        m_planted = difftest::plant(*doc);
        m_changed = m_dir.filePath(QStringLiteral("humanoid-changed.bpat"));
        QVERIFY(difftest::save(*doc, m_changed));
    }

    void plantedChangesInEveryPanel()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        MainWindow window;
        window.setInteractive(false);
        QVERIFY(window.openFile(m_original));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        CompareActions *compare = window.compareActions();
        CompareState *state = window.context()->compare();
        QVERIFY(window.form()->actionCompareWith->isEnabled());
        QVERIFY(!window.form()->actionStopComparing->isEnabled());
        QAbstractItemModelTester tester(compare->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);

        QString error;
        QVERIFY2(compare->compareWith(m_changed, &error), qPrintable(error));
        QVERIFY(state->hasResult());
        QVERIFY(compare->dock()->isVisible());
        QVERIFY(window.form()->actionStopComparing->isEnabled());

        // The Differences list: exactly the planted changes.
        DifferencesModel *model = compare->model();
        QCOMPARE(model->rowCount(), 5);
        QStringList kinds;
        for (int r = 0; r < model->rowCount(); ++r)
            kinds << model->index(r, DifferencesModel::KindColumn).data().toString();
        QCOMPARE(kinds,
                 (QStringList{QStringLiteral("clip_renamed"), QStringLiteral("clip_metadata"), QStringLiteral("motion"),
                              QStringLiteral("clip_removed"), QStringLiteral("socket")}));
        QCOMPARE(model->index(2, DifferencesModel::BoneColumn).data().toString(), QStringLiteral("5 Head"));
        QCOMPARE(model->index(2, DifferencesModel::FramesColumn).data().toString(), QStringLiteral("4-6"));

        // A row jumps to its clip, frame and bone.
        StudioContext *context = window.context();
        const int rotated = window.context()->file().findClip(m_planted.rotatedClip);
        compare->jumpTo(2);
        QCOMPARE(context->currentClip(), rotated);
        QVERIFY(context->currentFrame() >= 4 && context->currentFrame() <= 6);
        QCOMPARE(context->currentBone(), 5);

        // The Clips panel: a column saying how each clip differs, and the names marked.
        ClipsModel *clips = window.panels()->clipsModel();
        const int column = clips->compareColumn();
        QVERIFY(column > 0);
        QCOMPARE(clips->columnCount(), column + 1);
        const int renamed = context->file().findClip(m_planted.renamedFrom);
        const int fps = context->file().findClip(m_planted.fpsClip);
        const int removed = context->file().findClip(m_planted.removedClip);
        QCOMPARE(clips->index(renamed, column).data().toString(), QStringLiteral("renamed to %1").arg(m_planted.renamedTo));
        QCOMPARE(clips->index(fps, column).data().toString(), QStringLiteral("fps"));
        QCOMPARE(clips->index(rotated, column).data().toString(), QStringLiteral("motion 2.00°"));
        QCOMPARE(clips->index(removed, column).data().toString(), QStringLiteral("only in this file"));
        QCOMPARE(clips->index(0, column).data().toString(), QStringLiteral("same"));
        QVERIFY(clips->index(rotated, ClipsModel::NameColumn).data(Qt::BackgroundRole).isValid());
        QVERIFY(!clips->index(0, ClipsModel::NameColumn).data(Qt::BackgroundRole).isValid());

        // The Palette panel: each bone's difference at the current frame, marked beyond the tolerance.
        PaletteModel *palette = window.panels()->paletteModel();
        QCOMPARE(palette->columnCount(), int(PaletteModel::NoOfColumns));
        QCOMPARE(palette->index(5, PaletteModel::DifferenceColumn).data().toString(), QStringLiteral("2.000° 0.0000 m"));
        QVERIFY(palette->index(5, PaletteModel::DifferenceColumn).data(Qt::BackgroundRole).isValid());
        QCOMPARE(palette->index(4, PaletteModel::DifferenceColumn).data().toString(), QStringLiteral("0.000° 0.0000 m"));
        QVERIFY(!palette->index(4, PaletteModel::DifferenceColumn).data(Qt::BackgroundRole).isValid());
        context->setCurrentFrame(10); // past the planted frames
        QCOMPARE(palette->index(5, PaletteModel::DifferenceColumn).data().toString(), QStringLiteral("0.000° 0.0000 m"));

        // The viewport: the other file's paired clip as a ghost, in the same instanced draw.
        if (haveGL()) {
            ViewportCanvas *canvas = window.viewport()->canvas();
            QTRY_VERIFY(canvas->compareGhost() != nullptr);
            context->setCurrentFrame(5);
            canvas->grabFramebuffer();
            QCOMPARE(canvas->drawnInstances().size(), 2);
            QCOMPARE(canvas->lastDrawCalls(), 1);
            const CreatureInstance &ghost = canvas->drawnInstances().at(1);
            QVERIFY(ghost.loops & ViewportCanvas::kCompareGhostBit);
            const PaletteClip &partner = *canvas->compareGhost()->ghostOf.at(rotated);
            QCOMPARE(ghost.frameOffset, partner.frameOffset); // B's frames, after A's
            QVERIFY(partner.frameOffset >= context->file().header().frameTotal);
            QCOMPARE(ghost.phase, CreatureInstance::atFrame(partner.frameOffset, partner.frameCount, 5, partner.loops).phase);
            // A clip without a partner has no ghost.
            context->setCurrentClip(removed);
            canvas->grabFramebuffer();
            QCOMPARE(canvas->drawnInstances().size(), 1);
        }

        // An edit of the open file compares again: renaming the clip back ends that change.
        DocumentSession *session = context->session();
        QVERIFY(session->execute(new RenameClipCommand(session, fps, QStringLiteral("renamed_here"))));
        QTRY_VERIFY(state->hasResult());
        QTRY_COMPARE(model->rowCount(), 6); // the clip of the fps change now only in each file
        QVERIFY(session->execute(new RenameClipCommand(session, fps, m_planted.fpsClip)));
        QTRY_COMPARE(model->rowCount(), 5);

        window.form()->actionStopComparing->trigger();
        QVERIFY(!state->isActive());
        QCOMPARE(model->rowCount(), 0);
        QCOMPARE(clips->compareColumn(), -1);
        QCOMPARE(palette->columnCount(), int(PaletteModel::DifferenceColumn));
        QVERIFY(!compare->dock()->isVisible());
        if (haveGL())
            QVERIFY(window.viewport()->canvas()->compareGhost() == nullptr);
    }

    // The v1 original against a late-v3 copy with the planted changes: the same changes, and the
    // ghost's frames (skinning matrices against the v1 file's... none: A is v1, so globals).
    void acrossDialects()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat"));
        const QString v1 = difftest::realFile("bpat_v1_latest", "humanoid");
        auto doc = difftest::load(v1);
        QVERIFY(doc);
        QVERIFY(VersionConverter::convert(*doc, ConvertOptions{format::Dialect::V3Late, std::nullopt, std::nullopt}).ok);
        const difftest::Planted planted = difftest::plant(*doc);
        const QString late = m_dir.filePath(QStringLiteral("late.bpat"));
        QVERIFY(difftest::save(*doc, late));

        for (const auto &[a, b] : {std::pair{v1, late}, std::pair{late, v1}}) {
            MainWindow window;
            window.setInteractive(false);
            QVERIFY(window.openFile(a));
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.compareActions()->compareWith(b));
            QCOMPARE(window.compareActions()->model()->rowCount(), 5);
            const diff::DiffResult &r = window.context()->compare()->result();
            QVERIFY(r.notes.join(QLatin1Char(' ')).contains(QStringLiteral("dialect")));
            if (!haveGL())
                continue;
            ViewportCanvas *canvas = window.viewport()->canvas();
            QTRY_VERIFY(canvas->compareGhost() != nullptr);
            // Where nothing was planted, the ghost's frames equal the creature's (within float
            // rounding): the combined source holds B's globals in A's storage.
            StudioContext *context = window.context();
            const int clip = context->file().findClip(planted.rotatedClip);
            const PaletteClip &ghost = *canvas->compareGhost()->ghostOf.at(clip);
            const PaletteSource &source = canvas->compareGhost()->source;
            for (quint32 f : {0u, 5u, 10u}) {
                const QList<float> mine = source.frame(source.clips.at(clip).frameOffset + f);
                const QList<float> theirs = source.frame(ghost.frameOffset + f);
                QCOMPARE(mine.size(), theirs.size());
                float worst = 0.0f;
                for (qsizetype k = 0; k < mine.size(); ++k) {
                    if (f >= 4 && f <= 6 && k / 16 == planted.rotatedBone)
                        continue;
                    worst = std::max(worst, std::abs(mine.at(k) - theirs.at(k)));
                }
                QVERIFY2(worst < 1e-4f, qPrintable(QString::number(worst)));
            }
        }
    }

    // The game's humanoid a week apart (v1 initial and latest): the riders sit 28 cm apart, so
    // the ghost shows beside the creature, in its warm tint; blending it keeps the framebuffer
    // opaque (its alpha, composed by Qt, turned ghosts and onion skins teal where they were drawn).
    void ghostIsDrawnOpaqueToTheWindow()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v1_initial/humanoid.bpat"));
        if (!haveGL())
            QSKIP("no OpenGL 3.3 here");
        MainWindow window;
        window.setInteractive(false);
        QVERIFY(window.openFile(difftest::realFile("bpat_v1_latest", "humanoid")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.compareActions()->compareWith(difftest::realFile("bpat_v1_initial", "humanoid")));
        QCOMPARE(window.compareActions()->model()->rowCount(), 12);
        StudioContext *context = window.context();
        context->setCurrentClip(context->file().findClip(QStringLiteral("riding_charge")));
        ViewportCanvas *canvas = window.viewport()->canvas();
        QTRY_VERIFY(canvas->compareGhost() != nullptr);
        canvas->setOverlay(ViewportCanvas::Stats, false); // render times differ from one draw to the next
        const QImage image = canvas->grabFramebuffer().convertToFormat(QImage::Format_RGB32);
        QCOMPARE(canvas->drawnInstances().size(), 2);
        // What the window shows of the canvas (composed by Qt, as --screenshot and the screen
        // get it) is what was rendered.
        const QImage shown = canvas->grab().toImage().convertToFormat(QImage::Format_RGB32);
        QCOMPARE(shown.size(), image.size());
        int changed = 0, warm = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                const QRgb p = image.pixel(x, y), q = shown.pixel(x, y);
                changed += std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) + std::abs(qBlue(p) - qBlue(q)) > 30;
                warm += qRed(p) > qGreen(p) + 60 && qRed(p) > qBlue(p) + 60;
            }
        }
        QCOMPARE(changed, 0);
        QVERIFY2(warm > 500, qPrintable(QString::number(warm)));
    }

    // A clip trimmed to frames 4-19 against its original (issue 38, 2b): the frames are paired as
    // the trim left them, so no bone differs where the motion is the same; the Differences list
    // says so, the Palette column and the ghost follow the pairing.
    void trimmedClipPairsWithItsOriginal()
    {
        const QString horse = difftest::realFile("bpat_current", "horse");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
        auto doc = difftest::load(horse);
        QVERIFY(doc);
        const int walk = doc->findClip(QStringLiteral("walk"));
        QVERIFY(DocumentEditor(*doc).trimClip(walk, 4, 19));
        const QString trimmed = m_dir.filePath(QStringLiteral("horse-trimmed.bpat"));
        QVERIFY(difftest::save(*doc, trimmed));

        MainWindow window;
        window.setInteractive(false);
        QVERIFY(window.openFile(horse));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QString error;
        QVERIFY2(window.compareActions()->compareWith(trimmed, &error), qPrintable(error));
        CompareState *state = window.context()->compare();
        QVERIFY(state->hasResult());
        DifferencesModel *model = window.compareActions()->model();
        QCOMPARE(model->rowCount(), 1);
        QCOMPARE(model->index(0, DifferencesModel::KindColumn).data().toString(), QStringLiteral("clip_metadata"));
        const QString line = model->index(0, DifferencesModel::ChangeColumn).data().toString();
        QVERIFY2(line.contains(QStringLiteral("trimmed: B is frames 4-19 of A, motion unchanged")), qPrintable(line));

        StudioContext *context = window.context();
        context->setCurrentClip(walk);
        PaletteModel *palette = window.panels()->paletteModel();
        const int bones = int(context->file().header().boneCount);
        // Paired frames (A's 4..19 with B's 0..15): no bone differs.
        for (int frame : {4, 9, 19}) {
            context->setCurrentFrame(frame);
            for (int bone = 0; bone < bones; ++bone) {
                const QModelIndex cell = palette->index(bone, PaletteModel::DifferenceColumn);
                QCOMPARE(cell.data().toString(), QStringLiteral("0.000° 0.0000 m"));
                QVERIFY(!cell.data(Qt::BackgroundRole).isValid());
            }
            QVERIFY(palette->index(0, PaletteModel::DifferenceColumn)
                        .data(Qt::ToolTipRole)
                        .toString()
                        .contains(QStringLiteral("with frame %1 of the other file").arg(frame - 4)));
        }
        // A's frames outside the trim have none.
        context->setCurrentFrame(2);
        QCOMPARE(palette->index(8, PaletteModel::DifferenceColumn).data().toString(), QStringLiteral("no paired frame"));
        // The Clips panel says only the frame count changed.
        ClipsModel *clips = window.panels()->clipsModel();
        QCOMPARE(clips->index(walk, clips->compareColumn()).data().toString(), QStringLiteral("frame count"));

        // The ghost: the trimmed clip laid on A's frames as paired.
        if (haveGL()) {
            ViewportCanvas *canvas = window.viewport()->canvas();
            QTRY_VERIFY(canvas->compareGhost() != nullptr);
            const std::optional<PaletteClip> &ghost = canvas->compareGhost()->ghostOf.at(walk);
            QVERIFY(ghost);
            QCOMPARE(ghost->frameCount, context->file().clips().at(walk).frameCount);
            const PaletteSource &source = canvas->compareGhost()->source;
            for (quint32 frame : {4u, 12u, 19u}) {
                const QList<float> a = source.frame(context->file().clips().at(walk).frameOffset + frame);
                const QList<float> g = source.frame(ghost->frameOffset + frame);
                QCOMPARE(a.size(), g.size());
                for (qsizetype i = 0; i < a.size(); ++i)
                    QVERIFY(std::abs(a.at(i) - g.at(i)) < 1e-5f);
            }
        }
    }

    void compareKeepsTheBodies()
    {
        // The horse with its game body beside it, compared with the same horse whose walk is
        // retimed (starts 4 frames later): both are drawn with the body, the ghost in the same
        // body, through Compare and Stop Comparing, and View > Body says Full all along.
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
        if (!haveGL())
            QSKIP("no OpenGL 3.3 here");
        const QString horse = difftest::realFile("bpat_current", "horse");
        auto doc = difftest::load(horse);
        QVERIFY(doc);
        const int walk = doc->findClip(QStringLiteral("walk"));
        QVERIFY(walk >= 0);
        const BpatDocument original = *doc;
        const quint32 frames = doc->clip(walk).frameCount, bones = doc->boneCount();
        for (quint32 f = 0; f < frames; ++f) {
            for (quint32 b = 0; b < bones; ++b)
                doc->clip(walk).setMatrix(f, b, bones, original.clip(walk).matrix((f + 4) % frames, b, bones));
        }
        // Beside the build, for the user guide's screenshot of compare mode (docs/user-guide.md).
        const QString retimed = testpaths::binaryDir() + QStringLiteral("/horse-walk-retimed.bpat");
        QVERIFY(difftest::save(*doc, retimed));

        MainWindow window;
        window.setInteractive(false);
        window.resize(1280, 720);
        QVERIFY(window.openFile(horse));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        Ui::MainWindow *ui = window.form();
        ViewportCanvas *canvas = window.viewport()->canvas();
        QVERIFY(canvas);
        const auto drawsTheBody = [&] {
            canvas->grabFramebuffer();
            return canvas->drawsBody() && canvas->creatureRenderer().bindSpace()
                && canvas->creatureRenderer().vertexCount() == canvas->fullBody().vertexCount();
        };
        QVERIFY2(drawsTheBody(), qPrintable(canvas->bodyStatus()));
        QVERIFY(ui->actionBodyFull->isChecked());
        StudioContext *context = window.context();
        context->setCurrentClip(walk);
        context->setCurrentFrame(6);

        QVERIFY(window.compareActions()->compareWith(retimed));
        QTRY_VERIFY(canvas->compareGhost() != nullptr);
        QVERIFY2(drawsTheBody(), qPrintable(canvas->bodyStatus()));
        QCOMPARE(canvas->drawnInstances().size(), 2); // the horse and its ghost, one draw
        QCOMPARE(canvas->lastDrawCalls(), 1);
        QVERIFY(ui->actionBodyFull->isChecked() && !ui->actionBodyStandIn->isChecked());
        QVERIFY(canvas->bodyStatus().startsWith(QStringLiteral("horse_full.bprm")));
        // The ghost shows where the retimed walk parts from the horse: warm pixels.
        canvas->setOverlays({});
        const QImage image = canvas->grabFramebuffer().convertToFormat(QImage::Format_RGB32);
        int warm = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                const QRgb p = image.pixel(x, y);
                warm += qRed(p) > qGreen(p) + 60 && qRed(p) > qBlue(p) + 60;
            }
        }
        QVERIFY2(warm > 200, qPrintable(QString::number(warm)));
        // The menu is what is drawn: the stand-in chosen, both are stand-ins; Full again.
        ui->actionBodyStandIn->trigger();
        QVERIFY(!canvas->drawsBody());
        QVERIFY(ui->actionBodyStandIn->isChecked() && !ui->actionBodyFull->isChecked());
        ui->actionBodyFull->trigger();
        QVERIFY(drawsTheBody());

        ui->actionStopComparing->trigger();
        QVERIFY(canvas->compareGhost() == nullptr);
        QVERIFY2(drawsTheBody(), qPrintable(canvas->bodyStatus()));
        QCOMPARE(canvas->drawnInstances().size(), 1);
        QVERIFY(ui->actionBodyFull->isChecked() && !ui->actionBodyStandIn->isChecked());

        // A file no body can be drawn for (v1: no skinning matrices): View > Body says stand-in.
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat"));
        QVERIFY(window.openFile(difftest::realFile("bpat_v1_latest", "horse")));
        canvas->grabFramebuffer();
        QVERIFY(!canvas->drawsBody());
        QVERIFY(ui->actionBodyStandIn->isChecked() && !ui->actionBodyFull->isChecked());
        QVERIFY(!ui->actionBodyFull->isEnabled());
    }

    void commandLineAndRefusals()
    {
        StudioCommandLine line;
        QVERIFY(line.parse(
            {QStringLiteral("bpat-studio"), QStringLiteral("a.bpat"), QStringLiteral("--compare"), QStringLiteral("b.bpat")}));
        QCOMPARE(line.options().compare, QStringLiteral("b.bpat"));
        QVERIFY(!line.parse({QStringLiteral("bpat-studio"), QStringLiteral("a.bpat"), QStringLiteral("--compare"), QString()}));

        MainWindow window;
        window.setInteractive(false);
        QString error;
        QVERIFY(!window.compareActions()->compareWith(m_original, &error)); // nothing open
        QVERIFY(!error.isEmpty());
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/horse.bpat"));
        QVERIFY(window.openFile(difftest::realFile("bpat_current", "horse")));
        QVERIFY(!window.compareActions()->compareWith(m_dir.filePath(QStringLiteral("missing.bpat")), &error));
        // Another rig: compared (the header says so), no ghost.
        QVERIFY(window.compareActions()->compareWith(m_original, &error));
        const diff::DiffResult &r = window.context()->compare()->result();
        QCOMPARE(r.changes.first().field, QStringLiteral("species"));
        if (haveGL()) {
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.viewport()->canvas()->compareGhost() == nullptr);
        }
        // Opening another file ends compare mode.
        QVERIFY(window.openFile(m_original));
        QVERIFY(!window.context()->compare()->isActive());
    }
};

QTEST_MAIN(tst_CompareMode)
#include "tst_CompareMode.moc"

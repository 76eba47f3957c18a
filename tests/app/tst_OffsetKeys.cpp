// Issue 41 in the window, on the real late-v3 humanoid: offset keys in the bone graph added by a
// double-click on a curve, dragged (the moves of one drag one undo step), typed in the bar and
// deleted with the Delete key; the clip's frames carry exactly the offset (the bone's local
// rotation moves by the key's value on every frame, other bones keep their matrices), the original
// curve is drawn dimmed, undo restores the file byte for byte, and a save bakes the keys into a
// file that passes `bpat validate --deep`. The Clip menu's Reverse, Resample and Mirror are one
// undo step each; the mirror's dialog lists the rig's pairs. Writes the user guide's screenshot
// of the graph with keys into the build folder.
#include "CentralViews.h"
#include "MainWindow.h"
#include "OffsetKeysLink.h"
#include "StudioContext.h"
#include "TestPaths.h"
#include "dialogs/MirrorDialog.h"
#include "editing/DocumentSession.h"
#include "editing/EditActions.h"
#include "editing/MotionActions.h"
#include "motion/LocalChannels.h"
#include "plot/ChartsCurvePlot.h"
#include "plot/OffsetKeyEditor.h"
#include "widgets/CentralViewHost.h"
#include "widgets/CurvesPanel.h"
#include "viewport/ViewportCanvas.h"
#include "viewport/ViewportWidget.h"
#include "BoneCurvesLink.h"
#include "PlotEvents.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest/QTest>
#include <cmath>

using namespace bpat::studio;

namespace {
constexpr int UpperArmL = 7; // the humanoid rig: ShoulderL 6 -> UpperArmL 7 -> ForearmL 8 -> HandL 9
}

class tst_OffsetKeys : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests-offsetkeys"));
        m_humanoid = testpaths::shared(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
    }

    void init()
    {
        if (!QFileInfo::exists(m_humanoid))
            BPAT_SKIP_SHARED(QStringLiteral("shared asset not found: ") + m_humanoid);
        m_window = std::make_unique<MainWindow>();
        m_window->setInteractive(false);
        m_window->editActions()->setChoiceHook([] { return EditActions::Choice::Discard; });
        m_window->resize(1280, 760);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QVERIFY(m_window->openFile(m_humanoid));
        QFile file(m_humanoid);
        QVERIFY(file.open(QIODevice::ReadOnly));
        m_original = file.readAll();
        m_window->context()->setCurrentClipByName(QStringLiteral("walk"));
        m_window->context()->setSelectedBones({UpperArmL});
        CentralViewHost *views = m_window->centralViews();
        views->setCurrentIndex(views->indexOf(curves()));
        QVERIFY(curves()->isVisible());
        QCOMPARE(curves()->plottedBones(), QList<int>{UpperArmL});
    }
    void cleanup() { m_window.reset(); }

    void keysEditedInTheGraph()
    {
        StudioContext *context = m_window->context();
        const int clip = context->currentClip();
        CurvePlot *plot = curves()->plot();
        OffsetKeyEditor *editor = link()->editor();
        QWidget *surface = plot->inputSurface();
        const QString curve = curveOf(QStringLiteral("RotationY"));
        QVERIFY(editor->editableCurves().contains(curve));
        const bpat::BpatFile before = context->file();

        // A double-click on the curve at frame 8: a key there, offset 0 (the curve unchanged).
        const double at8 = link()->originalAt(curve, 8.0);
        plotevents::sendMouse(surface, QEvent::MouseButtonDblClick, Qt::LeftButton, Qt::LeftButton, drawn(curve, 8.0, at8));
        QCOMPARE(layer().curve(UpperArmL, bpat::OffsetChannel::RotationY).keyCount(), 1);
        QCOMPARE(editor->keys().size(), 1);
        QCOMPARE(editor->selectedIndex(), 0);
        QCOMPARE(undoStack()->count(), 1);

        // Dragged up by about 18 degrees in three moves: one undo step, the key follows the mouse
        // and the clip follows the key (the viewport's file changes with each move).
        const QPointF from = editor->keyPosition(editor->keys().constFirst());
        plotevents::sendMouse(surface, QEvent::MouseButtonPress, Qt::LeftButton, Qt::LeftButton, from);
        for (double value : {5.0, 12.0, 18.0}) {
            plotevents::sendMouse(surface, QEvent::MouseMove, Qt::NoButton, Qt::LeftButton, drawn(curve, 8.0, at8 + value));
            const double offset = layer().curve(UpperArmL, bpat::OffsetChannel::RotationY).keys().constFirst().value;
            QVERIFY2(std::abs(offset - value) < 1.5, qPrintable(QString::number(offset)));
        }
        plotevents::sendMouse(surface, QEvent::MouseButtonRelease, Qt::LeftButton, Qt::NoButton, drawn(curve, 8.0, at8 + 18.0));
        QCOMPARE(undoStack()->count(), 2);
        QVERIFY(!curves()->keepsView());

        // Typed exactly in the bar: +20 degrees.
        auto *value = link()->bar()->findChild<QDoubleSpinBox *>(QStringLiteral("offsetKeyValue"));
        QVERIFY(value && value->isEnabled());
        value->setValue(20.0);
        Q_EMIT value->editingFinished();
        QCOMPARE(layer().curve(UpperArmL, bpat::OffsetChannel::RotationY).keys().constFirst().value, 20.0);
        QCOMPARE(undoStack()->count(), 3);

        // One key: +20 degrees on every frame of the clip, within 1e-5 degrees; the bones outside
        // UpperArmL's branch keep their very matrices; other clips are untouched.
        const bpat::BpatFile &after = context->file();
        checkOffset(before, after, clip, 20.0);
        // The original is drawn dimmed beside the edited curve; the edited curve holds the key.
        int dimmed = 0;
        for (const PlotCurve &c : plot->curves())
            dimmed += c.dimmed && c.name() == curve + QStringLiteral(" (original)") ? 1 : 0;
        QCOMPARE(dimmed, 1);
        QVERIFY(std::abs(editor->keys().constFirst().value - (at8 + 20.0)) < 1e-3);
        static_cast<ChartsCurvePlot *>(plot)->resampleNow();
        QVERIFY(m_window->saveScreenshot(testpaths::binaryDir() + QStringLiteral("/offset-keys.png")));

        // Saved: the keys baked into the frames, a file that passes the deep checks.
        QTemporaryDir dir;
        const QString saved = dir.filePath(QStringLiteral("humanoid_keyed.bpat"));
        m_window->editActions()->setSaveAsPathHook([saved] { return saved; });
        QVERIFY(m_window->editActions()->saveAs());
        QProcess validate;
        validate.start(testpaths::bpatExecutable(), {QStringLiteral("validate"), QStringLiteral("--deep"), saved});
        QVERIFY(validate.waitForFinished(60000));
        QVERIFY2(validate.exitCode() == 0, validate.readAllStandardOutput().constData());
        QFile savedFile(saved);
        QVERIFY(savedFile.open(QIODevice::ReadOnly));
        QCOMPARE(savedFile.readAll(), context->file().bytes().toByteArray());

        // Undo, step by step, to the file as opened: byte-identical; redo brings the key back.
        while (undoStack()->canUndo())
            undoStack()->undo();
        QCOMPARE(context->file().bytes().toByteArray(), m_original);
        QVERIFY(layer().isEmpty());
        QVERIFY(editor->keys().isEmpty());
        while (undoStack()->canRedo())
            undoStack()->redo();
        checkOffset(before, context->file(), clip, 20.0);
        QCOMPARE(editor->keys().size(), 1);
    }

    void deleteKeyRestoresTheFrames()
    {
        const QString curve = curveOf(QStringLiteral("RotationX"));
        QVERIFY(link()->addKey(curve, 4.0));
        QVERIFY(link()->setKey(curve, 0, 4.0, -15.0, bpat::OffsetInterpolation::Auto));
        QVERIFY(link()->addKey(curve, 20.0));
        QCOMPARE(layer().curve(UpperArmL, bpat::OffsetChannel::RotationX).keyCount(), 2);
        QVERIFY(m_window->context()->file().bytes().toByteArray() != m_original);
        // The Delete key on the plot deletes the selected key, twice: the frames are the
        // original's again, bit for bit.
        for (int i = 0; i < 2; ++i) {
            OffsetKeyEditor *editor = link()->editor();
            editor->select(curve, 0);
            QTest::keyClick(curves()->plot()->keySurface(), Qt::Key_Delete);
        }
        QVERIFY(layer().isEmpty());
        QCOMPARE(m_window->context()->file().bytes().toByteArray(), m_original);
        QCOMPARE(undoStack()->count(), 5);
    }

    void badKeysAreRefused()
    {
        QString error;
        QVERIFY(!link()->applySpec(QStringLiteral("walk:UpperArmL:RotationQ=4:10"), &error));
        QVERIFY2(error.contains(QStringLiteral("no channel")), qPrintable(error));
        QVERIFY(!link()->applySpec(QStringLiteral("walk:99:RotationX=4:10"), &error));
        QVERIFY2(error.contains(QStringLiteral("99")), qPrintable(error));
        QVERIFY(!link()->applySpec(QStringLiteral("nosuchclip:UpperArmL:RotationX=4:10"), &error));
        QCOMPARE(undoStack()->count(), 0);
        QCOMPARE(m_window->context()->file().bytes().toByteArray(), m_original);
        // Good keys from the same text form pass (bpat-studio --offset).
        QVERIFY(link()->applySpec(QStringLiteral("walk:UpperArmL:RotationZ=4:10"), &error));
        QCOMPARE(undoStack()->count(), 1);
    }

    void everyKeyIsDrawnOnItsCurve()
    {
        QVERIFY(link()->applySpec(QStringLiteral("walk:UpperArmL:RotationY=8:20,24:-10")));
        const QList<OffsetKeyEditor::Key> keys = link()->editor()->keys();
        QCOMPARE(keys.size(), 2);
        const QString curve = curveOf(QStringLiteral("RotationY"));
        for (const OffsetKeyEditor::Key &key : keys) {
            const double offset = key.frame == 8.0 ? 20.0 : -10.0;
            QVERIFY(std::abs(key.value - (link()->originalAt(curve, key.frame) + offset)) < 1e-6);
            QVERIFY(curves()->plot()->plotArea().contains(link()->editor()->keyPosition(key)));
        }
    }

    // Not a timed test: prints what one move of a drag costs the window on the humanoid's longest
    // clip for docs/performance.md, with the Curves beside the viewport as an animator drags
    // keys: the move itself (recomposition, the document to bytes, the keyed bone's curves), then
    // with the events it posts (the viewport's palette upload and paint, the plot's resample).
    // Checks what a move redoes (DocumentChange::Motion): the viewport's palette and the keyed
    // bone's curves, not every bone's curves, the tables, the lint or the body; then the rest once
    // the drag settles. The moves merge into one undo step.
    void dragOnTheLongestClip()
    {
        StudioContext *context = m_window->context();
        m_window->views()->setCurvesBeside(true);
        QVERIFY(curves()->isVisible());
        QVERIFY(m_window->viewport()->isVisible());
        context->setCurrentClipByName(QStringLiteral("showcase_rest_sit_knees"));
        QCOMPARE(context->frameCount(), 210);
        const QString curve = curveOf(QStringLiteral("RotationY"));
        QVERIFY(link()->addKey(curve, 100.0));
        const double original = link()->originalAt(curve, 100.0);
        QCoreApplication::processEvents();
        ViewportCanvas *canvas = m_window->viewport()->canvas();
        QVERIFY(canvas);
        const int wholeBuilds = m_window->views()->boneCurves()->builds();
        const int partialBuilds = m_window->views()->boneCurves()->partialBuilds();
        const int uploads = canvas->paletteUploads();
        const int clipWrites = context->session()->clipWrites();
        int loaded = 0;
        connect(context, &StudioContext::fileLoaded, this, [&loaded] { ++loaded; });
        // The floor: the same views drawn again with nothing edited (llvmpipe here).
        constexpr int Moves = 20;
        QElapsedTimer timer;
        timer.start();
        for (int i = 1; i <= Moves; ++i) {
            canvas->update();
            curves()->refreshCompanions();
            QCoreApplication::processEvents();
        }
        const double paintOnly = double(timer.nsecsElapsed()) / 1e6 / Moves;
        timer.restart();
        for (int i = 1; i <= Moves; ++i)
            QVERIFY(link()->dragKey(curve, 0, 100.0, original + i, 7));
        const double move = double(timer.nsecsElapsed()) / 1e6 / Moves;
        QCOMPARE(loaded, 0); // nothing else redone while the drag goes on
        QCOMPARE(m_window->views()->boneCurves()->builds(), wholeBuilds);
        QCOMPARE(m_window->views()->boneCurves()->partialBuilds(), partialBuilds + Moves);
        QVERIFY(context->editsSettling());
        QCOMPARE(context->session()->clipWrites(), clipWrites + Moves); // the clip written over the shown file
        timer.restart();
        for (int i = 1; i <= Moves; ++i) {
            QVERIFY(link()->dragKey(curve, 0, 100.0, original + Moves + i, 7));
            QCoreApplication::processEvents(); // the viewport uploads and paints, the plot resamples
        }
        const double moveAndPaint = double(timer.nsecsElapsed()) / 1e6 / Moves;
        qInfo("one move of a key on a 210-frame clip: %.1f ms; with the viewport's upload and paint and the plot's "
              "resample: %.1f ms; the same views drawn with no edit (the floor): %.1f ms",
              move, moveAndPaint, paintOnly);
        QVERIFY(canvas->paletteUploads() > uploads); // the creature follows the key
        // The drag ends: the rest of the window catches up once.
        Q_EMIT link()->editor()->dragFinished(7);
        QVERIFY(!context->editsSettling());
        QVERIFY(loaded >= 1); // once, or also while a slow (sanitizer) paint let it settle
        QCOMPARE(undoStack()->count(), 2);
        QVERIFY(std::abs(link()->originalAt(curve, 100.0) + 2 * Moves - link()->editor()->keys().constFirst().value) < 1e-3);
        // Back in its tab.
        m_window->views()->setCurvesBeside(false);
        QCOMPARE(m_window->centralViews()->currentWidget(), static_cast<QWidget *>(curves()));
    }

    // The bar's "only frames" fields: the offsets apply to those frames, the others keep their
    // matrices; unchecked, to the whole clip again. Each one undo step.
    void frameRangeInTheBar()
    {
        StudioContext *context = m_window->context();
        const int clip = context->currentClip();
        const bpat::BpatFile before = context->file();
        QVERIFY(link()->applySpec(QStringLiteral("walk:UpperArmL:RotationZ=0:10")));
        auto *on = link()->bar()->findChild<QCheckBox *>(QStringLiteral("offsetKeyRangeOn"));
        auto *first = link()->bar()->findChild<QSpinBox *>(QStringLiteral("offsetKeyRangeFirst"));
        auto *last = link()->bar()->findChild<QSpinBox *>(QStringLiteral("offsetKeyRangeLast"));
        QVERIFY(on && first && last && on->isEnabled());
        on->setChecked(true);
        first->setValue(5);
        Q_EMIT first->editingFinished();
        last->setValue(9);
        Q_EMIT last->editingFinished();
        QCOMPARE(layer().range(), (std::optional<std::pair<quint32, quint32>>(std::pair<quint32, quint32>(5, 9))));
        const bpat::BpatFile &after = context->file();
        const bpat::BpatClipInfo &info = after.clips().at(clip);
        for (quint32 f = 0; f < info.frameCount; ++f) {
            const bool inside = f >= 5 && f <= 9;
            const quint32 global = *after.globalFrame(clip, f);
            const bool same = after.globalMatrixFloats(global, UpperArmL) == before.globalMatrixFloats(global, UpperArmL);
            QVERIFY2(same != inside, qPrintable(QStringLiteral("frame %1").arg(f)));
        }
        on->setChecked(false);
        QVERIFY(!layer().range());
        QVERIFY(!first->isEnabled());
        QCOMPARE(undoStack()->count(), 5); // the keys, checked (the whole clip), first, last, unchecked
    }

    void anotherEditBakesTheKeysAndUndoBringsThemBack()
    {
        QVERIFY(link()->applySpec(QStringLiteral("walk:UpperArmL:RotationZ=0:10,31:-10")));
        QVERIFY(!layer().isEmpty());
        MotionActions *motion = m_window->motionActions();
        QVERIFY(motion->reverse());
        QVERIFY(m_window->context()->session()->offsetLayers().isEmpty()); // baked
        undoStack()->undo();
        QCOMPARE(layer().curve(UpperArmL, bpat::OffsetChannel::RotationZ).keyCount(), 2);
    }

    void clipMenuEdits()
    {
        StudioContext *context = m_window->context();
        MotionActions *motion = m_window->motionActions();
        QVERIFY(motion->reverseAction()->isEnabled());
        // Reverse twice: the file as opened, byte for byte; each one undo step.
        QVERIFY(motion->reverse());
        QVERIFY(context->file().bytes().toByteArray() != m_original);
        QVERIFY(motion->reverse());
        QCOMPARE(context->file().bytes().toByteArray(), m_original);
        QCOMPARE(undoStack()->count(), 2);

        // Resample 32 -> 64 frames, undo: the file as opened.
        QVERIFY(motion->resample(64));
        QCOMPARE(context->frameCount(), 64);
        undoStack()->undo();
        QCOMPARE(context->frameCount(), 32);
        QCOMPARE(context->file().bytes().toByteArray(), m_original);
        // A resample to 0 frames is refused, nothing changed.
        QVERIFY(!motion->resample(0));
        QCOMPARE(context->file().bytes().toByteArray(), m_original);

        // Mirror: the dialog lists the humanoid's pairs; a new clip walk_mirrored, undone.
        const bpat::BpatDocument *document = context->session()->document();
        const bpat::MotionEditor::MirrorPlan plan = bpat::MotionEditor::mirrorPlan(*document, context->currentClip());
        MirrorDialog dialog(plan, bpat::MotionEditor::mirroredName(*document, context->currentClip()));
        QVERIFY2(dialog.planText().contains(QStringLiteral("HipL  <->  HipR")), qPrintable(dialog.planText()));
        QCOMPARE(dialog.options().name, QStringLiteral("walk_mirrored"));
        const int clips = context->clipCount();
        QVERIFY(motion->mirror(dialog.options()));
        QCOMPARE(context->clipCount(), clips + 1);
        QCOMPARE(context->file().clips().constLast().name, QStringLiteral("walk_mirrored"));
        undoStack()->undo();
        QCOMPARE(context->clipCount(), clips);
        QCOMPARE(context->file().bytes().toByteArray(), m_original);
    }

private:
    CurvesPanel *curves() const { return m_window->views()->curves(); }
    OffsetKeysLink *link() const { return m_window->views()->offsetKeys(); }
    QUndoStack *undoStack() const { return m_window->context()->session()->undoStack(); }
    bpat::OffsetLayer layer() const
    {
        return m_window->context()->session()->offsetLayers().value(m_window->context()->currentClip()).layer;
    }
    QString curveOf(const QString &kind) const
    {
        const QStringList names = curves()->boneCurves()->curveNames(UpperArmL, {kind});
        return names.value(0);
    }
    // Where (frame, value) of a curve is drawn on the plot's input surface.
    QPointF drawn(const QString &curve, double frame, double value) const
    {
        CurvePlot *plot = curves()->plot();
        return plot->mapFromData(QPointF(frame, plot->valueMapping(curve).apply(value)));
    }
    void checkOffset(const bpat::BpatFile &before, const bpat::BpatFile &after, int clip, double degrees)
    {
        const QList<int> parents = bpat::LocalChannels(before).parents();
        const bpat::LocalChannels::Track a =
            bpat::LocalChannels(before, parents).tracks(clip, {UpperArmL}, bpat::EulerOrder::XYZ).value(0);
        const bpat::euler::Angles seed{a.values[bpat::LocalChannels::EulerX].value(0),
                                       a.values[bpat::LocalChannels::EulerY].value(0),
                                       a.values[bpat::LocalChannels::EulerZ].value(0)};
        const bpat::LocalChannels::Track b =
            bpat::LocalChannels(after, parents).tracks(clip, {UpperArmL}, bpat::EulerOrder::XYZ, 1, {{UpperArmL, seed}}).value(0);
        QCOMPARE(a.frames.size(), b.frames.size());
        for (qsizetype i = 0; i < a.frames.size(); ++i) {
            const double d = b.values[bpat::LocalChannels::EulerY].at(i) - a.values[bpat::LocalChannels::EulerY].at(i);
            QVERIFY2(std::abs(d - degrees) < 1e-5, qPrintable(QStringLiteral("frame %1: %2").arg(i).arg(d, 0, 'g', 10)));
        }
        // Bones outside UpperArmL's branch (7, 8, 9) keep every matrix of the clip.
        const bpat::BpatClipInfo &info = before.clips().at(clip);
        for (quint32 f = 0; f < info.frameCount; ++f) {
            for (quint32 bone = 0; bone < before.header().boneCount; ++bone) {
                if (bone >= 7 && bone <= 9)
                    continue;
                QVERIFY2(before.matrixFloats(info.frameOffset + f, bone) == after.matrixFloats(info.frameOffset + f, bone),
                         qPrintable(QStringLiteral("frame %1 bone %2").arg(f).arg(bone)));
            }
        }
    }

    QString m_humanoid;
    QByteArray m_original;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(tst_OffsetKeys)
#include "tst_OffsetKeys.moc"

// The Rebake dialog: builds the request from its fields, previews without writing (the rebaked
// creature playing in the dialog's own viewport, with the validator's verdict), marks the preview
// out of date when a setting changes, rebakes on a worker thread and reports the written path,
// which File > Rebake opens in the main window; cancel leaves the target untouched.
#include "bpat/BpatFile.h"
#include "GeneratedRecording.h"
#include "MainWindow.h"
#include "ui_MainWindow.h"
#include "StudioContext.h"
#include "TestPaths.h"
#include "bpat/Validator.h"
#include "anim/InputAnimationReader.h"
#include "dialogs/RebakeDialog.h"
#include "dialogs/RebakePreviewPane.h"
#include "viewport/ViewportWidget.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QToolButton>
#include <QTemporaryDir>
#include <QComboBox>
#include <QLineEdit>
#include <QtTest/QTest>
#include <cstring>

using namespace bpat;
using namespace bpat::studio;

namespace {
QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QString RealRecording = QStringLiteral("mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin");

bool isEmptyDir(const QString &path)
{
    return QDir(path).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).isEmpty();
}

// Pixels of a viewport grab that are clearly not the background (glClearColor 0.16 0.17 0.19).
int creaturePixels(const QImage &image)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - 41) + std::abs(c.green() - 43) + std::abs(c.blue() - 48) > 30)
                ++count;
        }
    }
    return count;
}

void saveScreenshot(const QImage &image, const QString &name)
{
    const QString dir = qEnvironmentVariable("BPAT_SCREENSHOT_DIR");
    if (!dir.isEmpty() && QDir().mkpath(dir))
        image.save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}
} // namespace

class tst_RebakeDialog : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_recording;

private Q_SLOTS:
    void initTestCase()
    {
        m_recording = m_dir.filePath(QStringLiteral("take.bin"));
        QVERIFY(testrecording::write(m_recording));
    }

    void requestFromFields()
    {
        RebakeDialog dialog;
        QString error;
        QVERIFY(!dialog.request(&error));
        QVERIFY(error.contains(u"source"));
        dialog.setSourcePath(QStringLiteral("/tmp/some/take_3.bin"));
        dialog.setRecipe(QStringLiteral("humanoid-upper-body"));
        dialog.setFps(24);
        dialog.setRange(1.5, 3.0);
        dialog.setLoops(true);
        const std::optional<RebakeRequest> r = dialog.request(&error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->outputPath, QStringLiteral("/tmp/some/take_3.bpat"));
        QCOMPARE(r->recipe.name, QStringLiteral("humanoid-upper-body"));
        QCOMPARE(r->clips.size(), 1);
        QCOMPARE(r->clips.first().name, QStringLiteral("take_3"));
        QCOMPARE(r->clips.first().range.fps, 24.0);
        QCOMPARE(*r->clips.first().range.from, 1.5);
        QCOMPARE(*r->clips.first().range.to, 3.0);
        QVERIFY(r->clips.first().loops);
        QVERIFY(r->intoPath.isEmpty());
        QVERIFY(!r->formatVersion); // keep: a new file is v1
        dialog.setFormatVersion(int(bpat::format::Dialect::V3Late));
        QCOMPARE(*dialog.request(&error)->formatVersion, bpat::format::Dialect::V3Late);
        dialog.setFormatVersion(-1);
        QVERIFY(!dialog.request(&error)->formatVersion);
        dialog.setRecipe(QStringLiteral("/nonexistent/recipe.json"));
        QVERIFY(!dialog.request(&error));
        QVERIFY(error.contains(u"Recipe"));
    }

    // The source comes from the open recording; the clip name and output follow a newly chosen
    // source unless the user typed their own; the recording's duration fills the range's end.
    void sourceDefaultsAndFollowsTheRecording()
    {
        bpat::studio::MainWindow window;
        window.openFile(m_recording);
        QCOMPARE(window.context()->recording()->path(), m_recording);
        window.form()->actionRebake->trigger();
        auto *dialog = window.findChild<RebakeDialog *>();
        QVERIFY(dialog);
        QString error;
        std::optional<RebakeRequest> r = dialog->request(&error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->clips.first().curvesPath, m_recording);
        QCOMPARE(r->clips.first().name, QStringLiteral("take"));
        QCOMPARE(r->outputPath, m_dir.filePath(QStringLiteral("take.bpat")));
        QTRY_VERIFY(dialog->sourceDuration().has_value());
        QCOMPARE(*dialog->sourceDuration(), testrecording::Duration);
        // The key span, as the timeline's clip selector states it (both used to disagree).
        QVERIFY2(dialog->sourceInfoText().startsWith(u"keys -2.00 s to 12.00 s"), qPrintable(dialog->sourceInfoText()));
        dialog->setRange(1.0, std::nullopt); // unticking "whole" keeps the recording's end
        r = dialog->request(&error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(*r->clips.first().range.to, testrecording::Duration);

        // Another source: the derived names follow it...
        dialog->setSourcePath(QStringLiteral("/elsewhere/walk_02.bin"));
        r = dialog->request(&error);
        QCOMPARE(r->clips.first().name, QStringLiteral("walk_02"));
        QCOMPARE(r->outputPath, QStringLiteral("/elsewhere/walk_02.bpat"));
        QTRY_COMPARE(dialog->sourceInfoText(), QStringLiteral("unreadable"));
        QVERIFY(!dialog->sourceDuration());
        // ...but names the user chose stay.
        dialog->setClipName(QStringLiteral("mine"));
        dialog->setOutputPath(QStringLiteral("/out/mine.bpat"));
        dialog->setSourcePath(m_recording);
        r = dialog->request(&error);
        QCOMPARE(r->clips.first().name, QStringLiteral("mine"));
        QCOMPARE(r->outputPath, QStringLiteral("/out/mine.bpat"));
        QTRY_VERIFY(dialog->sourceDuration().has_value());
    }

    void emptyRecordingIsRefused()
    {
        QTemporaryDir dir;
        const QString empty = dir.filePath(QStringLiteral("empty.bin"));
        QVERIFY(InputAnimationWriter().writeFile(InputAnimation(), empty));
        const QString out = dir.filePath(QStringLiteral("o.bpat"));
        RebakeDialog dialog;
        dialog.setSourcePath(empty);
        dialog.setOutputPath(out);
        QSignalSpy finished(&dialog, &RebakeDialog::finished);
        dialog.startRebake();
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY2(dialog.statusText().contains(u"no keys in the chosen range; nothing to rebake"),
                 qPrintable(dialog.statusText()));
        QVERIFY(!QFile::exists(out));
    }

    void previewWritesNothingThenRebakeWrites()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("o.bpat"));
        RebakeDialog dialog;
        dialog.setSourcePath(m_recording);
        dialog.setRecipe(QStringLiteral("hands")); // the recording's own hands (a humanoid would be proposed)
        dialog.setOutputPath(out);
        dialog.setRange(0.0, 2.0);
        QSignalSpy finished(&dialog, &RebakeDialog::finished);
        QSignalSpy rebaked(&dialog, &RebakeDialog::rebaked);
        dialog.startPreview();
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(!QFile::exists(out));
        QVERIFY(dialog.summaryText().contains(u"121 frames"));
        QVERIFY(dialog.summaryText().contains(u"L_IndexTip"));
        dialog.startRebake();
        QVERIFY(rebaked.wait(60000));
        QCOMPARE(rebaked.first().first().toString(), out);
        QCOMPARE(BpatFile::open(out)->clips().first().frameCount, 121u);
        // The dialog says the file was written; no "Preview, not saved" left behind.
        QVERIFY2(dialog.previewPane()->bannerText().startsWith(QStringLiteral("Written: ") + out),
                 qPrintable(dialog.previewPane()->bannerText()));
        QVERIFY(!dialog.previewPane()->bannerText().contains(u"not saved"));
        // The same in late v3, what the game reads today.
        dialog.setFormatVersion(int(bpat::format::Dialect::V3Late));
        dialog.startRebake();
        QVERIFY(rebaked.wait(60000));
        QCOMPARE(BpatFile::open(out)->dialect(), bpat::format::Dialect::V3Late);
    }

    // A recording the window has already read (File > Rebake with a recording open) is read
    // neither by the dialog nor by the job: here its file is gone, and both still work.
    void knownRecordingIsNotReadAgain()
    {
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("read-once.bin"));
        QVERIFY(QFile::copy(m_recording, copy));
        InputAnimationReader reader;
        std::optional<InputAnimation> read = reader.readFile(copy);
        QVERIFY2(read, qPrintable(reader.errorString()));
        QVERIFY(QFile::remove(copy));
        const auto animation = std::make_shared<const InputAnimation>(std::move(*read));
        RebakeDialog dialog;
        QSignalSpy inspected(&dialog, &RebakeDialog::sourceInspected);
        dialog.setSourceRecording(copy, animation);
        QCOMPARE(inspected.size(), 1); // at once: nothing to read
        QVERIFY2(dialog.sourceInfoText().contains(QStringLiteral("%1 curves").arg(animation->curveCount())),
                 qPrintable(dialog.sourceInfoText()));
        QCOMPARE(dialog.sourceDuration(), std::optional<double>(animation->duration()));
        dialog.setOutputPath(dir.filePath(QStringLiteral("o.bpat")));
        dialog.setRange(0.0, 1.0);
        QSignalSpy finished(&dialog, &RebakeDialog::finished);
        dialog.startPreview();
        QVERIFY(finished.wait(60000));
        QVERIFY2(finished.first().first().toBool(), qPrintable(dialog.statusText()));
        QCOMPARE(dialog.previewPane()->file().clips().first().frameCount, 61u);
        // Another source is read as usual.
        dialog.setSourcePath(dir.filePath(QStringLiteral("missing.bin")));
        QTRY_COMPARE(dialog.sourceInfoText(), QStringLiteral("unreadable"));
    }

    void cancelLeavesTargetUntouched()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("keep.bpat"));
        QFile f(out);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not replaced");
        f.close();
        RebakeDialog dialog;
        dialog.setSourcePath(m_recording);
        dialog.setOutputPath(out);
        dialog.setFps(3000); // 36,001 frames: long enough to cancel while it runs
        QSignalSpy finished(&dialog, &RebakeDialog::finished);
        dialog.startRebake();
        QVERIFY(dialog.isRunning());
        dialog.cancel();
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY(dialog.lastOutcome().cancelled);
        QCOMPARE(readAll(out), QByteArray("not replaced"));
    }
    // Preview on the real recording: the rebake runs in memory, nothing reaches the output
    // path, and the dialog's viewport plays the result on the recipe's creature.
    void previewPlaysTheRealRecordingInTheViewport_data()
    {
        QTest::addColumn<QString>("recipe");
        QTest::addColumn<int>("bones");
        QTest::addColumn<QString>("rig");
        QTest::newRow("hands") << QStringLiteral("hands") << 53 << QStringLiteral("hands");
        QTest::newRow("humanoid-upper-body") << QStringLiteral("humanoid-upper-body") << 20 << QStringLiteral("humanoid");
    }
    void previewPlaysTheRealRecordingInTheViewport()
    {
        BPAT_REQUIRE_SHARED(RealRecording);
        QFETCH(QString, recipe);
        QFETCH(int, bones);
        QFETCH(QString, rig);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("preview.bpat"));
        RebakeDialog dialog;
        dialog.setSourcePath(testpaths::shared(RealRecording));
        dialog.setRecipe(recipe);
        dialog.setOutputPath(out);
        dialog.setFps(30);
        dialog.setRange(4.0, 8.0); // floor(4 * 30) + 1 = 121 frames
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        RebakePreviewPane *pane = dialog.previewPane();
        QVERIFY(!pane->hasPreview());

        QSignalSpy finished(&dialog, &RebakeDialog::finished);
        dialog.startPreview();
        QVERIFY(dialog.isRunning());
        QVERIFY(finished.wait(120000));
        QVERIFY2(finished.first().first().toBool(), qPrintable(dialog.statusText()));
        QVERIFY(!QFile::exists(out));
        QVERIFY(isEmptyDir(dir.path()));

        // The pane's document: the preview's own file (streamed, then mapped; never beside the
        // output), valid, with the expected shape.
        QVERIFY(pane->hasPreview());
        QVERIFY(!pane->isStale());
        const BpatFile &file = pane->file();
        QVERIFY2(file.path().endsWith(u"preview.bpat") && !file.path().startsWith(dir.path()), qPrintable(file.path()));
        QCOMPARE(file.header().boneCount, quint32(bones));
        QCOMPARE(file.clips().size(), 1);
        QCOMPARE(file.clips().at(pane->clip()).frameCount, 121u);
        QCOMPARE(file.clips().at(pane->clip()).name, QStringLiteral("holographic-recording_InputAnimation-20201027-134946"));
        QCOMPARE(qint64(file.fileSize()), dialog.lastOutcome().bytesWritten);
        for (ValidationProfile profile : {ValidationProfile::Game, ValidationProfile::Spec})
            QVERIFY(Validator(ValidationOptions::make(profile, true)).validate(file).valid());
        // A recording has no version: the preview is late v3, judged by the current game. The
        // verdict lists every warning: the 53-bone `hands` humanoid is not the game's 20-bone
        // rig (it used to say "valid in the game and spec profiles" in green all the same).
        QCOMPARE(file.dialect(), format::Dialect::V3Late);
        QVERIFY2(pane->verdictText().contains(u"valid in the spec profile and for the current game"),
                 qPrintable(pane->verdictText()));
        if (recipe == u"hands") {
            QVERIFY2(pane->verdictText().contains(u"RIG_BONE_COUNT_MISMATCH"), qPrintable(pane->verdictText()));
            QVERIFY(!pane->verdictText().contains(u"no warnings"));
            QVERIFY2(dialog.recipeHintText().contains(u"20 bones") && dialog.suggestedRecipe() == u"humanoid-upper-body",
                     qPrintable(dialog.recipeHintText()));
        } else {
            QVERIFY2(pane->verdictText().contains(u"no warnings"), qPrintable(pane->verdictText()));
            QVERIFY(dialog.suggestedRecipe().isEmpty());
        }
        QCOMPARE(pane->frameCount(), 121);
        QVERIFY(pane->bannerText().contains(u"not saved"));
        QVERIFY(pane->bannerText().contains(QStringLiteral("%1 rig").arg(rig)));

        // The viewport shows exactly that document on the recipe's creature mesh.
        ViewportCanvas *canvas = pane->viewport()->canvas();
        QVERIFY2(canvas, qPrintable(pane->viewport()->unavailableReason()));
        const ViewportScene &scene = canvas->scene();
        QCOMPARE(scene.source().boneCount, bones);
        QCOMPARE(scene.source().frameTotal, 121u);
        QCOMPARE(scene.source().palette, file.paletteBytes());
        QVERIFY(scene.knownRig());
        QCOMPARE(scene.rigName(), rig);

        // It plays on its own, and scrubbing moves the viewport to the chosen frame.
        QVERIFY(pane->isPlaying());
        QTRY_VERIFY_WITH_TIMEOUT(pane->frame() > 0, 5000);
        pane->setPlaying(false);
        auto *scrub = pane->findChild<QSlider *>(QStringLiteral("previewScrub"));
        QVERIFY(scrub);
        QCOMPARE(scrub->maximum(), 120);
        scrub->setValue(60);
        QCOMPARE(pane->frame(), 60);
        QCOMPARE(canvas->frame(), 60);
        QCOMPARE(canvas->clip(), pane->clip());
        const QImage middle = canvas->grabFramebuffer();
        QVERIFY2(creaturePixels(middle) > 500, qPrintable(QStringLiteral("%1 creature pixels").arg(creaturePixels(middle))));
        scrub->setValue(0);
        QCOMPARE(canvas->frame(), 0);
        QVERIFY(canvas->grabFramebuffer() != middle); // the creature moved between 4 s and 6 s
        scrub->setValue(60);
        saveScreenshot(dialog.grab().toImage(), QStringLiteral("rebake-preview-") + recipe);

        // The Recording button overlays the source recording at the clip's instant: the range's
        // start plus frame / fps, in the frame the recipe bakes in (converted for hands, the
        // game's own for the humanoid), so the hands line up with the rebaked hands.
        auto *overlay = pane->findChild<QToolButton *>(QStringLiteral("previewOverlay"));
        QVERIFY(overlay);
        QTRY_VERIFY(overlay->isEnabled());
        overlay->setChecked(true);
        QVERIFY(pane->overlaysRecording());
        QVERIFY(canvas->drawsRecording() && canvas->drawsCreature());
        QCOMPARE(canvas->recording().time(), 4.0 + 60 / 30.0);
        QCOMPARE(canvas->recording().convertsCoordinates(), recipe == QLatin1String("hands"));
        if (recipe == QLatin1String("hands")) {
            const QList<float> baked = scene.source().frame(file.clips().at(pane->clip()).frameOffset + 60);
            const QList<float> overlaid = canvas->recording().palette();
            QCOMPARE(overlaid.size(), baked.size());
            for (qsizetype i = 0; i < baked.size(); ++i)
                QVERIFY2(qAbs(overlaid.at(i) - baked.at(i)) < 1e-5f, qPrintable(QString::number(i)));
        }
        saveScreenshot(canvas->grabFramebuffer(), QStringLiteral("rebake-preview-overlay-") + recipe);
        scrub->setValue(30);
        QCOMPARE(canvas->recording().time(), 4.0 + 30 / 30.0);
        overlay->setChecked(false);
        QVERIFY(!canvas->drawsRecording());

        // Changing a setting marks the preview out of date; nothing is written meanwhile.
        dialog.setFps(24);
        QVERIFY(pane->isStale());
        QVERIFY(pane->bannerText().contains(u"Out of date"));
        QVERIFY(dialog.statusText().contains(u"out of date"));
        QVERIFY(!pane->isPlaying());
        QVERIFY(isEmptyDir(dir.path()));
        saveScreenshot(dialog.grab().toImage(), QStringLiteral("rebake-preview-stale-") + recipe);
    }

    // A 2400 fps preview: the pane counts the clip's own frames, but its viewport gets the clip
    // sampled at 120 fps (its palette texture does not grow with the frame rate).
    void fastPreviewIsSampledForTheViewport()
    {
        QTemporaryDir dir;
        RebakeDialog dialog;
        dialog.setSourcePath(m_recording);
        dialog.setOutputPath(dir.filePath(QStringLiteral("fast.bpat")));
        dialog.setFps(2400);
        dialog.setRange(0.0, 2.0); // 4,801 frames
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QSignalSpy finished(&dialog, &RebakeDialog::finished);
        dialog.startPreview();
        QVERIFY(finished.wait(60000));
        QVERIFY2(finished.first().first().toBool(), qPrintable(dialog.statusText()));
        RebakePreviewPane *pane = dialog.previewPane();
        QCOMPARE(pane->file().clips().at(pane->clip()).frameCount, 4801u);
        QCOMPARE(pane->frameCount(), 4801);
        QCOMPARE(pane->displayStep(), 20u);
        ViewportCanvas *canvas = pane->viewport()->canvas();
        QVERIFY2(canvas, qPrintable(pane->viewport()->unavailableReason()));
        QCOMPARE(canvas->scene().source().frameTotal, 241u); // every 20th frame
        pane->setPlaying(false);
        auto *scrub = pane->findChild<QSlider *>(QStringLiteral("previewScrub"));
        QCOMPARE(scrub->maximum(), 4800);
        scrub->setValue(4000);
        QCOMPARE(pane->frame(), 4000);
        QCOMPARE(canvas->frame(), 200);
        // The sampled frame is the clip's own frame 4000, bone for bone.
        const BpatFile &file = pane->file();
        const quint32 bones = file.header().boneCount;
        const auto fromFile = file.globalMatrixFloats(file.clips().at(pane->clip()).frameOffset + 4000, bones - 1);
        const auto &shown = canvas->scene().source();
        QVERIFY(fromFile);
        QCOMPARE(std::memcmp(shown.palette + (quint64(200) * bones + bones - 1) * 64, fromFile->data(), 64), 0);
    }

    void versionChoiceSaysWhatItDrops()
    {
        // The dialog wrote v1 by default and said what that dropped only in a cut-off status
        // line. A recording has no version: a new file is late v3; the dialog says, itself, what
        // a choice drops and whether the current game refuses it.
        QTemporaryDir dir;
        RebakeDialog dialog;
        dialog.setSourcePath(m_recording);
        dialog.setOutputPath(dir.filePath(QStringLiteral("take.bpat")));
        QString error;
        QVERIFY(!dialog.request(&error)->formatVersion); // "keep": the job's default
        QCOMPARE(RebakeJob::defaultVersion(std::nullopt), format::Dialect::V3Late);
        auto *note = dialog.findChild<QLabel *>(QStringLiteral("versionNote"));
        QVERIFY(note);
        QVERIFY2(dialog.versionNoteText().contains(u"what the current game reads"), qPrintable(dialog.versionNoteText()));
        dialog.setFormatVersion(int(format::Dialect::V1));
        QVERIFY2(dialog.versionNoteText().contains(u"current game") && dialog.versionNoteText().contains(u"refuses"),
                 qPrintable(dialog.versionNoteText()));
        // Into a late-v3 file, v1 drops what it holds: named, in the dialog.
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat"));
        dialog.setIntoPath(testpaths::shared(QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat")));
        QVERIFY2(dialog.versionNoteText().contains(u"drops from humanoid.bpat") && dialog.versionNoteText().contains(u"markers")
                     && dialog.versionNoteText().contains(u"bind palette"),
                 qPrintable(dialog.versionNoteText()));
        // The recipe must fit the file: `hands` has 53 bones, the humanoid 20; the one that fits
        // is suggested, and one click uses it.
        dialog.setRecipe(QStringLiteral("hands"));
        QVERIFY2(dialog.recipeHintText().contains(u"bone counts must match"), qPrintable(dialog.recipeHintText()));
        QCOMPARE(dialog.suggestedRecipe(), QStringLiteral("humanoid-upper-body"));
        dialog.useSuggestedRecipe();
        QCOMPARE(dialog.request(&error)->recipe.name, QStringLiteral("humanoid-upper-body"));
        QVERIFY2(dialog.recipeHintText().contains(u"fits"), qPrintable(dialog.recipeHintText()));
        QVERIFY(dialog.suggestedRecipe().isEmpty());
    }

    void proposesTheRecordingsNameAndTheRecipeThatFits()
    {
        // Issue 38: the default recipe was `hands`, which its own hint says does not fit the
        // game's humanoid, and a source typed in the field left the clip name empty.
        RebakeDialog dialog;
        QString error;
        QVERIFY(!dialog.request(&error, true));
        QCOMPARE(error, QStringLiteral("Choose the source curve file."));
        auto *recipe = dialog.findChild<QComboBox *>(QStringLiteral("recipeCombo"));
        QVERIFY(recipe);
        QCOMPARE(recipe->currentText(), QStringLiteral("humanoid-upper-body")); // the game's humanoid has 20 bones
        auto *source = dialog.findChild<QLineEdit *>(QStringLiteral("sourceEdit"));
        QVERIFY(source);
        source->setText(m_recording); // typed, not browsed
        Q_EMIT source->editingFinished();
        std::optional<RebakeRequest> r = dialog.request(&error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->clips.first().name, QStringLiteral("take"));
        QCOMPARE(r->recipe.name, QStringLiteral("humanoid-upper-body"));
        QVERIFY2(dialog.recipeHintText().contains(u"fits"), qPrintable(dialog.recipeHintText()));
        // A recipe chosen stays chosen, fitting or not.
        dialog.setRecipe(QStringLiteral("hands"));
        QCOMPARE(dialog.request(&error)->recipe.name, QStringLiteral("hands"));
        // The preview writes nothing where the output goes: it needs none.
        auto *output = dialog.findChild<QLineEdit *>(QStringLiteral("outputEdit"));
        QVERIFY(output);
        output->clear();
        QVERIFY(!dialog.request(&error));
        QVERIFY(error.contains(u"output"));
        QVERIFY2(dialog.request(&error, true), qPrintable(error));
    }

    void settingsBeforeAnyPreviewChangeNothing()
    {
        RebakeDialog dialog;
        dialog.setSourcePath(m_recording);
        dialog.setFps(24);
        dialog.setLoops(true);
        QVERIFY(!dialog.previewPane()->hasPreview());
        QVERIFY(!dialog.previewPane()->isStale());
        QVERIFY(dialog.previewPane()->bannerText().contains(u"No preview yet"));
    }

    void settingsChangedWhilePreviewRunsGiveAStalePreview()
    {
        QTemporaryDir dir;
        RebakeDialog dialog;
        dialog.setSourcePath(m_recording);
        dialog.setOutputPath(dir.filePath(QStringLiteral("o.bpat")));
        dialog.setRange(0.0, 2.0);
        QSignalSpy finished(&dialog, &RebakeDialog::finished);
        dialog.startPreview();
        QVERIFY(dialog.isRunning());
        dialog.setClipName(QStringLiteral("renamed"));
        QVERIFY(finished.wait(60000));
        QVERIFY(dialog.previewPane()->hasPreview());
        QCOMPARE(dialog.previewPane()->file().clips().first().name, QStringLiteral("take"));
        QVERIFY(dialog.previewPane()->isStale());
        QVERIFY(dialog.statusText().contains(u"out of date"));
        finished.clear();
        dialog.startPreview();
        QVERIFY(finished.wait(60000));
        QVERIFY(!dialog.previewPane()->isStale());
        QCOMPARE(dialog.previewPane()->file().clips().first().name, QStringLiteral("renamed"));
        QVERIFY(isEmptyDir(dir.path()));
    }

    void failedPreviewSaysWhy()
    {
        QTemporaryDir dir;
        RebakeDialog dialog;
        dialog.setSourcePath(dir.filePath(QStringLiteral("missing.bin")));
        QSignalSpy finished(&dialog, &RebakeDialog::finished);
        dialog.startPreview();
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY(!dialog.previewPane()->hasPreview());
        QVERIFY(dialog.previewPane()->bannerText().contains(u"missing.bin"));
        QVERIFY(isEmptyDir(dir.path()));
    }

    void cancelledPreviewAndRebakeLeaveNoFile()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("never.bpat"));
        RebakeDialog dialog;
        dialog.setSourcePath(m_recording);
        dialog.setOutputPath(out);
        dialog.setFps(3000); // 36,001 frames: long enough to cancel while it runs
        QSignalSpy finished(&dialog, &RebakeDialog::finished);
        for (bool write : {false, true}) {
            finished.clear();
            write ? dialog.startRebake() : dialog.startPreview();
            QVERIFY(dialog.isRunning());
            dialog.cancel();
            QVERIFY(finished.wait(120000));
            QCOMPARE(finished.first().first().toBool(), false);
            QVERIFY(dialog.lastOutcome().cancelled);
            QVERIFY(!dialog.previewPane()->hasPreview());
            QVERIFY(isEmptyDir(dir.path()));
        }
    }

    // File > Rebake... in the main window: preview, then Rebake writes the file and
    // the window opens it.
    void rebakeFromTheMainWindowOpensTheWrittenFile()
    {
        BPAT_REQUIRE_SHARED(RealRecording);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("rebaked.bpat"));
        bpat::studio::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QAction *action = window.form()->actionRebake;
        action->trigger();
        auto *dialog = window.findChild<RebakeDialog *>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        dialog->setSourcePath(testpaths::shared(RealRecording));
        dialog->setRecipe(QStringLiteral("humanoid-upper-body"));
        dialog->setOutputPath(out);
        dialog->setFps(30);
        dialog->setRange(4.0, 6.0);
        QSignalSpy finished(dialog, &RebakeDialog::finished);
        dialog->startPreview();
        QVERIFY(finished.wait(120000));
        QVERIFY(dialog->previewPane()->hasPreview());
        QVERIFY(!QFile::exists(out));
        QVERIFY(window.context()->filePath() != out);
        const QByteArray previewed(dialog->previewPane()->file().bytes().data(), dialog->previewPane()->file().bytes().size());
        finished.clear();
        dialog->startRebake();
        QVERIFY(finished.wait(120000));
        QVERIFY2(finished.first().first().toBool(), qPrintable(dialog->statusText()));
        QTRY_COMPARE(window.context()->filePath(), out);
        QCOMPARE(window.context()->file().header().boneCount, 20u);
        QCOMPARE(window.context()->file().clips().first().frameCount, 61u);
        QCOMPARE(readAll(out), previewed); // what was previewed is what was written
    }
};

QTEST_MAIN(tst_RebakeDialog)
#include "tst_RebakeDialog.moc"

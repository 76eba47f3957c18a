// bpat-studio: parse the command line, then either run a special mode or open the window.
#include "release/BuildInfo.h"
#include "CompareActions.h"
#include "editing/EditActions.h"
#include "CrowdActions.h"
#include "MainWindow.h"
#include "dialogs/RepairMotionDialog.h"
#include "editing/MotionRepairActions.h"
#include "StudioCommandLine.h"
#include "ClipEntry.h"
#include "bprm/BodyFiles.h"
#include "bprm/BprmFile.h"
#include "StudioContext.h"
#include "Theme.h"
#include "ui_MainWindow.h"
#include "viewport/CrowdBenchmark.h"
#include "viewport/RecordingBenchmark.h"
#include "viewport/ViewportWidget.h"
#include "widgets/CentralViewHost.h"
#include "widgets/CurvesPanel.h"
#include "BoneCurvesLink.h"
#include "OffsetKeysLink.h"
#include "CentralViews.h"

#include <QApplication>
#include <QDockWidget>
#include <QSignalBlocker>
#include <QSurfaceFormat>
#include <QTimer>
#include <cstdio>

using namespace bpat::studio;

namespace {

// --screenshot: show the window, let it lay out and render, grab it, write the PNG and quit.
int runScreenshot(QApplication &app, MainWindow &window, const QString &path)
{
    window.setInteractive(false);
    window.show();
    int rc = 1;
    QTimer::singleShot(600, &window, [&] {
        rc = window.saveScreenshot(path) ? 0 : 1;
        if (rc != 0)
            std::fprintf(stderr, "bpat-studio: could not write %s\n", qPrintable(path));
        app.quit();
    });
    app.exec();
    return rc;
}

// --body, --body-view: the body the creature is drawn with. A body that cannot be read or does
// not fit the file's rig is an error (the window would show the stand-in and say why).
bool applyBodyOptions(MainWindow &window, const StudioOptions &options, QString *error)
{
    ViewportWidget *viewport = window.viewport();
    if (!options.bodyView.isEmpty())
        viewport->setBodyMode(options.bodyView == u"minimal"        ? ViewportCanvas::BodyMode::Minimal
                                  : options.bodyView == u"stand-in" ? ViewportCanvas::BodyMode::StandIn
                                                                    : ViewportCanvas::BodyMode::Full);
    if (options.body.isEmpty())
        return true;
    QString why;
    const std::optional<bpat::BprmFile> body = bpat::BprmFile::open(options.body, &why);
    if (!body) {
        *error = QStringLiteral("--body: %1").arg(why);
        return false;
    }
    const bpat::BodyFiles::Bodies bodies = bpat::BodyFiles::withSibling(options.body, body->header().lod);
    viewport->setBodyFiles(bodies.full, bodies.minimal);
    if (const ViewportCanvas *canvas = viewport->canvas();
        canvas && !canvas->fullBody().isValid() && !canvas->minimalBody().isValid()) {
        *error = QStringLiteral("--body %1 cannot be drawn: %2").arg(options.body, canvas->bodyStatus());
        return false;
    }
    return true;
}

// Opens the file and moves to the clip and frame the command line names. With --screenshot a
// failure is fatal: a missing file, an unknown clip or an out-of-range frame used to fall back
// silently (the sample creature, the first clip, a clamped frame) and write the wrong picture.
bool applyOptions(MainWindow &window, const StudioOptions &options, QString *error)
{
    for (qsizetype i = 0; i + 1 < options.files.size(); ++i) { // beside the one shown
        if (!window.openFile(options.files.at(i))) {
            *error = QStringLiteral("cannot open %1: %2").arg(options.files.at(i), window.context()->lastError());
            return false;
        }
    }
    if (!options.file.isEmpty()) {
        if (!window.openFile(options.file)) {
            *error = QStringLiteral("cannot open %1: %2").arg(options.file, window.context()->lastError());
            return false;
        }
    } else {
        window.openStartupFile();
    }
    StudioContext *context = window.context();
    if (!options.clip.isEmpty()) {
        const QList<ClipEntry> clips = context->clipEntries();
        bool known = false;
        for (const ClipEntry &c : clips)
            known = known || c.name == options.clip;
        bool isNumber = false;
        const uint index = options.clip.toUInt(&isNumber);
        known = known || (isNumber && index < uint(clips.size()));
        if (!known) {
            QStringList names;
            for (const ClipEntry &c : clips)
                names << c.name;
            *error = QStringLiteral("no clip named or numbered '%1' (the file has %2: %3)")
                         .arg(options.clip)
                         .arg(clips.size())
                         .arg(names.join(QStringLiteral(", ")));
            return false;
        }
        context->setCurrentClipByName(options.clip);
    }
    if (options.frame) {
        if (*options.frame < 0 || *options.frame >= context->frameCount()) {
            *error = QStringLiteral("frame %1 is out of range: the clip has frames 0..%2")
                         .arg(*options.frame)
                         .arg(context->frameCount() - 1);
            return false;
        }
        context->setCurrentFrame(*options.frame);
    }
    if (!options.bones.isEmpty()) {
        QList<int> bones;
        const int count = context->document() ? context->document()->boneCount() : 0;
        for (const QString &name : options.bones) {
            int bone = -1;
            for (int b = 0; b < count && bone < 0; ++b)
                bone = context->boneName(b) == name ? b : -1;
            bool isNumber = false;
            const int index = name.toInt(&isNumber);
            if (bone < 0 && isNumber && index >= 0 && index < count)
                bone = index;
            if (bone < 0) {
                *error = QStringLiteral("--bones: no bone named or numbered '%1' (the file has %2 bones)").arg(name).arg(count);
                return false;
            }
            bones.append(bone);
        }
        context->setSelectedBones(bones);
    }
    for (const QString &spec : options.offsets) { // --offset: keys in the bone graph, undoable
        if (!window.views()->offsetKeys()->applySpec(spec, error))
            return false;
    }
    if (!options.compare.isEmpty() && !window.compareActions()->compareWith(options.compare, error))
        return false;
    // --panel: docks shown in front, by title.
    for (const QString &name : options.panels) {
        QDockWidget *found = nullptr;
        QStringList titles;
        for (QDockWidget *dock : window.findChildren<QDockWidget *>()) {
            titles << dock->windowTitle().toLower();
            if (dock->windowTitle().compare(name, Qt::CaseInsensitive) == 0)
                found = dock;
        }
        if (!found) {
            titles.sort();
            *error = QStringLiteral("--panel: no panel '%1' (the panels: %2)").arg(name, titles.join(QStringLiteral(", ")));
            return false;
        }
        found->show();
        // In front of its tabs once the window is shown and its first layout (queued by the
        // show, after this) has raised the default ones.
        QTimer::singleShot(0, found, [found] { QTimer::singleShot(0, found, &QDockWidget::raise); });
    }
    return applyBodyOptions(window, options, error);
}

// --tab, --time, --onion, --motion-path: what the window shows once the file is open (and
// --compare above: compare mode).
void applyViewOptions(MainWindow &window, const StudioOptions &options)
{
    CentralViewHost *views = window.centralViews();
    if (options.tab == QLatin1String("curves-beside")) {
        window.views()->setCurvesBeside(true);
    } else if (!options.tab.isEmpty()) {
        if (options.tab.compare(QLatin1String("curves"), Qt::CaseInsensitive) == 0)
            window.views()->setCurvesBeside(false); // the tab, even when they were left beside
        for (int i = 0; i < views->count(); ++i) {
            if (views->tabText(i).remove(u'&').compare(options.tab, Qt::CaseInsensitive) == 0)
                views->setCurrentIndex(i);
        }
    }
    StudioContext *context = window.context();
    if (options.time && context->recording()->recording()) {
        context->recording()->setTimelineSource(RecordingState::TimelineSource::Recording);
        context->recording()->setTime(*options.time);
    }
    if (!options.channels.isEmpty() && context->hasFile()) { // --channels: the kinds plotted of the bones
        window.views()->boneCurves()->refresh();
        QStringList kinds;
        for (const QString &channel : options.channels) {
            const QString kind = channel.left(1).toUpper() + channel.mid(1); // "Rotation"
            for (const char *axis : {"W", "X", "Y", "Z"})
                kinds << kind + QLatin1String(axis);
        }
        const QList<int> bones = context->selectedBones().isEmpty() ? QList<int>{0} : context->selectedBones();
        window.views()->curves()->showBones(bones, kinds);
    }
    ViewportWidget *viewport = window.viewport();
    if (options.onion)
        viewport->setOnionSkins(*options.onion, options.onionSpacing);
    if (!options.motionPaths.isEmpty())
        viewport->setMotionPaths(options.motionPaths);
    if (options.crowd)
        viewport->setCrowdSize(*options.crowd);
    if (!options.crowdSpec.isEmpty()) { // a mixed crowd; what is wrong with it shows beside it
        for (const QString &finding : window.crowdActions()->showSpecFile(options.crowdSpec))
            std::fprintf(stderr, "bpat-studio: --crowd: %s\n", qPrintable(finding));
    }
}

} // namespace

int main(int argc, char **argv)
{
    ViewportWidget::setDefaultSurfaceFormat(); // before QApplication (qt-notes)
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("bpat-studio"));
    QApplication::setApplicationDisplayName(QStringLiteral("BPAT Studio"));
    QApplication::setOrganizationName(QStringLiteral("BPAT Studio"));
    QApplication::setApplicationVersion(bpat::BuildInfo::describe());

    // Other modes are dispatched here, before the window's command line is parsed.
    if (const std::optional<int> exitCode = CrowdBenchmark::runFromArguments(app.arguments()))
        return *exitCode;
    if (const std::optional<int> exitCode = RecordingBenchmark::runFromArguments(app.arguments()))
        return *exitCode;

    StudioCommandLine commandLine;
    if (!commandLine.parse(QApplication::arguments())) {
        std::fprintf(stderr, "bpat-studio: %s\n\n%s", qPrintable(commandLine.errorText()), qPrintable(commandLine.helpText()));
        return 2;
    }
    if (commandLine.helpRequested()) {
        std::fputs(qPrintable(commandLine.helpText()), stdout);
        return 0;
    }
    if (commandLine.versionRequested()) {
        std::printf("bpat-studio %s\n", qPrintable(bpat::BuildInfo::describe()));
        return 0;
    }

    const StudioOptions &options = commandLine.options();
    MainWindow window;
    if (!options.theme.isEmpty()) { // this run only: the remembered choice is kept
        Theme::apply(options.theme == u"dark");
        const QSignalBlocker quiet(window.form()->actionDarkTheme);
        window.form()->actionDarkTheme->setChecked(Theme::isDark());
    }
    if (options.size.isValid())
        window.resize(options.size);
    if (!options.screenshot.isEmpty()) {
        window.setInteractive(false); // no message boxes: the error goes to stderr
        // Edits made by the command line (--offset) are not the user's: dropped at exit, unasked.
        window.editActions()->setChoiceHook([] { return EditActions::Choice::Discard; });
    }
    QString error;
    if (!applyOptions(window, options, &error)) {
        std::fprintf(stderr, "bpat-studio: %s\n", qPrintable(error));
        if (!options.screenshot.isEmpty()) {
            std::fprintf(stderr, "bpat-studio: no screenshot written\n");
            return 1;
        }
    }
    applyViewOptions(window, options);

    // --repair-preview: the Repair Motion dialog, previewed; --screenshot captures it.
    if (!options.repairPreview.isEmpty()) {
        window.setInteractive(options.screenshot.isEmpty());
        window.show();
        RepairMotionDialog *dialog = window.repairActions()->openDialog(options.repairPreview, false);
        if (!options.screenshot.isEmpty()) {
            if (!dialog) {
                std::fprintf(stderr, "bpat-studio: --repair-preview: no editable BPAT file is open; no screenshot written\n");
                return 1;
            }
            int rc = 1;
            QTimer::singleShot(900, dialog, [&] {
                rc = dialog->grab().save(options.screenshot) ? 0 : 1;
                if (rc != 0)
                    std::fprintf(stderr, "bpat-studio: could not write %s\n", qPrintable(options.screenshot));
                app.quit();
            });
            app.exec();
            return rc;
        }
        return app.exec();
    }
    if (!options.screenshot.isEmpty())
        return runScreenshot(app, window, options.screenshot);
    window.show();
    // Edits a session that ended without saving left behind (a crash, a freeze that was killed).
    QTimer::singleShot(0, &window, [&window] { window.editActions()->offerRecovery(); });
    return app.exec();
}

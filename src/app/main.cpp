// bpat-studio: parse the command line, then either run a special mode or open the window.
#include "MainWindow.h"
#include "StudioCommandLine.h"
#include "StudioContext.h"
#include "viewport/CrowdBenchmark.h"
#include "viewport/ViewportWidget.h"

#include <QApplication>
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

} // namespace

int main(int argc, char **argv)
{
    ViewportWidget::setDefaultSurfaceFormat(); // before QApplication (qt-notes)
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("bpat-studio"));
    QApplication::setApplicationDisplayName(QStringLiteral("BPAT Studio"));
    QApplication::setOrganizationName(QStringLiteral("BPAT Studio"));
    QApplication::setApplicationVersion(QStringLiteral(BPAT_STUDIO_VERSION));

    // Other modes are dispatched here, before the window's command line is parsed.
    if (const std::optional<int> exitCode = CrowdBenchmark::runFromArguments(app.arguments()))
        return *exitCode;

    StudioCommandLine commandLine;
    if (!commandLine.parse(QApplication::arguments())) {
        std::fprintf(stderr, "bpat-studio: %s\n\n%s", qPrintable(commandLine.errorText()),
                     qPrintable(commandLine.helpText()));
        return 2;
    }
    if (commandLine.helpRequested()) {
        std::fputs(qPrintable(commandLine.helpText()), stdout);
        return 0;
    }
    if (commandLine.versionRequested()) {
        std::printf("bpat-studio %s\n", BPAT_STUDIO_VERSION);
        return 0;
    }

    const StudioOptions &options = commandLine.options();
    MainWindow window;
    if (!options.file.isEmpty())
        window.openFile(options.file);
    else
        window.openStartupFile();
    if (!options.clip.isEmpty())
        window.context()->setCurrentClipByName(options.clip);
    if (options.frame)
        window.context()->setCurrentFrame(*options.frame);

    if (!options.screenshot.isEmpty())
        return runScreenshot(app, window, options.screenshot);
    window.show();
    return app.exec();
}

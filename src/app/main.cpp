// bpat-studio: placeholder entry point until the inspector window lands.
#include <QApplication>
#include <QLabel>

#include "viewport/CrowdBenchmark.h"
#include "viewport/ViewportWidget.h"

int main(int argc, char **argv)
{
    ViewportWidget::setDefaultSurfaceFormat(); // before QApplication (qt-notes)
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("BPAT Studio"));
    QApplication::setApplicationVersion(QStringLiteral(BPAT_STUDIO_VERSION));
    if (const std::optional<int> exitCode = CrowdBenchmark::runFromArguments(app.arguments()))
        return *exitCode;
    QLabel label(QStringLiteral("BPAT Studio"));
    label.show();
    return app.exec();
}

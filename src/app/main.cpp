// bpat-studio: placeholder entry point until the inspector window lands.
#include <QApplication>
#include <QLabel>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("BPAT Studio"));
    QApplication::setApplicationVersion(QStringLiteral(BPAT_STUDIO_VERSION));
    QLabel label(QStringLiteral("BPAT Studio"));
    label.show();
    return app.exec();
}

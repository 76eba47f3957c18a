#pragma once
// Help > About: the application's version (from CMake), the Qt version it was built against and
// the one it runs with, and the OpenGL renderer. The dialog opens no GL context of its own: the
// caller passes the renderer string its viewport read (GL_RENDERER), or an empty string when it
// has no context.
#include <QDialog>
#include <QIcon>
#include <memory>

namespace Ui {
class AboutDialog;
}

namespace bpat::studio {

class AboutDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AboutDialog(const QString &glRenderer, QWidget *parent = nullptr);
    ~AboutDialog() override;

    // The texts the dialog shows.
    static QString versionText();
    static QString qtVersionText();
    static QString rendererText(const QString &glRenderer);

    // The application icon from the icon theme when installed, else the one built into the
    // executable (:/icons/bpat-studio.svg). Also the main window's icon.
    static QIcon applicationIcon();

private:
    std::unique_ptr<Ui::AboutDialog> m_ui;
};

} // namespace bpat::studio

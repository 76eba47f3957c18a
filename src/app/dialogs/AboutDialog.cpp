#include "AboutDialog.h"
#include "ui_AboutDialog.h"

#include "release/BuildInfo.h"

#include <QtGlobal>

namespace bpat::studio {

AboutDialog::AboutDialog(const QString &glRenderer, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::AboutDialog>())
{
    m_ui->setupUi(this);
    m_ui->iconLabel->setPixmap(applicationIcon().pixmap(64, 64));
    m_ui->versionLabel->setText(versionText());
    m_ui->qtVersionLabel->setText(qtVersionText());
    m_ui->rendererLabel->setText(rendererText(glRenderer));
}

AboutDialog::~AboutDialog() = default;

QString AboutDialog::versionText()
{
    return bpat::BuildInfo::describe();
}

QString AboutDialog::qtVersionText()
{
    const QString runtime = QString::fromLatin1(qVersion());
    const QString compiled = QStringLiteral(QT_VERSION_STR);
    if (runtime == compiled)
        return tr("%1 (built with %2)").arg(runtime, compiled);
    return tr("%1 at run time, built with %2").arg(runtime, compiled);
}

QString AboutDialog::rendererText(const QString &glRenderer)
{
    const QString trimmed = glRenderer.trimmed();
    return trimmed.isEmpty() ? tr("not available (no OpenGL context)") : trimmed;
}

QIcon AboutDialog::applicationIcon()
{
    return QIcon::fromTheme(QStringLiteral("bpat-studio"), QIcon(QStringLiteral(":/icons/bpat-studio.svg")));
}

} // namespace bpat::studio

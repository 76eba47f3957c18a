#include "UserGuideDialog.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace bpat::studio {

QStringList UserGuideDialog::candidatePaths()
{
    const QString name = QStringLiteral("user-guide.md");
    QStringList paths;
    const QString env = qEnvironmentVariable("BPAT_DOC_DIR");
    if (!env.isEmpty())
        paths << QDir(env).filePath(name);
    paths << QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../share/doc/bpat-studio/") + name);
#ifdef BPAT_SOURCE_DOCS_DIR
    paths << QDir(QStringLiteral(BPAT_SOURCE_DOCS_DIR)).filePath(name);
#endif
    return paths;
}

QString UserGuideDialog::guidePath()
{
    for (const QString &path : candidatePaths()) {
        if (QFileInfo(path).isFile())
            return path;
    }
    return QString();
}

UserGuideDialog::UserGuideDialog(const QString &guidePath, QWidget *parent)
    : QDialog(parent)
    , m_browser(new QTextBrowser(this))
{
    setWindowTitle(tr("BPAT Studio User Guide"));
    m_browser->setObjectName(QStringLiteral("userGuideBrowser"));
    m_browser->setOpenLinks(true);
    m_browser->setOpenExternalLinks(true);
    m_browser->setSearchPaths({QFileInfo(guidePath).absolutePath()});
    m_browser->setSource(QUrl::fromLocalFile(guidePath), QTextDocument::MarkdownResource);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(820, 700);
}

} // namespace bpat::studio

#pragma once
// Help > User Guide: the real guide (docs/user-guide.md, installed with the package into
// share/doc/bpat-studio) shown in the application itself, offline, with its images and links to
// the other docs. A build tree without an install reads the source tree's docs/.
#include <QDialog>

class QTextBrowser;

namespace bpat::studio {

class UserGuideDialog : public QDialog
{
    Q_OBJECT
public:
    explicit UserGuideDialog(const QString &guidePath, QWidget *parent = nullptr);

    // Where the guide is looked for, in order: $BPAT_DOC_DIR, <prefix>/share/doc/bpat-studio
    // beside the executable's bin/, then the source tree the binary was built from.
    static QStringList candidatePaths();
    // The first candidate that exists; empty when none does.
    static QString guidePath();

    QTextBrowser *browser() const { return m_browser; }

private:
    QTextBrowser *m_browser;
};

} // namespace bpat::studio

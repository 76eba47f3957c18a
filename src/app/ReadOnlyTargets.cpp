#include "ReadOnlyTargets.h"

#include "io/AtomicFile.h"

#include <QFileInfo>
#include <QMessageBox>

namespace bpat::studio {

namespace {

ReadOnlyTargets::Asker &asker()
{
    static ReadOnlyTargets::Asker hook;
    return hook;
}

} // namespace

void ReadOnlyTargets::setAsker(Asker hook)
{
    asker() = std::move(hook);
}

bool ReadOnlyTargets::confirm(QWidget *parent, const QString &path)
{
    if (path.isEmpty() || !AtomicFile::isReadOnly(path))
        return true;
    bool replace = false;
    if (asker()) {
        replace = asker()(path);
    } else {
        QMessageBox box(QMessageBox::Warning, QObject::tr("Read-only file"),
                        QObject::tr("%1 is read-only.").arg(QFileInfo(path).fileName()), QMessageBox::Yes | QMessageBox::Cancel,
                        parent);
        box.setObjectName(QStringLiteral("readOnlyTargetBox"));
        box.setInformativeText(QObject::tr("Replace it anyway? The new file keeps its read-only mode."));
        box.setDefaultButton(QMessageBox::Cancel);
        replace = box.exec() == QMessageBox::Yes;
    }
    if (replace)
        AtomicFile::allowReplacing(path);
    return replace;
}

} // namespace bpat::studio

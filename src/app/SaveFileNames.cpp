#include "SaveFileNames.h"

#include <QDir>
#include <QFileInfo>
#include <QStringList>

namespace bpat::studio::SaveFileNames {

QString withDefaultSuffix(const QString &path, const QString &suffix)
{
    if (path.isEmpty())
        return path;
    const QFileInfo info(path);
    if (!info.fileName().isEmpty() && info.suffix().isEmpty() && !info.fileName().endsWith(QLatin1Char('.')))
        return path + QLatin1Char('.') + suffix;
    return path;
}

QString proposedOutput(const QString &folder, const QString &base, const QString &suffix, const QStringList &avoid)
{
    const QDir dir(folder);
    const auto taken = [&avoid](const QString &candidate) {
        const QString absolute = QFileInfo(candidate).absoluteFilePath();
        for (const QString &a : avoid) {
            if (!a.isEmpty() && QFileInfo(a).absoluteFilePath() == absolute)
                return true;
        }
        return false;
    };
    QString candidate = dir.filePath(QStringLiteral("%1.%2").arg(base, suffix));
    for (int n = 1; taken(candidate); ++n) {
        candidate = dir.filePath(n == 1 ? QStringLiteral("%1_imported.%2").arg(base, suffix)
                                        : QStringLiteral("%1_imported_%3.%2").arg(base, suffix).arg(n));
    }
    return candidate;
}

} // namespace bpat::studio::SaveFileNames

#include "RecentFiles.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>

#include <QFileInfo>
#include <QSettings>

namespace bpat::studio {

namespace {
const QString kKey = QStringLiteral("recentFiles");
}

RecentFiles::RecentFiles(QObject *parent)
    : QObject(parent)
{
    m_files = QSettings().value(kKey).toStringList();
    while (m_files.size() > kMaxEntries)
        m_files.removeLast();
}

void RecentFiles::add(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_files.removeAll(absolute);
    m_files.prepend(absolute);
    while (m_files.size() > kMaxEntries)
        m_files.removeLast();
    save();
}

void RecentFiles::remove(const QString &path)
{
    if (m_files.removeAll(QFileInfo(path).absoluteFilePath()) > 0)
        save();
}

void RecentFiles::clear()
{
    m_files.clear();
    save();
}

void RecentFiles::save()
{
    QSettings().setValue(kKey, m_files);
    Q_EMIT changed();
}

QStringList RecentFiles::menuLabels(const QStringList &files)
{
    QStringList labels;
    for (const QString &path : files) {
        const QFileInfo info(path);
        const QStringList mine = QDir::cleanPath(info.absolutePath()).split(QLatin1Char('/'), Qt::SkipEmptyParts);
        // Parent folders needed to tell this entry from every other one with the same name.
        qsizetype depth = 0;
        for (const QString &other : files) {
            if (other == path || QFileInfo(other).fileName() != info.fileName())
                continue;
            const QStringList theirs =
                QDir::cleanPath(QFileInfo(other).absolutePath()).split(QLatin1Char('/'), Qt::SkipEmptyParts);
            qsizetype d = 1;
            while (d <= mine.size() && d <= theirs.size() && mine.mid(mine.size() - d) == theirs.mid(theirs.size() - d))
                ++d;
            depth = std::max(depth, std::min(d, mine.size()));
        }
        labels << (depth == 0
                       ? info.fileName()
                       : QStringLiteral("%1 (%2)").arg(info.fileName(), mine.mid(mine.size() - depth).join(QLatin1Char('/'))));
    }
    return labels;
}

} // namespace bpat::studio

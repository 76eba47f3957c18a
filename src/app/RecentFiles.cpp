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
    // Each file's name and folders, once: the comparison below is between every pair.
    QStringList names;
    QList<QStringList> folders;
    for (const QString &path : files) {
        const QFileInfo info(path);
        names << info.fileName();
        folders << QDir::cleanPath(info.absolutePath()).split(QLatin1Char('/'), Qt::SkipEmptyParts);
    }
    QStringList labels;
    for (qsizetype i = 0; i < files.size(); ++i) {
        const QStringList &mine = folders.at(i);
        // Parent folders needed to tell this entry from every other one with the same name.
        qsizetype depth = 0;
        for (qsizetype j = 0; j < files.size(); ++j) {
            if (files.at(j) == files.at(i) || names.at(j) != names.at(i))
                continue;
            const QStringList &theirs = folders.at(j);
            qsizetype d = 1;
            while (d <= mine.size() && d <= theirs.size() && mine.mid(mine.size() - d) == theirs.mid(theirs.size() - d))
                ++d;
            depth = std::max(depth, std::min(d, mine.size()));
        }
        labels << (depth == 0 ? names.at(i)
                              : QStringLiteral("%1 (%2)").arg(names.at(i), mine.mid(mine.size() - depth).join(QLatin1Char('/'))));
    }
    return labels;
}

} // namespace bpat::studio

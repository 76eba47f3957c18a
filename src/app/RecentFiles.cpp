#include "RecentFiles.h"

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

} // namespace bpat::studio

#include "FileReloadWatcher.h"

#include <QFile>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

namespace bpat::studio {

FileReloadWatcher::FileReloadWatcher(QObject *parent)
    : QObject(parent)
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(200);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &FileReloadWatcher::onFileChanged);
    // A replaced or re-created file shows as a change of its folder (the rename or the create
    // happens there). The watch on the old inode may outlive its name: a deleted file that is
    // still mapped keeps its inode, so QFileSystemWatcher goes on listing the path. What counts is
    // whether the name now leads to another file than the one armed.
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, [this] {
        if (m_path.isEmpty() || !QFileInfo::exists(m_path))
            return;
        if (!m_watcher.files().contains(m_path) || fileIdentity(m_path) != m_identity)
            onFileChanged(m_path);
    });
    connect(&m_settle, &QTimer::timeout, this, [this] {
        rearm();
        if (!m_path.isEmpty())
            Q_EMIT changed(m_path);
    });
}

FileReloadWatcher::Identity FileReloadWatcher::fileIdentity(const QString &path)
{
#ifdef Q_OS_UNIX
    struct stat st;
    if (::stat(QFile::encodeName(path).constData(), &st) == 0)
        return {quint64(st.st_dev), quint64(st.st_ino)};
    return {};
#else
    const QFileInfo info(path);
    return info.exists() ? Identity{1, quint64(info.birthTime().toMSecsSinceEpoch())} : Identity{};
#endif
}

void FileReloadWatcher::watch(const QString &path)
{
    if (!m_watcher.files().isEmpty())
        m_watcher.removePaths(m_watcher.files());
    if (!m_watcher.directories().isEmpty())
        m_watcher.removePaths(m_watcher.directories());
    m_settle.stop();
    m_path = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    rearm();
}

void FileReloadWatcher::onFileChanged(const QString &path)
{
    if (path != m_path)
        return;
    m_settle.start(); // restarts: a burst of writes gives one reload
}

void FileReloadWatcher::rearm()
{
    if (m_path.isEmpty())
        return;
    const Identity now = fileIdentity(m_path);
    if (now != m_identity && m_watcher.files().contains(m_path))
        m_watcher.removePath(m_path); // the watch is on a file that no longer has this name
    m_identity = now;
    if (QFileInfo::exists(m_path) && !m_watcher.files().contains(m_path))
        m_watcher.addPath(m_path);
    const QString folder = QFileInfo(m_path).absolutePath();
    if (!m_watcher.directories().contains(folder))
        m_watcher.addPath(folder);
}

} // namespace bpat::studio

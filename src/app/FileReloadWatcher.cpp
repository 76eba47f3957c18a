#include "FileReloadWatcher.h"

#include <QFileInfo>

namespace bpat::studio {

FileReloadWatcher::FileReloadWatcher(QObject *parent)
    : QObject(parent)
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(200);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &FileReloadWatcher::onFileChanged);
    // A replaced file shows as a change of its folder too (the rename happens there).
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, [this] {
        if (!m_path.isEmpty() && !m_watcher.files().contains(m_path) && QFileInfo::exists(m_path))
            onFileChanged(m_path);
    });
    connect(&m_settle, &QTimer::timeout, this, [this] {
        rearm();
        if (!m_path.isEmpty())
            Q_EMIT changed(m_path);
    });
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
    if (QFileInfo::exists(m_path) && !m_watcher.files().contains(m_path))
        m_watcher.addPath(m_path);
    const QString folder = QFileInfo(m_path).absolutePath();
    if (!m_watcher.directories().contains(folder))
        m_watcher.addPath(folder);
}

} // namespace bpat::studio

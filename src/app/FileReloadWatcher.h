#pragma once
// Watches the open file and asks for a reload when it changes on disk. Bakers usually replace a
// file atomically (write a temporary, rename it over the original): the watched inode is gone
// then and QFileSystemWatcher drops the path, so the path is added again whenever it exists.
// Changes arrive in bursts while a file is being written: they are collapsed into one
// changed() after the file has been quiet for a short delay.
#include <QFileSystemWatcher>
#include <QObject>
#include <QTimer>

namespace bpat::studio {

class FileReloadWatcher : public QObject
{
    Q_OBJECT
public:
    explicit FileReloadWatcher(QObject *parent = nullptr);

    void watch(const QString &path); // an empty path stops watching
    QString path() const { return m_path; }
    void setSettleDelayMs(int ms) { m_settle.setInterval(ms); }

Q_SIGNALS:
    // The file was modified, replaced or removed (exists() tells which) and has settled.
    void changed(const QString &path);

private:
    void onFileChanged(const QString &path);
    void rearm();

    QFileSystemWatcher m_watcher;
    QTimer m_settle;
    QString m_path;
};

} // namespace bpat::studio

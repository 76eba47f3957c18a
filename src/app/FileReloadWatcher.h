#pragma once
// Watches the open file and asks for a reload when it changes on disk. Bakers usually replace a
// file atomically (write a temporary, rename it over the original): the watched inode is gone
// then and QFileSystemWatcher drops the path, so the path is added again whenever it exists.
// The folder is watched too, and the file's identity (device and inode) remembered, so a file
// deleted and written again under the same name is seen even while the old inode lives on
// (a mapped file keeps it).
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
    struct Identity
    {
        quint64 device = 0, inode = 0; // 0, 0: no such file
        friend bool operator==(const Identity &, const Identity &) = default;
    };
    static Identity fileIdentity(const QString &path);
    void onFileChanged(const QString &path);
    void rearm();

    QFileSystemWatcher m_watcher;
    QTimer m_settle;
    QString m_path;
    Identity m_identity; // of the file the watch was armed on
};

} // namespace bpat::studio

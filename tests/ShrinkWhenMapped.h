#pragma once
// Truncates a file the moment a process has mapped it: a thread polls /proc/<pid>/maps (this
// process when pid is 0) for the file and cuts it to `newSize` as soon as the mapping appears,
// so the reader finds the pages past the new end gone while it copies them. Used to test that
// every reader of a mapped file survives it shrinking (MappedFile's guard) and says so.
#include <QByteArray>
#include <QFile>
#include <QFileInfo>
#include <QString>

#include <atomic>
#include <chrono>
#include <thread>
#include <unistd.h>

namespace testshrink {

class ShrinkWhenMapped
{
public:
    ShrinkWhenMapped(const QString &path, qint64 newSize, qint64 pid = 0)
        : m_path(QFile::encodeName(QFileInfo(path).canonicalFilePath()))
        , m_maps(QStringLiteral("/proc/%1/maps").arg(pid > 0 ? QString::number(pid) : QStringLiteral("self")))
        , m_thread([this, newSize] { run(newSize); })
    {
    }
    ~ShrinkWhenMapped() { stop(); }

    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }
    bool shrunk() const { return m_shrunk; }

private:
    void run(qint64 newSize)
    {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (!m_stop && std::chrono::steady_clock::now() < deadline) {
            QFile maps(m_maps);
            if (maps.open(QIODevice::ReadOnly) && maps.readAll().contains(m_path)) {
                m_shrunk = ::truncate(m_path.constData(), newSize) == 0;
                return;
            }
            std::this_thread::yield();
        }
    }

    QByteArray m_path;
    QString m_maps;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_shrunk{false};
    std::thread m_thread;
};

} // namespace testshrink

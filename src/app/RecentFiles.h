#pragma once
// The most recently opened files, newest first, kept in QSettings ("recentFiles").
#include <QObject>
#include <QStringList>

namespace bpat::studio {

class RecentFiles : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 10;

    explicit RecentFiles(QObject *parent = nullptr);

    QStringList files() const { return m_files; }
    void add(const QString &path); // moves it to the front
    void remove(const QString &path);
    void clear();

    // Menu labels for `files`: the file name, and where two entries share it, the name with
    // as many parent folders as tell them apart ("walk.bpat (horse/v1)").
    static QStringList menuLabels(const QStringList &files);

Q_SIGNALS:
    void changed();

private:
    void save();
    QStringList m_files;
};

} // namespace bpat::studio

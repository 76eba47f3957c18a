#include "editing/EditRecovery.h"

#include "StudioContext.h"
#include "editing/DocumentSession.h"
#include "io/AtomicFile.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <utility>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <csignal>
#endif

namespace bpat::studio {

namespace {
constexpr int MotionWriteDelayMs = 500;
constexpr auto kRecordSuffix = ".recovery.json";

bool processRuns(qint64 pid)
{
#ifdef Q_OS_UNIX
    if (pid <= 0)
        return false;
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
#else
    Q_UNUSED(pid);
    return false;
#endif
}

// "<first 16 hex of sha1(path)>-<pid>": one record per file and process.
QString baseName(const QString &original)
{
    const QByteArray hash = QCryptographicHash::hash(QFileInfo(original).absoluteFilePath().toUtf8(), QCryptographicHash::Sha1);
    return QStringLiteral("%1-%2").arg(QString::fromLatin1(hash.toHex().left(16))).arg(QCoreApplication::applicationPid());
}
} // namespace

EditRecovery::EditRecovery(StudioContext *context, QObject *parent)
    : QObject(parent)
{
    watch(context->session());
    connect(context, &StudioContext::sessionChanged, this, &EditRecovery::watch);
}

EditRecovery::~EditRecovery()
{
    waitForWrites();
    const QList<DocumentSession *> sessions = m_entries.keys();
    for (DocumentSession *session : sessions)
        forget(session);
}

QString EditRecovery::recoveryFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/recovery");
}

void EditRecovery::watch(DocumentSession *session)
{
    if (!session || m_watched.contains(session))
        return;
    m_watched.insert(session);
    connect(session, &DocumentSession::published, this,
            [this, session](const BpatFile &file, int, const QString &, DocumentChanges changes) {
                published(session, file, changes);
            });
    // Back at the saved state (undo), saved, or the document replaced: nothing to recover.
    connect(session, &DocumentSession::modifiedChanged, this, [this, session](bool modified) {
        if (!modified)
            forget(session);
    });
    connect(session, &DocumentSession::saved, this, [this, session] { forget(session); });
    connect(session, &QObject::destroyed, this, [this, session] {
        m_watched.remove(session);
        if (m_entries.contains(session)) {
            Entry entry = m_entries.take(session);
            entry.future.waitForFinished();
            QFile::remove(bytesPathFor(entry.original));
            QFile::remove(recordPathFor(entry.original));
        }
    });
}

QString EditRecovery::bytesPathFor(const QString &original) const
{
    return recoveryFolder() + QLatin1Char('/') + baseName(original) + QStringLiteral(".bpat");
}

QString EditRecovery::recordPathFor(const QString &original) const
{
    return recoveryFolder() + QLatin1Char('/') + baseName(original) + QLatin1String(kRecordSuffix);
}

void EditRecovery::published(DocumentSession *session, const BpatFile &file, DocumentChanges changes)
{
    if (session->path().isEmpty())
        return;
    Entry &entry = m_entries[session];
    if (!entry.original.isEmpty() && entry.original != session->path()) { // Save As: the old name's record goes
        entry.future.waitForFinished();
        QFile::remove(bytesPathFor(entry.original));
        QFile::remove(recordPathFor(entry.original));
    }
    entry.original = session->path();
    entry.file = file;
    ++entry.generation;
    entry.dirty = true;
    entry.motion = changes == DocumentChanges(DocumentChange::Motion);
    if (entry.motion)
        return startWriteSoon(session);
    startWrite(session);
}

void EditRecovery::startWriteSoon(DocumentSession *session)
{
    // A drag's moves come many a second, each a whole file to write: the latest version is
    // written half a second later, and so on while the drag goes on (one timer, not one a move).
    Entry &entry = m_entries[session];
    if (std::exchange(entry.soon, true))
        return;
    QTimer::singleShot(MotionWriteDelayMs, this, [this, guard = QPointer<DocumentSession>(session)] {
        if (!guard || !m_entries.contains(guard.data()))
            return;
        m_entries[guard.data()].soon = false;
        startWrite(guard.data());
    });
}

void EditRecovery::startWrite(DocumentSession *session)
{
    Entry &entry = m_entries[session];
    if (entry.writing || !entry.dirty)
        return;
    entry.writing = true;
    entry.dirty = false;
    const BpatFile file = entry.file; // shares the bytes with the session's document
    const QString bytesPath = bytesPathFor(entry.original);
    const QString recordPath = recordPathFor(entry.original);
    const QJsonObject record{{QStringLiteral("original"), entry.original},
                             {QStringLiteral("bytes"), QFileInfo(bytesPath).fileName()},
                             {QStringLiteral("size"), qint64(file.fileSize())},
                             {QStringLiteral("pid"), QCoreApplication::applicationPid()},
                             {QStringLiteral("written"), QDateTime::currentDateTime().toString(Qt::ISODate)}};
    const QByteArray json = QJsonDocument(record).toJson();
    entry.future = QtConcurrent::run([file, bytesPath, recordPath, json] {
        QDir().mkpath(QFileInfo(bytesPath).absolutePath());
        QString error;
        const QByteArrayView bytes = file.bytes();
        const bool ok = AtomicFile::write(
            bytesPath, [bytes](QIODevice *device, QString *) { return AtomicFile::writeAll(device, bytes.data(), bytes.size()); },
            &error);
        return ok && AtomicFile::write(recordPath, json, &error);
    });
    auto *watcher = new QFutureWatcher<bool>(this);
    const QPointer<DocumentSession> alive(session);
    connect(watcher, &QFutureWatcher<bool>::finished, this, [this, watcher, alive, session] {
        watcher->deleteLater();
        if (!alive || !m_entries.contains(session))
            return;
        Entry &e = m_entries[session];
        e.writing = false;
        ++m_writes;
        if (!alive->isModified()) // undone back to the saved state meanwhile
            return forget(session);
        if (e.dirty && e.motion)
            return startWriteSoon(session);
        startWrite(session); // published again meanwhile
    });
    watcher->setFuture(entry.future);
}

void EditRecovery::forget(DocumentSession *session)
{
    const auto it = m_entries.find(session);
    if (it == m_entries.end())
        return;
    if (it->writing) { // removed when the write ends (it checks the session again)
        it->dirty = false;
        it->future.waitForFinished();
    }
    QFile::remove(bytesPathFor(it->original));
    QFile::remove(recordPathFor(it->original));
    m_entries.erase(it);
}

void EditRecovery::waitForWrites()
{
    for (Entry &entry : m_entries)
        entry.future.waitForFinished();
    QCoreApplication::sendPostedEvents(this);
}

QList<EditRecovery::Record> EditRecovery::leftovers(bool includeOwn)
{
    QList<Record> records;
    const QDir folder(recoveryFolder());
    const QStringList names = folder.entryList({QStringLiteral("*") + QLatin1String(kRecordSuffix)}, QDir::Files);
    for (const QString &name : names) {
        QFile file(folder.filePath(name));
        if (!file.open(QIODevice::ReadOnly) || file.size() > (1 << 16))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
        Record r;
        r.original = o.value(QStringLiteral("original")).toString();
        const QString bytes = o.value(QStringLiteral("bytes")).toString();
        r.bytesPath = folder.filePath(QFileInfo(bytes).fileName()); // never outside the folder
        r.recordPath = file.fileName();
        r.written = QDateTime::fromString(o.value(QStringLiteral("written")).toString(), Qt::ISODate);
        r.pid = o.value(QStringLiteral("pid")).toInteger();
        r.size = o.value(QStringLiteral("size")).toInteger();
        if (r.original.isEmpty() || bytes.isEmpty() || !QFileInfo::exists(r.bytesPath))
            continue;
        const bool own = r.pid == QCoreApplication::applicationPid();
        if ((own && !includeOwn) || (!own && processRuns(r.pid)))
            continue;
        records.append(r);
    }
    std::sort(records.begin(), records.end(), [](const Record &a, const Record &b) { return a.written < b.written; });
    return records;
}

void EditRecovery::remove(const Record &record)
{
    QFile::remove(record.bytesPath);
    QFile::remove(record.recordPath);
}

QByteArray EditRecovery::read(const Record &record, QString *error)
{
    QFile file(record.bytesPath);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = file.errorString();
        return {};
    }
    if (file.size() != record.size) {
        if (error)
            *error = QCoreApplication::translate("EditRecovery", "%1 holds %2 bytes, its record says %3")
                         .arg(record.bytesPath)
                         .arg(file.size())
                         .arg(record.size);
        return {};
    }
    return file.readAll();
}

} // namespace bpat::studio

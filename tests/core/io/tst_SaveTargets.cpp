// What a save does to each kind of target (io/AtomicFile, under every save path): a regular
// file is replaced atomically; a symbolic link to a regular file writes the file and keeps the
// link; a directory, FIFO, socket, character or block device (nodes made here with mknod, so
// the system's own /dev/null is never at stake), symbolic link loop, dangling link or link to
// any of those is refused with a message naming the path and what it is, and left as it was.
// QSaveFile alone renamed a regular file over all of them (root replaced /dev/null, and
// /dev/full "succeeded").
#include "anim/InputAnimationReader.h"
#include "anim/InputAnimationWriter.h"
#include "bpat/BpatSaver.h"
#include "bpat/BpatWriter.h"
#include "io/AtomicFile.h"
#include "io/NativeName.h"
#include "TestDocuments.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QTest>

#include <functional>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

using namespace bpat;

namespace {

using SavePath = std::function<bool(const QString &path, QString *error)>;

// Every way the core saves a file.
QList<std::pair<const char *, SavePath>> savePaths()
{
    return {
        {"AtomicFile bytes", [](const QString &p, QString *e) { return AtomicFile::write(p, QByteArray("bytes"), e); }},
        {"AtomicFile body",
         [](const QString &p, QString *e) {
             return AtomicFile::write(
                 p, [](QIODevice *d, QString *) { return AtomicFile::writeAll(d, QByteArray("x")); }, e);
         }},
        {"BpatWriter", [](const QString &p, QString *e) { return BpatWriter(testdocs::smallDocument()).save(p, e); }},
        {"BpatSaver",
         [](const QString &p, QString *e) {
             const BpatSaver::Result r = BpatSaver::save(testdocs::smallDocument(), p);
             *e = r.error;
             return r.saved;
         }},
        {"InputAnimationWriter",
         [](const QString &p, QString *e) {
             InputAnimationReader reader;
             const auto animation = reader.readFile(QStringLiteral(BPAT_TEST_DATA_DIR "/malformed/base-v11.bin"));
             if (!animation) {
                 *e = QStringLiteral("base-v11.bin unreadable");
                 return false;
             }
             InputAnimationWriter writer;
             const bool ok = writer.writeFile(*animation, p);
             *e = writer.errorString();
             return ok;
         }},
    };
}

mode_t kindOf(const QString &path)
{
    struct stat st;
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? (st.st_mode & S_IFMT) : 0;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

// Makes the special target `kind` at `path`; false (with why) when this machine does not allow it.
bool makeTarget(const QString &kind, const QString &path, const QString &dir, QString *why)
{
    const QByteArray p = QFile::encodeName(path);
    const auto node = [&](mode_t mode, dev_t device) {
        if (::mknod(p.constData(), mode | 0666, device) == 0)
            return true;
        *why = QStringLiteral("mknod: %1 (needs root)").arg(QString::fromLocal8Bit(strerror(errno)));
        return false;
    };
    if (kind == QLatin1String("directory"))
        return QDir().mkdir(path);
    if (kind == QLatin1String("fifo"))
        return ::mkfifo(p.constData(), 0666) == 0;
    if (kind == QLatin1String("null device"))
        return node(S_IFCHR, makedev(1, 3));
    if (kind == QLatin1String("full device"))
        return node(S_IFCHR, makedev(1, 7));
    if (kind == QLatin1String("block device"))
        return node(S_IFBLK, makedev(7, 200));
    if (kind == QLatin1String("socket")) {
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address = {};
        address.sun_family = AF_UNIX;
        if (fd < 0 || size_t(p.size()) >= sizeof address.sun_path) {
            *why = QStringLiteral("socket path too long");
            return false;
        }
        std::memcpy(address.sun_path, p.constData(), size_t(p.size()));
        const bool ok = ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0;
        ::close(fd); // the socket file stays
        return ok;
    }
    if (kind == QLatin1String("symlink loop")) {
        return QFile::link(dir + QStringLiteral("/loop-b"), path) && QFile::link(path, dir + QStringLiteral("/loop-b"));
    }
    if (kind == QLatin1String("dangling symlink"))
        return QFile::link(dir + QStringLiteral("/missing.bpat"), path);
    if (kind == QLatin1String("symlink to fifo")) {
        return ::mkfifo(QFile::encodeName(dir + QStringLiteral("/fifo")).constData(), 0666) == 0
            && QFile::link(dir + QStringLiteral("/fifo"), path);
    }
    return false;
}

} // namespace

class tst_SaveTargets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void specialTargetIsRefused_data();
    void specialTargetIsRefused();
    void symlinkToFileWritesThroughAndKeepsTheLink();
    void regularFileIsReplaced();
    void nameThatIsNotUtf8IsRefused();
    void readOnlyFileIsReplacedOnlyWhenAsked();
};

void tst_SaveTargets::specialTargetIsRefused_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("said");
    QTest::addColumn<int>("via");
    const QList<std::pair<const char *, const char *>> kinds = {
        {"directory", "a directory"},
        {"fifo", "a FIFO"},
        {"socket", "a socket"},
        {"null device", "a character device"},
        {"full device", "a character device"},
        {"block device", "a block device"},
        {"symlink loop", "a symbolic link loop"},
        {"dangling symlink", "a dangling symbolic link"},
        {"symlink to fifo", "a symbolic link to a FIFO"},
    };
    const auto paths = savePaths();
    for (const auto &[kind, said] : kinds) {
        for (int via = 0; via < paths.size(); ++via) {
            QTest::addRow("%s, %s", kind, paths.at(via).first) << QString::fromLatin1(kind) << QString::fromLatin1(said) << via;
        }
    }
}

void tst_SaveTargets::specialTargetIsRefused()
{
    QFETCH(QString, kind);
    QFETCH(QString, said);
    QFETCH(int, via);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("out.bpat"));
    QString why;
    if (!makeTarget(kind, path, dir.path(), &why))
        QSKIP(qPrintable(QStringLiteral("cannot make a %1 here: %2").arg(kind, why)));
    const mode_t before = kindOf(path);
    const QStringList listed = entries(dir.path());

    QString error;
    const bool saved = savePaths().at(via).second(path, &error);
    QVERIFY2(!saved, qPrintable(QStringLiteral("saved over a %1").arg(kind)));
    QVERIFY2(error.contains(path) && error.contains(said) && error.contains(QStringLiteral("not a regular file")),
             qPrintable(error));
    QCOMPARE(kindOf(path), before);                                        // still the node, link or directory it was
    QCOMPARE(entries(dir.path()), listed);                                 // no temporary file left, nothing created
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("missing.bpat")))); // no file at a dangling link's end
}

void tst_SaveTargets::symlinkToFileWritesThroughAndKeepsTheLink()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("assets")));
    const QString target = dir.filePath(QStringLiteral("assets/creature.bpat"));
    const QString link = dir.filePath(QStringLiteral("link.bpat"));
    const QString chain = dir.filePath(QStringLiteral("chain.bpat"));
    QFile old(target);
    QVERIFY(old.open(QIODevice::WriteOnly) && old.write("old") == 3);
    old.close();
    QVERIFY(QFile::link(QStringLiteral("assets/creature.bpat"), link)); // relative, as people make them
    QVERIFY(QFile::link(QStringLiteral("link.bpat"), chain));
    const QByteArray expected = BpatWriter(testdocs::smallDocument()).toBytes();
    for (const QString &via : {link, chain}) {
        QVERIFY(QFile::resize(target, 0));
        QString error;
        QVERIFY2(BpatWriter(testdocs::smallDocument()).save(via, &error), qPrintable(error));
        QCOMPARE(kindOf(link), mode_t(S_IFLNK));
        QCOMPARE(kindOf(chain), mode_t(S_IFLNK));
        QCOMPARE(QFile::symLinkTarget(link), target);
        QFile written(target);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll(), expected);
    }
    QCOMPARE(entries(dir.path()),
             QStringList({QStringLiteral("assets"), QStringLiteral("chain.bpat"), QStringLiteral("link.bpat")}));
    QCOMPARE(entries(dir.filePath(QStringLiteral("assets"))), QStringList({QStringLiteral("creature.bpat")}));
}

void tst_SaveTargets::regularFileIsReplaced()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("out.bpat"));
    QFile old(path);
    QVERIFY(old.open(QIODevice::WriteOnly) && old.write("old") == 3);
    old.close();
    for (const auto &[name, save] : savePaths()) {
        QString error;
        QVERIFY2(save(path, &error), qPrintable(QString::fromLatin1(name) + QStringLiteral(": ") + error));
        QCOMPARE(kindOf(path), mode_t(S_IFREG));
    }
    QCOMPARE(AtomicFile::resolveTarget(path, nullptr), path);
    QCOMPARE(entries(dir.path()), QStringList({QStringLiteral("out.bpat")}));
}

void tst_SaveTargets::nameThatIsNotUtf8IsRefused()
{
    // QSaveFile would write "\xff.bpat" as "\uFFFD.bpat": another file. Refused instead.
    QTemporaryDir dir;
    const QString path = NativeName::decode(QFile::encodeName(dir.path()) + "/\xff.bpat");
    QString error;
    QVERIFY(!AtomicFile::write(path, QByteArray("bytes"), &error));
    QVERIFY2(error.contains(QStringLiteral("not UTF-8")) && error.contains(QStringLiteral("\\xff.bpat")), qPrintable(error));
    QCOMPARE(entries(dir.path()), QStringList());
}

void tst_SaveTargets::readOnlyFileIsReplacedOnlyWhenAsked()
{
    // Issue 42, finding 10: writers run as root replaced 0444 outputs (the rename ignores the
    // mode, and root anything else). Refused by every save path, naming the file and its mode,
    // also through a link; replaced when this file was allowed (the window, after asking) or
    // the process allows it (bpat --force).
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("locked.bpat"));
    const QString link = dir.filePath(QStringLiteral("link.bpat"));
    QFile old(path);
    QVERIFY(old.open(QIODevice::WriteOnly) && old.write("old") == 3);
    old.close();
    QVERIFY(QFile::link(path, link));
    QVERIFY(::chmod(QFile::encodeName(path).constData(), 0444) == 0);
    QVERIFY(AtomicFile::isReadOnly(path) && AtomicFile::isReadOnly(link));
    for (const QString &target : {path, link}) {
        for (const auto &[name, save] : savePaths()) {
            QString error;
            QVERIFY2(!save(target, &error), name);
            QVERIFY2(error.contains(QStringLiteral("read-only (mode 0444)")) && error.contains(target), qPrintable(error));
        }
    }
    QCOMPARE(readAll(path), QByteArray("old"));
    QCOMPARE(entries(dir.path()), QStringList({QStringLiteral("link.bpat"), QStringLiteral("locked.bpat")}));

    AtomicFile::allowReplacing(path); // once
    QString error;
    QVERIFY2(AtomicFile::write(link, QByteArray("new"), &error), qPrintable(error));
    QCOMPARE(readAll(path), QByteArray("new"));
    QVERIFY(QFileInfo(link).isSymLink());
    QVERIFY(AtomicFile::isReadOnly(path));                          // the new file keeps the mode
    QVERIFY(!AtomicFile::write(path, QByteArray("newer"), &error)); // and the allowance is used up
    AtomicFile::setReplaceReadOnly(true);
    const bool forced = AtomicFile::write(path, QByteArray("forced"), &error);
    AtomicFile::setReplaceReadOnly(false);
    QVERIFY2(forced, qPrintable(error));
    QCOMPARE(readAll(path), QByteArray("forced"));
    QVERIFY(AtomicFile::isReadOnly(path));
    // A writable file keeps its mode too (it got the umask's before).
    const QString shared = dir.filePath(QStringLiteral("shared.bpat"));
    QVERIFY(AtomicFile::write(shared, QByteArray("a"), &error));
    QVERIFY(::chmod(QFile::encodeName(shared).constData(), 0640) == 0);
    QVERIFY(AtomicFile::write(shared, QByteArray("b"), &error));
    struct stat st;
    QVERIFY(::stat(QFile::encodeName(shared).constData(), &st) == 0);
    QCOMPARE(st.st_mode & 07777, mode_t(0640));
}

QTEST_GUILESS_MAIN(tst_SaveTargets)
#include "tst_SaveTargets.moc"

// Files named by input are read only when they are regular files, without blocking and never
// past a limit: /dev/zero (QFile::size() 0, endless), a FIFO (open() blocks until a writer
// comes), a directory and an over-size file are refused with a clear error, by RegularFile and
// by every entry point that reads such a name (recipes, bake manifests and the recipes they
// name, recordings, BPAT and BPSM files).
#include "rebake/RebakeManifest.h"
#include "bpat/BpatFile.h"
#include "bpsm/BpsmFile.h"
#include "anim/InputAnimationReader.h"
#include "rebake/RecipeJson.h"
#include "io/RegularFile.h"
#include "bpat/Validator.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QTest>
#include <chrono>
#include <fcntl.h>
#include <functional>
#include <future>
#include <sys/stat.h>
#include <unistd.h>

using namespace bpat;

namespace {

QStringList codesOf(const Diagnostics &diagnostics)
{
    QStringList out;
    for (const Diagnostic &d : diagnostics)
        out.append(d.code);
    return out;
}

QString messages(const Diagnostics &diagnostics)
{
    QStringList out;
    for (const Diagnostic &d : diagnostics)
        out.append(d.code + QStringLiteral(" [") + d.location.toString() + QStringLiteral("] ") + d.message);
    return out.join(QLatin1Char('\n'));
}

} // namespace

class tst_RegularFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void readsRegularFiles();
    void ignoresTheReportedSize();
    void refusesWhatIsNotARegularFile_data();
    void refusesWhatIsNotARegularFile();
    void refusesOverSizeFiles();
    void refusesAnOverSizeFileBeforeReadingIt();
    void recipeEntryPoints_data();
    void recipeEntryPoints();
    void manifestNamingDevZeroOrAFifo_data();
    void manifestNamingDevZeroOrAFifo();
    void recordingsAndMappedFiles_data();
    void recordingsAndMappedFiles();

private:
    // Runs `call` on another thread: a FIFO that blocks it is unblocked by opening the FIFO
    // for writing (and closing it), an endless read stops the test, so a regression fails
    // here instead of hanging the suite or filling the memory.
    void finishesPromptly(const std::function<void()> &call);

    QTemporaryDir m_dir;
    QString m_fifo;
};

void tst_RegularFile::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_fifo = m_dir.filePath(QStringLiteral("fifo.json"));
    QCOMPARE(::mkfifo(QFile::encodeName(m_fifo).constData(), 0600), 0);
}

void tst_RegularFile::finishesPromptly(const std::function<void()> &call)
{
    auto done = std::async(std::launch::async, call);
    if (done.wait_for(std::chrono::seconds(10)) == std::future_status::ready) {
        done.get();
        return;
    }
    const int fd = ::open(QFile::encodeName(m_fifo).constData(), O_WRONLY | O_NONBLOCK);
    if (fd >= 0)
        ::close(fd);
    // Still running: reading without end (/dev/zero); stop rather than fill the memory.
    if (done.wait_for(std::chrono::seconds(5)) != std::future_status::ready)
        qFatal("still reading after 15 s: a file read without a limit");
    done.get();
    QFAIL("blocked for 10 s until the FIFO got a writer");
}

void tst_RegularFile::readsRegularFiles()
{
    const QString path = m_dir.filePath(QStringLiteral("small.txt"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("hello");
    f.close();
    const RegularFile::Contents c = RegularFile::read(path, 5);
    QVERIFY2(c.ok(), qPrintable(c.error));
    QCOMPARE(c.bytes, QByteArray("hello"));
    QCOMPARE(RegularFile::read(m_dir.filePath(QStringLiteral("missing")), 5).status, RegularFile::Status::Missing);
    QCOMPARE(RegularFile::sizeText(16 << 20), QStringLiteral("16 MiB"));
    QCOMPARE(RegularFile::sizeText(qint64(1) << 30), QStringLiteral("1 GiB"));
    QCOMPARE(RegularFile::sizeText(1000), QStringLiteral("1000 bytes"));
}

void tst_RegularFile::ignoresTheReportedSize()
{
    // /proc files are regular but report size 0: what counts is what read() returns.
    const QString status = QStringLiteral("/proc/self/status");
    if (!QFile::exists(status))
        QSKIP("no /proc");
    QCOMPARE(QFile(status).size(), qint64(0));
    const RegularFile::Contents whole = RegularFile::read(status, 1 << 20);
    QVERIFY2(whole.ok(), qPrintable(whole.error));
    QVERIFY(whole.bytes.size() > 10);
    const RegularFile::Contents cut = RegularFile::read(status, 10);
    QCOMPARE(cut.status, RegularFile::Status::TooLarge);
    QVERIFY(cut.bytes.isEmpty());
    QCOMPARE(cut.error, QStringLiteral("larger than 10 bytes"));
}

void tst_RegularFile::refusesWhatIsNotARegularFile_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("kind");
    QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero") << QStringLiteral("a character device");
    QTest::newRow("fifo") << QString() << QStringLiteral("a FIFO");
    QTest::newRow("directory") << QStringLiteral("/") << QStringLiteral("a directory");
}

void tst_RegularFile::refusesWhatIsNotARegularFile()
{
    QFETCH(QString, path);
    QFETCH(QString, kind);
    if (path.isEmpty())
        path = m_fifo;
    if (!QFileInfo::exists(path))
        QSKIP("not on this system");
    RegularFile::Contents c;
    finishesPromptly([&] { c = RegularFile::read(path, 1 << 20); });
    QCOMPARE(c.status, RegularFile::Status::NotRegular);
    QCOMPARE(c.error, QStringLiteral("not a regular file (%1)").arg(kind));
    QVERIFY(c.bytes.isEmpty());
    QFile file;
    QCOMPARE(RegularFile::open(file, path), RegularFile::Status::NotRegular);
    QVERIFY(!file.isOpen());
}

void tst_RegularFile::refusesOverSizeFiles()
{
    // One byte over the limit is refused, the limit itself is not.
    const QString path = m_dir.filePath(QStringLiteral("big.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize(RecipeJson::MaxFileBytes + 1));
    f.close();
    Diagnostics d;
    QVERIFY(!RecipeJson::readFile(path, &d));
    QCOMPARE(codesOf(d), QStringList{QStringLiteral("RECIPE_TOO_LARGE")});
    QCOMPARE(d.at(0).message, QStringLiteral("cannot read recipe %1: larger than 16 MiB").arg(path));
    d.clear();
    QVERIFY(!RebakeManifest::readFile(path, &d));
    QCOMPARE(codesOf(d), QStringList{QStringLiteral("MANIFEST_UNREADABLE")});
    QVERIFY2(d.at(0).message.endsWith(QStringLiteral("larger than 16 MiB")), qPrintable(d.at(0).message));
    QVERIFY(f.resize(RecipeJson::MaxFileBytes));
    d.clear();
    QVERIFY(!RecipeJson::readFile(path, &d)); // read whole, then refused as JSON
    QCOMPARE(codesOf(d), QStringList{QStringLiteral("RECIPE_BAD_JSON")});
}

// Bytes this process has read with read() and friends so far (/proc/self/io rchar).
static qint64 bytesRead()
{
    QFile io(QStringLiteral("/proc/self/io"));
    if (!io.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : io.readAll().split('\n')) {
        if (line.startsWith("rchar:"))
            return line.mid(6).trimmed().toLongLong();
    }
    return -1;
}

void tst_RegularFile::refusesAnOverSizeFileBeforeReadingIt()
{
    // A regular file that says it is over the limit is refused before a byte of it is read
    // (issue 42: a 2 GiB recording was read to 1 GiB + 1 to say "larger than 1 GiB").
    const QString path = m_dir.filePath(QStringLiteral("sparse.bin"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize((qint64(1) << 30) + (qint64(1) << 20))); // sparse: no disk space; over the recordings' 1 GiB
    f.close();
    const qint64 before = bytesRead();
    if (before < 0)
        QSKIP("no /proc/self/io");
    const RegularFile::Contents c = RegularFile::read(path, qint64(1) << 20);
    const qint64 read = bytesRead() - before;
    QCOMPARE(c.status, RegularFile::Status::TooLarge);
    QCOMPARE(c.error, QStringLiteral("larger than 1 MiB"));
    QVERIFY2(read < (64 << 10), qPrintable(QStringLiteral("%1 bytes read").arg(read)));
    InputAnimationReader reader;
    QVERIFY(!reader.readFile(path));
    QVERIFY(bytesRead() - before < (128 << 10));
}

void tst_RegularFile::recipeEntryPoints_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("why");
    QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero") << QStringLiteral("not a regular file (a character device)");
    QTest::newRow("fifo") << QString() << QStringLiteral("not a regular file (a FIFO)");
    QTest::newRow("missing") << QStringLiteral("/nonexistent/recipe.json") << QStringLiteral("no such file");
}

void tst_RegularFile::recipeEntryPoints()
{
    QFETCH(QString, path);
    QFETCH(QString, why);
    if (path.isEmpty())
        path = m_fifo;
    Diagnostics recipe, manifest;
    bool recipeRead = true, manifestRead = true;
    finishesPromptly([&] {
        recipeRead = RecipeJson::readFile(path, &recipe).has_value();
        manifestRead = RebakeManifest::readFile(path, &manifest).has_value();
    });
    QVERIFY(!recipeRead);
    QVERIFY(!manifestRead);
    QCOMPARE(codesOf(recipe), QStringList{QStringLiteral("RECIPE_UNREADABLE")});
    QCOMPARE(recipe.at(0).message, QStringLiteral("cannot read recipe %1: %2").arg(path, why));
    QCOMPARE(codesOf(manifest), QStringList{QStringLiteral("MANIFEST_UNREADABLE")});
    QCOMPARE(manifest.at(0).message, QStringLiteral("cannot read manifest %1: %2").arg(path, why));
}

void tst_RegularFile::manifestNamingDevZeroOrAFifo_data()
{
    QTest::addColumn<QString>("recipe");
    QTest::addColumn<QString>("kind");
    QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero") << QStringLiteral("a character device");
    QTest::newRow("fifo") << QStringLiteral("fifo.json") << QStringLiteral("a FIFO"); // relative to the manifest
    QTest::newRow("directory") << QStringLiteral(".") << QStringLiteral("a directory");
}

void tst_RegularFile::manifestNamingDevZeroOrAFifo()
{
    // What fuzz_recipe feeds RebakeManifest::parse: a manifest is input, and so is every path in it.
    QFETCH(QString, recipe);
    QFETCH(QString, kind);
    const QByteArray json =
        QStringLiteral(R"({"output": "out.bpat", "recipe": "%1", "clips": [{"curves": "a.bin"}]})").arg(recipe).toUtf8();
    Diagnostics d;
    std::optional<RebakeRequest> request;
    finishesPromptly([&] { request = RebakeManifest::parse(json, m_dir.path(), &d); });
    QVERIFY(!request);
    QVERIFY2(codesOf(d).contains(QStringLiteral("RECIPE_UNREADABLE")), qPrintable(messages(d)));
    for (const Diagnostic &x : d) {
        if (x.code != QStringLiteral("RECIPE_UNREADABLE"))
            continue;
        QCOMPARE(x.location.toString(), QStringLiteral("recipe")); // the manifest key that named it
        QVERIFY2(x.message.startsWith(QStringLiteral("recipe %1: cannot read recipe ").arg(recipe)), qPrintable(x.message));
        QVERIFY2(x.message.endsWith(QStringLiteral("not a regular file (%1)").arg(kind)), qPrintable(x.message));
    }
}

void tst_RegularFile::recordingsAndMappedFiles_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("why");
    QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero") << QStringLiteral("not a regular file (a character device)");
    QTest::newRow("fifo") << QString() << QStringLiteral("not a regular file (a FIFO)");
}

void tst_RegularFile::recordingsAndMappedFiles()
{
    QFETCH(QString, path);
    QFETCH(QString, why);
    if (path.isEmpty())
        path = m_fifo;
    InputAnimationReader reader;
    std::optional<InputAnimation> animation;
    QString bpatError, bpsmError;
    std::optional<BpatFile> bpat;
    std::optional<BpsmFile> bpsm;
    ValidationResult validated;
    finishesPromptly([&] {
        animation = reader.readFile(path);
        bpat = BpatFile::open(path, &bpatError);
        bpsm = BpsmFile::open(path, &bpsmError);
        validated = Validator().validatePath(path);
    });
    QVERIFY(!animation);
    QCOMPARE(codesOf(reader.diagnostics()), QStringList{QStringLiteral("ANIM_FILE_UNREADABLE")});
    QCOMPARE(reader.errorString(), QStringLiteral("cannot read %1: %2").arg(path, why));
    QVERIFY(!bpat);
    QCOMPARE(bpatError, QStringLiteral("%1: %2").arg(path, why));
    QVERIFY(!bpsm);
    QCOMPARE(bpsmError, QStringLiteral("%1: %2").arg(path, why));
    QCOMPARE(codesOf(validated.issues), QStringList{QStringLiteral("IO_ERROR")});
    QCOMPARE(validated.issues.at(0).message, why);

    // A regular file still maps through the descriptor RegularFile opened.
    const QString real = m_dir.filePath(QStringLiteral("real.bpat"));
    QFile f(real);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(64, 'x'));
    f.close();
    const auto mapped = BpatFile::open(real, &bpatError);
    QVERIFY2(mapped, qPrintable(bpatError));
    QCOMPARE(mapped->fileSize(), quint64(64));
    QCOMPARE(mapped->bytes(), QByteArrayView(QByteArray(64, 'x')));
}

QTEST_GUILESS_MAIN(tst_RegularFile)
#include "tst_RegularFile.moc"

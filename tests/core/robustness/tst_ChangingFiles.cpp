// Files that change underneath an open BpatFile (a mapping of the file): replaced by an atomic
// rename, deleted, rewritten in place (also while deep checks stream through the mapping), and
// truncated. The open handle must stay usable or be reported stale, never crash; opening the
// path again must see the new state and report what is wrong with it.
// (Reads of pages past a truncated end are covered with the MappingGuard; see docs/robustness.md.)
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpsm/BpsmFile.h"
#include "io/MappingGuard.h"
#include "bpat/BpatWriter.h"
#include "TestDocuments.h"
#include "bpat/Validator.h"

#include <QFile>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QtConcurrent/QtConcurrentRun>
#include <QtTest/QTest>
#include <atomic>

using namespace bpat;

namespace {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// Rewrites the bytes of an existing file without changing its size or inode.
bool overwriteInPlace(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::ReadWrite) && f.write(bytes) == bytes.size();
}

bool sameMatrix(const BpatFile &file, int clip, quint32 frame, quint32 bone, const QMatrix4x4 &expected)
{
    bool ok = false;
    return file.matrix(clip, frame, bone, &ok) == expected && ok;
}

} // namespace

class tst_ChangingFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void replacedByRename();
    void deleted();
    void rewrittenInPlaceSameSize();
    void rewrittenInPlaceWhileDeepChecking();
    void truncatedThenReopened();
    void documentReadFromTruncatedMapping();
    void everyMappingIsGuarded();

private:
    QTemporaryDir m_dir;
    QString m_path;
    QByteArray m_old;
    QByteArray m_new;
};

void tst_ChangingFiles::init()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("creature.bpat"));
    m_old = testdocs::smallFileBytes();
    BpatDocument doc = testdocs::smallDocument();
    doc.clip(0).setMatrix(1, 2, 3, QMatrix4x4(2, 0, 0, 1, 0, 2, 0, 2, 0, 0, 2, 3, 0, 0, 0, 1));
    doc.recomputeSocketRows();
    m_new = BpatWriter(doc).toBytes();
    QCOMPARE(m_new.size(), m_old.size());
    QVERIFY(writeFile(m_path, m_old));
}

void tst_ChangingFiles::replacedByRename()
{
    auto opened = BpatFile::open(m_path);
    QVERIFY(opened);
    const QMatrix4x4 before = opened->matrix(0, 1, 2);
    // An atomic save (QSaveFile: temp file + rename) gives the path a new inode; the open
    // mapping keeps the old one's bytes.
    QSaveFile save(m_path);
    QVERIFY(save.open(QIODevice::WriteOnly));
    QVERIFY(save.write(m_new) == m_new.size());
    QVERIFY(save.commit());
    QVERIFY(sameMatrix(*opened, 0, 1, 2, before));
    QVERIFY(Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validate(*opened).valid());
    auto reopened = BpatFile::open(m_path);
    QVERIFY(reopened);
    QVERIFY(sameMatrix(*reopened, 0, 1, 2, QMatrix4x4(2, 0, 0, 1, 0, 2, 0, 2, 0, 0, 2, 3, 0, 0, 0, 1)));
    QVERIFY(Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validate(*reopened).valid());
}

void tst_ChangingFiles::deleted()
{
    auto opened = BpatFile::open(m_path);
    QVERIFY(opened);
    QVERIFY(QFile::remove(m_path));
    // The mapping lives on until the last handle goes; reopening names the problem.
    QVERIFY(Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validate(*opened).valid());
    QString error;
    QVERIFY(!BpatFile::open(m_path, &error));
    QVERIFY2(error.contains(QStringLiteral("no such file")), qPrintable(error));
    const ValidationResult r = Validator().validatePath(m_path);
    QCOMPARE(r.issues.size(), 1);
    QCOMPARE(r.issues.constFirst().code, QStringLiteral("IO_ERROR"));
}

void tst_ChangingFiles::rewrittenInPlaceSameSize()
{
    auto opened = BpatFile::open(m_path);
    QVERIFY(opened);
    // Same inode: the shared mapping shows the new bytes at once. Tables were decoded on open,
    // palette reads come from the mapping.
    QVERIFY(overwriteInPlace(m_path, m_new));
    QVERIFY(sameMatrix(*opened, 0, 1, 2, QMatrix4x4(2, 0, 0, 1, 0, 2, 0, 2, 0, 0, 2, 3, 0, 0, 0, 1)));
    // Rewritten with garbage in the tables: the open handle still only reads inside the file,
    // and reopening reports the damage.
    QByteArray garbage = m_old;
    for (qsizetype i = 0; i < 224; ++i)
        garbage[i] = char(0xA5 ^ i);
    QVERIFY(overwriteInPlace(m_path, garbage));
    for (quint32 frame = 0; frame < 8; ++frame)
        (void)opened->matrix(0, frame, 2);
    (void)Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validate(*opened);
    auto reopened = BpatFile::open(m_path);
    QVERIFY(reopened);
    QVERIFY(!Validator().validate(*reopened).valid());
}

void tst_ChangingFiles::rewrittenInPlaceWhileDeepChecking()
{
    // A writer flips the file between two versions (and a corrupted one) while deep checks
    // stream through the mapping: a torn read may change the findings, never crash.
    auto opened = BpatFile::open(m_path);
    QVERIFY(opened);
    QByteArray nan = m_old;
    testdocs::setF32(nan, 224 + 64 * 5, std::numeric_limits<float>::quiet_NaN());
    constexpr int Flips = 400;
    std::atomic<int> flips{0};
    auto writer = QtConcurrent::run([&] {
        for (int i = 0; i < Flips; ++i) {
            const QByteArray &b = i % 3 == 0 ? m_new : i % 3 == 1 ? nan : m_old;
            if (!overwriteInPlace(m_path, b))
                return false;
            flips = i + 1;
        }
        return true;
    });
    const Validator deep(ValidationOptions::make(ValidationProfile::Spec, true));
    int validations = 0;
    while (!writer.isFinished() || validations == 0) {
        const ValidationResult r = deep.validate(*opened);
        ++validations;
        // The file changed under its mapping (issue 42: such a check says so first, and is
        // never valid).
        QVERIFY(r.issues.isEmpty() || r.issues.constFirst().code == QStringLiteral("FILE_CHANGED"));
        for (const Diagnostic &d : r.issues)
            QVERIFY2(d.code == QStringLiteral("FILE_CHANGED") || d.code == QStringLiteral("NON_FINITE")
                         || d.code == QStringLiteral("SOCKET_DATA_MISMATCH"),
                     qPrintable(d.code + QStringLiteral(": ") + d.message));
    }
    QVERIFY(writer.result());
    QCOMPARE(flips.load(), Flips);
    qInfo("%d deep validations while the file was rewritten %d times", validations, Flips);
}

void tst_ChangingFiles::truncatedThenReopened()
{
    auto opened = BpatFile::open(m_path);
    QVERIFY(opened);
    const QMatrix4x4 first = opened->matrix(0, 0, 0);
    // Cut inside the palette. The open handle's header page is still there; the reopened file
    // reports what is missing and hands out no matrix past the new end.
    QVERIFY(QFile::resize(m_path, 600));
    QVERIFY(sameMatrix(*opened, 0, 0, 0, first)); // page 0 is still backed by the file
    auto reopened = BpatFile::open(m_path);
    QVERIFY(reopened);
    QCOMPARE(reopened->fileSize(), quint64(600));
    bool ok = true;
    (void)reopened->matrix(1, 1, 2, &ok);
    QVERIFY(!ok);
    const ValidationResult r = Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validate(*reopened);
    QVERIFY(!r.valid());
    QStringList found;
    for (const Diagnostic &d : r.issues)
        found.append(d.code);
    QVERIFY2(found.contains(QStringLiteral("PALETTE_OUT_OF_BOUNDS")), qPrintable(found.join(u',')));
    // Truncated to nothing: opening says so.
    QVERIFY(QFile::resize(m_path, 0));
    QString error;
    QVERIFY(!BpatFile::open(m_path, &error));
    QVERIFY2(error.contains(QStringLiteral("empty")), qPrintable(error));
}

void tst_ChangingFiles::documentReadFromTruncatedMapping()
{
    // BpatDocument::fromFile (bpat edit, merge, rebake --into, the app's Import Clips) copies
    // every palette out of the mapping. It used to do so unguarded: a file cut short after it
    // was opened killed the process with SIGBUS in memcpy. Now the mapping is guarded for its
    // whole life: the copy reads zeros past the cut, and fromFile refuses to hand them out.
    BpatDocument doc(0, 64);
    doc.addClip(testdocs::makeClip(QStringLiteral("walk"), 256, 64, 30.0f, true)); // 1 MiB of palette
    QVERIFY(writeFile(m_path, BpatWriter(doc).toBytes()));
    auto opened = BpatFile::open(m_path);
    QVERIFY(opened);
    QVERIFY(!opened->isStale());
    QVERIFY(QFile::resize(m_path, 4096)); // another process cuts it
    QString error;
    const std::optional<BpatDocument> read = BpatDocument::fromFile(*opened, &error);
    QVERIFY(!read);
    QVERIFY2(error.contains(QStringLiteral("shrank")), qPrintable(error));
    QVERIFY(opened->isStale());
}

void tst_ChangingFiles::everyMappingIsGuarded()
{
    // Any read of any mapped file, by any code, survives a cut: no guard of the caller's own.
    BpatDocument doc(0, 64);
    doc.addClip(testdocs::makeClip(QStringLiteral("walk"), 64, 64, 30.0f, true));
    QVERIFY(writeFile(m_path, BpatWriter(doc).toBytes()));
    auto opened = BpatFile::open(m_path);
    QVERIFY(opened);
    QVERIFY(QFile::resize(m_path, 4096));
    const quint64 before = MappingGuard::recoveredFaults();
    const uchar *bytes = opened->paletteBytes();
    QVERIFY(bytes);
    const volatile uchar *last = bytes + opened->paletteBytesSize() - 1;
    QCOMPARE(int(*last), 0); // SIGBUS without the guard
    QVERIFY(opened->isStale());
    QVERIFY(MappingGuard::recoveredFaults() > before);

    // The same for BPSM files.
    const QString bpsm = m_dir.filePath(QStringLiteral("mesh.bpsm"));
    QFile base(QStringLiteral(BPAT_TEST_DATA_DIR "/malformed/base.bpsm"));
    QVERIFY(base.open(QIODevice::ReadOnly));
    QVERIFY(writeFile(bpsm, base.readAll() + QByteArray(64 * 1024, '\0'))); // trailing pages to lose
    auto mesh = BpsmFile::open(bpsm);
    QVERIFY(mesh);
    QVERIFY(QFile::resize(bpsm, 1024));
    const volatile char *tail = mesh->bytes().data() + mesh->bytes().size() - 1;
    QCOMPARE(int(*tail), 0);
    QVERIFY(mesh->isStale());
}

QTEST_GUILESS_MAIN(tst_ChangingFiles)
#include "tst_ChangingFiles.moc"

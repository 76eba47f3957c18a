// FileConverter (`bpat convert`): a file converted from its mapping, a run of frames at a time,
// is byte for byte what converting its whole document and writing it (BpatWriter) gives, with
// the same warnings, for the game's files of every version to every version, with a bind pose
// given, and for files with sockets and runs that split clips.
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "bpat/FileConverter.h"
#include "bpat/VersionConverter.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace bpat;
using format::Dialect;

namespace {

QByteArray sha256(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The whole-document path (what `bpat convert` wrote before it streamed): bytes and warnings.
std::pair<QByteArray, QStringList> whole(const BpatFile &file, const ConvertOptions &options)
{
    std::optional<BpatDocument> doc = BpatDocument::fromFile(file);
    if (!doc)
        return {};
    const ConvertResult converted = VersionConverter::convert(*doc, options);
    if (!converted.ok)
        return {};
    return {BpatWriter(*doc).toBytes(), converted.warnings};
}

} // namespace

class tst_FileConverter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gameFilesEveryWay_data()
    {
        QTest::addColumn<QString>("asset");
        QTest::addColumn<int>("target");
        for (const char *set : {"bpat_v1_latest", "bpat_v2", "bpat_v3_early", "bpat_v3_late"}) {
            for (const char *species : {"humanoid", "horse"}) {
                for (Dialect t : {Dialect::V1, Dialect::V2, Dialect::V3Early, Dialect::V3Late}) {
                    QTest::addRow("%s/%s to %s", set, species, qPrintable(format::dialectName(t)))
                        << QStringLiteral("upstream_assets/%1/%2.bpat").arg(QLatin1String(set), QLatin1String(species)) << int(t);
                }
            }
        }
    }
    void gameFilesEveryWay()
    {
        QFETCH(QString, asset);
        QFETCH(int, target);
        BPAT_REQUIRE_SHARED(asset);
        const std::optional<BpatFile> file = BpatFile::open(testpaths::shared(asset));
        QVERIFY(file);
        const ConvertOptions options{Dialect(target), {}, {}};
        const auto [expected, warnings] = whole(*file, options);
        QVERIFY(!expected.isEmpty());
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.bpat"));
        std::optional<BpatDocument> plan = BpatDocument::planFromFile(*file);
        QVERIFY(plan);
        const FileConvertResult r = FileConverter::convert(*file, std::move(*plan), options, out);
        QVERIFY2(r.saved, qPrintable(r.error));
        QCOMPARE(sha256(readAll(out)), sha256(expected));
        QCOMPARE(r.warnings, warnings);
        QCOMPARE(r.plan->dialect(), Dialect(target));
    }

    // A bind pose given (--bind-clip / --bind-frame): the pose read from the file equals the
    // document's, and the conversion uses it.
    void bindPoseGiven()
    {
        const QString asset = QStringLiteral("upstream_assets/bpat_v2/humanoid.bpat");
        BPAT_REQUIRE_SHARED(asset);
        const std::optional<BpatFile> file = BpatFile::open(testpaths::shared(asset));
        QVERIFY(file);
        const std::optional<BpatDocument> doc = BpatDocument::fromFile(*file);
        QVERIFY(doc);
        const int clip = doc->clipCount() - 1;
        const auto pose = FileConverter::framePose(*file, clip, 1);
        QVERIFY(pose);
        QCOMPARE(*pose, *VersionConverter::framePose(*doc, clip, 1));
        QString error;
        QVERIFY(!FileConverter::framePose(*file, clip, doc->clip(clip).frameCount, &error));
        QString expectedError;
        QVERIFY(!VersionConverter::framePose(*doc, clip, doc->clip(clip).frameCount, &expectedError));
        QCOMPARE(error, expectedError);

        const ConvertOptions options{Dialect::V3Late, pose, {}};
        const auto [expected, warnings] = whole(*file, options);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.bpat"));
        const FileConvertResult r = FileConverter::convert(*file, *BpatDocument::planFromFile(*file), options, out);
        QVERIFY2(r.saved, qPrintable(r.error));
        QCOMPARE(sha256(readAll(out)), sha256(expected));
    }

    // Sockets (their stored rows kept as they are) in every version, from every version.
    void socketsKeepTheirRows()
    {
        for (Dialect from : {Dialect::V1, Dialect::V2, Dialect::V3Early, Dialect::V3Late}) {
            BpatDocument source = testdocs::smallVersionedDocument(from, true);
            source.clip(1).socketRows[3] += 1e-6f; // stored rows that are not exactly recomputed
            const QByteArray bytes = BpatWriter(source).toBytes();
            QVERIFY(!bytes.isEmpty());
            const BpatFile file = BpatFile::fromData(bytes);
            for (Dialect to : {Dialect::V1, Dialect::V2, Dialect::V3Early, Dialect::V3Late}) {
                const ConvertOptions options{to, {}, {}};
                const auto [expected, warnings] = whole(file, options);
                QVERIFY(!expected.isEmpty());
                QTemporaryDir dir;
                const QString out = dir.filePath(QStringLiteral("out.bpat"));
                const FileConvertResult r = FileConverter::convert(file, *BpatDocument::planFromFile(file), options, out);
                QVERIFY2(r.saved, qPrintable(r.error));
                QCOMPARE(readAll(out), expected);
                QCOMPARE(r.warnings, warnings);
            }
        }
    }

    // A refused conversion and a document the writer refuses leave no file.
    void refusedConversionWritesNothing()
    {
        BpatDocument source = testdocs::smallDocument(false);
        std::fill_n(source.clip(0).palette.begin(), 16, 0.0f); // bone 0 of the bind frame: not invertible
        const BpatFile file = BpatFile::fromData(BpatWriter(source).toBytes());
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.bpat"));
        const FileConvertResult r =
            FileConverter::convert(file, *BpatDocument::planFromFile(file), ConvertOptions{Dialect::V3Late, {}, {}}, out);
        QVERIFY(!r.saved);
        QVERIFY(!r.converted); // refused before anything is written, as on the whole document
        QVERIFY2(r.error.contains(u"not invertible"), qPrintable(r.error));
        QVERIFY(!QFileInfo::exists(out));
    }
};

QTEST_GUILESS_MAIN(tst_FileConverter)
#include "tst_FileConverter.moc"

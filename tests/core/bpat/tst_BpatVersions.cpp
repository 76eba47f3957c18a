// BPAT v2, early v3 and late v3 (../shared/specs/bpat-versions.md): the real files of every
// version open, validate, round-trip and give the same globals as their v1 source; the writer
// lays each version out like the game's writer; what the project writes in a version passes the
// game's reader of that version (GameReader: the spec sheet's checks, in order, with the game's
// messages); conversions keep global matrices.
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "bpat/DocumentEditor.h"
#include "bpat/GameReader.h"
#include "bpat/Validator.h"
#include "bpat/VersionConverter.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QFile>
#include <QtTest/QTest>
#include <algorithm>
#include <cmath>

using namespace bpat;
using format::Dialect;

Q_DECLARE_METATYPE(bpat::format::Dialect)

namespace {

const char *const Sets[] = {"bpat_v1_latest", "bpat_v2", "bpat_v3_early", "bpat_v3_late"};
const Dialect SetDialects[] = {Dialect::V1, Dialect::V2, Dialect::V3Early, Dialect::V3Late};
const char *const Creatures[] = {"humanoid", "humanoid_sword", "horse", "elephant"};

QString asset(const char *set, const char *name)
{
    return QStringLiteral("upstream_assets/%1/%2.bpat").arg(QLatin1String(set), QLatin1String(name));
}

bool near(const QMatrix4x4 &a, const QMatrix4x4 &b, float tolerance = 1e-5f)
{
    for (int k = 0; k < 16; ++k) {
        if (std::abs(a.constData()[k] - b.constData()[k]) > tolerance)
            return false;
    }
    return true;
}

float maxGlobalDifference(const BpatFile &a, const BpatFile &b)
{
    float worst = 0.0f;
    for (quint32 f = 0; f < a.header().frameTotal; ++f) {
        for (quint32 bone = 0; bone < a.header().boneCount; ++bone) {
            const auto x = a.globalMatrixFloats(f, bone);
            const auto y = b.globalMatrixFloats(f, bone);
            if (!x || !y)
                return 1e30f;
            for (int k = 0; k < 16; ++k)
                worst = std::max(worst, std::abs((*x)[k] - (*y)[k]));
        }
    }
    return worst;
}

} // namespace

class tst_BpatVersions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void realFiles_data()
    {
        QTest::addColumn<QString>("relative");
        QTest::addColumn<QString>("v1");
        QTest::addColumn<Dialect>("dialect");
        for (int s = 0; s < 4; ++s) {
            for (const char *name : Creatures)
                QTest::newRow(qPrintable(asset(Sets[s], name)))
                    << asset(Sets[s], name) << asset("bpat_v1_latest", name) << SetDialects[s];
        }
    }
    void realFiles()
    {
        QFETCH(QString, relative);
        QFETCH(QString, v1);
        QFETCH(Dialect, dialect);
        BPAT_REQUIRE_SHARED(relative);
        QString error;
        const auto file = BpatFile::open(testpaths::shared(relative), &error);
        QVERIFY2(file, qPrintable(error));
        QCOMPARE(file->dialect(), dialect);
        QVERIFY(!file->dialectFromPalette());
        QCOMPARE(file->clipTableInBounds(), true);
        // The game's reader of the file's own version loads it.
        const GameReaderVerdict verdict = GameReader::forFile(*file).read(*file);
        QVERIFY2(verdict.loads, qPrintable(verdict.message));
        // Globals equal the v1 source: bit for bit below late v3, within 3e-7 in late v3.
        const auto source = BpatFile::open(testpaths::shared(v1));
        QVERIFY(source);
        QVERIFY(maxGlobalDifference(*file, *source) <= (dialect == Dialect::V3Late ? 3e-7f : 0.0f));
        // Unedited, a document writes the same bytes.
        const auto doc = BpatDocument::fromFile(*file, &error);
        QVERIFY2(doc, qPrintable(error));
        QCOMPARE(doc->dialect(), dialect);
        QVERIFY2(doc->problems().isEmpty(), qPrintable(doc->problems().join(QLatin1Char('\n'))));
        const QByteArray written = BpatWriter(*doc).toBytes(&error);
        QVERIFY2(written == file->bytes(), qPrintable(error));
        QCOMPARE(BpatWriter(*doc).layout().fileSize, file->fileSize());
        // The document's palettes are globals in every version.
        for (quint32 b = 0; b < doc->boneCount(); ++b) {
            const QMatrix4x4 fromDoc = doc->clip(1).matrix(3, b, doc->boneCount());
            const QMatrix4x4 fromFile = file->matrix(1, 3, b);
            QVERIFY(near(fromDoc, fromFile, 0.0f));
        }
        if (format::isV3(dialect)) {
            QVERIFY(file->contactTableInBounds());
            QCOMPARE(file->v3Extension().contactEntryCount, file->header().frameTotal);
            QCOMPARE(file->clips().at(0).flags, quint8(1));
        }
        if (dialect == Dialect::V3Late) {
            QVERIFY(file->bindPaletteInBounds());
            QVERIFY(file->boneParentsInBounds());
            QCOMPARE(file->boneParents().at(0), quint8(0xFF));
            // skin = global x inverse(bind): the stored matrix decodes column-major.
            const QMatrix4x4 skin = file->storedMatrix(5, 2);
            const QMatrix4x4 global = file->matrixAtGlobalFrame(5, 2);
            QVERIFY(near(skin * file->bindMatrix(2), global));
        }
    }

    void agreesWithTheDumps_data() { realFiles_data(); }
    void agreesWithTheDumps()
    {
        // The independent dump beside each file: v3 extension, parents, the first bind matrix and
        // the first contact records (printed to 4 decimals), per-clip flags and markers.
        QFETCH(QString, relative);
        QString dumpPath = relative;
        dumpPath.replace(QLatin1String(".bpat"), QLatin1String(".dump.txt"));
        BPAT_REQUIRE_SHARED(dumpPath);
        QFile dumpFile(testpaths::shared(dumpPath));
        QVERIFY(dumpFile.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(dumpFile.readAll()).split(QLatin1Char('\n'));
        const auto file = BpatFile::open(testpaths::shared(relative));
        QVERIFY(file);
        int checked = 0;
        for (const QString &raw : lines) {
            const QString line = raw.trimmed();
            if (line.startsWith(QLatin1String("bone parents (255 = root):"))) {
                const QStringList v = line.section(QLatin1Char(':'), 1).split(QLatin1Char(' '), Qt::SkipEmptyParts);
                QCOMPARE(v.size(), file->boneParents().size());
                for (qsizetype b = 0; b < v.size(); ++b)
                    QCOMPARE(int(file->boneParents().at(b)), v.at(b).toInt());
                ++checked;
            } else if (line.startsWith(QLatin1String("bind palette (column-major), bone 0:"))) {
                const QStringList v = line.section(QLatin1Char(':'), 1).split(QLatin1Char(' '), Qt::SkipEmptyParts);
                const auto bind = file->bindFloats(0);
                QVERIFY(bind);
                QCOMPARE(v.size(), 16);
                for (int k = 0; k < 16; ++k)
                    QVERIFY(std::abs((*bind)[k] - v.at(k).toFloat()) <= 5e-5f);
                ++checked;
            } else if (line.startsWith(QLatin1String("contacts (sole_y, foot_y), first frames:"))) {
                const QStringList records = line.section(QLatin1Char(':'), 1).split(QLatin1Char(';'));
                for (qsizetype f = 0; f < records.size(); ++f) {
                    const QStringList pair = records.at(f).split(QLatin1Char(','));
                    const auto c = file->contact(quint32(f));
                    QVERIFY(c);
                    QVERIFY(std::abs(c->first - pair.at(0).toFloat()) <= 5e-5f);
                    QVERIFY(std::abs(c->second - pair.at(1).toFloat()) <= 5e-5f);
                }
                ++checked;
            } else if (line.startsWith(QLatin1String("ext_v3:"))) {
                QVERIFY(line.contains(QStringLiteral("contact_data_offset=%1 ").arg(file->v3Extension().contactDataOffset)));
                QVERIFY(line.contains(QStringLiteral("bind_palette_offset=%1 ").arg(file->v3Extension().bindPaletteOffset)));
                ++checked;
            }
        }
        const int expected = file->isV3() ? (file->dialect() == Dialect::V3Late ? 4 : 2) : 0;
        QCOMPARE(checked, expected);
    }

    void gameReadersRefuseOtherVersions()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v3_late"));
        // The spec sheet's cross-reading table.
        for (int s = 0; s < 4; ++s) {
            const auto file = BpatFile::open(testpaths::shared(asset(Sets[s], "horse")));
            QVERIFY(file);
            for (int r = 0; r < 4; ++r) {
                const GameReaderVerdict v = GameReader(SetDialects[r]).read(*file);
                const bool bothV3 = format::isV3(SetDialects[s]) && format::isV3(SetDialects[r]);
                QCOMPARE(v.loads, s == r || bothV3); // early and late v3 read each other silently
                if (!v.loads) {
                    QCOMPARE(v.message, QStringLiteral("unsupported version"));
                    QCOMPARE(v.check, 3);
                }
            }
        }
    }

    void gameReaderMessages_data()
    {
        QTest::addColumn<int>("patchAt");
        QTest::addColumn<quint64>("value");
        QTest::addColumn<int>("width");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("check");
        QTest::newRow("species") << 8 << quint64(10) << 4 << QStringLiteral("unknown species_id") << 4;
        QTest::newRow("bones") << 12 << quint64(0) << 4 << QStringLiteral("bone_count out of range") << 5;
        QTest::newRow("clips") << 20 << quint64(0) << 4 << QStringLiteral("clip_count == 0") << 6;
        QTest::newRow("contacts") << 72 << quint64(3) << 4 << QStringLiteral("contact table size != frame_total") << 13;
        QTest::newRow("contact bounds") << 64 << quint64(1) << 8 << QStringLiteral("contact table out of bounds") << 13;
        QTest::newRow("bind") << 80 << quint64(1) << 8 << QStringLiteral("bind palette out of bounds") << 14;
        QTest::newRow("parents") << 88 << quint64(1) << 8 << QStringLiteral("bone parent table out of bounds") << 15;
    }
    void gameReaderMessages()
    {
        QFETCH(int, patchAt);
        QFETCH(quint64, value);
        QFETCH(int, width);
        QFETCH(QString, message);
        QFETCH(int, check);
        QByteArray bytes = testdocs::smallVersionedBytes(Dialect::V3Late);
        QVERIFY(GameReader(Dialect::V3Late).read(BpatFile::fromData(bytes)).loads);
        if (width == 4)
            testdocs::setU32(bytes, patchAt, quint32(value));
        else
            testdocs::setU64(bytes, patchAt, value | (quint64(1) << 40));
        const GameReaderVerdict v = GameReader(Dialect::V3Late).read(BpatFile::fromData(bytes));
        QVERIFY(!v.loads);
        QCOMPARE(v.message, message);
        QCOMPARE(v.check, check);
        // The validator's game profile quotes it.
        const ValidationResult r =
            Validator(ValidationOptions::make(ValidationProfile::Game)).validate(BpatFile::fromData(bytes));
        bool quoted = false;
        for (const Diagnostic &d : r.issues)
            quoted |= d.code == codes::GAME_READER_REFUSES && d.message.contains(message) && d.severity == Severity::Error;
        QVERIFY(quoted);
    }

    void frameTotalMessage()
    {
        // v2 (no contact table to catch it first): the sum check, with the game's Σ.
        QByteArray bytes = testdocs::smallVersionedBytes(Dialect::V2);
        testdocs::setU32(bytes, 24, 5);
        const GameReaderVerdict v = GameReader(Dialect::V2).read(BpatFile::fromData(bytes));
        QCOMPARE(v.message, QString::fromUtf8("\xCE\xA3 frame_count != frame_total"));
        QCOMPARE(v.check, 17);
    }

    void parentOrderIsTheGamesCheck()
    {
        const BpatLayout l = BpatWriter(testdocs::smallVersionedDocument(Dialect::V3Late)).layout();
        QByteArray bytes = testdocs::smallVersionedBytes(Dialect::V3Late);
        bytes[qsizetype(l.boneParentOffset) + 2] = 2;
        const GameReaderVerdict v = GameReader(Dialect::V3Late).read(BpatFile::fromData(bytes));
        QCOMPARE(v.message, QStringLiteral("bone parent must precede its child"));
        QCOMPARE(*v.offset, l.boneParentOffset + 2);
        // The early reader ignores bytes 80..95.
        QVERIFY(GameReader(Dialect::V3Early).read(BpatFile::fromData(bytes)).loads);
    }

    void writerFollowsTheGamesLayout()
    {
        // The spec sheet's worked late-v3 example: 3 bones, 1 socket "s", 1 clip "a" of 2 frames.
        BpatDocument doc(0, 3);
        QVERIFY(doc.addClip(testdocs::makeClip(QStringLiteral("a"), 2, 3, 30.0f, true)));
        QVERIFY(doc.addSocket({QStringLiteral("s"), 1, QVector3D()}));
        doc.setDialect(Dialect::V3Late);
        doc.clip(0).contacts = {0, 0, 0, 0};
        QList<QMatrix4x4> bind(3);
        doc.setBindMatrices(bind);
        doc.setBoneParents({0xFF, 0, 1});
        const BpatLayout l = BpatWriter(doc).layout();
        QCOMPARE(l.clipTableOffset, 96u);
        QCOMPARE(l.socketTableOffset, 144u);
        QCOMPARE(l.stringTableOffset, 176u);
        QCOMPARE(l.stringTableSize, 4u);
        QCOMPARE(l.paletteDataOffset, 192u);
        QCOMPARE(l.socketDataOffset, 576u);
        QCOMPARE(l.contactDataOffset, 672u);
        QCOMPARE(l.bindPaletteOffset, 688u);
        QCOMPARE(l.boneParentOffset, 880u);
        QCOMPARE(l.fileSize, 883u);
        const QByteArray bytes = BpatWriter(doc).toBytes();
        QCOMPARE(bytes.size(), 883);
        const BpatFile file = BpatFile::fromData(bytes);
        QCOMPARE(file.dialect(), Dialect::V3Late);
        QVERIFY(GameReader(Dialect::V3Late).read(file).loads);
        // An odd frame total: 8 bytes of pad before the bind palette.
        doc.clip(0).contacts = {};
        QVERIFY(doc.replaceClip(0, testdocs::makeClip(QStringLiteral("a"), 3, 3, 30.0f, true)));
        doc.clip(0).contacts = {0, 0, 0, 0, 0, 0};
        const BpatLayout odd = BpatWriter(doc).layout();
        QCOMPARE(odd.bindPaletteOffset, odd.contactDataOffset + 24 + 8);
    }

    void everyVersionWeWritePassesItsReader_data()
    {
        QTest::addColumn<Dialect>("dialect");
        for (Dialect d : SetDialects)
            QTest::newRow(qPrintable(format::dialectName(d))) << d;
    }
    void everyVersionWeWritePassesItsReader()
    {
        QFETCH(Dialect, dialect);
        for (bool sockets : {false, true}) {
            const BpatDocument doc = testdocs::smallVersionedDocument(dialect, sockets);
            QVERIFY2(doc.problems().isEmpty(), qPrintable(doc.problems().join(QLatin1Char('\n'))));
            const QByteArray bytes = BpatWriter(doc).toBytes();
            const BpatFile file = BpatFile::fromData(bytes);
            QCOMPARE(file.header().version, format::versionOf(dialect));
            QCOMPARE(file.dialect(), dialect);
            const GameReaderVerdict v = GameReader(dialect).read(file);
            QVERIFY2(v.loads, qPrintable(v.message));
            for (ValidationProfile p : {ValidationProfile::Spec, ValidationProfile::Game}) {
                // Judged by the game of its version.
                ValidationOptions options = ValidationOptions::make(p, true);
                options.gameEra = gameEra::ofDialect(dialect);
                const ValidationResult r = Validator(options).validate(file);
                QVERIFY(r.valid());
                // The 3-bone test humanoid is not the game's 20-bone rig: the one expected warning.
                for (const Diagnostic &d : r.issues)
                    QVERIFY2(d.severity != Severity::Warning || d.code == codes::RIG_BONE_COUNT_MISMATCH, qPrintable(d.message));
            }
            // The current game reads late v3 only: an older version is refused, an early-v3 file
            // misread, each an error naming the fix.
            const ValidationResult current = Validator(ValidationOptions::make(ValidationProfile::Game)).validate(file);
            QCOMPARE(current.valid(), dialect == Dialect::V3Late);
            if (dialect != Dialect::V3Late) {
                const QString expected = dialect == Dialect::V3Early ? codes::GAME_DIALECT_MISREAD : codes::GAME_VERSION_REFUSED;
                QCOMPARE(current.counts.errors, 1);
                const auto it = std::find_if(current.issues.cbegin(), current.issues.cend(),
                                             [](const Diagnostic &d) { return d.severity == Severity::Error; });
                QCOMPARE(it->code, expected);
                QVERIFY2(it->message.contains(QStringLiteral("bpat convert --to-version 3")), qPrintable(it->message));
            }
            // Read back: the same document writes the same bytes.
            const auto again = BpatDocument::fromFile(file);
            QVERIFY(again);
            QVERIFY(BpatWriter(*again).toBytes() == bytes);
            QCOMPARE(file.clips().at(1).hasMarkers, dialect != Dialect::V1);
            if (dialect != Dialect::V1)
                QCOMPARE(file.clips().at(1).markers[2], 0.5f);
        }
    }

    void conversionsKeepGlobals()
    {
        BPAT_REQUIRE_SHARED(asset("bpat_v1_latest", "humanoid"));
        const auto source = BpatFile::open(testpaths::shared(asset("bpat_v1_latest", "humanoid")));
        QVERIFY(source);
        auto doc = BpatDocument::fromFile(*source);
        QVERIFY(doc);
        // Up and down through every dialect, writing and re-reading each time.
        for (Dialect d : {Dialect::V2, Dialect::V3Early, Dialect::V3Late, Dialect::V2, Dialect::V3Late, Dialect::V1}) {
            const ConvertResult r = VersionConverter::convert(*doc, ConvertOptions{d, {}, {}});
            QVERIFY2(r.ok, qPrintable(r.error));
            const QByteArray bytes = BpatWriter(*doc).toBytes();
            const BpatFile file = BpatFile::fromData(bytes);
            QCOMPARE(file.dialect(), d);
            QVERIFY(GameReader(d).read(file).loads);
            QVERIFY2(maxGlobalDifference(file, *source) <= 1e-5f, qPrintable(format::dialectName(d)));
            doc = BpatDocument::fromFile(file);
            QVERIFY(doc);
        }
    }

    void convertingUpMatchesTheGame()
    {
        // The real late-v3 files are the v1 creatures written by the game's HEAD writer with the
        // bind pose of idle frame 0: converting the v1 file gives the same bytes after the clip
        // table (palettes, socket rows, contacts, bind palette, parents); only markers differ.
        for (const char *name : Creatures) {
            BPAT_REQUIRE_SHARED(asset("bpat_v3_late", name));
            const auto v1 = BpatFile::open(testpaths::shared(asset("bpat_v1_latest", name)));
            const auto late = BpatFile::open(testpaths::shared(asset("bpat_v3_late", name)));
            QVERIFY(v1 && late);
            auto doc = BpatDocument::fromFile(*v1);
            const ConvertResult r = VersionConverter::convert(*doc, ConvertOptions{Dialect::V3Late, {}, {}});
            QVERIFY2(r.ok, qPrintable(r.error));
            QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(QLatin1Char('\n'))));
            const QByteArray bytes = BpatWriter(*doc).toBytes();
            QCOMPARE(quint64(bytes.size()), late->fileSize());
            const qsizetype palette = qsizetype(late->paletteDataOffset());
            QVERIFY(bytes.left(96) == late->bytes().first(96));
            QVERIFY2(bytes.mid(palette) == late->bytes().sliced(palette), name);
        }
    }

    void convertingDownWarns()
    {
        auto doc = testdocs::smallVersionedDocument(Dialect::V3Late);
        doc.clip(1).variantFamily = 0;
        doc.clip(1).variantOrdinal = 1;
        const ConvertResult r = VersionConverter::convert(doc, ConvertOptions{Dialect::V1, {}, {}});
        QVERIFY(r.ok);
        QCOMPARE(r.warnings.size(), 4); // variants, contacts, markers, bind palette and parents
        QVERIFY(r.warnings.join(QLatin1Char(' ')).contains(QStringLiteral("markers")));
        QCOMPARE(doc.dialect(), Dialect::V1);
        QVERIFY(!doc.hasBindPalette());
        QVERIFY(GameReader(Dialect::V1).read(BpatFile::fromData(BpatWriter(doc).toBytes())).loads);
    }

    void lateWithoutBindIsTold()
    {
        // Late v3 without bind palette and parents: bytes 80..95 are zero; the palette decides.
        auto doc = testdocs::smallVersionedDocument(Dialect::V3Late, false);
        doc.setBindPalette({});
        doc.setBoneParents({});
        const BpatFile file = BpatFile::fromData(BpatWriter(doc).toBytes());
        QCOMPARE(file.dialect(), Dialect::V3Late);
        QVERIFY(file.dialectFromPalette());
        QVERIFY(near(file.matrix(0, 2, 1), doc.clip(0).matrix(2, 1, 3)));
        const auto early = BpatFile::fromData(testdocs::smallVersionedBytes(Dialect::V3Early, false));
        QCOMPARE(early.dialect(), Dialect::V3Early);
    }

    void markersAreEditable()
    {
        auto doc = testdocs::smallVersionedDocument(Dialect::V3Late);
        DocumentEditor editor(doc);
        QVERIFY(editor.setClipMarker(0, format::markerIndex(QStringLiteral("contact")), 0.25f));
        QCOMPARE(doc.clip(0).markers[2], 0.25f);
        QString error;
        QVERIFY(!editor.setClipMarker(0, 2, 1.5f, &error));
        QVERIFY(error.contains(QStringLiteral("[0, 1]")));
        QVERIFY(editor.clearClipMarker(0, 2));
        QCOMPARE(doc.clip(0).markers[2], -1.0f);
        auto v1 = testdocs::smallDocument();
        QVERIFY(!DocumentEditor(v1).setClipMarker(0, 0, 0.5f, &error));
        QVERIFY(error.contains(QStringLiteral("convert")));
    }

    // The order the game's markers keep (bpat-versions.md 5.1): the game's own sets keep it,
    // anything else is named; unset markers are skipped; the editor words the warning.
    void markerOrder()
    {
        using M = std::array<float, 5>;
        QVERIFY(format::markerOrderProblem(M{0.10f, 0.42f, 0.54f, 0.72f, 0.92f}).isEmpty()); // sword
        QVERIFY(format::markerOrderProblem(M{0.20f, 0.54f, 0.54f, 0.64f, 0.84f}).isEmpty()); // bow: release = contact
        QVERIFY(format::markerOrderProblem(M{0.0f, -1.0f, -1.0f, -1.0f, 0.98f}).isEmpty());  // hold
        QVERIFY(format::markerOrderProblem(M{-1.0f, -1.0f, -1.0f, -1.0f, -1.0f}).isEmpty());
        QCOMPARE(format::markerOrderProblem(M{0.10f, 0.42f, 0.30f, 0.72f, 0.92f}),
                 QStringLiteral("contact (0.3) comes before weapon_release (0.42)"));
        QCOMPARE(format::markerOrderProblem(M{0.10f, 0.10f, -1.0f, -1.0f, -1.0f}),
                 QStringLiteral("weapon_release (0.1) coincides with anticipation_start (0.1)"));
        QCOMPARE(format::markerOrderProblem(M{0.5f, -1.0f, -1.0f, -1.0f, 0.4f}), // unset ones skipped
                 QStringLiteral("exit_safe (0.4) comes before anticipation_start (0.5)"));
        QCOMPARE(format::markerOrderProblem(M{-1.0f, -1.0f, -1.0f, -1.0f, 1.0f}),
                 QStringLiteral("exit_safe (1) is not before the clip's end (1)"));
        auto doc = testdocs::smallVersionedDocument(Dialect::V3Late);
        QVERIFY(DocumentEditor::markerOrderWarning(doc, 0).isEmpty());
        DocumentEditor editor(doc);
        QVERIFY(editor.setClipMarker(0, 3, 0.6f)); // a warning, not a refusal
        QVERIFY(editor.setClipMarker(0, 2, 0.7f));
        QCOMPARE(DocumentEditor::markerOrderWarning(doc, 0),
                 QStringLiteral("clip '%1': recover_unlocked (0.6) comes before contact (0.7); the game expects "
                                "0 <= anticipation_start < weapon_release <= contact < recover_unlocked < exit_safe < 1")
                     .arg(doc.clip(0).name));
        QVERIFY(DocumentEditor::markerOrderWarning(testdocs::smallDocument(), 0).isEmpty()); // v1: no markers
    }

    void clipEditsKeepFamiliesAndContacts()
    {
        auto doc = testdocs::smallVersionedDocument(Dialect::V3Early);
        doc.clip(1).variantFamily = 0;
        doc.clip(1).variantOrdinal = 1;
        DocumentEditor editor(doc);
        QVERIFY(editor.duplicateClip(0, QStringLiteral("idle2"))); // idle, idle2, jab
        QCOMPARE(doc.clip(2).variantFamily, 0);
        QVERIFY(editor.trimClip(0, 1, 2));
        QCOMPARE(doc.clip(0).contacts.size(), 4);
        QCOMPARE(doc.clip(0).contacts.at(0), 0.01f);
        QVERIFY(editor.removeClip(0)); // idle2, jab: jab's base is gone
        QCOMPARE(doc.clip(1).variantFamily, -1);
        QCOMPARE(doc.clip(1).variantOrdinal, quint8(0));
        const ValidationResult r = Validator().validate(BpatFile::fromData(BpatWriter(doc).toBytes()));
        QVERIFY(r.valid());
    }
};

QTEST_GUILESS_MAIN(tst_BpatVersions)
#include "tst_BpatVersions.moc"

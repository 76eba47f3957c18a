#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "bpat/BpatFormat.h"
#include "TestDocuments.h"
#include "TestPaths.h"
#include "bpat/Validator.h"
#include "io/NativeName.h"

#include <fcntl.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <cstring>
#include <QTemporaryDir>
#include <QtTest/QTest>
#include <functional>
#include <limits>

using namespace bpat;
using Mutation = std::function<void(QByteArray &)>;

Q_DECLARE_METATYPE(Mutation)
Q_DECLARE_METATYPE(bpat::Severity)

namespace {

// Layout of testdocs::smallFileBytes(): header 0..64, clips at 64 and 96, sockets at 128 and
// 160, string table 192..211 ("idle\0jab\0hand\0head\0"), pad to 224, palette 224..1376
// (6 frames * 3 bones * 64), socket data 1376..1952 (6 frames * 2 sockets * 48).
constexpr qsizetype Clip0 = 64, Clip1 = 96, Socket0 = 128, Socket1 = 160, Strings = 192, Palette = 224, SocketData = 1376;
// testdocs::smallFileBytes(false): string table at 128 ("idle\0jab\0"), palette at 144.
constexpr qsizetype NoSocketPalette = 144;
constexpr float NaN = std::numeric_limits<float>::quiet_NaN();

QByteArray columnMajorFile()
{
    BpatDocument doc = testdocs::smallDocument(false);
    for (int c = 0; c < doc.clipCount(); ++c) {
        BpatClip clip = doc.clip(c);
        for (quint32 f = 0; f < clip.frameCount; ++f) {
            for (quint32 b = 0; b < 3; ++b)
                clip.setMatrix(f, b, 3, clip.matrix(f, b, 3).transposed());
        }
        doc.replaceClip(c, clip);
    }
    return BpatWriter(doc).toBytes();
}

const Diagnostic *findCode(const ValidationResult &r, const QString &code)
{
    for (const Diagnostic &d : r.issues) {
        if (d.code == code)
            return &d;
    }
    return nullptr;
}

QSet<QString> coveredCodes; // codes produced by the crafted files above, checked last

QString describe(const ValidationResult &r)
{
    QStringList lines;
    for (const Diagnostic &d : r.issues)
        lines << QStringLiteral("%1 %2 %3 [%4]").arg(severityName(d.severity), d.code, d.message, d.location.toString());
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class tst_Validator : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void craftedFileProducesCode_data()
    {
        QTest::addColumn<QByteArray>("base");
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<bool>("deep");
        QTest::addColumn<QString>("code");
        QTest::addColumn<Severity>("specSeverity");
        QTest::addColumn<Severity>("gameSeverity");
        QTest::addColumn<QString>("location");
        QTest::addColumn<qint64>("offset"); // -1: null

        const QByteArray s = testdocs::smallFileBytes();
        const QByteArray ns = testdocs::smallFileBytes(false);
        using testdocs::setF32, testdocs::setU32, testdocs::setU64;
        const Severity E = Severity::Error, W = Severity::Warning, I = Severity::Info;
        auto row = [&](const char *name, const QByteArray &base, Mutation m, bool deep, const QString &code, Severity spec,
                       Severity game, const char *location, qint64 offset) {
            QTest::newRow(name) << base << m << deep << code << spec << game << QString::fromLatin1(location) << offset;
        };
        row(
            "too small", s, [](QByteArray &b) { b.truncate(40); }, false, codes::FILE_TOO_SMALL, E, E, "file", 0);
        row(
            "magic", s, [](QByteArray &b) { b[1] = 'X'; }, false, codes::BAD_MAGIC, E, E, "header.magic", 0);
        row(
            "version 4", s, [](QByteArray &b) { setU32(b, 4, 4); }, false, codes::UNSUPPORTED_VERSION, E, E, "header.version", 4);
        row(
            "version 0", s, [](QByteArray &b) { setU32(b, 4, 0); }, false, codes::OLD_VERSION, W, E, "header.version", 4);
        row(
            "species 10", s, [](QByteArray &b) { setU32(b, 8, 10); }, false, codes::UNKNOWN_SPECIES, E, E, "header.species_id",
            8);
        row(
            "species 5", s, [](QByteArray &b) { setU32(b, 8, 5); }, false, codes::SPECIES_NOT_IN_V1, W, E, "header.species_id",
            8);
        row(
            "bones 65", s, [](QByteArray &b) { setU32(b, 12, 65); }, false, codes::BONE_COUNT_OUT_OF_RANGE, E, E,
            "header.bone_count", 12);
        row(
            "no clips", s, [](QByteArray &b) { setU32(b, 20, 0); }, false, codes::NO_CLIPS, E, E, "header.clip_count", 20);
        row(
            "clip table", s, [](QByteArray &b) { setU64(b, 32, 1ull << 40); }, false, codes::CLIP_TABLE_OUT_OF_BOUNDS, E, E,
            "header.clip_table_offset", 32);
        row(
            "socket table", s, [](QByteArray &b) { setU64(b, 40, quint64(b.size()) - 16); }, false,
            codes::SOCKET_TABLE_OUT_OF_BOUNDS, E, E, "header.socket_table_offset", 40);
        row(
            "string table", s, [](QByteArray &b) { setU32(b, 28, 100000); }, false, codes::STRING_TABLE_OUT_OF_BOUNDS, E, E,
            "header.string_table_offset", 48);
        row(
            "palette", s, [](QByteArray &b) { b.truncate(1000); }, false, codes::PALETTE_OUT_OF_BOUNDS, E, E,
            "header.palette_data_offset", 56);
        row(
            "palette offset overflow", s, [](QByteArray &b) { setU64(b, 56, ~0ull - 15); }, false, codes::PALETTE_OUT_OF_BOUNDS,
            E, E, "header.palette_data_offset", 56);
        // 2^27 frames of 2^31 bones: frame_total * bone_count * 64 = 2^64 wrapped to 0, the palette
        // passed as "in bounds" and the deep checks read 2^64 bytes past a 2 KB buffer.
        row(
            "palette size overflow", s,
            [](QByteArray &b) {
                setU32(b, 12, 1u << 31);
                setU32(b, 24, 1u << 27);
            },
            true, codes::PALETTE_OUT_OF_BOUNDS, E, E, "header.bone_count", 12);
        row(
            "socket data", s, [](QByteArray &b) { b.chop(10); }, false, codes::SOCKET_DATA_OUT_OF_BOUNDS, E, E, "socket_data",
            SocketData);
        // 2^31 frames of 2^29 sockets: 2^60 rows of 48 bytes, 3 * 2^64, wraps to 0.
        row(
            "socket data size overflow", s,
            [](QByteArray &b) {
                setU32(b, 16, 1u << 29);
                setU32(b, 24, 1u << 31);
            },
            true, codes::SOCKET_DATA_OUT_OF_BOUNDS, E, E, "header.socket_count", 16);
        row(
            "overlap", s, [](QByteArray &b) { setU64(b, 48, 100); }, false, codes::SECTION_OVERLAP, E, W,
            "header.string_table_offset", 100);
        row(
            "socket offset unused", ns, [](QByteArray &b) { setU64(b, 40, 128); }, false, codes::SOCKET_TABLE_OFFSET_NONZERO, W,
            I, "header.socket_table_offset", 40);
        row(
            "clip empty", s, [](QByteArray &b) { setU32(b, Clip1 + 8, 0); }, false, codes::CLIP_EMPTY, E, E,
            "clips[1].frame_count", Clip1 + 8);
        row(
            "clip range", s, [](QByteArray &b) { setU32(b, Clip1 + 12, 5); }, false, codes::CLIP_OUT_OF_RANGE, E, E,
            "clips[1].frame_offset", Clip1 + 12);
        row(
            "frame total", s, [](QByteArray &b) { setU32(b, 24, 5); }, false, codes::FRAME_TOTAL_MISMATCH, E, E,
            "header.frame_total", 24);
        row(
            "not contiguous", s,
            [](QByteArray &b) {
                setU32(b, Clip0 + 12, 2);
                setU32(b, Clip1 + 12, 0);
            },
            false, codes::CLIP_NOT_CONTIGUOUS, W, E, "clips[0].frame_offset", Clip0 + 12);
        row(
            "name outside", s, [](QByteArray &b) { setU32(b, Clip1, 100); }, false, codes::NAME_OUT_OF_STRING_TABLE, E, E,
            "clips[1].name_offset", Clip1);
        row(
            "socket name outside", s, [](QByteArray &b) { setU32(b, Socket1 + 4, 19); }, false, codes::NAME_OUT_OF_STRING_TABLE,
            E, E, "sockets[1].name_offset", Socket1);
        row(
            "not terminated", s, [](QByteArray &b) { setU32(b, Clip0 + 4, 3); }, false, codes::NAME_NOT_TERMINATED, E, E,
            "clips[0].name_length", Strings + 3);
        row(
            "anchor", s, [](QByteArray &b) { setU32(b, Socket0 + 8, 3); }, false, codes::SOCKET_ANCHOR_OUT_OF_RANGE, E, E,
            "sockets[0].anchor_bone", Socket0 + 8);
        row(
            "clip pad", s, [](QByteArray &b) { b[Clip0 + 22] = 1; }, false, codes::RESERVED_NONZERO, E, W, "clips[0].pad[1]",
            Clip0 + 22);
        row(
            "clip reserved", s, [](QByteArray &b) { setU32(b, Clip1 + 28, 7); }, false, codes::RESERVED_NONZERO, E, W,
            "clips[1].reserved[1]", Clip1 + 28);
        row(
            "socket reserved", s, [](QByteArray &b) { setU32(b, Socket1 + 24, 7); }, false, codes::RESERVED_NONZERO, E, W,
            "sockets[1].reserved[0]", Socket1 + 24);
        row(
            "string pad", s, [](QByteArray &b) { b[215] = 'x'; }, false, codes::RESERVED_NONZERO, E, W, "string_table.pad", 215);
        row(
            "fps nan", s, [](QByteArray &b) { setF32(b, Clip0 + 16, NaN); }, false, codes::BAD_FPS, E, W, "clips[0].fps",
            Clip0 + 16);
        row(
            "fps zero", s, [](QByteArray &b) { setF32(b, Clip1 + 16, 0.0f); }, false, codes::BAD_FPS, E, W, "clips[1].fps",
            Clip1 + 16);
        row(
            "loops", s, [](QByteArray &b) { b[Clip1 + 20] = 2; }, false, codes::BAD_LOOPS_FLAG, W, W, "clips[1].loops",
            Clip1 + 20);
        row(
            "utf8", s, [](QByteArray &b) { b[Strings] = char(0xFF); }, false, codes::NAME_NOT_UTF8, W, W, "clips[0].name_offset",
            Strings);
        row(
            "control character", s, [](QByteArray &b) { b[Strings + 1] = '\n'; }, false, codes::NAME_CONTROL_CHARACTER, E, W,
            "clips[0].name_offset", Strings);
        row(
            "duplicate clip", s,
            [](QByteArray &b) {
                setU32(b, Clip1, 0);
                setU32(b, Clip1 + 4, 4);
            },
            false, codes::DUPLICATE_CLIP_NAME, W, W, "clips[1].name_offset", Clip1);
        row(
            "duplicate socket", s, [](QByteArray &b) { setU32(b, Socket1, 9); }, false, codes::DUPLICATE_SOCKET_NAME, W, W,
            "sockets[1].name_offset", Socket1);
        row(
            "misaligned", s,
            [](QByteArray &b) {
                b.insert(Palette, '\0');
                setU64(b, 56, Palette + 1);
            },
            false, codes::PALETTE_MISALIGNED, W, W, "header.palette_data_offset", 56);
        row(
            "trailing", s, [](QByteArray &b) { b.append(8, '\0'); }, false, codes::TRAILING_BYTES, W, W, "file", 1952);
        row(
            "socket offset inf", s, [](QByteArray &b) { setF32(b, Socket0 + 16, std::numeric_limits<float>::infinity()); }, false,
            codes::NON_FINITE, E, E, "sockets[0].local_offset", Socket0 + 12);
        // Deep checks. Bone 0 anchors no socket; jab is clip 1 (global frames 4, 5).
        row(
            "nan matrix", s, [](QByteArray &b) { setF32(b, Palette + (4 * 3 + 0) * 64 + 20, NaN); }, true, codes::NON_FINITE, E,
            E, "palette[clip=jab,frame=0,bone=0]", Palette + 12 * 64);
        row(
            "nan socket row", s, [](QByteArray &b) { setF32(b, SocketData + 48 + 4, NaN); }, true, codes::NON_FINITE, E, E,
            "socket_data[clip=idle,frame=0,socket=head]", SocketData + 48);
        row(
            "non affine", s, [](QByteArray &b) { setF32(b, Palette + (1 * 3 + 0) * 64 + 52, 0.5f); }, true, codes::NON_AFFINE, W,
            W, "palette[clip=idle,frame=1,bone=0]", Palette + 3 * 64);
        row(
            "degenerate", s,
            [](QByteArray &b) {
                for (int k : {0, 1, 2, 4, 5, 6, 8, 9, 10})
                    setF32(b, Palette + 64 + 4 * k, 0.0f);
            },
            true, codes::DEGENERATE_MATRIX, W, W, "palette[clip=idle,frame=0,bone=1]", Palette + 64);
        row(
            "socket mismatch", s, [](QByteArray &b) { setF32(b, SocketData + (5 * 2 + 0) * 48 + 12, 0.01f); }, true,
            codes::SOCKET_DATA_MISMATCH, W, W, "socket_data[clip=jab,frame=1,socket=hand]", SocketData + 10 * 48);
        row(
            "header corrupted", s, [](QByteArray &b) { setU32(b, 12, 200); }, false, codes::HEADER_CORRUPTED, E, E, "header", 0);
        row(
            "rig era", s, [](QByteArray &b) { setU32(b, 8, 1); }, false, codes::RIG_BONE_COUNT_MISMATCH, I, W,
            "header.bone_count", 12);
        row(
            "column major", ns, [](QByteArray &b) { b = columnMajorFile(); }, true, codes::COLUMN_MAJOR_SUSPECTED, W, W,
            "palette[clip=idle,frame=0,bone=0]", NoSocketPalette);

        // v2 and v3 (../shared/specs/bpat-versions.md). Clip entries: v2 at 64 (44 bytes), v3 at
        // 96 (48 bytes); the late file's trailing blocks come from the writer's layout.
        using bpat::format::Dialect;
        const QByteArray v2 = testdocs::smallVersionedBytes(Dialect::V2);
        const QByteArray early = testdocs::smallVersionedBytes(Dialect::V3Early);
        const QByteArray late = testdocs::smallVersionedBytes(Dialect::V3Late);
        const BpatLayout L = BpatWriter(testdocs::smallVersionedDocument(Dialect::V3Late)).layout();
        const qint64 contacts = qint64(L.contactDataOffset), bind = qint64(L.bindPaletteOffset),
                     parents = qint64(L.boneParentOffset);
        const qint64 palette = qint64(L.paletteDataOffset);
        constexpr qsizetype C0 = 96, C1 = 96 + 48;
        row(
            "v3 dialect", late, [](QByteArray &) {}, false, codes::V3_DIALECT, I, I, "ext", 80);
        row(
            "game reader", late, [](QByteArray &b) { setU32(b, 72, 5); }, false, codes::GAME_READER_REFUSES, I, E, "file", 72);
        // The game profile judges by the game of the base's version (here the current game, and
        // the early-v3 game): another version is refused, the other v3 dialect misread.
        row(
            "game version", late, [](QByteArray &b) { setU32(b, 4, 1); }, false, codes::GAME_VERSION_REFUSED, I, E,
            "header.version", 4);
        row(
            "game dialect", early, [late](QByteArray &b) { b = late; }, false, codes::GAME_DIALECT_MISREAD, I, E, "file", 80);
        row(
            "v3 truncated", early, [](QByteArray &b) { b.truncate(90); }, false, codes::V3_EXTENSION_TRUNCATED, E, E, "ext", 64);
        row(
            "contact count", early, [](QByteArray &b) { setU32(b, 72, 5); }, false, codes::CONTACT_COUNT_MISMATCH, E, E,
            "ext.contact_entry_count", 72);
        row(
            "contact bounds", late, [](QByteArray &b) { setU64(b, 64, quint64(b.size()) - 8); }, false,
            codes::CONTACT_TABLE_OUT_OF_BOUNDS, E, E, "ext.contact_data_offset", 64);
        row(
            "contact offset zero", early, [](QByteArray &b) { setU64(b, 64, 0); }, false, codes::CONTACT_OFFSET_ZERO, E, W,
            "ext.contact_data_offset", 64);
        row(
            "ext reserved0", late, [](QByteArray &b) { setU32(b, 76, 1); }, false, codes::RESERVED_NONZERO, E, W, "ext.reserved0",
            76);
        row(
            "bind bounds", late, [](QByteArray &b) { setU64(b, 80, quint64(b.size()) - 10); }, false,
            codes::BIND_PALETTE_OUT_OF_BOUNDS, E, E, "ext.bind_palette_offset", 80);
        row(
            "parents bounds", late, [](QByteArray &b) { setU64(b, 88, quint64(b.size()) - 1); }, false,
            codes::BONE_PARENT_TABLE_OUT_OF_BOUNDS, E, E, "ext.bone_parent_offset", 88);
        row(
            "parent order", late, [parents](QByteArray &b) { b[parents + 1] = 1; }, false, codes::BONE_PARENT_ORDER, E, E,
            "bone_parents[1]", parents + 1);
        row(
            "dialect mismatch", late, [](QByteArray &b) { setU64(b, 88, 0); }, false, codes::DIALECT_MISMATCH, E, W,
            "ext.bone_parent_offset", 88);
        row(
            "bind not affine", late, [bind](QByteArray &b) { setF32(b, bind + 3 * 4, 0.5f); }, false, codes::BIND_MATRIX_INVALID,
            E, W, "bind_palette[bone=0]", bind);
        row(
            "marker v2", v2, [](QByteArray &b) { setF32(b, 64 + 24 + 4, 1.5f); }, false, codes::MARKER_OUT_OF_RANGE, E, W,
            "clips[0].markers.weapon_release", 64 + 28);
        row(
            "marker v3", late, [](QByteArray &b) { setF32(b, C1 + 28, NaN); }, false, codes::MARKER_OUT_OF_RANGE, E, W,
            "clips[1].markers.anticipation_start", C1 + 28);
        row(
            "v3 pad", early, [](QByteArray &b) { b[C0 + 23] = 1; }, false, codes::RESERVED_NONZERO, E, W, "clips[0].pad",
            C0 + 23);
        row(
            "v3 reserved", early, [](QByteArray &b) { b[C1 + 27] = 1; }, false, codes::RESERVED_NONZERO, E, W,
            "clips[1].reserved", C1 + 26);
        row(
            "flags", early, [](QByteArray &b) { b[C0 + 21] = 3; }, false, codes::UNKNOWN_CLIP_FLAGS, W, I, "clips[0].flags",
            C0 + 21);
        row(
            "family range", early, [](QByteArray &b) { b[C1 + 24] = 9; }, false, codes::VARIANT_FAMILY_OUT_OF_RANGE, E, W,
            "clips[1].variant_family", C1 + 24);
        row(
            "base ordinal", early, [](QByteArray &b) { b[C0 + 22] = 1; }, false, codes::VARIANT_BASE_ORDINAL, E, W,
            "clips[0].variant_ordinal", C0 + 22);
        row(
            "variant gap", early,
            [](QByteArray &b) {
                b[C1 + 24] = 0;
                b[C1 + 22] = 2;
            },
            false, codes::VARIANT_NOT_CONTIGUOUS, W, I, "clips[1].variant_ordinal", C1 + 22);
        row(
            "nan contact", late, [contacts](QByteArray &b) { setF32(b, contacts + 8 * 5 + 4, NaN); }, true, codes::NON_FINITE, E,
            E, "contacts[clip=jab,frame=1]", contacts + 8 * 5);
        row(
            "skin not affine", late, [palette](QByteArray &b) { setF32(b, palette + 64 + 4 * 7, 0.5f); }, true, codes::NON_AFFINE,
            W, W, "palette[clip=idle,frame=0,bone=1]", palette + 64);
        row(
            "skin row major", late,
            [palette](QByteArray &b) {
                // Frame 1 of idle, bone 0: a skinning matrix with a translation, stored transposed.
                float m[16];
                std::memcpy(m, b.constData() + palette + 3 * 64, sizeof m);
                for (int r = 0; r < 4; ++r)
                    for (int c = 0; c < 4; ++c)
                        setF32(b, palette + 3 * 64 + 4 * (r * 4 + c), m[c * 4 + r]);
            },
            true, codes::ROW_MAJOR_SUSPECTED, W, W, "palette[clip=idle,frame=1,bone=0]", palette + 3 * 64);
        const qint64 socketData = qint64(L.socketDataOffset);
        row(
            "late socket mismatch", late, [socketData](QByteArray &b) { setF32(b, socketData + 12, 0.01f); }, true,
            codes::SOCKET_DATA_MISMATCH, W, W, "socket_data[clip=idle,frame=0,socket=hand]", qint64(L.socketDataOffset));
    }

    void craftedFileProducesCode()
    {
        QFETCH(QByteArray, base);
        QFETCH(Mutation, mutate);
        QFETCH(bool, deep);
        QFETCH(QString, code);
        QFETCH(Severity, specSeverity);
        QFETCH(Severity, gameSeverity);
        QFETCH(QString, location);
        QFETCH(qint64, offset);

        // The unmodified base is clean in both profiles, deep checks included (a v3 file says
        // which dialect it is). The game profile judges each base by the game of its version
        // (the current game refuses all but late v3: GAME_VERSION_REFUSED, tested on its own).
        const GameEra era = gameEra::ofDialect(BpatFile::fromData(base).dialect());
        for (ValidationProfile p : {ValidationProfile::Spec, ValidationProfile::Game}) {
            ValidationOptions cleanOptions = ValidationOptions::make(p, true);
            cleanOptions.gameEra = era;
            ValidationResult clean = Validator(cleanOptions).validate(BpatFile::fromData(base));
            // The 3-bone test humanoid is not the game's 20-bone rig (the one expected game finding).
            clean.issues.removeIf([](const Diagnostic &d) { return d.code == codes::RIG_BONE_COUNT_MISMATCH; });
            const bool v3 = BpatFile::fromData(base).isV3();
            QVERIFY2(clean.issues.size() == (v3 ? 1 : 0), qPrintable(describe(clean)));
            if (v3)
                QCOMPARE(clean.issues.at(0).code, codes::V3_DIALECT);
        }
        QByteArray bytes = base;
        mutate(bytes);
        const BpatFile file = BpatFile::fromData(bytes, QStringLiteral("crafted.bpat"));
        for (ValidationProfile p : {ValidationProfile::Spec, ValidationProfile::Game}) {
            ValidationOptions options;
            options.profile = p;
            options.gameEra = era;
            options.deep = deep;
            const ValidationResult r = Validator(options).validate(file);
            const Diagnostic *d = findCode(r, code);
            const bool gameOnly = code == codes::RIG_BONE_COUNT_MISMATCH || code == codes::GAME_VERSION_REFUSED
                || code == codes::GAME_DIALECT_MISREAD;
            if (gameOnly && p == ValidationProfile::Spec) {
                QVERIFY2(!d, "rigs and the game's era are checked in the game profile only");
                continue;
            }
            QVERIFY2(d, qPrintable(QStringLiteral("%1 not reported; got:\n%2").arg(code, describe(r))));
            coveredCodes.insert(code);
            QCOMPARE(d->severity, p == ValidationProfile::Spec ? specSeverity : gameSeverity);
            QCOMPARE(d->location.toString(), location);
            // Every finding points by fields, never by free text, so that jump-to-cause can follow it.
            for (const Diagnostic &each : r.issues)
                QVERIFY2(each.location.kind != DiagnosticLocation::Kind::Text,
                         qPrintable(each.code + QLatin1Char(' ') + each.location.toString()));
            QCOMPARE(d->offset.has_value(), offset >= 0);
            if (offset >= 0)
                QCOMPARE(qint64(*d->offset), offset);
            QVERIFY(!d->message.isEmpty());
            QCOMPARE(r.valid(), countDiagnostics(r.issues).errors == 0);
            for (const Diagnostic &any : r.issues)
                QVERIFY2(ValidationCodes::find(any.code), qPrintable(any.code)); // every emitted code is catalogued
            if (!deep) {                                                         // deep-only findings stay hidden without --deep
                options.deep = false;
                QVERIFY(!findCode(Validator(options).validate(file), codes::NON_AFFINE));
            }
        }
    }

    void corruptedHeaderGivesRootCauseFirst()
    {
        // Five flipped bytes in the real humanoid: species 65535, 235 bones, 240 clips. It used to
        // give over a thousand findings, nearly all from clip entries read out of other sections.
        const QString relative = QStringLiteral("upstream_assets/bpat_v1_initial/humanoid.bpat");
        BPAT_REQUIRE_SHARED(relative);
        QFile f(testpaths::shared(relative));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray bytes = f.readAll();
        QCOMPARE(bytes.size(), qsizetype(620640));
        bytes[8] = char(0xFF);
        bytes[9] = char(0xFF);
        bytes[12] = char(235);
        bytes[20] = char(240);
        bytes[100000] = char(~bytes[100000]);
        for (ValidationProfile p : {ValidationProfile::Spec, ValidationProfile::Game}) {
            const ValidationResult r = Validator(ValidationOptions::make(p, true)).validate(BpatFile::fromData(bytes));
            QVERIFY2(!r.issues.isEmpty() && r.issues.first().code == codes::HEADER_CORRUPTED, qPrintable(describe(r)));
            QVERIFY2(r.issues.first().message.contains(QStringLiteral("header looks corrupted: 240 clips, 235 bones"))
                         && r.issues.first().message.contains(QStringLiteral("cannot fit a 620,640-byte file")),
                     qPrintable(r.issues.first().message));
            QVERIFY2(r.issues.size() <= 10, qPrintable(describe(r)));
            QVERIFY(!findCode(r, codes::CLIP_NOT_CONTIGUOUS));
            QVERIFY(!findCode(r, codes::NAME_OUT_OF_STRING_TABLE));
            QVERIFY(!r.valid());
        }
    }

    void corruptedStringTableSizeIsBlamedOnIt()
    {
        // string_table_size 250 -> 4000 in the real humanoid: the table runs into the palette.
        // The finding used to point at palette_data_offset, which is right.
        const QString relative = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
        BPAT_REQUIRE_SHARED(relative);
        QFile f(testpaths::shared(relative));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray bytes = f.readAll();
        QCOMPARE(qFromLittleEndian<quint32>(bytes.constData() + 28), quint32(250));
        testdocs::setU32(bytes, 28, 4000);
        const ValidationResult r =
            Validator(ValidationOptions::make(ValidationProfile::Spec)).validate(BpatFile::fromData(bytes));
        const Diagnostic *d = findCode(r, codes::SECTION_OVERLAP);
        QVERIFY2(d, qPrintable(describe(r)));
        QCOMPARE(d->location.toString(), QStringLiteral("header.string_table_size"));
        QCOMPARE(qint64(*d->offset), qint64(28));
        QVERIFY2(d->message.contains(QStringLiteral("string_table_size 4000")), qPrintable(d->message));
        for (const Diagnostic &each : r.issues)
            QVERIFY2(each.location.toString() != QStringLiteral("header.palette_data_offset"), qPrintable(each.message));
    }

    void deepFindingsNameTheirBone()
    {
        // A command-line report shows only the message: it must say which bone.
        QByteArray bytes = testdocs::smallFileBytes(false);
        for (int k : {0, 1, 2, 4, 5, 6, 8, 9, 10})
            testdocs::setF32(bytes, NoSocketPalette + 64 + 4 * k, 0.0f);
        const ValidationResult r =
            Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validate(BpatFile::fromData(bytes));
        const Diagnostic *d = findCode(r, codes::DEGENERATE_MATRIX);
        QVERIFY(d);
        QVERIFY2(d->message.startsWith(QStringLiteral("bone 1 in clip idle, frame 0: ")), qPrintable(d->message));
    }

    void gameProfileWarnsAboutRigsOfAnotherEra()
    {
        // The `hands` recipe's 53-bone humanoid would land in the game's 20-bone humanoid slot.
        BpatDocument doc(0, 53);
        doc.addClip(testdocs::makeClip(QStringLiteral("a"), 2, 53, 30.0f, true));
        const BpatFile file = BpatFile::fromData(BpatWriter(doc).toBytes());
        ValidationOptions v1Game = ValidationOptions::make(ValidationProfile::Game);
        v1Game.gameEra = GameEra::V1;
        const ValidationResult game = Validator(v1Game).validate(file);
        const Diagnostic *d = findCode(game, codes::RIG_BONE_COUNT_MISMATCH);
        QVERIFY2(d, qPrintable(describe(game)));
        QCOMPARE(d->severity, Severity::Warning);
        QVERIFY2(d->message.contains(QStringLiteral("53")) && d->message.contains(QStringLiteral("humanoid"))
                     && d->message.contains(QStringLiteral("20 bones")),
                 qPrintable(d->message));
        QVERIFY(game.valid());
        // The current game's rigs judge it too (and refuse its version).
        const ValidationResult current = Validator(ValidationOptions::make(ValidationProfile::Game)).validate(file);
        QVERIFY(findCode(current, codes::RIG_BONE_COUNT_MISMATCH));
        QVERIFY(findCode(current, codes::RIG_BONE_COUNT_MISMATCH)->message.contains(QStringLiteral("current game")));
    }

    void deepChecksNeedDeep()
    {
        QByteArray bytes = testdocs::smallFileBytes();
        testdocs::setF32(bytes, Palette + 20, NaN);
        QVERIFY(Validator().validate(BpatFile::fromData(bytes)).valid());
        QVERIFY(!Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validate(BpatFile::fromData(bytes)).valid());
    }

    void ioErrorForUnopenableFiles()
    {
        QTemporaryDir dir;
        const ValidationResult r = Validator().validatePath(dir.path());
        QCOMPARE(r.issues.size(), 1);
        QCOMPARE(r.issues.at(0).code, codes::IO_ERROR);
        coveredCodes.insert(codes::IO_ERROR);
        QVERIFY(!r.issues.at(0).offset);
        QVERIFY(!r.valid());
    }

    void fileChangedWhileValidating()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("shrinking.bpat"));
        // `bpat validate --deep` on a file that a pipeline truncates while it is read: the pages
        // past the new end would kill the process with SIGBUS. validatePath guards its mapping: the
        // lost pages read as zeros and the result leads with FILE_CHANGED.
        BpatDocument doc(0, 64);
        doc.addClip(testdocs::makeClip(QStringLiteral("walk"), 1000, 64, 30.0f, true)); // 4 MiB of palette
        QVERIFY(BpatWriter(doc).save(path));
        ValidationOptions options = ValidationOptions::make(ValidationProfile::Spec, true);
        bool cut = false;
        options.progress = [&](quint64, quint64) {
            if (!cut)
                cut = QFile::resize(path, 4096); // the header and tables stay, the palette goes
        };
        const ValidationResult r = Validator(options).validatePath(path);
        QVERIFY(cut);
        QVERIFY(!r.valid());
        QCOMPARE(r.issues.constFirst().code, codes::FILE_CHANGED);
        coveredCodes.insert(codes::FILE_CHANGED);
        QVERIFY2(r.issues.constFirst().message.contains(QStringLiteral("validate it again")),
                 qPrintable(r.issues.constFirst().message));
        // Validated again, the short file gets the ordinary verdict.
        const ValidationResult again = Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validatePath(path);
        QCOMPARE(again.issues.constFirst().code, QStringLiteral("PALETTE_OUT_OF_BOUNDS"));
    }

    void findingsNameTheirClipInAnyClipOrder()
    {
        // Deep findings name their clip by binary search when the clips lie in ascending,
        // disjoint frame ranges, by a scan otherwise: here jab [0, 2) comes after idle [2, 6).
        QByteArray bytes = testdocs::smallFileBytes();
        testdocs::setU32(bytes, Clip0 + 12, 2);
        testdocs::setU32(bytes, Clip1 + 12, 0);
        testdocs::setF32(bytes, Palette + 4 * 3 * 64 + 12, NaN); // global frame 4, bone 0
        const ValidationResult r =
            Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validate(BpatFile::fromData(bytes));
        QStringList locations;
        for (const Diagnostic &d : r.issues) {
            if (d.code == codes::NON_FINITE)
                locations << d.location.toString();
        }
        QVERIFY2(locations.contains(QStringLiteral("palette[clip=idle,frame=2,bone=0]")), qPrintable(locations.join(u' ')));
    }

    void nameNotUtf8IsValidatedAndReported()
    {
        // A name that is not UTF-8 ("\xff.bpat") opens (NativeName keeps its bytes) and its
        // contents are validated; the name itself is FILE_NAME_NOT_UTF8.
        QTemporaryDir dir;
        const QByteArray raw = QFile::encodeName(dir.path()) + "/\xff.bpat";
        QFile file;
        const int fd = ::open(raw.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        QVERIFY(fd >= 0);
        QVERIFY(file.open(fd, QIODevice::WriteOnly, QFileDevice::AutoCloseHandle));
        QVERIFY(file.write(testdocs::smallFileBytes()) > 0);
        file.close();
        const QString path = NativeName::decode(raw);
        QCOMPARE(NativeName::encode(path), raw);
        const ValidationResult r = Validator().validatePath(path);
        QCOMPARE(r.issues.size(), 1);
        QCOMPARE(r.issues.constFirst().code, codes::FILE_NAME_NOT_UTF8);
        QVERIFY2(r.issues.constFirst().message.contains(QStringLiteral("\\xff.bpat")), qPrintable(r.issues.constFirst().message));
        coveredCodes.insert(codes::FILE_NAME_NOT_UTF8);
        ::unlink(raw.constData());
    }

    void everyTruncationValidatesSafely()
    {
        const QByteArray bytes = testdocs::smallFileBytes();
        for (qsizetype n = 0; n < bytes.size(); n += 7) {
            const ValidationResult r =
                Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validate(BpatFile::fromData(bytes.left(n)));
            QVERIFY(!r.valid());
        }
    }

    void randomCorruptionIsSafe()
    {
        // Seeded random edits: bytes, header fields set to extreme values, truncation. Every
        // accessor and the deep validator must stay inside the buffer (checked under ASan with
        // -DBPAT_SANITIZE=ON); documents that load must write and reload consistently.
        const QByteArray base = testdocs::smallFileBytes();
        QRandomGenerator rng(20261122);
        const quint64 extremes[] = {0, 1, 63, 64, 0xFFFFFFFFull, 0x7FFFFFFFFFFFFFFFull, ~0ull, ~0ull - 63, 1ull << 32};
        int loaded = 0;
        for (int i = 0; i < 3000; ++i) {
            QByteArray b = base;
            const int edits = 1 + int(rng.bounded(6));
            for (int e = 0; e < edits && b.size() > 0; ++e) {
                const quint32 kind = rng.bounded(4);
                if ((kind == 1 || kind == 2) && b.size() < 64)
                    continue; // header fields need a whole header to patch
                switch (kind) {
                case 0: b[qsizetype(rng.bounded(quint32(b.size())))] = char(rng.bounded(256)); break;
                case 1: {
                    const qsizetype field = 4 + 4 * qsizetype(rng.bounded(7)); // u32 fields 4..28
                    testdocs::setU32(b, field, quint32(extremes[rng.bounded(9)] + rng.bounded(3)));
                    break;
                }
                case 2: {
                    const qsizetype field = 32 + 8 * qsizetype(rng.bounded(4)); // u64 offsets
                    const quint64 v = rng.bounded(2) ? extremes[rng.bounded(9)] : rng.bounded(quint32(b.size() + 64));
                    testdocs::setU64(b, field, v);
                    break;
                }
                default: b.truncate(qsizetype(rng.bounded(quint32(b.size() + 1))));
                }
            }
            const BpatFile f = BpatFile::fromData(b);
            ValidationOptions options =
                ValidationOptions::make(i % 2 ? ValidationProfile::Game : ValidationProfile::Spec, true, 50);
            const ValidationResult r = Validator(options).validate(f);
            QVERIFY(r.issues.size() <= 50);
            for (int c = 0; c < f.clips().size(); ++c) {
                for (quint32 frame = 0; frame < 3; ++frame) {
                    for (quint32 bone = 0; bone < 4; ++bone)
                        f.matrix(c, frame, bone);
                    f.socketMatrix(c, frame, 0);
                    f.socketMatrix(c, frame, 1);
                }
            }
            if (const auto doc = BpatDocument::fromFile(f)) {
                BpatWriter writer(*doc);
                writer.setAllowInvalid(true);
                const QByteArray again = writer.toBytes();
                if (!again.isEmpty()) {
                    const auto reread = BpatDocument::fromFile(BpatFile::fromData(again));
                    QVERIFY(reread);
                    QCOMPARE(reread->clipCount(), doc->clipCount());
                    QCOMPARE(reread->frameTotal(), doc->frameTotal());
                    ++loaded;
                }
            }
        }
        QVERIFY(loaded > 0); // some corruptions leave a loadable file
    }

    void zeroBonesWithHugeFrameTotalIsCheap()
    {
        // An empty palette (bone_count 0) with frame_total 2^32-1 lies "inside" the file; the
        // deep pass must not walk four billion empty frames (this test would time out).
        QByteArray bytes = testdocs::smallFileBytes();
        testdocs::setU32(bytes, 12, 0);
        testdocs::setU32(bytes, 24, 0xFFFFFFFFu);
        testdocs::setU32(bytes, 16, 0); // no sockets either
        const ValidationResult r =
            Validator(ValidationOptions::make(ValidationProfile::Spec, true)).validate(BpatFile::fromData(bytes));
        QVERIFY(findCode(r, codes::BONE_COUNT_OUT_OF_RANGE));
        QVERIFY(!r.valid());
    }

    void maxIssuesKeepsCounting()
    {
        QByteArray bytes = testdocs::smallFileBytes(false);
        for (int m = 0; m < 18; ++m)
            testdocs::setF32(bytes, NoSocketPalette + m * 64, NaN);
        ValidationOptions options;
        options.deep = true;
        options.maxIssues = 5;
        const ValidationResult r = Validator(options).validate(BpatFile::fromData(bytes));
        QCOMPARE(r.issues.size(), 5);
        QVERIFY(r.truncated);
        QCOMPARE(r.counts.errors, 18);
        QVERIFY(!r.valid());
        options.maxIssues = 0;
        const ValidationResult all = Validator(options).validate(BpatFile::fromData(bytes));
        QCOMPARE(all.issues.size(), 18);
        QVERIFY(!all.truncated);
    }

    void cancelAndProgress()
    {
        const BpatFile file = BpatFile::fromData(testdocs::smallFileBytes());
        std::atomic<bool> cancel{true};
        ValidationOptions options;
        options.deep = true;
        options.cancel = &cancel;
        QVERIFY(Validator(options).validate(file).cancelled);
        cancel = false;
        quint64 lastDone = 0, lastTotal = 0;
        int calls = 0;
        options.progress = [&](quint64 done, quint64 total) {
            lastDone = done;
            lastTotal = total;
            ++calls;
        };
        const ValidationResult r = Validator(options).validate(file);
        QVERIFY(!r.cancelled);
        QVERIFY(calls >= 2);
        QCOMPARE(lastTotal, quint64(6 * 3 * 64 + 6 * 2 * 48));
        QCOMPARE(lastDone, lastTotal);
    }

    void upstreamFilesAreValidInBothProfiles_data()
    {
        QTest::addColumn<QString>("relative");
        for (const char *set : {"bpat_v1_latest", "bpat_v1_initial", "bpat_v2", "bpat_v3_early", "bpat_v3_late"}) {
            for (const char *name : {"humanoid", "humanoid_sword", "horse", "elephant"}) {
                const QString rel = QStringLiteral("upstream_assets/%1/%2.bpat").arg(QLatin1String(set), QLatin1String(name));
                QTest::newRow(qPrintable(rel)) << rel;
            }
        }
    }
    void upstreamFilesAreValidInBothProfiles()
    {
        QFETCH(QString, relative);
        BPAT_REQUIRE_SHARED(relative);
        const auto file = BpatFile::open(testpaths::shared(relative));
        QVERIFY(file);
        // Each judged by the game of its version (the current game refuses all but late v3:
        // tst_GameEra).
        for (ValidationProfile p : {ValidationProfile::Spec, ValidationProfile::Game}) {
            for (bool deep : {false, true}) {
                ValidationOptions options = ValidationOptions::make(p, deep);
                options.gameEra = gameEra::ofDialect(file->dialect());
                ValidationResult r = Validator(options).validate(*file);
                // The v3 files' 16-bone horse and elephant are v1-era creatures in a later container:
                // the game's rigs of the v3 era had 50 and 32 bones (a game-profile warning).
                r.issues.removeIf([&](const Diagnostic &d) {
                    return d.code == codes::RIG_BONE_COUNT_MISMATCH && file->header().version >= 2
                        && d.severity != Severity::Error;
                });
                // Nothing else but the dialect of a v3 file.
                QVERIFY2(r.issues.size() == (file->isV3() ? 1 : 0), qPrintable(describe(r)));
                if (file->isV3())
                    QCOMPARE(r.issues.at(0).code, codes::V3_DIALECT);
                QVERIFY(r.valid());
            }
        }
    }

    void docsListEveryCode()
    {
        QFile doc(QDir::cleanPath(QStringLiteral(BPAT_TEST_DATA_DIR "/../../docs/validation.md")));
        QVERIFY2(doc.open(QIODevice::ReadOnly), qPrintable(doc.fileName()));
        const QString text = QString::fromUtf8(doc.readAll());
        for (const CodeInfo &info : Validator::codes()) {
            const QString row = QStringLiteral("| `%1` | %2 | %3 |")
                                    .arg(info.code, severityName(info.specSeverity), severityName(info.gameSeverity));
            QVERIFY2(text.contains(row), qPrintable(QStringLiteral("docs/validation.md lacks the row: ") + row));
        }
    }

    void codeTableIsConsistent()
    {
        QSet<QString> seen;
        for (const CodeInfo &info : Validator::codes()) {
            QVERIFY2(!seen.contains(info.code), qPrintable(info.code));
            seen.insert(info.code);
            QVERIFY(!info.description.isEmpty());
            QCOMPARE(ValidationCodes::find(info.code)->code, info.code);
        }
        QVERIFY(!ValidationCodes::find(QStringLiteral("NO_SUCH_CODE")));
        QCOMPARE(ValidationCodes::severity(codes::OLD_VERSION, ValidationProfile::Game), Severity::Error);
        QCOMPARE(*profileFromName(QStringLiteral("game")), ValidationProfile::Game);
        QVERIFY(!profileFromName(QStringLiteral("strict")));
    }

    void everyCodeIsProducedByACraftedFile() // runs last
    {
        for (const CodeInfo &info : Validator::codes())
            QVERIFY2(coveredCodes.contains(info.code), qPrintable(info.code + QStringLiteral(" has no crafted file")));
    }
};

QTEST_GUILESS_MAIN(tst_Validator)
#include "tst_Validator.moc"

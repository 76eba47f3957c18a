#include "bpat/Validator.h"

#include "bpat/BpatFile.h"
#include "bpat/SectionLayout.h"
#include "bpat/BpatFormat.h"
#include "diagnostics/HexText.h"
#include "bpat/DeepChecker.h"
#include "bpat/GameReader.h"
#include "diagnostics/ReportWriter.h"
#include "io/MappingGuard.h"
#include "io/NativeName.h"
#include "species/Species.h"

#include <QLocale>
#include <QSet>
#include <QStringList>
#include <cmath>

namespace bpat {

namespace fmt = bpat::format;
using namespace codes;

namespace {

void checkName(const BpatFile &file, DiagnosticSink &sink, const DiagnosticLocation &what, NameStatus status, quint64 entryOffset,
               quint32 nameOffset, quint32 nameLength)
{
    const quint32 tableSize = file.header().stringTableSize;
    switch (status) {
    case NameStatus::Ok: return;
    case NameStatus::OutOfStringTable:
        if (!file.stringTableInBounds()) {
            sink.report(NAME_OUT_OF_STRING_TABLE, entryOffset + fmt::clip::NameOffset, what.with(QStringLiteral("name_offset")),
                        QStringLiteral("name cannot be read: the string table is not inside the file"));
        } else {
            sink.report(NAME_OUT_OF_STRING_TABLE, entryOffset + fmt::clip::NameOffset, what.with(QStringLiteral("name_offset")),
                        QStringLiteral("name_offset %1 + name_length %2 + 1 (NUL) = %3 exceeds string_table_size %4")
                            .arg(nameOffset)
                            .arg(nameLength)
                            .arg(quint64(nameOffset) + nameLength + 1)
                            .arg(tableSize));
        }
        return;
    case NameStatus::NotTerminated: {
        const quint64 at = file.header().stringTableOffset + nameOffset + nameLength;
        sink.report(NAME_NOT_TERMINATED, at, what.with(QStringLiteral("name_length")),
                    QStringLiteral("byte at string table offset %1 (after the %2-byte name) is %3, expected NUL")
                        .arg(quint64(nameOffset) + nameLength)
                        .arg(nameLength)
                        .arg(hex(file.data()[at])));
        return;
    }
    case NameStatus::NotUtf8:
        sink.report(
            NAME_NOT_UTF8, file.header().stringTableOffset + nameOffset, what.with(QStringLiteral("name_offset")),
            QStringLiteral("name (%1 bytes at string table offset %2) is not valid UTF-8").arg(nameLength).arg(nameOffset));
        return;
    }
}

// A name read whole that is no identifier: a newline or a tab in it would forge report lines
// (they are escaped there: ReportWriter), and every writer refuses it.
void checkNameCharacters(const BpatFile &file, DiagnosticSink &sink, const DiagnosticLocation &what, NameStatus status,
                         const QString &name, quint32 nameOffset, const QString &kind)
{
    if (status != NameStatus::Ok && status != NameStatus::NotUtf8)
        return;
    const qsizetype at = ReportWriter::controlCharacterAt(name);
    if (at < 0)
        return;
    sink.report(NAME_CONTROL_CHARACTER, file.header().stringTableOffset + nameOffset, what.with(QStringLiteral("name_offset")),
                ReportWriter::nameProblem(kind, name) + QStringLiteral(": rename it"));
}

// A clip's or socket's name (`kind`): resolvable, of allowed characters, and not the name of an
// earlier entry of its table (`names`: those seen so far; `duplicate`: the code saying so).
// Both entries start with u32 name_offset, so a duplicate is reported there.
void checkEntryName(const BpatFile &file, DiagnosticSink &sink, const DiagnosticLocation &at, const TableEntry &entry,
                    const QString &kind, const QString &duplicate, QSet<QString> *names)
{
    static_assert(fmt::clip::NameOffset == fmt::socket::NameOffset);
    checkName(file, sink, at, entry.nameStatus, entry.entryOffset, entry.nameOffset, entry.nameLength);
    checkNameCharacters(file, sink, at, entry.nameStatus, entry.name, entry.nameOffset, kind);
    if (entry.nameStatus != NameStatus::Ok && entry.nameStatus != NameStatus::NotUtf8)
        return;
    if (names->contains(entry.name)) {
        sink.report(duplicate, entry.entryOffset + fmt::clip::NameOffset, at.with(QStringLiteral("name_offset")),
                    QStringLiteral("%1 name '%2' is used by an earlier %1; names should be unique").arg(kind, entry.name));
    }
    names->insert(entry.name);
}

quint64 saturatingMul(quint64 a, quint64 b)
{
    quint64 r = 0;
    return __builtin_mul_overflow(a, b, &r) ? ~quint64(0) : r;
}

quint64 saturatingAdd(quint64 a, quint64 b)
{
    quint64 r = 0;
    return __builtin_add_overflow(a, b, &r) ? ~quint64(0) : r;
}

QString grouped(quint64 v)
{
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(v);
}

// What the root-cause gate found: structures whose entries cannot be trusted.
struct Gate
{
    bool headerCorrupted = false; // counts call for more bytes than the file has
    bool clipTableOverlaps = false;
};

// Whether [begin, end) shares bytes with a section the header places (when it lies in the file).
bool overlapsOtherSection(const BpatFile &file, quint64 begin, quint64 end)
{
    const BpatHeader &h = file.header();
    const auto hits = [&](quint64 b, quint64 e) { return b < e && begin < e && b < end; };
    if (h.socketCount > 0 && file.socketTableInBounds()
        && hits(h.socketTableOffset, h.socketTableOffset + quint64(h.socketCount) * fmt::SocketEntrySize))
        return true;
    if (file.stringTableInBounds() && hits(h.stringTableOffset, h.stringTableOffset + h.stringTableSize))
        return true;
    if (const auto bytes = file.paletteByteSize();
        bytes && file.paletteInBounds() && hits(h.paletteDataOffset, h.paletteDataOffset + *bytes))
        return true;
    return false;
}

// The root cause first: when the header's counts cannot describe the file, say so once, before
// the hundreds of findings they would otherwise cause.
Gate checkHeaderPlausible(const BpatFile &file, DiagnosticSink &sink)
{
    const BpatHeader &h = file.header();
    Gate gate;
    // Clip entries are 32 (v1), 44 (v2) or 48 (v3) bytes; v3 adds its 32-byte extension.
    const quint64 entry = fmt::clipEntrySize(h.version) ? fmt::clipEntrySize(h.version) : fmt::ClipEntrySize;
    quint64 need = h.version == 3 ? fmt::V3HeaderEnd : fmt::HeaderSize;
    need = saturatingAdd(need, saturatingMul(h.clipCount, entry));
    need = saturatingAdd(need, saturatingMul(h.socketCount, fmt::SocketEntrySize));
    need = saturatingAdd(need, saturatingMul(saturatingMul(h.frameTotal, h.boneCount), fmt::MatrixSize));
    need = saturatingAdd(need, saturatingMul(saturatingMul(h.frameTotal, h.socketCount), fmt::SocketRowSize));
    if (file.clipTableInBounds()) {
        const quint64 begin = h.clipTableOffset;
        gate.clipTableOverlaps = overlapsOtherSection(file, begin, begin + quint64(h.clipCount) * entry);
    }
    // A file cut short (counts sane, data missing) is not a corrupted header: PALETTE_OUT_OF_BOUNDS
    // says it. Counts that are themselves impossible, or a clip table running over other
    // sections, point at the header.
    const bool countsSuspect = h.boneCount < fmt::MinBones || h.boneCount > fmt::MaxBones || !Species::isKnown(h.speciesId)
        || gate.clipTableOverlaps || !file.clipTableInBounds();
    if (need > file.fileSize() && countsSuspect) {
        gate.headerCorrupted = true;
        QStringList counts{QStringLiteral("%1 clips").arg(h.clipCount), QStringLiteral("%1 bones").arg(h.boneCount),
                           QStringLiteral("%1 frames").arg(h.frameTotal)};
        if (h.socketCount > 0)
            counts << QStringLiteral("%1 sockets").arg(h.socketCount);
        const QString last = counts.takeLast();
        sink.report(HEADER_CORRUPTED, 0, DiagnosticLocation::header(),
                    QStringLiteral("header looks corrupted: %1 and %2 cannot fit a %3-byte file (they need at least %4 bytes)")
                        .arg(counts.join(QStringLiteral(", ")), last, grouped(file.fileSize()),
                             need == ~quint64(0) ? QStringLiteral("2^64") : grouped(need)));
    }
    return gate;
}

// Game profile: a bone count the game's rig for the species did not have in the chosen era.
void checkGameRig(const BpatFile &file, DiagnosticSink &sink, GameEra era)
{
    const BpatHeader &h = file.header();
    const QList<quint32> counts = Species::boneCounts(h.speciesId, gameEra::rigVersion(era));
    if (counts.isEmpty() || counts.contains(h.boneCount))
        return;
    const QString when = era == GameEra::Current ? QStringLiteral("in the current game")
                                                 : QStringLiteral("in v%1 files").arg(gameEra::rigVersion(era));
    sink.report(RIG_BONE_COUNT_MISMATCH, fmt::header::BoneCount, DiagnosticLocation::header(QStringLiteral("bone_count")),
                QStringLiteral("bone_count is %1, but the game's %2 rig %3 has %4 bones: the game would load this "
                               "file into a rig it does not fit")
                    .arg(h.boneCount)
                    .arg(Species::nameOf(h.speciesId), when, Species::describeCounts(counts)));
}

// Game profile: what the chosen era's reader makes of the file. A version it refuses, or a v3
// dialect it reads wrongly, is said once with the fix; otherwise its own refusal is quoted.
void checkGameReader(const BpatFile &file, DiagnosticSink &sink, GameEra era)
{
    const GameReader reader(gameEra::readerDialect(era));
    const fmt::Dialect dialect = file.dialect();
    const GameReaderVerdict verdict = reader.read(file);
    const QString convert = QStringLiteral("bpat convert --to-version %1").arg(gameEra::convertArgument(era));
    // A version no game wrote (0) has no conversion or era to offer: the reader's refusal says it.
    const bool knownVersion = file.header().version >= 1 && file.header().version <= fmt::LatestVersion;
    if (!verdict.loads && verdict.check == 3 && knownVersion) {
        sink.report(
            GAME_VERSION_REFUSED, fmt::header::Version, DiagnosticLocation::header(QStringLiteral("version")),
            QStringLiteral("%1 refuses this %2 file (\"unsupported version\"); convert it: %3 (or judge it "
                           "against an older game with --game-era %4)")
                .arg(gameEra::describe(era), fmt::dialectName(dialect), convert, gameEra::name(gameEra::ofDialect(dialect))));
        return;
    }
    const fmt::Dialect wanted = gameEra::readerDialect(era);
    if (fmt::isV3(dialect) && fmt::isV3(wanted) && dialect != wanted) {
        sink.report(GAME_DIALECT_MISREAD, fmt::ext::BindPaletteOffset, DiagnosticLocation::region(QStringLiteral("file")),
                    dialect == fmt::Dialect::V3Early
                        ? QStringLiteral("%1 loads this v3-early file but reads every matrix transposed (row-major "
                                         "globals read as column-major skinning matrices, no bind palette): convert "
                                         "it: %2")
                              .arg(gameEra::describe(era), convert)
                        : QStringLiteral("%1 loads this late-v3 file but reads its skinning matrices as row-major "
                                         "globals: convert it: %2")
                              .arg(gameEra::describe(era), convert));
    }
    if (!verdict.loads) {
        sink.report(GAME_READER_REFUSES, verdict.offset, DiagnosticLocation::region(QStringLiteral("file")),
                    QStringLiteral("the game's %1 reader stops at its check %2 with \"%3\"")
                        .arg(fmt::dialectName(reader.dialect()))
                        .arg(verdict.check)
                        .arg(verdict.message));
    }
}

} // namespace

Validator::Validator(ValidationOptions options)
    : m_options(std::move(options))
{
}

ValidationResult Validator::validatePath(const QString &path) const
{
    return validatePathWith(path, m_options, [this](const BpatFile &file) { return validate(file); });
}

ValidationResult Validator::validatePathWith(const QString &path, const ValidationOptions &options,
                                             const std::function<ValidationResult(const BpatFile &)> &check)
{
    QString error;
    const auto file = BpatFile::open(path, &error);
    if (!file) {
        DiagnosticSink sink(options.profile, options.maxIssues);
        const QString prefix = path + QStringLiteral(": ");
        sink.report(IO_ERROR, std::nullopt, DiagnosticLocation::region(QStringLiteral("file")),
                    error.startsWith(prefix) ? error.mid(prefix.size()) : error);
        return sink.take();
    }
    // A file that shrinks while it is read (a pipeline still writing it, a truncation) would
    // kill the process with SIGBUS on the first page past the new end: the mapping's guard
    // turns those pages into zeros, and validate() (which `check` runs) says the file changed instead of judging them.
    ValidationResult result = check(*file);
    // Opened all the same (NativeName keeps every byte of the name), but nothing that assumes
    // UTF-8 names can refer to it.
    if (NativeName::hasEscapes(path)) {
        result.issues.prepend({FILE_NAME_NOT_UTF8, Severity::Error,
                               QStringLiteral("the path %1 is not valid UTF-8 (each \\xNN is a byte that is not); "
                                              "rename the file")
                                   .arg(NativeName::display(path)),
                               std::nullopt, DiagnosticLocation::region(QStringLiteral("file"))});
        ++result.counts.errors;
    }
    return result;
}

ValidationResult Validator::validate(const BpatFile &file) const
{
    ValidationResult result = validateBytes(file);
    // Findings about bytes that are no longer the file's are unreliable: a file that changed
    // under its mapping (shrank, grew or was rewritten in place, whether or not the checks read
    // a lost page) gets FILE_CHANGED first, and is never valid. Every caller gets this, the
    // Python module's f.validate() of an open file included.
    if (file.changedSinceOpen()) {
        result.issues.prepend({FILE_CHANGED, Severity::Error,
                               QStringLiteral("the file changed (it was %1 bytes when mapped) while it was open or being "
                                              "validated; the findings below are unreliable: validate it again once it is "
                                              "written")
                                   .arg(file.fileSize()),
                               std::nullopt, DiagnosticLocation::region(QStringLiteral("file"))});
        ++result.counts.errors;
    }
    return result;
}

ValidationResult Validator::validateBytes(const BpatFile &file) const
{
    if (m_options.profile == ValidationProfile::Motion) {
        // The motion lint lives a layer above (motion/ProfileValidator runs it after these
        // structural checks). A caller that asks this class for it is wrong: it gets the spec
        // profile's checks and an error that says where the motion profile is, so no test or
        // run can take the missing motion findings for a clean file.
        Q_ASSERT_X(false, "Validator", "the motion profile is motion/ProfileValidator's");
        ValidationOptions structure = m_options;
        structure.profile = ValidationProfile::Spec;
        ValidationResult result = Validator(structure).validateBytes(file);
        result.issues.append(Diagnostic{QStringLiteral("MOTION_NOT_CHECKED"), Severity::Error,
                                        QStringLiteral("the motion is not checked: the motion profile runs in "
                                                       "ProfileValidator (motion/), not Validator"),
                                        std::nullopt, DiagnosticLocation::region(QStringLiteral("file"))});
        ++result.counts.errors;
        return result;
    }
    DiagnosticSink sink(m_options.profile, m_options.maxIssues);
    if (!file.hasHeader()) {
        sink.report(FILE_TOO_SMALL, 0, DiagnosticLocation::region(QStringLiteral("file")),
                    QStringLiteral("file is %1 bytes, expected at least the 64-byte header").arg(file.fileSize()));
        return sink.take();
    }
    if (!file.hasMagic()) {
        const auto &m = file.header().magic;
        sink.report(BAD_MAGIC, 0, DiagnosticLocation::header(QStringLiteral("magic")),
                    QStringLiteral("magic is %1 %2 %3 %4, expected 42 50 41 54 (\"BPAT\")")
                        .arg(quint8(m[0]), 2, 16, QLatin1Char('0'))
                        .arg(quint8(m[1]), 2, 16, QLatin1Char('0'))
                        .arg(quint8(m[2]), 2, 16, QLatin1Char('0'))
                        .arg(quint8(m[3]), 2, 16, QLatin1Char('0')));
        return sink.take();
    }
    if (file.header().version > fmt::LatestVersion) {
        sink.report(
            UNSUPPORTED_VERSION, fmt::header::Version, DiagnosticLocation::header(QStringLiteral("version")),
            QStringLiteral("version is %1, expected 1, 2 or 3 (readers must refuse newer versions; nothing further checked)")
                .arg(file.header().version));
        return sink.take();
    }
    // Root cause first; checks that depend on a structure found broken are skipped.
    const Gate gate = checkHeaderPlausible(file, sink);
    checkHeader(file, sink);
    checkSections(file, sink);
    if (file.header().version == 3)
        checkV3Extension(file, sink);
    if (!gate.clipTableOverlaps) { // else its entries are the bytes of another section
        checkClips(file, sink);
        if (file.header().version >= 2)
            checkClipExtras(file, sink);
    }
    checkSockets(file, sink);
    // Game profile: the chosen game's rig, then its reader (a refusal is the first error all
    // the same: the rig finding is a warning).
    if (m_options.profile == ValidationProfile::Game) {
        if (!gate.headerCorrupted)
            checkGameRig(file, sink, m_options.gameEra);
        checkGameReader(file, sink, m_options.gameEra);
    } else if (const GameReaderVerdict verdict = GameReader::forFile(file).read(file); !verdict.loads) {
        // Informational: whether the game of the file's own version would load it.
        sink.report(GAME_READER_REFUSES, verdict.offset, DiagnosticLocation::region(QStringLiteral("file")),
                    QStringLiteral("the game's %1 reader stops at its check %2 with \"%3\"")
                        .arg(fmt::dialectName(GameReader::forFile(file).dialect()))
                        .arg(verdict.check)
                        .arg(verdict.message));
    }
    if (m_options.deep && !gate.headerCorrupted)
        DeepChecker(file, m_options, sink).run();
    return sink.take();
}

void Validator::checkHeader(const BpatFile &file, DiagnosticSink &sink) const
{
    const BpatHeader &h = file.header();
    if (h.version == 0) {
        sink.report(OLD_VERSION, fmt::header::Version, DiagnosticLocation::header(QStringLiteral("version")),
                    QStringLiteral("version is 0, expected 1, 2 or 3"));
    }
    if (!Species::isKnown(h.speciesId)) {
        sink.report(UNKNOWN_SPECIES, fmt::header::SpeciesId, DiagnosticLocation::header(QStringLiteral("species_id")),
                    QStringLiteral("species_id is %1, expected %2 (v1) or %3 (later builds)")
                        .arg(h.speciesId)
                        .arg(Species::idRange(true), Species::idRange(false)));
    } else if (!Species::inFirstV1Reader(h.speciesId) && h.version <= 1) {
        sink.report(SPECIES_NOT_IN_V1, fmt::header::SpeciesId, DiagnosticLocation::header(QStringLiteral("species_id")),
                    QStringLiteral("species_id is %1 (%2), defined after v1; the game's v1 reader accepts %3")
                        .arg(h.speciesId)
                        .arg(Species::nameOf(h.speciesId), Species::idRange(true)));
    }
    if (h.boneCount < fmt::MinBones || h.boneCount > fmt::MaxBones) {
        sink.report(BONE_COUNT_OUT_OF_RANGE, fmt::header::BoneCount, DiagnosticLocation::header(QStringLiteral("bone_count")),
                    QStringLiteral("bone_count is %1, expected 1..64").arg(h.boneCount));
    }
    if (h.clipCount == 0) {
        sink.report(NO_CLIPS, fmt::header::ClipCount, DiagnosticLocation::header(QStringLiteral("clip_count")),
                    QStringLiteral("clip_count is 0, expected at least 1"));
    }
}

void Validator::checkSections(const BpatFile &file, DiagnosticSink &sink) const
{
    const BpatHeader &h = file.header();
    const quint64 size = file.fileSize();
    bool allInside = true;

    const quint64 entrySize = fmt::clipEntrySize(h.version);
    const quint64 clipBytes = quint64(h.clipCount) * entrySize;
    if (!file.clipTableInBounds()) {
        allInside = false;
        sink.report(CLIP_TABLE_OUT_OF_BOUNDS, fmt::header::ClipTableOffset,
                    DiagnosticLocation::header(QStringLiteral("clip_table_offset")),
                    QStringLiteral("clip table (%1 entries * %2 = %3 bytes at offset %4) exceeds the file size %5")
                        .arg(h.clipCount)
                        .arg(entrySize)
                        .arg(clipBytes)
                        .arg(h.clipTableOffset)
                        .arg(size));
    }

    const quint64 socketBytes = quint64(h.socketCount) * fmt::SocketEntrySize;
    if (h.socketCount == 0 && h.socketTableOffset != 0) {
        sink.report(SOCKET_TABLE_OFFSET_NONZERO, fmt::header::SocketTableOffset,
                    DiagnosticLocation::header(QStringLiteral("socket_table_offset")),
                    QStringLiteral("socket_count is 0 but socket_table_offset is %1, expected 0").arg(h.socketTableOffset));
    } else if (!file.socketTableInBounds()) {
        allInside = false;
        sink.report(SOCKET_TABLE_OUT_OF_BOUNDS, fmt::header::SocketTableOffset,
                    DiagnosticLocation::header(QStringLiteral("socket_table_offset")),
                    QStringLiteral("socket table (%1 entries * 32 = %2 bytes at offset %3) exceeds the file size %4")
                        .arg(h.socketCount)
                        .arg(socketBytes)
                        .arg(h.socketTableOffset)
                        .arg(size));
    }

    if (!file.stringTableInBounds()) {
        allInside = false;
        sink.report(STRING_TABLE_OUT_OF_BOUNDS, fmt::header::StringTableOffset,
                    DiagnosticLocation::header(QStringLiteral("string_table_offset")),
                    QStringLiteral("string table (%1 bytes at offset %2) exceeds the file size %3")
                        .arg(h.stringTableSize)
                        .arg(h.stringTableOffset)
                        .arg(size));
    }

    const auto paletteBytes = file.paletteByteSize();
    if (!paletteBytes) {
        // Only with bone_count out of range (64 bones of 2^32 frames are 2^44 bytes), but the
        // product must not wrap: 2^27 frames of 2^31 bones would be "0 bytes" and pass.
        allInside = false;
        sink.report(PALETTE_OUT_OF_BOUNDS, fmt::header::BoneCount, DiagnosticLocation::header(QStringLiteral("bone_count")),
                    QStringLiteral("palette size frame_total %1 * bone_count %2 * 64 bytes overflows 64 bits; "
                                   "expected a palette that fits in the file size %3")
                        .arg(h.frameTotal)
                        .arg(h.boneCount)
                        .arg(size));
    } else if (!file.paletteInBounds()) {
        allInside = false;
        sink.report(
            PALETTE_OUT_OF_BOUNDS, fmt::header::PaletteDataOffset,
            DiagnosticLocation::header(QStringLiteral("palette_data_offset")),
            QStringLiteral("palette (frame_total %1 * bone_count %2 * 64 = %3 bytes at offset %4) exceeds the file size %5")
                .arg(h.frameTotal)
                .arg(h.boneCount)
                .arg(*paletteBytes)
                .arg(h.paletteDataOffset)
                .arg(size));
    }
    if (h.paletteDataOffset % fmt::PaletteAlignment != 0) {
        sink.report(PALETTE_MISALIGNED, fmt::header::PaletteDataOffset,
                    DiagnosticLocation::header(QStringLiteral("palette_data_offset")),
                    QStringLiteral("palette_data_offset %1 is not a multiple of 16").arg(h.paletteDataOffset));
    }

    if (h.socketCount > 0) {
        const auto at = file.socketDataOffset();
        const auto bytes = file.socketDataByteSize();
        if (!bytes) {
            allInside = false;
            sink.report(SOCKET_DATA_OUT_OF_BOUNDS, fmt::header::SocketCount,
                        DiagnosticLocation::header(QStringLiteral("socket_count")),
                        QStringLiteral("socket data size frame_total %1 * socket_count %2 * 48 bytes overflows 64 bits; "
                                       "expected socket data that fits in the file size %3")
                            .arg(h.frameTotal)
                            .arg(h.socketCount)
                            .arg(size));
        } else if (!file.socketDataInBounds()) {
            allInside = false;
            sink.report(
                SOCKET_DATA_OUT_OF_BOUNDS, at, DiagnosticLocation::region(QStringLiteral("socket_data")),
                QStringLiteral(
                    "socket data (frame_total %1 * socket_count %2 * 48 bytes after the palette, at offset %3) exceeds the file size %4")
                    .arg(h.frameTotal)
                    .arg(h.socketCount)
                    .arg(at ? QString::number(*at) : QStringLiteral("beyond 2^64"))
                    .arg(size));
        }
    }

    if (file.hasV3Extension() && !v3BlocksInside(file))
        allInside = false;

    // Overlaps between the sections inside the file, as the layout places them.
    const SectionLayout layout = SectionLayout::of(file);
    for (const auto &[i, j] : layout.overlappingPairs(true)) {
        const LayoutSection &a = layout.placed().at(i);
        const LayoutSection &b = layout.placed().at(j);
        const LayoutSection &later = a.offset >= b.offset ? a : b;
        const LayoutSection &earlier = a.offset >= b.offset ? b : a;
        // The string table is the one section sized by a free header field: when it starts first
        // and runs into the next one, its size is what is wrong, not the next section's offset.
        if (earlier.kind == LayoutSection::Kind::StringTable && earlier.offset < later.offset) {
            sink.report(SECTION_OVERLAP, fmt::header::StringTableSize,
                        DiagnosticLocation::header(QStringLiteral("string_table_size")),
                        QStringLiteral("string_table_size %1 makes the string table [%2, %3) run into %4 [%5, %6); the "
                                       "%7 bytes up to it would hold the table: sections must not share bytes")
                            .arg(h.stringTableSize)
                            .arg(earlier.offset)
                            .arg(earlier.end())
                            .arg(later.name)
                            .arg(later.offset)
                            .arg(later.end())
                            .arg(later.offset - earlier.offset));
            continue;
        }
        sink.report(SECTION_OVERLAP, later.offset, later.placedBy,
                    QStringLiteral("%1 [%2, %3) overlaps %4 [%5, %6); sections must not share bytes")
                        .arg(a.name)
                        .arg(a.offset)
                        .arg(a.end())
                        .arg(b.name)
                        .arg(b.offset)
                        .arg(b.end()));
    }

    // The pad between the string table and the palette must be zero (checked up to 64 KiB).
    if (file.stringTableInBounds()) {
        const quint64 padBegin = h.stringTableOffset + h.stringTableSize;
        const quint64 padEnd = qMin(qMin(h.paletteDataOffset, size), padBegin + 65536);
        for (quint64 at = padBegin; at < padEnd; ++at) {
            if (file.data()[at] != 0) {
                sink.report(RESERVED_NONZERO, at,
                            DiagnosticLocation::region(QStringLiteral("string_table"), QStringLiteral("pad")),
                            QStringLiteral("pad byte after the string table is %1, expected 0").arg(hex(file.data()[at])));
                break;
            }
        }
    }

    if (allInside) {
        quint64 end = 0;
        for (const LayoutSection &s : layout.placed()) {
            if (s.size > 0)
                end = qMax(end, s.end());
        }
        if (size > end) {
            sink.report(TRAILING_BYTES, end, DiagnosticLocation::region(QStringLiteral("file")),
                        QStringLiteral("%1 bytes follow the last section (which ends at %2); the file size is %3")
                            .arg(size - end)
                            .arg(end)
                            .arg(size));
        }
    }
}

void Validator::checkClips(const BpatFile &file, DiagnosticSink &sink) const
{
    const BpatHeader &h = file.header();
    if (!file.clipTableInBounds())
        return;
    quint64 runningSum = 0;
    QSet<QString> names;
    for (const BpatClipInfo &c : file.clips()) {
        const DiagnosticLocation at = DiagnosticLocation::clipEntry(c.index);
        const quint64 e = c.entryOffset;
        checkEntryName(file, sink, at, c, QStringLiteral("clip"), DUPLICATE_CLIP_NAME, &names);
        if (c.frameCount == 0) {
            sink.report(CLIP_EMPTY, e + fmt::clip::FrameCount, at.with(QStringLiteral("frame_count")),
                        QStringLiteral("frame_count is 0, expected at least 1"));
        }
        const quint64 end = quint64(c.frameOffset) + c.frameCount;
        if (end > h.frameTotal) {
            sink.report(CLIP_OUT_OF_RANGE, e + fmt::clip::FrameOffset, at.with(QStringLiteral("frame_offset")),
                        QStringLiteral("frame_offset %1 + frame_count %2 = %3 exceeds frame_total %4")
                            .arg(c.frameOffset)
                            .arg(c.frameCount)
                            .arg(end)
                            .arg(h.frameTotal));
        }
        if (c.frameOffset != runningSum) {
            sink.report(CLIP_NOT_CONTIGUOUS, e + fmt::clip::FrameOffset, at.with(QStringLiteral("frame_offset")),
                        QStringLiteral("frame_offset is %1, expected %2 (the sum of the earlier clips' frame counts)")
                            .arg(c.frameOffset)
                            .arg(runningSum));
        }
        runningSum += c.frameCount;
        if (!std::isfinite(c.fps) || c.fps <= 0.0f) {
            sink.report(BAD_FPS, e + fmt::clip::Fps, at.with(QStringLiteral("fps")),
                        QStringLiteral("fps is %1, expected a finite number > 0").arg(double(c.fps)));
        }
        if (c.loopsByte > 1) {
            sink.report(BAD_LOOPS_FLAG, e + fmt::clip::Loops, at.with(QStringLiteral("loops")),
                        QStringLiteral("loops is %1, expected 0 (one-shot) or 1 (loops)").arg(c.loopsByte));
        }
        // v3 clip entries have one pad byte (23) and a reserved u16: checkClipExtras.
        for (int k = 0; k < (c.hasV3Fields ? 0 : 3); ++k) {
            if (c.pad[k] != 0) {
                sink.report(RESERVED_NONZERO, e + fmt::clip::Pad + k, at.with(QStringLiteral("pad[%1]").arg(k)),
                            QStringLiteral("pad byte is %1, expected 0").arg(hex(c.pad[k])));
            }
        }
        for (int k = 0; k < (c.hasMarkers ? 0 : 2); ++k) {
            if (c.reserved[k] != 0) {
                sink.report(RESERVED_NONZERO, e + fmt::clip::Reserved + 4 * k, at.with(QStringLiteral("reserved[%1]").arg(k)),
                            QStringLiteral("reserved word is %1, expected 0").arg(hex(c.reserved[k])));
            }
        }
    }
    if (runningSum != h.frameTotal) {
        sink.report(FRAME_TOTAL_MISMATCH, fmt::header::FrameTotal, DiagnosticLocation::header(QStringLiteral("frame_total")),
                    QStringLiteral("frame_total is %1, expected %2 (the sum of the clips' frame counts)")
                        .arg(h.frameTotal)
                        .arg(runningSum));
    }
}

void Validator::checkSockets(const BpatFile &file, DiagnosticSink &sink) const
{
    const BpatHeader &h = file.header();
    QSet<QString> names;
    for (const BpatSocketInfo &s : file.sockets()) {
        const DiagnosticLocation at = DiagnosticLocation::socketEntry(s.index);
        const quint64 e = s.entryOffset;
        checkEntryName(file, sink, at, s, QStringLiteral("socket"), DUPLICATE_SOCKET_NAME, &names);
        if (s.anchorBone >= h.boneCount) {
            sink.report(SOCKET_ANCHOR_OUT_OF_RANGE, e + fmt::socket::AnchorBone, at.with(QStringLiteral("anchor_bone")),
                        QStringLiteral("anchor_bone is %1, expected < bone_count %2").arg(s.anchorBone).arg(h.boneCount));
        }
        const QVector3D &o = s.localOffset;
        if (!std::isfinite(o.x()) || !std::isfinite(o.y()) || !std::isfinite(o.z())) {
            sink.report(NON_FINITE, e + fmt::socket::LocalOffset, at.with(QStringLiteral("local_offset")),
                        QStringLiteral("local_offset is (%1, %2, %3), expected finite numbers")
                            .arg(double(o.x()))
                            .arg(double(o.y()))
                            .arg(double(o.z())));
        }
        for (int k = 0; k < 2; ++k) {
            if (s.reserved[k] != 0) {
                sink.report(RESERVED_NONZERO, e + fmt::socket::Reserved + 4 * k, at.with(QStringLiteral("reserved[%1]").arg(k)),
                            QStringLiteral("reserved word is %1, expected 0").arg(hex(s.reserved[k])));
            }
        }
    }
}

} // namespace bpat

#include "diagnostics/ValidationCodes.h"

#include <QHash>

namespace bpat {

QString profileName(ValidationProfile profile)
{
    switch (profile) {
    case ValidationProfile::Game: return QStringLiteral("game");
    case ValidationProfile::Motion: return QStringLiteral("motion");
    case ValidationProfile::Spec: break;
    }
    return QStringLiteral("spec");
}

std::optional<ValidationProfile> profileFromName(const QString &name)
{
    if (name == QLatin1String("spec"))
        return ValidationProfile::Spec;
    if (name == QLatin1String("game"))
        return ValidationProfile::Game;
    if (name == QLatin1String("motion"))
        return ValidationProfile::Motion;
    return std::nullopt;
}

namespace {

constexpr Severity E = Severity::Error;
constexpr Severity W = Severity::Warning;
constexpr Severity I = Severity::Info;

QList<CodeInfo> makeCodes()
{
    using namespace codes;
    auto c = [](const QString &code, Severity spec, Severity game, const char *text, bool deep = false) {
        return CodeInfo{code, spec, game, deep, QString::fromUtf8(text)};
    };
    return {
        c(IO_ERROR, E, E,
          "The file cannot be opened or mapped (missing, not a regular file: a directory, FIFO or device, empty, unreadable)."),
        c(FILE_CHANGED, E, E,
          "The file shrank while it was being validated (read through a mapping, the lost pages read as zeros): the other findings are unreliable; validate it again."),
        c(FILE_NAME_NOT_UTF8, E, E,
          "The file's name is not valid UTF-8 (reported as \\xNN bytes): the file is still validated, but tools that assume UTF-8 names (Qt, the game's asset lists) cannot name it."),
        c(FILE_TOO_SMALL, E, E, "The file is shorter than the 64-byte header."),
        c(BAD_MAGIC, E, E, "The first four bytes are not `BPAT`."),
        c(UNSUPPORTED_VERSION, E, E,
          "`version` is greater than 3 (no game build wrote it); readers must refuse it. Nothing further is checked."),
        c(OLD_VERSION, W, E, "`version` is 0: the draft says to warn on versions below 1; the game required exactly 1."),
        c(UNKNOWN_SPECIES, E, E, "`species_id` is greater than 9: no game build defined it."),
        c(SPECIES_NOT_IN_V1, W, E,
          "A version-1 file has `species_id` 4..9: defined by later game builds; the game's v1 reader accepted 0..3 only (v2 and v3 readers accept 0..9)."),
        c(BONE_COUNT_OUT_OF_RANGE, E, E, "`bone_count` is not in 1..64."),
        c(NO_CLIPS, E, E, "`clip_count` is 0."),
        c(CLIP_TABLE_OUT_OF_BOUNDS, E, E,
          "The clip table (`clip_count` entries of 32 (v1), 44 (v2) or 48 (v3) bytes at `clip_table_offset`) does not fit in the file."),
        c(SOCKET_TABLE_OUT_OF_BOUNDS, E, E,
          "The socket table (`socket_count` entries of 32 bytes at `socket_table_offset`) does not fit in the file."),
        c(STRING_TABLE_OUT_OF_BOUNDS, E, E,
          "The string table (`string_table_size` bytes at `string_table_offset`) does not fit in the file."),
        c(PALETTE_OUT_OF_BOUNDS, E, E,
          "The palette (`frame_total * bone_count * 64` bytes at `palette_data_offset`) does not fit in the file, or its size overflows 64 bits."),
        c(SOCKET_DATA_OUT_OF_BOUNDS, E, E,
          "With sockets, the socket data (`frame_total * socket_count * 48` bytes after the palette) does not fit in the file, or its size or offset overflows 64 bits."),
        c(SECTION_OVERLAP, E, W,
          "Two sections (header, v3 extension, clip table, socket table, string table, palette, socket data, contact table, bind palette, bone parents) share bytes. The game did not check overlap."),
        c(SOCKET_TABLE_OFFSET_NONZERO, W, I,
          "`socket_count` is 0 but `socket_table_offset` is not 0 (the format says 0 when there are no sockets)."),
        c(CLIP_EMPTY, E, E, "A clip's `frame_count` is 0."),
        c(CLIP_OUT_OF_RANGE, E, E, "A clip's `frame_offset + frame_count` exceeds `frame_total`."),
        c(FRAME_TOTAL_MISMATCH, E, E, "`frame_total` differs from the sum of the clips' `frame_count`."),
        c(CLIP_NOT_CONTIGUOUS, W, E,
          "A clip's `frame_offset` differs from the running sum of the earlier clips' frame counts. The game's reader required contiguous clips in table order."),
        c(NAME_OUT_OF_STRING_TABLE, E, E,
          "A clip or socket name does not fit in the string table (`name_offset + name_length + 1 > string_table_size`, or the table itself is outside the file)."),
        c(NAME_NOT_TERMINATED, E, E, "The byte after a clip or socket name is not NUL."),
        c(SOCKET_ANCHOR_OUT_OF_RANGE, E, E, "A socket's `anchor_bone` is not less than `bone_count`."),
        c(RESERVED_NONZERO, E, W,
          "A reserved or pad byte is not zero (clip pad and reserved words, v3 clip pad byte and reserved u16, v3 `reserved0`, socket reserved words, the pad between string table and palette). The game did not check them."),
        c(BAD_FPS, E, W, "A clip's `fps` is not finite or not greater than 0. The game did not check fps."),
        c(BAD_LOOPS_FLAG, W, W, "A clip's `loops` byte is neither 0 nor 1 (readers treat non-zero as looping)."),
        c(NAME_NOT_UTF8, W, W, "A clip or socket name is not valid UTF-8."),
        c(NAME_CONTROL_CHARACTER, E, W,
          "A clip or socket name holds a control character (a newline, a tab, DEL, C1, U+2028/9): the game's names are identifiers, so no writer writes one; reports print it as \\xNN. The game did not check names."),
        c(DUPLICATE_CLIP_NAME, W, W, "Two clips share a name; lookups by name find the first. The game accepted it."),
        c(DUPLICATE_SOCKET_NAME, W, W, "Two sockets share a name; lookups by name find the first."),
        c(PALETTE_MISALIGNED, W, W, "`palette_data_offset` is not a multiple of 16."),
        c(TRAILING_BYTES, W, W, "Bytes follow the last section (the game's writer writes none)."),
        c(NON_FINITE, E, E,
          "A palette matrix or socket row holds NaN or infinity (deep check), or a socket's `local_offset` does (always checked)."),
        c(NON_AFFINE, W, W,
          "A palette matrix's row 3 (floats 12..15) is not `0 0 0 1`; in late v3, a skinning matrix's floats 3, 7, 11, 15 are not `0 0 0 1` or its global matrix (skin x bind) is not affine (deep check).",
          true),
        c(COLUMN_MAJOR_SUSPECTED, W, W,
          "Palette matrices hold their translation in floats 12..14 with floats 3, 7, 11 zero: they look column-major, but v1 stores rows (deep check; reported once per file with the count).",
          true),
        c(DEGENERATE_MATRIX, W, W,
          "The determinant of a palette matrix's upper 3x3 (late v3: of the global matrix skin x bind) is tiny (|det| < 1e-12): the bone is collapsed (deep check).",
          true),
        c(SOCKET_DATA_MISMATCH, W, W,
          "Stored socket rows differ from rows 0..2 of `global[anchor_bone] * translate(local_offset)` by more than 1e-4 * max(1, |expected|) in some float (deep check; reported once per socket with the count and the largest difference; late v3 uses the global matrix skin x bind).",
          true),
        c(HEADER_CORRUPTED, E, E,
          "The header's counts cannot describe this file: `clip_count`, `socket_count`, `bone_count` and `frame_total` call for more bytes than the file has, and the counts themselves are impossible (bone count outside 1..64, unknown species, a clip table outside the file or over other sections; a file merely cut short gets `PALETTE_OUT_OF_BOUNDS` instead). Reported first, as the root cause (a one-line verdict naming the counts and the file size); the deep checks are then skipped."),
        c(RIG_BONE_COUNT_MISMATCH, I, W,
          "`bone_count` differs from every rig the game of the chosen era had for the species (`--game-era`; the current game by default: humanoid 20, horse 50, elephant 32, sheep and wolf 21; see docs/validation.md): the game would load the file into a rig it does not fit. Checked in the game profile only (rigs are not a format rule)."),
        c(V3_DIALECT, I, I,
          "A version-3 file: which dialect it is (early v3: row-major global palettes; late v3: column-major skinning matrices with a bind palette and bone parents), and how that was decided."),
        c(GAME_READER_REFUSES, I, E,
          "The game's reader stops at this check with the message quoted (its exact text); the other findings name the rule. In the game profile the reader is the chosen era's (the current game's, late v3, by default; a version it refuses is GAME_VERSION_REFUSED); in the spec profile, informational, the reader of the file's own version."),
        c(V3_EXTENSION_TRUNCATED, E, E, "A version-3 file is shorter than 96 bytes (header plus the 32-byte v3 extension)."),
        c(CONTACT_COUNT_MISMATCH, E, E,
          "v3: `contact_entry_count` is neither 0 nor `frame_total` (one contact record per frame)."),
        c(CONTACT_TABLE_OUT_OF_BOUNDS, E, E,
          "v3: the contact table (`contact_entry_count` records of 8 bytes at `contact_data_offset`) does not fit in the file."),
        c(CONTACT_OFFSET_ZERO, E, W,
          "v3: `contact_entry_count` is not 0 but `contact_data_offset` is 0 (the records would be read from the header). The game did not check it."),
        c(BIND_PALETTE_OUT_OF_BOUNDS, E, E,
          "Late v3: the bind palette (`bone_count` matrices of 64 bytes at `bind_palette_offset`) does not fit in the file."),
        c(BONE_PARENT_TABLE_OUT_OF_BOUNDS, E, E,
          "Late v3: the bone parent table (`bone_count` bytes at `bone_parent_offset`) does not fit in the file."),
        c(BONE_PARENT_ORDER, E, E,
          "Late v3: a bone's parent is neither 0xFF (root) nor smaller than the bone's own index (parents must precede their children)."),
        c(DIALECT_MISMATCH, E, W,
          "v3: the bind palette and bone parent offsets disagree about the dialect (one is 0, the other not): a late-v3 file has both, an early-v3 file neither. The game did not check it."),
        c(BIND_MATRIX_INVALID, E, W,
          "Late v3: a bind matrix is not finite, not affine in column-major order (floats 3, 7, 11, 15 = `0 0 0 1`), or not invertible (|det| of the upper 3x3 < 1e-12). The game did not check it."),
        c(MARKER_OUT_OF_RANGE, E, W,
          "v2/v3: a clip marker is neither -1 (unset) nor a phase in [0, 1]. The game did not check markers."),
        c(UNKNOWN_CLIP_FLAGS, W, I, "v3: a clip's `flags` has bits other than bit 0 (`supplies_ground_contact`) set."),
        c(VARIANT_FAMILY_OUT_OF_RANGE, E, W,
          "v3: a clip's `variant_family` is not the index of a clip of the file. The game did not check it."),
        c(VARIANT_BASE_ORDINAL, E, W,
          "v3: the base clip of a variant family (the clip `variant_family` points at) does not have `variant_ordinal` 0. The game did not check it."),
        c(VARIANT_NOT_CONTIGUOUS, W, I,
          "v3: a variant with ordinal k is not the clip k places after its family's base (the baker writes families contiguously)."),
        c(ROW_MAJOR_SUSPECTED, W, W,
          "Late v3: skinning matrices hold their translation in floats 3, 7, 11 with floats 12..14 zero: they look row-major, but late v3 stores columns (deep check; reported once per file with the count).",
          true),
        c(GAME_VERSION_REFUSED, I, E,
          "The game of the chosen era (`--game-era`; by default the current game, whose reader at 4c0caf75 accepts late v3 only) refuses the file's version (\"unsupported version\"). The message names the fix: `bpat convert --to-version 3` for the current game. Checked in the game profile only."),
        c(GAME_DIALECT_MISREAD, I, E,
          "A version-3 file in the dialect the chosen era's reader does not read as meant: the current game loads an early-v3 file but reads every matrix transposed (with no bind palette, no bone pose); the early-v3 reader reads a late-v3 file's skinning matrices as globals. The message names the fix (`bpat convert --to-version 3`). Checked in the game profile only."),
    };
}

} // namespace

const QList<CodeInfo> &ValidationCodes::all()
{
    static const QList<CodeInfo> list = makeCodes();
    return list;
}

const CodeInfo *ValidationCodes::find(const QString &code)
{
    static const QHash<QString, qsizetype> index = [] {
        QHash<QString, qsizetype> h;
        for (qsizetype i = 0; i < all().size(); ++i)
            h.insert(all().at(i).code, i);
        return h;
    }();
    const auto it = index.constFind(code);
    return it == index.constEnd() ? nullptr : &all().at(*it);
}

Severity ValidationCodes::severity(const QString &code, ValidationProfile profile)
{
    const CodeInfo *info = find(code);
    return info ? info->severity(profile) : Severity::Error;
}

} // namespace bpat

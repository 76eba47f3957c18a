#pragma once
// The stable catalogue of validation codes: each code's severity in the `spec` and `game`
// profiles and what it means. docs/validation.md mirrors this table (a test keeps them in step).
#include "diagnostics/Diagnostic.h"

#include <QList>
#include <QString>
#include <optional>

namespace bpat {

enum class ValidationProfile {
    Spec,   // the format documents' rules (the May overview over the April draft: species 0..3)
    Game,   // exactly what the game's reader of the file's version accepted: errors only where it refused
    Motion, // the motion lint (docs/validation.md, "Motion codes"), after the spec profile's structure
};

QString profileName(ValidationProfile profile); // "spec", "game", "motion"
std::optional<ValidationProfile> profileFromName(const QString &name);

struct CodeInfo
{
    QString code;
    Severity specSeverity = Severity::Error;
    Severity gameSeverity = Severity::Error;
    bool deep = false; // produced only by deep checks (--deep)
    QString description;

    Severity severity(ValidationProfile profile) const
    {
        return profile == ValidationProfile::Game ? gameSeverity : specSeverity;
    }
};

class ValidationCodes
{
public:
    static const QList<CodeInfo> &all();
    static const CodeInfo *find(const QString &code); // nullptr for an unknown code
    // Severity of a code in a profile; Error for an unknown code.
    static Severity severity(const QString &code, ValidationProfile profile);
};

// The codes, as constants so call sites cannot misspell them.
namespace codes {
#define BPAT_CODE(name) inline const QString name = QStringLiteral(#name)
BPAT_CODE(IO_ERROR);
BPAT_CODE(FILE_CHANGED);
BPAT_CODE(FILE_NAME_NOT_UTF8);
BPAT_CODE(FILE_TOO_SMALL);
BPAT_CODE(BAD_MAGIC);
BPAT_CODE(UNSUPPORTED_VERSION);
BPAT_CODE(OLD_VERSION);
BPAT_CODE(UNKNOWN_SPECIES);
BPAT_CODE(SPECIES_NOT_IN_V1);
BPAT_CODE(BONE_COUNT_OUT_OF_RANGE);
BPAT_CODE(NO_CLIPS);
BPAT_CODE(CLIP_TABLE_OUT_OF_BOUNDS);
BPAT_CODE(SOCKET_TABLE_OUT_OF_BOUNDS);
BPAT_CODE(STRING_TABLE_OUT_OF_BOUNDS);
BPAT_CODE(PALETTE_OUT_OF_BOUNDS);
BPAT_CODE(SOCKET_DATA_OUT_OF_BOUNDS);
BPAT_CODE(SECTION_OVERLAP);
BPAT_CODE(SOCKET_TABLE_OFFSET_NONZERO);
BPAT_CODE(CLIP_EMPTY);
BPAT_CODE(CLIP_OUT_OF_RANGE);
BPAT_CODE(FRAME_TOTAL_MISMATCH);
BPAT_CODE(CLIP_NOT_CONTIGUOUS);
BPAT_CODE(NAME_OUT_OF_STRING_TABLE);
BPAT_CODE(NAME_NOT_TERMINATED);
BPAT_CODE(SOCKET_ANCHOR_OUT_OF_RANGE);
BPAT_CODE(RESERVED_NONZERO);
BPAT_CODE(BAD_FPS);
BPAT_CODE(BAD_LOOPS_FLAG);
BPAT_CODE(NAME_NOT_UTF8);
BPAT_CODE(NAME_CONTROL_CHARACTER);
BPAT_CODE(DUPLICATE_CLIP_NAME);
BPAT_CODE(DUPLICATE_SOCKET_NAME);
BPAT_CODE(PALETTE_MISALIGNED);
BPAT_CODE(TRAILING_BYTES);
BPAT_CODE(NON_FINITE);
BPAT_CODE(NON_AFFINE);
BPAT_CODE(COLUMN_MAJOR_SUSPECTED);
BPAT_CODE(DEGENERATE_MATRIX);
BPAT_CODE(SOCKET_DATA_MISMATCH);
BPAT_CODE(HEADER_CORRUPTED);
BPAT_CODE(RIG_BONE_COUNT_MISMATCH);
// v2 / v3
BPAT_CODE(V3_DIALECT);
BPAT_CODE(GAME_READER_REFUSES);
BPAT_CODE(V3_EXTENSION_TRUNCATED);
BPAT_CODE(CONTACT_COUNT_MISMATCH);
BPAT_CODE(CONTACT_TABLE_OUT_OF_BOUNDS);
BPAT_CODE(CONTACT_OFFSET_ZERO);
BPAT_CODE(BIND_PALETTE_OUT_OF_BOUNDS);
BPAT_CODE(BONE_PARENT_TABLE_OUT_OF_BOUNDS);
BPAT_CODE(BONE_PARENT_ORDER);
BPAT_CODE(DIALECT_MISMATCH);
BPAT_CODE(BIND_MATRIX_INVALID);
BPAT_CODE(MARKER_OUT_OF_RANGE);
BPAT_CODE(UNKNOWN_CLIP_FLAGS);
BPAT_CODE(VARIANT_FAMILY_OUT_OF_RANGE);
BPAT_CODE(VARIANT_BASE_ORDINAL);
BPAT_CODE(VARIANT_NOT_CONTIGUOUS);
BPAT_CODE(ROW_MAJOR_SUSPECTED);
// the game profile's era (bpat/GameEra.h)
BPAT_CODE(GAME_VERSION_REFUSED);
BPAT_CODE(GAME_DIALECT_MISREAD);
#undef BPAT_CODE
} // namespace codes

} // namespace bpat

#pragma once
// The stable codes of DocumentEditor's refusals (`bpat edit`, `bpat merge`, the window's edits,
// the Python module's bpat.Document), like the validator's: every refusal reads "CODE: message"
// (EDIT_DUPLICATE_CLIP_NAME: a clip named 'walk' already exists ...). docs/validation.md ("Edit
// refusal codes") mirrors this table (tst_DocumentEditor keeps them in step).
#include <QList>
#include <QString>

namespace bpat {

struct EditCodeInfo
{
    QString code;
    QString description;
};

namespace EditCodes {

#define BPAT_EDIT_CODE(name) inline const QString name = QStringLiteral(#name)
BPAT_EDIT_CODE(EDIT_NO_SUCH_CLIP);
BPAT_EDIT_CODE(EDIT_NO_SUCH_SOCKET);
BPAT_EDIT_CODE(EDIT_EMPTY_NAME);
BPAT_EDIT_CODE(EDIT_NAME_HAS_NUL);
BPAT_EDIT_CODE(EDIT_NAME_CONTROL_CHARACTER);
BPAT_EDIT_CODE(EDIT_DUPLICATE_CLIP_NAME);
BPAT_EDIT_CODE(EDIT_DUPLICATE_SOCKET_NAME);
BPAT_EDIT_CODE(EDIT_BAD_FPS);
BPAT_EDIT_CODE(EDIT_NO_MARKERS);
BPAT_EDIT_CODE(EDIT_NO_SUCH_MARKER);
BPAT_EDIT_CODE(EDIT_BAD_MARKER_PHASE);
BPAT_EDIT_CODE(EDIT_LAST_CLIP);
BPAT_EDIT_CODE(EDIT_BAD_FRAME_RANGE);
BPAT_EDIT_CODE(EDIT_ANCHOR_OUT_OF_RANGE);
BPAT_EDIT_CODE(EDIT_BAD_SOCKET_OFFSET);
BPAT_EDIT_CODE(EDIT_TOO_MANY_FRAMES);
BPAT_EDIT_CODE(EDIT_DOCUMENT_REFUSED);
BPAT_EDIT_CODE(SPECIES_MISMATCH);
BPAT_EDIT_CODE(BONE_COUNT_MISMATCH);
#undef BPAT_EDIT_CODE

const QList<EditCodeInfo> &all();
// The code a refusal starts with ("EDIT_BAD_FPS: fps must be ..." -> "EDIT_BAD_FPS"); empty when
// it starts with none of all()'s.
QString codeOf(const QString &refusal);
// `message` as a refusal of `code`: "CODE: message".
QString refusal(const QString &code, const QString &message);

} // namespace EditCodes

} // namespace bpat

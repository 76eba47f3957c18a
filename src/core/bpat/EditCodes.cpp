#include "bpat/EditCodes.h"

namespace bpat::EditCodes {

const QList<EditCodeInfo> &all()
{
    static const QList<EditCodeInfo> codes{
        {EDIT_NO_SUCH_CLIP, QStringLiteral("no clip at that index (or, importing, the source has no such clip)")},
        {EDIT_NO_SUCH_SOCKET, QStringLiteral("no socket at that index")},
        {EDIT_EMPTY_NAME, QStringLiteral("a clip or socket name is empty")},
        {EDIT_NAME_HAS_NUL, QStringLiteral("a clip or socket name holds a NUL character (the string table ends names with one)")},
        {EDIT_NAME_CONTROL_CHARACTER,
         QStringLiteral("a clip or socket name holds a newline, a tab or another control character (names are identifiers)")},
        {EDIT_DUPLICATE_CLIP_NAME, QStringLiteral("another clip has that name; clip names must be unique")},
        {EDIT_DUPLICATE_SOCKET_NAME, QStringLiteral("another socket has that name")},
        {EDIT_BAD_FPS, QStringLiteral("a frame rate that is not a finite number above 0")},
        {EDIT_NO_MARKERS, QStringLiteral("a marker edit of a v1 file, which has no markers (convert it to v2 or v3 first)")},
        {EDIT_NO_SUCH_MARKER, QStringLiteral("a marker other than the five of v2 and v3")},
        {EDIT_BAD_MARKER_PHASE, QStringLiteral("a marker phase outside [0, 1] (-1 clears a marker)")},
        {EDIT_LAST_CLIP, QStringLiteral("removing the only clip: a BPAT file needs at least one")},
        {EDIT_BAD_FRAME_RANGE,
         QStringLiteral("a trim range not inside the clip, or a split frame that leaves a part without frames")},
        {EDIT_ANCHOR_OUT_OF_RANGE, QStringLiteral("a socket's anchor bone that is not a bone of the rig")},
        {EDIT_BAD_SOCKET_OFFSET, QStringLiteral("a socket offset that is not finite")},
        {EDIT_TOO_MANY_FRAMES, QStringLiteral("imported clips would make more than 2^32-1 frames")},
        {EDIT_DOCUMENT_REFUSED,
         QStringLiteral("the document refused the result (a clip's palette or a socket's anchor that does not fit the rig)")},
        {SPECIES_MISMATCH,
         QStringLiteral("importing or merging clips of another species (they would play on the wrong creature); "
                        "`bpat merge --allow-other-species` merges anyway")},
        {BONE_COUNT_MISMATCH, QStringLiteral("importing or merging clips of a rig with another bone count")},
    };
    return codes;
}

QString codeOf(const QString &refusal)
{
    const qsizetype colon = refusal.indexOf(QStringLiteral(": "));
    if (colon <= 0)
        return {};
    QString code = refusal.left(colon);
    for (const EditCodeInfo &c : all()) {
        if (c.code == code)
            return code;
    }
    return {};
}

QString refusal(const QString &code, const QString &message)
{
    return code + QStringLiteral(": ") + message;
}

} // namespace bpat::EditCodes

#pragma once
// Where a validation issue points, parsed from its location path so a double-click can jump
// there: "header.bone_count" (a header field), "clips[3].name_offset" (a clip),
// "sockets[1].anchor_bone" (a socket), "palette[clip=walk,frame=7,bone=12]" and
// "socket_data[clip=walk,frame=7,socket=2]" (a frame of a clip, and the bone or socket in it).
// Anything else (e.g. "string_table", "file") is a Section: shown in the Layout panel.
#include <QString>

namespace bpat {
class BpatFile;
}

namespace bpat::studio {

struct IssueLocation
{
    enum class Kind { None, Header, Clip, Socket, Frame, Section };
    Kind kind = Kind::None;
    QString field;       // header field, clip/socket field, or section name
    int index = -1;      // clip or socket index for Clip / Socket
    QString clip;        // clip name or index for Frame
    int frame = -1;
    int bone = -1;
    int socket = -1;

    static IssueLocation parse(const QString &location);
    // The clip index a Frame location names in this file (by name, then by index), -1 if none.
    int resolveClip(const BpatFile &file) const;
};

} // namespace bpat::studio

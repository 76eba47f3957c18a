#pragma once
// Where a finding points, as fields rather than text, so that a viewer can jump to the cause
// without parsing: a header field, a clip or socket table entry, a frame of a clip with the bone
// or socket in it, or a region of the file. toString() gives the location path the reports print
// ("header.bone_count", "clips[3].name_offset", "palette[clip=walk,frame=7,bone=12]"), which is
// also what the JSON output's "location" holds; nothing reads that text back.
//
// A location built from a QString is Kind::Text: a free-form path shown as is (recipe and
// manifest keys such as "bones[1].parent", recording curves such as "LeftHand/IndexTip.keys[3]").
// Findings whose place a viewer can show use the named constructors below.
#include <QString>

namespace bpat {

struct DiagnosticLocation
{
    enum class Kind {
        None,        // nowhere in particular (toString() is empty)
        Text,        // a free-form path: text
        Header,      // header.<field> ("header" alone when field is empty)
        Clip,        // clips[<index>].<field>
        Socket,      // sockets[<index>].<field>
        Palette,     // palette[clip=<clip>,frame=<frame>,bone=<bone>]
        SocketData,  // socket_data[clip=<clip>,frame=<frame>,socket=<socketName>]
        Section,     // <section>[.<field>]: a region of the file ("file", "string_table.pad")
        Extension,   // ext.<field>: the v3 header extension ("ext" alone when field is empty)
        BoneParent,  // bone_parents[<bone>]: an entry of the late-v3 bone parent table
        BindPalette, // bind_palette[bone=<bone>]: a matrix of the late-v3 bind palette
        Contact,     // contacts[clip=<clip>,frame=<frame>]: a record of the v3 contact table
    };

    Kind kind = Kind::None;
    QString text;       // Text: the path as given
    QString section;    // Section: the region ("file", "string_table", "socket_data", "EOF")
    QString field;      // Header/Clip/Socket/Section/Extension: the field inside ("name_offset", "pad[2]")
    int index = -1;     // Clip/Socket: the table index
    QString clipName;   // Palette/SocketData/Contact: the clip as written ("walk", or "#3" when unnamed)
    int clip = -1;      // Palette/SocketData/Contact: the clip's index; -1 with frame counted over the file
    int frame = -1;     // Palette/SocketData/Contact: the frame in the clip (or in the file when clip < 0)
    int bone = -1;      // Palette/BoneParent/BindPalette: the bone
    int socket = -1;    // SocketData: the socket's index
    QString socketName; // SocketData: the socket as written
    // Palette/SocketData/Contact, a finding over a run of frames (the motion lint's): `frame` is
    // the first frame beyond the tolerance and worstFrame the frame of the worst value; -1 for
    // findings of one frame. Not part of toString(): the path names the first.
    int worstFrame = -1;

    DiagnosticLocation() = default;
    // A free-form path (Kind::Text; empty text is Kind::None). Implicit, so that findings can
    // still be reported with a location string.
    DiagnosticLocation(const QString &path); // NOLINT(google-explicit-constructor)

    static DiagnosticLocation header(const QString &field = QString());
    static DiagnosticLocation clipEntry(int index, const QString &field = QString());
    static DiagnosticLocation socketEntry(int index, const QString &field = QString());
    // clip < 0: no clip holds the frame, which is then counted over the whole file.
    static DiagnosticLocation palette(int clip, const QString &clipName, int frame, int bone);
    static DiagnosticLocation socketData(int clip, const QString &clipName, int frame, int socket, const QString &socketName);
    static DiagnosticLocation region(const QString &section, const QString &field = QString());
    // The v3 header extension (bytes 64..95): extension("contact_data_offset").
    static DiagnosticLocation extension(const QString &field = QString());
    static DiagnosticLocation boneParent(int bone);
    static DiagnosticLocation bindPalette(int bone);
    // clip < 0: no clip holds the frame, which is then counted over the whole file.
    static DiagnosticLocation contact(int clip, const QString &clipName, int frame);

    // The same entry with a field below it: clipEntry(3).with("fps") is "clips[3].fps".
    DiagnosticLocation with(const QString &subField) const;
    // The same location with the worst frame of a run set (see worstFrame).
    DiagnosticLocation withWorstFrame(int worst) const;

    QString toString() const;
    bool isEmpty() const { return kind == Kind::None; }
    bool operator==(const DiagnosticLocation &other) const = default;
    // Against a location path: the same text (what `d.location == "header.magic"` always meant).
    bool operator==(const QString &path) const { return toString() == path; }
};

} // namespace bpat

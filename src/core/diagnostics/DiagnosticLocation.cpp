#include "diagnostics/DiagnosticLocation.h"

namespace bpat {

DiagnosticLocation::DiagnosticLocation(const QString &path)
    : kind(path.isEmpty() ? Kind::None : Kind::Text)
    , text(path)
{
}

DiagnosticLocation DiagnosticLocation::header(const QString &field)
{
    DiagnosticLocation l;
    l.kind = Kind::Header;
    l.field = field;
    return l;
}

DiagnosticLocation DiagnosticLocation::clipEntry(int index, const QString &field)
{
    DiagnosticLocation l;
    l.kind = Kind::Clip;
    l.index = index;
    l.field = field;
    return l;
}

DiagnosticLocation DiagnosticLocation::socketEntry(int index, const QString &field)
{
    DiagnosticLocation l = clipEntry(index, field);
    l.kind = Kind::Socket;
    return l;
}

DiagnosticLocation DiagnosticLocation::palette(int clip, const QString &clipName, int frame, int bone)
{
    DiagnosticLocation l;
    l.kind = Kind::Palette;
    l.clip = clip;
    l.clipName = clipName;
    l.frame = frame;
    l.bone = bone;
    return l;
}

DiagnosticLocation DiagnosticLocation::socketData(int clip, const QString &clipName, int frame, int socket,
                                                  const QString &socketName)
{
    DiagnosticLocation l = palette(clip, clipName, frame, -1);
    l.kind = Kind::SocketData;
    l.socket = socket;
    l.socketName = socketName;
    return l;
}

DiagnosticLocation DiagnosticLocation::region(const QString &section, const QString &field)
{
    DiagnosticLocation l;
    l.kind = Kind::Section;
    l.section = section;
    l.field = field;
    return l;
}

DiagnosticLocation DiagnosticLocation::extension(const QString &field)
{
    DiagnosticLocation l;
    l.kind = Kind::Extension;
    l.field = field;
    return l;
}

DiagnosticLocation DiagnosticLocation::boneParent(int bone)
{
    DiagnosticLocation l;
    l.kind = Kind::BoneParent;
    l.bone = bone;
    return l;
}

DiagnosticLocation DiagnosticLocation::bindPalette(int bone)
{
    DiagnosticLocation l = boneParent(bone);
    l.kind = Kind::BindPalette;
    return l;
}

DiagnosticLocation DiagnosticLocation::contact(int clip, const QString &clipName, int frame)
{
    DiagnosticLocation l = palette(clip, clipName, frame, -1);
    l.kind = Kind::Contact;
    return l;
}

DiagnosticLocation DiagnosticLocation::withWorstFrame(int worst) const
{
    DiagnosticLocation l = *this;
    l.worstFrame = worst;
    return l;
}

DiagnosticLocation DiagnosticLocation::with(const QString &subField) const
{
    DiagnosticLocation l = *this;
    if (l.kind == Kind::Text)
        l.text = l.text.isEmpty() ? subField : l.text + QLatin1Char('.') + subField;
    else
        l.field = l.field.isEmpty() ? subField : l.field + QLatin1Char('.') + subField;
    return l;
}

QString DiagnosticLocation::toString() const
{
    const auto dotted = [this](QString base) { return field.isEmpty() ? base : base + QLatin1Char('.') + field; };
    // "clip=walk,frame=7" or "frame=123" (a frame of the file outside every clip).
    const auto frameKey = [this] {
        // One multi-argument arg(): a '%' in a clip name is never taken for a placeholder.
        return clip >= 0 ? QStringLiteral("clip=%1,frame=%2").arg(clipName, QString::number(frame))
                         : QStringLiteral("frame=%1").arg(frame);
    };
    switch (kind) {
    case Kind::None: return QString();
    case Kind::Text: return text;
    case Kind::Header: return dotted(QStringLiteral("header"));
    case Kind::Clip: return dotted(QStringLiteral("clips[%1]").arg(index));
    case Kind::Socket: return dotted(QStringLiteral("sockets[%1]").arg(index));
    case Kind::Palette: return QStringLiteral("palette[%1,bone=%2]").arg(frameKey(), QString::number(bone));
    case Kind::SocketData: return QStringLiteral("socket_data[%1,socket=%2]").arg(frameKey(), socketName);
    case Kind::Section: return dotted(section);
    case Kind::Extension: return dotted(QStringLiteral("ext"));
    case Kind::BoneParent: return QStringLiteral("bone_parents[%1]").arg(bone);
    case Kind::BindPalette: return QStringLiteral("bind_palette[bone=%1]").arg(bone);
    case Kind::Contact: return QStringLiteral("contacts[%1]").arg(frameKey());
    }
    return text;
}

} // namespace bpat

#include "IssueLocation.h"

#include "bpat/BpatFile.h"

#include <QRegularExpression>

namespace bpat::studio {

IssueLocation IssueLocation::parse(const QString &location)
{
    IssueLocation result;
    const QString text = location.trimmed();
    if (text.isEmpty())
        return result;
    static const QRegularExpression indexed(QStringLiteral(R"(^(clips|sockets)\[(\d+)\](?:\.(.+))?$)"));
    static const QRegularExpression keyed(QStringLiteral(R"(^(palette|socket_data|sockets_data)\[(.*)\](?:\.(.+))?$)"));
    if (text.startsWith(QLatin1String("header"))) {
        result.kind = Kind::Header;
        result.field = text.section(QLatin1Char('.'), 1);
        return result;
    }
    if (const auto m = indexed.match(text); m.hasMatch()) {
        result.kind = m.captured(1) == QLatin1String("clips") ? Kind::Clip : Kind::Socket;
        result.index = m.captured(2).toInt();
        result.field = m.captured(3);
        return result;
    }
    if (const auto m = keyed.match(text); m.hasMatch()) {
        result.kind = Kind::Frame;
        // key=value pairs; a clip name may itself contain neither ',' nor ']' in practice.
        const QStringList pairs = m.captured(2).split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (const QString &pair : pairs) {
            const QString key = pair.section(QLatin1Char('='), 0, 0).trimmed();
            const QString value = pair.section(QLatin1Char('='), 1).trimmed();
            bool ok = false;
            const int number = value.toInt(&ok);
            if (key == QLatin1String("clip"))
                result.clip = value;
            else if (key == QLatin1String("frame") && ok)
                result.frame = number;
            else if (key == QLatin1String("bone") && ok)
                result.bone = number;
            else if (key == QLatin1String("socket") && ok)
                result.socket = number;
        }
        if (result.clip.isEmpty() && result.frame < 0) {
            result.kind = Kind::Section;
            result.field = m.captured(1);
        }
        return result;
    }
    result.kind = Kind::Section;
    result.field = text.section(QLatin1Char('.'), 0, 0).section(QLatin1Char('['), 0, 0);
    return result;
}

int IssueLocation::resolveClip(const BpatFile &file) const
{
    if (clip.isEmpty())
        return -1;
    return file.findClipByNameOrIndex(clip);
}

} // namespace bpat::studio

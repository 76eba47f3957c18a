#include "formats/FileFormat.h"

#include <QFileInfo>

namespace bpat {

QStringList FileFormat::globs() const
{
    QStringList out;
    for (const QString &suffix : suffixes)
        out << QStringLiteral("*.") + suffix;
    return out;
}

QString FileFormat::nameFilter() const
{
    return QStringLiteral("%1 (%2)").arg(name, globs().join(QLatin1Char(' ')));
}

bool FileFormat::hasSuffix(const QString &path) const
{
    return suffixes.contains(QFileInfo(path).suffix().toLower());
}

bool FileFormat::hasMagic(QByteArrayView head) const
{
    return !magic.isEmpty() && head.startsWith(QByteArrayView(magic));
}

} // namespace bpat

#include "anim/InputAnimationReader.h"

#include "anim/InputAnimationParser.h"
#include "io/RegularFile.h"

namespace bpat {

std::optional<InputAnimation> InputAnimationReader::read(QByteArrayView data)
{
    m_diagnostics.clear();
    InputAnimationParser parser(data, m_diagnostics);
    std::optional<InputAnimation> result = parser.parse();
    m_bytesConsumed = parser.position();
    return result;
}

std::optional<InputAnimation> InputAnimationReader::readFile(const QString &path)
{
    // A regular file of at most MaxFileBytes: /dev/zero or a FIFO named as a recording would
    // otherwise be read without end or block.
    const RegularFile::Contents file = RegularFile::read(path, MaxFileBytes);
    if (!file.ok()) {
        m_diagnostics = {{QStringLiteral("ANIM_FILE_UNREADABLE"), Severity::Error,
                          QStringLiteral("cannot read %1: %2").arg(path, file.error), std::nullopt, QString()}};
        m_bytesConsumed = 0;
        return std::nullopt;
    }
    return read(file.bytes);
}

QString InputAnimationReader::errorString() const
{
    for (const Diagnostic &d : m_diagnostics) {
        if (d.severity == Severity::Error)
            return d.message;
    }
    return QString();
}

} // namespace bpat

#include "anim/InputAnimationReader.h"

#include "anim/InputAnimationParser.h"
#include "io/RegularFile.h"

#include <QFile>
#include <QtEndian>

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
    // The magic first: a file that is no recording (zeros, another format named .bin) is refused
    // from its first bytes (the parser words why), never read whole into memory.
    {
        QFile peek;
        if (RegularFile::open(peek, path) == RegularFile::Status::Ok) {
            const QByteArray head = peek.read(16);
            if (head.size() >= 8 && qFromLittleEndian<quint64>(head.constData()) != Magic)
                return read(head);
        }
    }
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

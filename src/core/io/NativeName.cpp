#include "io/NativeName.h"

#include <QStringDecoder>

namespace bpat {

namespace {

constexpr char16_t EscapeBase = 0xDC00; // U+DC80..U+DCFF for the bytes 0x80..0xFF

bool isEscape(QChar c)
{
    return c.unicode() >= 0xDC80 && c.unicode() <= 0xDCFF;
}

// Length of the valid UTF-8 sequence starting at `p` (at most `left` bytes), 0 if invalid.
int validSequence(const uchar *p, qsizetype left)
{
    const uchar b = p[0];
    if (b < 0x80)
        return 1;
    int length = 0;
    char32_t min = 0;
    char32_t cp = 0;
    if ((b & 0xE0) == 0xC0) {
        length = 2, min = 0x80, cp = b & 0x1F;
    } else if ((b & 0xF0) == 0xE0) {
        length = 3, min = 0x800, cp = b & 0x0F;
    } else if ((b & 0xF8) == 0xF0) {
        length = 4, min = 0x10000, cp = b & 0x07;
    } else {
        return 0;
    }
    if (left < length)
        return 0;
    for (int i = 1; i < length; ++i) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (p[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0; // overlong, out of range, or an encoded surrogate
    return length;
}

} // namespace

QString NativeName::decode(const QByteArray &bytes)
{
    QStringDecoder strict(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString plain = strict.decode(bytes);
    if (!strict.hasError())
        return plain;
    QString out;
    out.reserve(bytes.size());
    const auto *p = reinterpret_cast<const uchar *>(bytes.constData());
    const qsizetype size = bytes.size();
    for (qsizetype i = 0; i < size;) {
        const int length = validSequence(p + i, size - i);
        if (length == 0) {
            out.append(QChar(char16_t(EscapeBase + p[i])));
            ++i;
            continue;
        }
        out.append(QString::fromUtf8(reinterpret_cast<const char *>(p + i), length));
        i += length;
    }
    return out;
}

QByteArray NativeName::encode(const QString &name)
{
    if (!hasEscapes(name))
        return name.toUtf8();
    QByteArray out;
    qsizetype start = 0; // of the run of ordinary characters not yet encoded
    for (qsizetype i = 0; i < name.size(); ++i) {
        const QChar c = name.at(i);
        if (!isEscape(c) || (i > 0 && name.at(i - 1).isHighSurrogate()))
            continue;
        out.append(QStringView(name).mid(start, i - start).toUtf8());
        out.append(char(c.unicode() - EscapeBase));
        start = i + 1;
    }
    out.append(QStringView(name).mid(start).toUtf8());
    return out;
}

bool NativeName::hasEscapes(const QString &name)
{
    for (qsizetype i = 0; i < name.size(); ++i) {
        if (isEscape(name.at(i)) && !(i > 0 && name.at(i - 1).isHighSurrogate()))
            return true;
    }
    return false;
}

QString NativeName::display(const QString &name)
{
    if (!hasEscapes(name))
        return name;
    QString out;
    for (qsizetype i = 0; i < name.size(); ++i) {
        const QChar c = name.at(i);
        if (isEscape(c) && !(i > 0 && name.at(i - 1).isHighSurrogate()))
            out += QStringLiteral("\\x%1").arg(c.unicode() - EscapeBase, 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

} // namespace bpat

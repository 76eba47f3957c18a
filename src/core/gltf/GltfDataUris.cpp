#include "gltf/GltfDataUris.h"

#include <QRandomGenerator>

#include <algorithm>
#include <array>
#include <cstring>

namespace bpat {

namespace {

// The media types tinygltf decodes for a buffer.
constexpr std::array<const char *, 2> BufferHeaders{"data:application/octet-stream;base64,",
                                                    "data:application/gltf-buffer;base64,"};

// 0..63 for a base64 character, -1 otherwise.
constexpr std::array<signed char, 256> base64Values()
{
    std::array<signed char, 256> t{};
    for (auto &v : t)
        v = -1;
    for (int i = 0; i < 26; ++i) {
        t[size_t('A' + i)] = static_cast<signed char>(i);
        t[size_t('a' + i)] = static_cast<signed char>(26 + i);
    }
    for (int i = 0; i < 10; ++i)
        t[size_t('0' + i)] = static_cast<signed char>(52 + i);
    t[size_t('+')] = 62;
    t[size_t('/')] = 63;
    return t;
}
constexpr std::array<signed char, 256> Base64 = base64Values();

QString grouped(qint64 v)
{
    QString digits = QString::number(v);
    for (qsizetype at = digits.size() - 3; at > 0; at -= 3)
        digits.insert(at, QLatin1Char(','));
    return digits;
}

} // namespace

void GltfDataUris::extract(QByteArrayView json, const QList<std::pair<qint64, qint64>> &spans)
{
    m_json = json;
    m_spans = spans;
    m_compact.clear();
    if (spans.isEmpty())
        return;
    // A prefix no string of this file holds, so a placeholder can be nothing else.
    do {
        m_prefix = QByteArrayLiteral("bpat-data-uri-") + QByteArray::number(QRandomGenerator::global()->generate64(), 16) + '-';
    } while (json.indexOf(QByteArrayView(m_prefix)) >= 0);
    qint64 copied = 0;
    for (qsizetype k = 0; k < spans.size(); ++k) {
        const auto &[offset, length] = spans.at(k);
        m_compact.append(json.sliced(copied, offset - copied));
        m_compact.append(m_prefix);
        m_compact.append(QByteArray::number(k));
        copied = offset + length;
    }
    m_compact.append(json.sliced(copied));
}

std::optional<int> GltfDataUris::placeholder(const QString &uri) const
{
    if (m_spans.isEmpty() || !uri.startsWith(QLatin1String(m_prefix)))
        return std::nullopt;
    bool ok = false;
    const int k = QStringView(uri).mid(m_prefix.size()).toInt(&ok);
    return ok && k >= 0 && k < m_spans.size() ? std::optional<int>(k) : std::nullopt;
}

QString GltfDataUris::shown(int index) const
{
    const auto &[offset, length] = m_spans.at(index);
    const QByteArrayView uri = m_json.sliced(offset, length);
    const qsizetype comma = uri.indexOf(',');
    const QByteArrayView head = uri.first(std::min<qsizetype>(uri.size(), comma >= 0 && comma < 64 ? comma + 5 : 48));
    return QStringLiteral("%1... (%2 bytes)").arg(QString::fromLatin1(head.data(), head.size()), grouped(length));
}

QString GltfDataUris::decode(int index, qint64 byteLength, std::vector<unsigned char> *out) const
{
    const auto &[offset, length] = m_spans.at(index);
    const char *uri = m_json.data() + offset;
    qint64 at = -1;
    for (const char *header : BufferHeaders) {
        const auto n = qint64(std::strlen(header));
        if (length >= n && std::memcmp(uri, header, size_t(n)) == 0)
            at = n;
    }
    if (at < 0)
        return QStringLiteral("a data: URI of a kind that is not read (base64 of application/octet-stream or "
                              "application/gltf-buffer)");
    // Count what it decodes to before decoding anything: base64 characters (a JSON "\/" is a
    // '/'), then at most two '=' at the end.
    qint64 symbols = 0, padding = 0;
    for (qint64 i = at; i < length; ++i) {
        const auto c = uchar(uri[i]);
        if (c == '\\' && i + 1 < length && uri[i + 1] == '/') {
            ++i;
            ++symbols;
            continue;
        }
        if (c == '=' && padding < 2) {
            ++padding;
            continue;
        }
        if (padding > 0 || Base64[c] < 0)
            return QStringLiteral("the data: URI is not base64 (character %1 of the encoding)").arg(i - at);
        ++symbols;
    }
    if (symbols % 4 == 1 || (padding > 0 && (symbols + padding) % 4 != 0))
        return QStringLiteral("the data: URI's base64 is cut short (%1 characters)").arg(symbols + padding);
    const qint64 decoded = symbols / 4 * 3 + (symbols % 4 == 0 ? 0 : symbols % 4 - 1);
    if (decoded != byteLength)
        return QStringLiteral("the data: URI holds %1 bytes, the buffer's byteLength is %2: refused before decoding")
            .arg(decoded)
            .arg(byteLength);
    // One pass, into the buffer tinygltf will keep.
    out->resize(size_t(decoded));
    unsigned char *to = out->data();
    quint32 bits = 0;
    int held = 0;
    for (qint64 i = at; i < length; ++i) {
        const auto c = uchar(uri[i]);
        if (c == '\\' || c == '=')
            continue; // "\/" (its '/' comes next) and the padding
        bits = (bits << 6) | quint32(Base64[c]);
        held += 6;
        if (held >= 8) {
            held -= 8;
            *to++ = static_cast<unsigned char>(bits >> held);
        }
    }
    return QString();
}

} // namespace bpat

#include "gltf/GlbContainer.h"

#include <QtEndian>

namespace bpat {

namespace {

constexpr quint32 JsonChunk = 0x4E4F534Au; // "JSON"
constexpr quint32 BinChunk = 0x004E4942u;  // "BIN\0"

quint32 word(const QByteArray &bytes, qint64 offset)
{
    return qFromLittleEndian<quint32>(bytes.constData() + offset);
}

} // namespace

bool GlbContainer::split(const QByteArray &bytes, QByteArrayView *json, QByteArrayView *bin, QString *error)
{
    *json = {};
    *bin = {};
    const qint64 size = bytes.size();
    if (size < 20) {
        *error = QStringLiteral("binary glTF: %1 bytes, shorter than its 12-byte header and a chunk header").arg(size);
        return false;
    }
    if (const quint32 version = word(bytes, 4); version != 2) {
        *error = QStringLiteral("binary glTF: header version %1, expected 2").arg(version);
        return false;
    }
    if (const quint32 length = word(bytes, 8); length != quint64(size)) {
        *error = QStringLiteral("binary glTF: the header says %1 bytes, the file holds %2").arg(length).arg(size);
        return false;
    }
    // Chunks: [length, type, bytes] from byte 12; 64-bit sums, so no length wraps.
    qint64 at = 12;
    for (int chunk = 0; at < size; ++chunk) {
        if (size - at < 8) {
            *error = QStringLiteral("binary glTF: %1 bytes at byte %2 are no chunk header").arg(size - at).arg(at);
            return false;
        }
        const quint64 length = word(bytes, at);
        const quint32 type = word(bytes, at + 4);
        if (length > quint64(size - at - 8)) {
            *error = QStringLiteral("binary glTF: chunk %1 at byte %2 claims %3 bytes, %4 are left")
                         .arg(chunk)
                         .arg(at)
                         .arg(length)
                         .arg(size - at - 8);
            return false;
        }
        const QByteArrayView data(bytes.constData() + at + 8, qsizetype(length));
        if (chunk == 0) {
            if (type != JsonChunk || length == 0) {
                *error = QStringLiteral("binary glTF: the first chunk must be non-empty JSON (type 0x%1, %2 bytes)")
                             .arg(type, 8, 16, QLatin1Char('0'))
                             .arg(length);
                return false;
            }
            *json = data;
        } else if (chunk == 1 && type == BinChunk) {
            if (length == 0) {
                *error = QStringLiteral("binary glTF: the BIN chunk at byte %1 is empty").arg(at);
                return false;
            }
            *bin = data;
        } else if (type == BinChunk) {
            *error = QStringLiteral("binary glTF: a second BIN chunk at byte %1 (at most one, right after the JSON)").arg(at);
            return false;
        } // other chunk types: ignored, as the specification says
        at += 8 + qint64(length);
    }
    return true;
}

QByteArray GlbContainer::join(QByteArrayView json, QByteArrayView bin)
{
    const auto put = [](QByteArray &out, quint32 v) {
        for (int i = 0; i < 4; ++i)
            out.append(char((v >> (8 * i)) & 0xFF));
    };
    const qsizetype jsonPadded = (json.size() + 3) / 4 * 4;
    const qsizetype binPadded = (bin.size() + 3) / 4 * 4;
    QByteArray out;
    out.reserve(12 + 8 + jsonPadded + (bin.isEmpty() ? 0 : 8 + binPadded));
    out.append("glTF", 4);
    put(out, 2);
    put(out, quint32(12 + 8 + jsonPadded + (bin.isEmpty() ? 0 : 8 + binPadded)));
    put(out, quint32(jsonPadded));
    put(out, JsonChunk);
    out.append(json.data(), json.size());
    out.append(QByteArray(jsonPadded - json.size(), ' '));
    if (!bin.isEmpty()) {
        put(out, quint32(binPadded));
        put(out, BinChunk);
        out.append(bin.data(), bin.size());
        out.append(QByteArray(binPadded - bin.size(), '\0'));
    }
    return out;
}

} // namespace bpat

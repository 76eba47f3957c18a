#pragma once
// A glTF's `data:` URIs, decoded once, before and without any JSON parser's copies. tinygltf
// decodes them itself, after Qt's parser and nlohmann-json have each copied the text (Qt's as
// UTF-16): a 256 MiB buffer in a 358 MB file peaked at 2.11 GB, and a 150 MB URI whose
// byteLength says 16,480 was decoded (1.09 GB, 19 s) before being refused (issue 42).
//
// Here the one scan over the text (GltfJsonScan) finds every "uri" string starting with
// "data:"; the JSON the parsers see has each replaced by a short placeholder, so they read a few
// kilobytes. A buffer's URI is then checked without decoding: the media type (base64 of
// application/octet-stream or application/gltf-buffer, what tinygltf reads), base64 characters
// only, and the length the encoding decodes to against the buffer's byteLength; only then is it
// decoded, straight into the buffer tinygltf keeps (handed over through its file system
// callbacks, GltfExternalFiles, without a copy). An image's data URI is never decoded (images
// are not read).
#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>

#include <optional>
#include <utility>
#include <vector>

namespace bpat {

class GltfDataUris
{
public:
    // Finds the data: URIs of `json` (spans from GltfJsonScan) and makes the JSON to parse:
    // `json` itself when there are none, else a copy with placeholders. `json` must outlive
    // this object (decode() reads the URIs from it).
    void extract(QByteArrayView json, const QList<std::pair<qint64, qint64>> &spans);
    bool isEmpty() const { return m_spans.isEmpty(); }
    // The JSON text the parsers read.
    QByteArrayView parsed() const { return m_spans.isEmpty() ? m_json : QByteArrayView(m_compact); }

    // The URI a placeholder stands for, by index; nullopt for any other string.
    std::optional<int> placeholder(const QString &uri) const;
    // The URI of placeholder `index` as messages show it: "data:application/octet-stream;base64,
    // AAAA... (67,108,868 bytes)".
    QString shown(int index) const;
    // Checks the URI of placeholder `index` for a buffer of `byteLength` bytes and decodes it
    // into *out (exactly byteLength bytes); why not otherwise, nothing decoded.
    QString decode(int index, qint64 byteLength, std::vector<unsigned char> *out) const;

private:
    QByteArrayView m_json;
    QList<std::pair<qint64, qint64>> m_spans; // content offset and length of each URI in m_json
    QByteArray m_compact;
    QByteArray m_prefix; // of the placeholders, "bpat-data-uri-<random>-"
};

} // namespace bpat

#pragma once
// The binary glTF container (.glb), read strictly before tinygltf sees it: a 12-byte header
// ("glTF", version 2, the total length), the JSON chunk, and at most one BIN chunk, each chunk an
// 8-byte header (length, type) and its bytes, all inside the file. tinygltf 2.7 checks less (a
// BIN chunk may end 8 bytes past the file there), so a container that is not exactly this is
// refused here with the field and its value.
#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace bpat {

class GlbContainer
{
public:
    static bool isGlb(const QByteArray &bytes) { return bytes.startsWith("glTF"); }

    // Splits a .glb into its JSON text and its binary chunk (empty when there is none); *error
    // says why not. The views point into `bytes`.
    static bool split(const QByteArray &bytes, QByteArrayView *json, QByteArrayView *bin, QString *error);
    // A .glb of this JSON text (padded with spaces) and binary chunk (none when empty).
    static QByteArray join(QByteArrayView json, QByteArrayView bin);
};

} // namespace bpat

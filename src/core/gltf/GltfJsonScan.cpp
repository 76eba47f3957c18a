#include "gltf/GltfJsonScan.h"

#include "gltf/GltfLimits.h"
#include "io/RegularFile.h"

#include <array>
#include <cstring>

namespace bpat {

namespace {

bool isSpaceOrStructural(char c)
{
    switch (c) {
    case ' ':
    case '\t':
    case '\r':
    case '\n':
    case '{':
    case '}':
    case '[':
    case ']':
    case ',':
    case ':':
    case '"': return true;
    default: return false;
    }
}

} // namespace

GltfJsonScan::Result GltfJsonScan::scan(QByteArrayView json)
{
    using namespace gltflimits;
    Result r;
    // Per open container: whether it is an object, whether its next string is a key, and
    // whether the key before the current value is "uri".
    std::array<bool, maxJsonDepth + 1> isObject{}, keyNext{}, uriValue{};
    int depth = 0;
    bool inScalar = false;
    const char *data = json.data();
    const qint64 size = json.size();
    const auto countValue = [&](qint64 at) {
        if (++r.values > maxJsonValues) {
            r.error = QStringLiteral("the JSON holds more than %1 values (byte %2)").arg(maxJsonValues).arg(at);
            return false;
        }
        return true;
    };
    for (qint64 i = 0; i < size; ++i) {
        const char c = data[i];
        if (!isSpaceOrStructural(c)) {
            if (!inScalar && !countValue(i))
                return r;
            inScalar = true;
            continue;
        }
        inScalar = false;
        switch (c) {
        case '{':
        case '[':
            if (!countValue(i))
                return r;
            if (++depth > maxJsonDepth) {
                r.depth = depth;
                r.error =
                    QStringLiteral("the JSON nests objects and arrays deeper than %1 levels (byte %2)").arg(maxJsonDepth).arg(i);
                return r;
            }
            r.depth = std::max(r.depth, depth);
            isObject[size_t(depth)] = c == '{';
            keyNext[size_t(depth)] = c == '{';
            uriValue[size_t(depth)] = false;
            break;
        case '}':
        case ']':
            depth = std::max(0, depth - 1); // unbalanced text: the parser says so
            break;
        case ',':
            if (depth > 0 && isObject[size_t(depth)])
                keyNext[size_t(depth)] = true;
            break;
        case '"': {
            const qint64 start = i + 1;
            qint64 end = start;
            while (end < size && data[end] != '"')
                end += data[end] == '\\' ? 2 : 1;
            end = std::min(end, size); // unterminated: the parser says so
            const qint64 length = end - start;
            r.longestString = std::max(r.longestString, length);
            const bool key = depth > 0 && isObject[size_t(depth)] && keyNext[size_t(depth)];
            if (key) {
                keyNext[size_t(depth)] = false;
                uriValue[size_t(depth)] = length == 3 && std::memcmp(data + start, "uri", 3) == 0;
            } else {
                if (!countValue(i))
                    return r;
                // A buffer's or image's address may be a data: URI holding the buffer (bounded
                // by maxBufferBytes later); every other string is a name, a word or extras.
                const bool uri = depth > 0 && isObject[size_t(depth)] && uriValue[size_t(depth)];
                if (uri && length >= 5 && qstrnicmp(data + start, "data:", 5) == 0)
                    r.dataUris.append({start, length});
                if (!uri && length > maxStringBytes) {
                    r.error = QStringLiteral("a JSON string of %1 bytes at byte %2 (at most %3)")
                                  .arg(length)
                                  .arg(i)
                                  .arg(RegularFile::sizeText(maxStringBytes));
                    return r;
                }
            }
            i = end; // the closing quote
            break;
        }
        default: break;
        }
    }
    return r;
}

} // namespace bpat

#pragma once
// One cheap pass over a glTF's JSON text before anything parses it: nesting depth, the length of
// every string and the number of values, against gltflimits (GltfLimits.h). Nothing recursive and
// nothing allocated, so text nested 100,000 deep or a 200 MB name is refused in one pass over
// the bytes, before Qt's parser or tinygltf's (which recurses once per level) sees it.
//
// The scan respects strings (a bracket or quote inside one, escapes) but does not check the
// syntax: text it passes may still be refused by the parser that follows.
#include <QByteArrayView>
#include <QList>
#include <QString>

#include <utility>

namespace bpat {

class GltfJsonScan
{
public:
    struct Result
    {
        QString error;     // "JSON nested deeper than 64 levels at byte 812", or empty
        qint64 values = 0; // values seen (objects, arrays, strings, numbers, literals)
        int depth = 0;     // deepest nesting seen
        qint64 longestString = 0;
        // Every "uri" string value starting with "data:" (any case): the offset of its first
        // character after the quote and its length in bytes, escapes as written (GltfDataUris).
        QList<std::pair<qint64, qint64>> dataUris;
    };
    static Result scan(QByteArrayView json);
};

} // namespace bpat

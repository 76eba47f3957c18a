#pragma once
// What a glTF import may cost, checked before the work it bounds (docs/robustness.md lists
// them): a file no one here wrote may claim millions of elements it does not hold, nest its JSON
// until a recursive parser runs out of stack, or name files outside its folder. Each budget is
// far above what a real creature file needs (the game's largest BPAT holds 6.6 MB of palette)
// and is checked on the JSON text or document before tinygltf sees the file, so a refusal costs
// one pass over the bytes and never more memory than the file itself.
#include <QtGlobal>

namespace bpat::gltflimits {

// Objects and arrays nested in the JSON (extras and extensions included): tinygltf and its JSON
// library recurse once per level, so 20,000 levels overflowed the stack. glTF itself nests 6.
constexpr int maxJsonDepth = 64;
// Values of any kind in the JSON (objects, arrays, strings, numbers, booleans, nulls): bounds the
// memory of the parsed document (Qt's for the checks, then tinygltf's).
constexpr qint64 maxJsonValues = qint64(1) << 22;
// Bytes of one JSON string, names and extras included. A buffer's or image's "uri" may be longer
// (a data: URI holds the buffer itself); it counts against maxBufferBytes.
constexpr qint64 maxStringBytes = qint64(1) << 16;
// Elements of each array of the document's root (nodes, accessors, buffer views, meshes,
// animations, skins, ...).
constexpr qint64 maxArrayElements = 100000;
// Bytes of every buffer together, as their byteLength declares (embedded, data: URIs, external
// files); each at least 1 byte.
constexpr qint64 maxBufferBytes = qint64(1) << 28;
// Components (elements x components per element) of every accessor together, with or without a
// buffer view: the work of checking them, however many accessors alias the same bytes.
constexpr qint64 maxAccessorComponents = qint64(1) << 26;
// Components of the accessors without a buffer view together (they read as zeros: claimed, not
// held by the file).
constexpr qint64 maxViewlessComponents = qint64(1) << 20;
// Key values (times and outputs) the imported animations' channels read, all animations
// together (checked before each animation reads its keys), and the work of sampling them:
// frames x (nodes posed + channels evaluated), all animations together (checked before each
// animation is sampled, so the work done before a refusal is within the budget: about a second).
constexpr qint64 maxKeyValues = qint64(1) << 24;
constexpr qint64 maxSamplingWork = qint64(1) << 24;

} // namespace bpat::gltflimits

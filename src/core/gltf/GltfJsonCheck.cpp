#include "gltf/GltfJsonCheck.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonValue>
#include <cmath>
#include <limits>

namespace bpat {

namespace {

enum class Kind {
    String,
    Index,
    Number,
    Boolean,
    Object,
    Array,
    Numbers,
    Indices,
    Strings,
    Objects,
    IndexMap
};

const QHash<QString, Kind> &rules()
{
    static const QHash<QString, Kind> table = [] {
        QHash<QString, Kind> t;
        for (const char *k : {"name", "uri", "mimeType", "type", "interpolation", "path", "generator", "version", "minVersion",
                              "copyright", "alphaMode"})
            t.insert(QLatin1String(k), Kind::String);
        for (const char *k : {"index",         "texCoord",
                              "bufferView",    "buffer",
                              "byteOffset",    "byteLength",
                              "byteStride",    "count",
                              "componentType", "mode",
                              "material",      "indices",
                              "input",         "output",
                              "sampler",       "source",
                              "node",          "mesh",
                              "skin",          "camera",
                              "scene",         "inverseBindMatrices",
                              "skeleton",      "magFilter",
                              "minFilter",     "wrapS",
                              "wrapT"})
            t.insert(QLatin1String(k), Kind::Index);
        for (const char *k : {"strength", "metallicFactor", "roughnessFactor", "alphaCutoff", "xmag", "ymag", "zfar", "znear",
                              "aspectRatio", "yfov"})
            t.insert(QLatin1String(k), Kind::Number);
        for (const char *k : {"normalized", "doubleSided"})
            t.insert(QLatin1String(k), Kind::Boolean);
        for (const char *k : {"extensions", "pbrMetallicRoughness", "normalTexture", "occlusionTexture", "emissiveTexture",
                              "baseColorTexture", "metallicRoughnessTexture", "asset", "sparse", "perspective", "orthographic"})
            t.insert(QLatin1String(k), Kind::Object);
        for (const char *k : {"matrix", "translation", "rotation", "weights", "min", "max", "baseColorFactor", "emissiveFactor"})
            t.insert(QLatin1String(k), Kind::Numbers);
        for (const char *k : {"children", "joints"})
            t.insert(QLatin1String(k), Kind::Indices);
        for (const char *k : {"extensionsUsed", "extensionsRequired"})
            t.insert(QLatin1String(k), Kind::Strings);
        for (const char *k : {"scenes", "meshes", "accessors", "buffers", "bufferViews", "materials", "textures", "images",
                              "samplers", "skins", "animations", "cameras", "primitives", "channels", "targets"})
            t.insert(QLatin1String(k), Kind::Objects);
        t.insert(QStringLiteral("attributes"), Kind::IndexMap);
        return t;
    }();
    return table;
}

QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("the number %1").arg(v.toDouble());
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    default: return QStringLiteral("nothing");
    }
}

QString expected(const QString &path, const char *what, const QJsonValue &v)
{
    return QStringLiteral("%1: expected %2, found %3").arg(path, QLatin1String(what), typeName(v));
}

bool isIndex(const QJsonValue &v)
{
    const double d = v.toDouble(-1);
    return v.isDouble() && d >= 0 && d <= double(std::numeric_limits<int>::max()) && d == std::floor(d);
}

QString element(const QString &path, qsizetype i)
{
    return QStringLiteral("%1[%2]").arg(path).arg(i);
}

// Every element of an array: its kind, one at a time.
QString checkElements(const QJsonArray &array, const QString &at, Kind kind)
{
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonValue e = array.at(i);
        switch (kind) {
        case Kind::Numbers:
            if (!e.isDouble())
                return expected(element(at, i), "a number", e);
            break;
        case Kind::Indices:
            if (!isIndex(e))
                return expected(element(at, i), "a node index (a non-negative integer)", e);
            break;
        case Kind::Strings:
            if (!e.isString())
                return expected(element(at, i), "a string", e);
            break;
        case Kind::Objects:
            if (!e.isObject())
                return expected(element(at, i), "an object", e);
            break;
        default: break;
        }
    }
    return {};
}

QString checkValue(const QJsonValue &value, const QString &path, int depth);

// `root`: the document's own object, where "nodes" lists node objects (a scene's lists indices).
QString checkObject(const QJsonObject &object, const QString &path, int depth, bool root)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = it.key();
        const QString at = path.isEmpty() ? key : path + QLatin1Char('.') + key;
        if (key == QLatin1String("extras"))
            continue; // anything goes
        const QJsonValue v = it.value();
        auto rule = rules().constFind(key);
        std::optional<Kind> kind;
        if (rule != rules().cend())
            kind = *rule;
        else if (key == QLatin1String("nodes"))
            kind = root ? Kind::Objects : Kind::Indices;
        if (kind) {
            switch (*kind) {
            case Kind::String:
                if (!v.isString())
                    return expected(at, "a string", v);
                break;
            case Kind::Index:
                if (key == QLatin1String("indices") && v.isObject() && path.endsWith(QLatin1String(".sparse")))
                    break; // a sparse accessor's indices: an object (sparse accessors are refused later)
                if (!isIndex(v))
                    return expected(at, "a non-negative integer (at most 2147483647)", v);
                break;
            case Kind::Number:
                if (!v.isDouble())
                    return expected(at, "a number", v);
                break;
            case Kind::Boolean:
                if (!v.isBool())
                    return expected(at, "a boolean", v);
                break;
            case Kind::Object:
                if (!v.isObject())
                    return expected(at, "an object", v);
                break;
            case Kind::Array:
                if (!v.isArray())
                    return expected(at, "an array", v);
                break;
            case Kind::Numbers:
            case Kind::Indices:
            case Kind::Strings:
            case Kind::Objects:
                if (!v.isArray())
                    return expected(at, "an array", v);
                if (QString e = checkElements(v.toArray(), at, *kind); !e.isEmpty())
                    return e;
                break;
            case Kind::IndexMap: {
                if (!v.isObject())
                    return expected(at, "an object", v);
                const QJsonObject map = v.toObject();
                for (auto a = map.begin(); a != map.end(); ++a)
                    if (!isIndex(a.value()))
                        return expected(at + QLatin1Char('.') + a.key(), "an accessor index (a non-negative integer)", a.value());
                break;
            }
            }
        }
        if (key == QLatin1String("target") && !v.isObject() && !isIndex(v)) // a channel's object, a buffer view's number
            return expected(at, "an object (a channel's) or a non-negative integer (a buffer view's)", v);
        if (key == QLatin1String("scale")) { // a texture's number, a node's array of numbers
            if (v.isArray()) {
                if (QString e = checkElements(v.toArray(), at, Kind::Numbers); !e.isEmpty())
                    return e;
            } else if (!v.isDouble()) {
                return expected(at, "a number or an array", v);
            }
        }
        if (key == QLatin1String("targets") && v.isArray()) { // morph targets: attribute -> accessor
            const QJsonArray targets = v.toArray();
            for (qsizetype i = 0; i < targets.size(); ++i) {
                const QJsonObject target = targets.at(i).toObject();
                for (auto a = target.begin(); a != target.end(); ++a)
                    if (!isIndex(a.value()))
                        return expected(element(at, i) + QLatin1Char('.') + a.key(), "an accessor index (a non-negative integer)",
                                        a.value());
            }
            continue;
        }
        if (key == QLatin1String("extensions")) {
            const QJsonObject extensions = v.toObject();
            for (auto e = extensions.begin(); e != extensions.end(); ++e)
                if (!e.value().isObject())
                    return expected(at + QLatin1Char('.') + e.key(), "an object", e.value());
        }
        if (QString e = checkValue(v, at, depth + 1); !e.isEmpty())
            return e;
    }
    return {};
}

QString checkValue(const QJsonValue &value, const QString &path, int depth)
{
    if (value.isObject())
        return checkObject(value.toObject(), path, depth, false);
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QJsonValue e = array.at(i);
            if (!e.isObject() && !e.isArray())
                continue; // scalars: checked by their array's rule
            if (QString error = checkValue(e, element(path, i), depth + 1); !error.isEmpty())
                return error;
        }
    }
    return {};
}

} // namespace

QString GltfJsonCheck::check(const QJsonObject &root)
{
    // The nesting is bounded before (GltfJsonScan: gltflimits::maxJsonDepth), so this recursion is.
    return checkObject(root, QString(), 0, true);
}

} // namespace bpat

#include "gltf/GltfJsonCheck.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>
#include <cmath>

namespace bpat {

namespace {

enum class Kind { String, Index, Number, Boolean, Object, Array };

const QHash<QString, Kind> &rules()
{
    static const QHash<QString, Kind> table = [] {
        QHash<QString, Kind> t;
        for (const char *k : {"name", "uri", "mimeType", "type", "interpolation", "path", "generator", "version",
                              "minVersion", "copyright", "alphaMode"})
            t.insert(QLatin1String(k), Kind::String);
        for (const char *k : {"index", "texCoord", "bufferView", "buffer", "byteOffset", "byteLength", "byteStride", "count",
                              "componentType", "mode", "material", "indices", "input", "output", "sampler", "source", "node",
                              "mesh", "skin", "camera", "scene", "inverseBindMatrices", "skeleton", "magFilter", "minFilter",
                              "wrapS", "wrapT"})
            t.insert(QLatin1String(k), Kind::Index);
        for (const char *k : {"strength", "metallicFactor", "roughnessFactor", "alphaCutoff", "xmag", "ymag", "zfar", "znear",
                              "aspectRatio", "yfov"})
            t.insert(QLatin1String(k), Kind::Number);
        for (const char *k : {"normalized", "doubleSided"})
            t.insert(QLatin1String(k), Kind::Boolean);
        for (const char *k : {"extensions", "pbrMetallicRoughness", "normalTexture", "occlusionTexture", "emissiveTexture",
                              "baseColorTexture", "metallicRoughnessTexture", "attributes", "asset", "sparse", "perspective",
                              "orthographic"})
            t.insert(QLatin1String(k), Kind::Object);
        for (const char *k : {"children", "nodes", "primitives", "joints", "weights", "matrix", "translation", "rotation", "min",
                              "max", "scenes", "meshes", "accessors", "buffers", "bufferViews", "materials", "textures",
                              "images", "samplers", "skins", "animations", "channels", "cameras", "extensionsUsed",
                              "extensionsRequired", "targets", "baseColorFactor", "emissiveFactor"})
            t.insert(QLatin1String(k), Kind::Array);
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

QString checkValue(const QJsonValue &value, const QString &path, int depth);

QString checkObject(const QJsonObject &object, const QString &path, int depth)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = it.key();
        const QString at = path.isEmpty() ? key : path + QLatin1Char('.') + key;
        if (key == QLatin1String("extras"))
            continue; // anything goes
        const QJsonValue v = it.value();
        const auto rule = rules().constFind(key);
        if (rule != rules().cend()) {
            switch (*rule) {
            case Kind::String:
                if (!v.isString()) return expected(at, "a string", v);
                break;
            case Kind::Index: {
                const double d = v.toDouble(-1);
                if (!v.isDouble() || d < 0 || d != std::floor(d)) return expected(at, "a non-negative integer", v);
                break;
            }
            case Kind::Number:
                if (!v.isDouble()) return expected(at, "a number", v);
                break;
            case Kind::Boolean:
                if (!v.isBool()) return expected(at, "a boolean", v);
                break;
            case Kind::Object:
                if (!v.isObject()) return expected(at, "an object", v);
                break;
            case Kind::Array:
                if (!v.isArray()) return expected(at, "an array", v);
                break;
            }
        }
        if (key == QLatin1String("scale") && !v.isDouble() && !v.isArray()) // a texture's number, a node's array
            return expected(at, "a number or an array", v);
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
    if (depth > 64)
        return {}; // Qt's parser already bounds nesting; nothing in glTF is this deep
    if (value.isObject())
        return checkObject(value.toObject(), path, depth);
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i)
            if (QString e = checkValue(array.at(i), QStringLiteral("%1[%2]").arg(path).arg(i), depth + 1); !e.isEmpty())
                return e;
    }
    return {};
}

} // namespace

QString GltfJsonCheck::check(const QByteArray &bytes)
{
    QByteArray json = bytes;
    if (bytes.startsWith("glTF")) { // header (12 bytes), then the JSON chunk: length, type, data
        if (bytes.size() < 20)
            return {};
        const quint32 length = qFromLittleEndian<quint32>(bytes.constData() + 12);
        if (qFromLittleEndian<quint32>(bytes.constData() + 16) != 0x4E4F534Au || length > quint64(bytes.size()) - 20)
            return {};
        json = bytes.mid(20, qsizetype(length));
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (!document.isObject())
        return {};
    return checkObject(document.object(), QString(), 0);
}

} // namespace bpat

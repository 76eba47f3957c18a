#include "gltf/GltfLoader.h"

#include "gltf/GlbContainer.h"
#include "gltf/GltfDataUris.h"
#include "gltf/GltfExternalFiles.h"
#include "gltf/GltfJsonBudget.h"
#include "gltf/GltfJsonCheck.h"
#include "gltf/GltfJsonScan.h"
#include "gltf/TinyGltf.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <exception>
#include <limits>

namespace bpat {

namespace {

bool skipImage(tinygltf::Image *, const int, std::string *, std::string *, int, int, const unsigned char *, int, void *)
{
    return true; // motion only: images are neither decoded nor needed
}

// Stages 3 to 5 (GltfLoader.h) on the JSON text the scan passed (its data: URIs replaced by
// placeholders); empty when tinygltf may parse it.
QString checkJson(QByteArrayView json, GltfExternalFiles &files)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json.toByteArray(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return QStringLiteral("the JSON cannot be read: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset);
    if (!document.isObject())
        return QStringLiteral("the JSON is not an object");
    const QJsonObject root = document.object();
    if (QString e = GltfJsonCheck::check(root); !e.isEmpty())
        return e;
    if (QString e = GltfJsonBudget::check(root); !e.isEmpty())
        return e;
    return files.resolve(root.value(QLatin1String("buffers")).toArray());
}

} // namespace

bool GltfLoader::load(const QByteArray &bytes, const QString &baseDir, tinygltf::Model *model, QString *error, QString *warning,
                      QStringList *inputs)
{
    warning->clear();
    if (inputs)
        inputs->clear();
    if (bytes.size() > std::numeric_limits<int>::max()) { // tinygltf takes an unsigned int size
        *error = QStringLiteral("%1 bytes, more than a glTF file may hold (2 GiB)").arg(bytes.size());
        return false;
    }
    const bool binary = GlbContainer::isGlb(bytes);
    QByteArrayView json(bytes), bin;
    if (binary && !GlbContainer::split(bytes, &json, &bin, error))
        return false;
    // The data: URIs leave the JSON before any parser copies it (GltfDataUris): the parsers read
    // the text with placeholders, and each buffer's URI is checked, then decoded once.
    const GltfJsonScan::Result scan = GltfJsonScan::scan(json);
    if (!scan.error.isEmpty()) {
        *error = scan.error;
        return false;
    }
    GltfDataUris dataUris;
    dataUris.extract(json, scan.dataUris);
    const QByteArrayView parsed = dataUris.parsed();
    GltfExternalFiles files(baseDir, &dataUris);
    if (QString e = checkJson(parsed, files); !e.isEmpty()) {
        *error = e;
        return false;
    }
    // A .glb whose JSON changed goes to tinygltf as a .glb again (its BIN chunk copied).
    const QByteArray glb = binary && !dataUris.isEmpty() ? GlbContainer::join(parsed, bin) : QByteArray();
    const QByteArray &binaryBytes = glb.isEmpty() ? bytes : glb;
    tinygltf::TinyGLTF loader;
    loader.SetImageLoader(skipImage, nullptr);
    files.install(loader);
    std::string err, warn;
    bool loaded = false;
    // tinygltf throws (std::out_of_range on an empty vector's at(0), nlohmann's exceptions, bad_alloc):
    // every one is a refusal of this file, never the end of the process.
    try {
        if (binary)
            loaded =
                loader.LoadBinaryFromMemory(model, &err, &warn, reinterpret_cast<const unsigned char *>(binaryBytes.constData()),
                                            unsigned(binaryBytes.size()), files.baseDir());
        else
            loaded = loader.LoadASCIIFromString(model, &err, &warn, parsed.data(), unsigned(parsed.size()), files.baseDir());
    } catch (const std::exception &e) {
        err = std::string("the parser gave up: ") + e.what();
        loaded = false;
    } catch (...) {
        err = "the parser gave up";
        loaded = false;
    }
    *warning = QString::fromStdString(warn).trimmed();
    if (!loaded) {
        *model = tinygltf::Model();
        *error =
            QStringLiteral("not a readable glTF 2.0 file: %1").arg(QString::fromStdString(err.empty() ? warn : err).trimmed());
        return false;
    }
    if (inputs)
        *inputs = files.files();
    return true;
}

} // namespace bpat

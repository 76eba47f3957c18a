#include "gltf/GltfExternalFiles.h"

#include "gltf/GltfDataUris.h"
#include "gltf/TinyGltf.h"
#include "io/RegularFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QRegularExpression>

namespace bpat {

namespace {

// tinygltf's from_hex: a character that is no hex digit counts as 0.
unsigned char hexValue(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return 0;
}

// The path `inner` lies inside the folder `folder` (both absolute and clean).
bool inside(const QString &inner, const QString &folder)
{
    const QString prefix = folder.endsWith(QLatin1Char('/')) ? folder : folder + QLatin1Char('/');
    return inner.startsWith(prefix) && inner.size() > prefix.size();
}

// The address as messages show it: at most 120 characters.
QString shown(const QString &uri)
{
    return uri.size() <= 120 ? uri : uri.left(117) + QStringLiteral("...");
}

} // namespace

GltfExternalFiles::GltfExternalFiles(const QString &folder, const GltfDataUris *dataUris)
    : m_dataUris(dataUris)
{
    if (!folder.isEmpty())
        m_folder = QFileInfo(folder).canonicalFilePath(); // empty when it does not exist
    m_base = m_folder.toStdString();
}

std::string GltfExternalFiles::decode(const std::string &uri)
{
    std::string out;
    out.reserve(uri.size());
    for (size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '+') {
            out += ' ';
        } else if (uri[i] == '%' && uri.size() > i + 2) {
            out += char((hexValue(uchar(uri[i + 1])) << 4) | hexValue(uchar(uri[i + 2])));
            i += 2;
        } else {
            out += uri[i];
        }
    }
    return out;
}

QString GltfExternalFiles::resolve(const QJsonArray &buffers)
{
    static const QRegularExpression scheme(QStringLiteral("^[A-Za-z][A-Za-z0-9+.-]*:"));
    for (qsizetype b = 0; b < buffers.size(); ++b) {
        const QJsonObject buffer = buffers.at(b).toObject();
        if (!buffer.contains(QLatin1String("uri")))
            continue; // a .glb's own BIN chunk
        const QString uri = buffer.value(QLatin1String("uri")).toString();
        if (const std::optional<int> k = m_dataUris ? m_dataUris->placeholder(uri) : std::nullopt) {
            // A data: URI: its length checked against byteLength before it is decoded, once.
            std::vector<unsigned char> bytes;
            const qint64 declared = qint64(buffer.value(QLatin1String("byteLength")).toDouble(-1));
            if (const QString why = m_dataUris->decode(*k, declared, &bytes); !why.isEmpty())
                return QStringLiteral("buffers[%1].uri '%2': %3").arg(b).arg(m_dataUris->shown(*k), why);
            m_decoded[uri.toStdString()] = std::move(bytes);
            continue;
        }
        const std::string raw = uri.toStdString();
        if (tinygltf::IsDataURI(raw))
            continue; // decoded by tinygltf from the JSON itself
        const QString where = QStringLiteral("buffers[%1].uri '%2'").arg(b).arg(shown(uri));
        const std::string decoded = decode(raw);
        const QString name = QString::fromStdString(decoded);
        if (decoded.empty())
            return where + QStringLiteral(": an empty address");
        if (uri.startsWith(QLatin1String("data:"), Qt::CaseInsensitive))
            return where
                + QStringLiteral(": a data: URI of a kind that is not read (base64 of application/octet-stream "
                                 "or application/gltf-buffer)");
        if (decoded.find('\0') != std::string::npos)
            return where + QStringLiteral(": the address holds a NUL byte");
        if (name.toStdString() != decoded)
            return where + QStringLiteral(": the decoded address is not UTF-8 text");
        if (scheme.match(uri).hasMatch() || scheme.match(name).hasMatch())
            return where
                + QStringLiteral(": a URI with a scheme (file:, http:, a drive letter); only files in the glTF's "
                                 "folder are read");
        if (name.contains(QLatin1Char('\\')))
            return where + QStringLiteral(": the address holds a backslash (glTF addresses separate folders with /)");
        if (name.startsWith(QLatin1Char('/')))
            return where + QStringLiteral(": an absolute path; only files in the glTF's folder are read");
        if (m_folder.isEmpty())
            return where + QStringLiteral(": an external file, but the glTF was not read from a folder");
        const QString lexical = QDir::cleanPath(m_folder + QLatin1Char('/') + name);
        QString outside = where
            + QStringLiteral(": the address leads outside the glTF's folder; only files in "
                             "it are read");
        if (!inside(lexical, m_folder))
            return outside;
        // Symbolic links: first the folder the file is in (so that nothing is learnt about a
        // file beyond a link out of the folder, not even whether it exists), then the file.
        const QString parent = QFileInfo(QFileInfo(lexical).absolutePath()).canonicalFilePath();
        if (!parent.isEmpty() && parent != m_folder && !inside(parent, m_folder))
            return outside;
        const QFileInfo info(lexical);
        const QString canonical = info.canonicalFilePath();
        if (canonical.isEmpty())
            return where
                + (info.isSymLink() ? QStringLiteral(": a symbolic link to no file")
                                    : QStringLiteral(": no such file in the glTF's folder"));
        if (!inside(canonical, m_folder))
            return outside;
        QFile file;
        QString why;
        if (RegularFile::open(file, canonical, &why) != RegularFile::Status::Ok)
            return where + QStringLiteral(": ") + why;
        const qint64 declared = qint64(buffer.value(QLatin1String("byteLength")).toDouble(-1));
        if (file.size() != declared)
            return where
                + QStringLiteral(": the file holds %1 bytes, the buffer's byteLength is %2").arg(file.size()).arg(declared);
        m_files[decoded] = File{canonical, declared};
    }
    return {};
}

QStringList GltfExternalFiles::files() const
{
    QStringList out;
    for (const auto &[address, file] : m_files)
        if (!out.contains(file.path))
            out.append(file.path);
    return out;
}

const GltfExternalFiles::File *GltfExternalFiles::lookup(const std::string &path) const
{
    if (m_base.empty())
        return nullptr;
    const std::string prefix = m_base.back() == '/' ? m_base : m_base + '/';
    if (path.compare(0, prefix.size(), prefix) != 0)
        return nullptr; // the current directory, or anywhere else
    const auto it = m_files.find(path.substr(prefix.size()));
    return it == m_files.end() ? nullptr : &it->second;
}

std::vector<unsigned char> *GltfExternalFiles::decoded(const std::string &path)
{
    // tinygltf joins the base folder and the address (the address alone without a folder).
    for (auto &[placeholder, bytes] : m_decoded) {
        if (path == placeholder || (!m_base.empty() && path == m_base + (m_base.back() == '/' ? "" : "/") + placeholder))
            return &bytes;
    }
    return nullptr;
}

bool GltfExternalFiles::exists(const std::string &path, void *self)
{
    auto *files = static_cast<GltfExternalFiles *>(self);
    return files->decoded(path) != nullptr || files->lookup(path) != nullptr;
}

std::string GltfExternalFiles::expand(const std::string &path, void *)
{
    return path; // no ~ or variable expansion
}

bool GltfExternalFiles::read(std::vector<unsigned char> *out, std::string *err, const std::string &path, void *self)
{
    if (std::vector<unsigned char> *bytes = static_cast<GltfExternalFiles *>(self)->decoded(path)) {
        out->swap(*bytes); // the buffer tinygltf keeps: no copy
        return true;
    }
    const File *file = static_cast<const GltfExternalFiles *>(self)->lookup(path);
    const auto fail = [err](const QString &why) {
        if (err)
            *err += why.toStdString() + "\n";
        return false;
    };
    if (!file)
        return fail(QStringLiteral("not one of the glTF's resolved buffers"));
    QFile f;
    QString why;
    if (RegularFile::open(f, file->path, &why) != RegularFile::Status::Ok)
        return fail(why);
    // Exactly the size checked when it was resolved: a file that changed since is refused.
    out->resize(size_t(file->bytes));
    qint64 done = 0;
    while (done < file->bytes) {
        const qint64 n = f.read(reinterpret_cast<char *>(out->data()) + done, file->bytes - done);
        if (n <= 0)
            break;
        done += n;
    }
    char more;
    if (done != file->bytes || f.read(&more, 1) != 0) {
        out->clear();
        return fail(QStringLiteral("the file changed while it was read"));
    }
    return true;
}

bool GltfExternalFiles::write(std::string *err, const std::string &, const std::vector<unsigned char> &, void *)
{
    if (err)
        *err += "the importer writes no files\n";
    return false;
}

void GltfExternalFiles::install(tinygltf::TinyGLTF &loader)
{
    loader.SetFsCallbacks(tinygltf::FsCallbacks{exists, expand, read, write, this});
}

} // namespace bpat

#pragma once
// The files a glTF may read besides itself: its buffers' external addresses, resolved here
// before tinygltf parses the file, and served to tinygltf through its file system callbacks,
// which read nothing else. tinygltf 2.7 decodes an address's %xx escapes (and '+' as a space)
// and then looks for it in the folder it is given and in "." (the current directory); a
// "../../etc/passwd" (or "%2e%2e/", "..%2F") would be read wherever it leads, and its bytes
// imported as keyframes.
//
// The folder rule: an address is decoded as tinygltf decodes it and must name a regular file
// whose canonical path (symbolic links resolved) lies inside the glTF's canonical folder, of
// exactly the buffer's byteLength. Refused, naming the address: absolute paths, URIs with a
// scheme (file://, http:, C:) other than the data: URIs tinygltf decodes itself, backslashes,
// NUL bytes, anything that leads outside the folder, and what is no regular file (FIFOs,
// devices, directories). Nothing about a file outside the folder is read or reported: not its
// size, not whether it exists. Images are never opened at all (TinyGltf.h).
#include <QJsonArray>
#include <QString>
#include <QStringList>
#include <map>
#include <string>

namespace tinygltf {
class TinyGLTF;
}

namespace bpat {

class GltfDataUris;

class GltfExternalFiles
{
public:
    // `folder`: the glTF's folder; empty when the bytes come from no file (then no external
    // address resolves). `dataUris`: the file's data: URIs (their placeholders in the JSON
    // resolve to the buffers they decode to, handed to tinygltf without a copy); must outlive
    // resolve().
    explicit GltfExternalFiles(const QString &folder, const GltfDataUris *dataUris = nullptr);

    // Resolves the external address of every buffer of the document's "buffers" (types checked:
    // GltfJsonCheck). Empty when all resolve, else why the first does not.
    QString resolve(const QJsonArray &buffers);
    // The files the import reads besides the glTF (canonical paths, each once, in buffer order).
    QStringList files() const;
    // The folder to hand tinygltf as its base directory.
    std::string baseDir() const { return m_base; }
    // Makes `loader` read files only through this object: exactly the resolved files, each read
    // whole and checked against its byteLength again; every other lookup (the current directory
    // included) finds nothing, and nothing is written. `this` must outlive the loader's use.
    void install(tinygltf::TinyGLTF &loader);

    // An address decoded as tinygltf decodes it ("%2e" -> '.', '+' -> ' ').
    static std::string decode(const std::string &uri);

private:
    struct File
    {
        QString path; // canonical
        qint64 bytes = 0;
    };
    const File *lookup(const std::string &path) const;            // tinygltf's joined path -> the resolved file
    std::vector<unsigned char> *decoded(const std::string &path); // a data: URI's buffer, or null
    static bool exists(const std::string &path, void *self);
    static std::string expand(const std::string &path, void *self);
    static bool read(std::vector<unsigned char> *out, std::string *err, const std::string &path, void *self);
    static bool write(std::string *err, const std::string &path, const std::vector<unsigned char> &bytes, void *self);

    QString m_folder;                    // canonical, empty: none
    std::string m_base;                  // m_folder as tinygltf gets it
    std::map<std::string, File> m_files; // by decoded address
    const GltfDataUris *m_dataUris = nullptr;
    std::map<std::string, std::vector<unsigned char>> m_decoded; // by placeholder: decoded data: URIs
};

} // namespace bpat

// bpat.BodyFile: a BPRM rigged body (the game's `<species>_full.bprm`, `_minimal.bprm`) opened in
// place by bpat.open(), as `bpat info BODY.bprm` reads it: header, the species and rig its name
// pairs it with, the command's own JSON (info, from the core's BodyInfo), and its indices and
// bind-pose vertices as read-only NumPy views of the mapping.
#include "PyBindings.h"
#include "PyJson.h"
#include "PyMapping.h"
#include "PyWork.h"

#include "bprm/BodyInfo.h"
#include "bprm/BprmFile.h"
#include "bprm/BprmFormat.h"
#include "bpsm/BpsmFormat.h"
#include "io/NativeName.h"

namespace bpat::python {

namespace {

class PyBodyFile
{
public:
    explicit PyBodyFile(BprmFile file)
        : m_mapping(std::make_shared<Mapping>())
    {
        m_mapping->bprm = std::move(file);
    }

    const BprmFile &file() const
    {
        if (!m_mapping)
            throw py::value_error("I/O operation on a closed bpat.BodyFile");
        return m_mapping->bprm;
    }
    const std::shared_ptr<Mapping> &mapping() const
    {
        file();
        return m_mapping;
    }
    void close() { m_mapping.reset(); }
    bool closed() const { return !m_mapping; }
    BodyInfo info() const
    {
        const BprmFile &f = file();
        return withoutGil([&] { return BodyInfo::of(f, f.path()); });
    }

private:
    std::shared_ptr<Mapping> m_mapping;
};

} // namespace

void bindBody(py::module_ &m)
{
    defFileBasics(
        py::class_<PyBodyFile>(m, "BodyFile",
                               "A BPRM rigged body opened in place with bpat.open(): header, the species and rig its name pairs "
                               "it with, `bpat info --json`'s object (info), and its indices and bind-pose vertices as read-only "
                               "NumPy views of the mapping."),
        "bprm")
        .def_property_readonly("header",
                               [](const PyBodyFile &self) {
                                   const BprmHeader &h = self.file().header();
                                   py::dict d;
                                   d["magic"] = py::bytes(h.magic.data(), h.magic.size());
                                   d["version"] = h.version;
                                   d["lod"] = h.lod;
                                   d["vertex_count"] = h.vertexCount;
                                   d["index_count"] = h.indexCount;
                                   d["reserved"] = h.reserved;
                                   d["index_data_offset"] = h.indexDataOffset;
                                   d["vertex_data_offset"] = h.vertexDataOffset;
                                   return d;
                               })
        .def_property_readonly("version", [](const PyBodyFile &self) { return self.file().header().version; })
        .def_property_readonly("lod", [](const PyBodyFile &self) { return self.file().header().lod; })
        .def_property_readonly("lod_name", [](const PyBodyFile &self) { return self.file().lodName(); })
        .def_property_readonly("vertex_count", [](const PyBodyFile &self) { return self.file().header().vertexCount; })
        .def_property_readonly("index_count", [](const PyBodyFile &self) { return self.file().header().indexCount; })
        .def_property_readonly("triangle_count", [](const PyBodyFile &self) { return self.file().header().indexCount / 3; })
        .def_property_readonly(
            "info",
            [](const PyBodyFile &self) {
                return fromJson(self.info().toJson(self.file(), NativeName::display(self.file().path())));
            },
            "What `bpat info BODY.bprm --json` prints: header fields, sections_in_file, species and rig (as the game "
            "pairs bodies by name; None when none), bounds, color_roles, influences, highest_weighted_bone, has_uv.")
        .def_property_readonly(
            "species",
            [](const PyBodyFile &self) -> py::object {
                const std::optional<quint32> species = self.info().species;
                return species ? py::cast(BodyFiles::bodyNames(*species).value(0)) : py::object(py::none());
            },
            "The species its name gives ('horse', 'skeleton_humanoid'), None for another name.")
        .def_property_readonly(
            "rig_bone_count", [](const PyBodyFile &self) { return self.info().rig.boneCount; },
            "The bone count of the rig it is paired with (a BPAT of its species beside it, else the game's current rig "
            "of the species its name gives); 0 when none.")
        .def_property_readonly_static(
            "vertex_dtype", [](const py::object &) { return vertexDtype(); },
            "The NumPy dtype of one vertex (56 bytes, as in BPSM: position, normal, uv, bones, weights, color_role, pad).")
        .def_property_readonly(
            "indices",
            [](const PyBodyFile &self) {
                const BprmFile &f = self.file();
                if (!f.indexDataInBounds())
                    raise(ErrorKind::File, QStringLiteral("BPRM_INDEX_DATA_OUT_OF_BOUNDS"),
                          QStringLiteral("the index data is not inside the file (run bpat.validate for details)"), f.path());
                return view(self.mapping(), f.indexData(), py::dtype("<u4"), {py::ssize_t(f.header().indexCount)}, {4});
            },
            "The triangle list's vertex indices: a read-only uint32 view.")
        .def_property_readonly(
            "vertices",
            [](const PyBodyFile &self) {
                const BprmFile &f = self.file();
                if (!f.vertexDataInBounds())
                    raise(ErrorKind::File, QStringLiteral("BPRM_VERTEX_DATA_OUT_OF_BOUNDS"),
                          QStringLiteral("the vertex data is not inside the file (run bpat.validate for details)"), f.path());
                const py::ssize_t stride = py::ssize_t(bpsm::VertexSize);
                return view(self.mapping(), f.vertexData(), vertexDtype(), {py::ssize_t(f.header().vertexCount)}, {stride});
            },
            "The bind-pose vertices: a read-only structured view of shape (vertices,); v['position'] is a float32 "
            "(vertices, 3) view, v['bones'] and v['weights'] the skinning influences.")
        .def("__repr__", [](const PyBodyFile &self) {
            if (self.closed())
                return QStringLiteral("<bpat.BodyFile closed>");
            const BprmFile &f = self.file();
            return QStringLiteral("<bpat.BodyFile %1: %2, %3 vertices, %4 triangles>")
                .arg(f.path(), f.lodName())
                .arg(f.header().vertexCount)
                .arg(f.header().indexCount / 3);
        });
}

py::object openBody(const QString &path)
{
    QString error;
    std::optional<BprmFile> file = withoutGil([&] { return BprmFile::open(path, &error); });
    if (!file)
        raise(ErrorKind::File, QStringLiteral("BPRM_IO_ERROR"), error, path);
    if (!file->hasHeader() || !file->hasMagic())
        raise(ErrorKind::File, file->hasHeader() ? QStringLiteral("BPRM_BAD_MAGIC") : QStringLiteral("BPRM_FILE_TOO_SMALL"),
              QStringLiteral("%1: not a BPRM file (no 40-byte header starting with BPRM)").arg(file->path()), path);
    return py::cast(PyBodyFile(std::move(*file)));
}

} // namespace bpat::python

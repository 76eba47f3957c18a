// bpat.SnapshotFile: a BPSM snapshot mesh opened in place, its vertices and indices as read-only
// NumPy views into the mapping (a structured dtype of the 56-byte vertex).
#include "PyBindings.h"
#include "PyMapping.h"
#include "PyWork.h"

#include "bpat/BpatFormat.h"
#include "bpsm/BpsmFormat.h"
#include "species/Species.h"

namespace bpat::python {

namespace {

class PySnapshotFile : public Constructed
{
public:
    explicit PySnapshotFile(BpsmFile file)
        : m_mapping(std::make_shared<Mapping>())
    {
        m_mapping->bpsm = std::move(file);
    }

    // A handle sharing the mapping (see PyBpatFile::file()).
    BpsmFile file() const
    {
        check("SnapshotFile", "use bpat.open(path)");
        if (!m_mapping)
            throw py::value_error("I/O operation on a closed bpat.SnapshotFile");
        return m_mapping->bpsm;
    }
    std::shared_ptr<Mapping> mapping() const
    {
        file();
        return m_mapping;
    }
    void close()
    {
        check("SnapshotFile", "use bpat.open(path)");
        m_mapping.reset();
    }
    bool closed() const
    {
        check("SnapshotFile", "use bpat.open(path)");
        return !m_mapping;
    }

    int clipIndex(const py::handle &clip) const
    {
        const BpsmFile &f = file();
        if (const auto index = indexArgument(clip)) {
            if (const auto at = pyIndex(*index, quint64(f.clips().size())))
                return int(*at);
            raise(ErrorKind::NotFound, QStringLiteral("CLIP_NOT_FOUND"), QStringLiteral("no clip %1").arg(*index), f.path());
        }
        if (py::isinstance<py::str>(clip)) {
            const QString name = clip.cast<QString>();
            const int index = f.findClip(name);
            if (index >= 0)
                return index;
            raise(ErrorKind::NotFound, QStringLiteral("CLIP_NOT_FOUND"), QStringLiteral("no clip '%1'").arg(name), f.path());
        }
        if (py::hasattr(clip, "index"))
            return clipIndex(clip.attr("index"));
        throw py::type_error("a clip is given by its index, its name or a bpat.SnapshotClip");
    }

private:
    std::shared_ptr<Mapping> m_mapping;
};

} // namespace

py::dtype vertexDtype()
{
    py::dict spec;
    spec["names"] = py::make_tuple("position", "normal", "uv", "bones", "weights", "color_role", "pad");
    spec["formats"] = py::make_tuple("(3,)<f4", "(3,)<f4", "(2,)<f4", "(4,)u1", "(4,)<f4", "u1", "(3,)u1");
    spec["offsets"] = py::make_tuple(bpsm::vertex::Position, bpsm::vertex::Normal, bpsm::vertex::Uv, bpsm::vertex::Bones,
                                     bpsm::vertex::Weights, bpsm::vertex::ColorRole, bpsm::vertex::Pad);
    spec["itemsize"] = bpsm::VertexSize;
    return py::dtype::from_args(spec);
}

void bindSnapshot(py::module_ &m)
{
    defFileBasics(
        py::class_<PySnapshotFile>(m, "SnapshotFile",
                                   "A BPSM snapshot mesh opened in place with bpat.open(): header, clips, and its indices "
                                   "and pre-skinned vertices as read-only NumPy views of the mapping."),
        "bpsm")
        .def_property_readonly("header",
                               [](const PySnapshotFile &self) {
                                   const BpsmHeader &h = self.file().header();
                                   py::dict d;
                                   d["magic"] = py::bytes(h.magic.data(), h.magic.size());
                                   d["version"] = h.version;
                                   d["species_id"] = h.speciesId;
                                   d["lod"] = h.lod;
                                   d["vertex_count"] = h.vertexCount;
                                   d["index_count"] = h.indexCount;
                                   d["clip_count"] = h.clipCount;
                                   d["frame_total"] = h.frameTotal;
                                   d["string_table_size"] = h.stringTableSize;
                                   d["reserved"] = h.reserved;
                                   d["clip_table_offset"] = h.clipTableOffset;
                                   d["string_table_offset"] = h.stringTableOffset;
                                   d["index_data_offset"] = h.indexDataOffset;
                                   d["vertex_data_offset"] = h.vertexDataOffset;
                                   return d;
                               })
        .def_property_readonly("version", [](const PySnapshotFile &self) { return self.file().header().version; })
        .def_property_readonly("species_id", [](const PySnapshotFile &self) { return self.file().header().speciesId; })
        .def_property_readonly("species",
                               [](const PySnapshotFile &self) {
                                   const QString name = Species::nameOf(self.file().header().speciesId);
                                   return name.isEmpty() ? py::object(py::none()) : py::cast(name);
                               })
        .def_property_readonly("lod", [](const PySnapshotFile &self) { return self.file().header().lod; })
        .def_property_readonly("vertex_count", [](const PySnapshotFile &self) { return self.file().header().vertexCount; })
        .def_property_readonly("index_count", [](const PySnapshotFile &self) { return self.file().header().indexCount; })
        .def_property_readonly("frame_total", [](const PySnapshotFile &self) { return self.file().header().frameTotal; })
        .def_property_readonly("clips",
                               [](const PySnapshotFile &self) {
                                   py::list out;
                                   for (const BpsmClipInfo &c : self.file().clips()) {
                                       py::dict f;
                                       f["index"] = c.index;
                                       f["name"] = c.name;
                                       f["frames"] = c.frameCount;
                                       f["frame_offset"] = c.frameOffset;
                                       f["name_valid"] = c.nameValid();
                                       out.append(record("SnapshotClip", f));
                                   }
                                   return out;
                               })
        .def_property_readonly_static(
            "vertex_dtype", [](const py::object &) { return vertexDtype(); },
            "The NumPy dtype of one vertex (56 bytes: position, normal, uv, bones, weights, color_role, pad).")
        .def_property_readonly(
            "indices",
            [](const PySnapshotFile &self) {
                const BpsmFile &f = self.file();
                if (!f.indexDataInBounds())
                    raise(ErrorKind::File, QStringLiteral("BPSM_INDEX_DATA_OUT_OF_BOUNDS"),
                          QStringLiteral("the index data is not inside the file (run bpat.validate for details)"), f.path());
                const auto *at = reinterpret_cast<const uchar *>(f.bytes().data()) + f.header().indexDataOffset;
                return view(self.mapping(), at, py::dtype("<u4"), {py::ssize_t(f.header().indexCount)}, {4});
            },
            "The triangle list's vertex indices: a read-only uint32 view.")
        .def(
            "vertices",
            [](const PySnapshotFile &self, const py::handle &clipArg, const py::object &frame) {
                const int clip = self.clipIndex(clipArg);
                const BpsmFile &f = self.file();
                const BpsmClipInfo &c = f.clips().at(clip);
                if (!f.vertexDataInBounds() || quint64(c.frameOffset) + c.frameCount > f.header().frameTotal)
                    raise(ErrorKind::File, QStringLiteral("BPSM_VERTEX_DATA_OUT_OF_BOUNDS"),
                          QStringLiteral("clip '%1': its vertices are not inside the file (run bpat.validate for details)")
                              .arg(c.name),
                          f.path());
                const py::ssize_t n = py::ssize_t(f.header().vertexCount);
                const py::ssize_t stride = py::ssize_t(bpsm::VertexSize);
                quint64 first = c.frameOffset;
                if (!frame.is_none()) {
                    const qint64 k = frame.cast<qint64>();
                    const auto at = pyIndex(k, c.frameCount);
                    if (!at)
                        raise(ErrorKind::NotFound, QStringLiteral("FRAME_NOT_FOUND"),
                              QStringLiteral("clip '%1' has no frame %2").arg(c.name).arg(k), f.path());
                    first += *at;
                }
                const auto *at = reinterpret_cast<const uchar *>(f.bytes().data()) + f.header().vertexDataOffset
                    + first * quint64(n) * quint64(stride);
                if (!frame.is_none())
                    return view(self.mapping(), at, vertexDtype(), {n}, {stride});
                return view(self.mapping(), at, vertexDtype(), {py::ssize_t(c.frameCount), n}, {n * stride, stride});
            },
            py::arg("clip"), py::arg("frame") = py::none(),
            "The clip's pre-skinned vertices: a read-only structured view of shape (frames, vertices), or (vertices,) for "
            "one frame; v['position'] is a float32 (..., 3) view.")
        .def("__repr__", [](const PySnapshotFile &self) {
            if (self.closed())
                return QStringLiteral("<bpat.SnapshotFile closed>");
            const BpsmFile &f = self.file();
            return QStringLiteral("<bpat.SnapshotFile %1: %2 vertices, %3 clips, %4 frames>")
                .arg(f.path())
                .arg(f.header().vertexCount)
                .arg(f.clips().size())
                .arg(f.header().frameTotal);
        });
}

py::object openSnapshot(const QString &path)
{
    QString error;
    std::optional<BpsmFile> file = withoutGil([&] { return BpsmFile::open(path, &error); });
    if (!file)
        raise(ErrorKind::File, QStringLiteral("BPSM_IO_ERROR"), error, path);
    if (!file->hasHeader() || !file->hasMagic())
        raise(ErrorKind::File, file->hasHeader() ? QStringLiteral("BPSM_BAD_MAGIC") : QStringLiteral("BPSM_FILE_TOO_SMALL"),
              QStringLiteral("%1: not a BPSM file (no 72-byte header starting with BPSM)").arg(file->path()), path);
    return py::cast(PySnapshotFile(std::move(*file)));
}

} // namespace bpat::python

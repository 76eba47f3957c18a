#include "PyBpatFile.h"

#include "PyBindings.h"

#include "bpat/SectionLayout.h"
#include "diagnostics/ValidationCodes.h"
#include "mesh/Rig.h"
#include "PyWork.h"

#include <cmath>

namespace bpat::python {

namespace {

py::object number(float v) // NaN and infinities too: Python has them; float32 as the CLI prints it
{
    return float32(v);
}

py::object clipRecord(const BpatClipInfo &c)
{
    py::dict f;
    f["index"] = c.index;
    f["name"] = c.name;
    f["frames"] = c.frameCount;
    f["frame_offset"] = c.frameOffset;
    f["fps"] = number(c.fps);
    f["loops"] = c.loops();
    f["duration"] = c.duration();
    f["name_valid"] = c.nameValid();
    if (c.hasMarkers) {
        py::dict markers;
        for (int k = 0; k < format::MarkerCount; ++k)
            markers[format::MarkerKeys[k]] = c.markers[k] == -1.0f ? py::object(py::none()) : number(c.markers[k]);
        f["markers"] = markers;
    }
    if (c.hasV3Fields) {
        f["flags"] = int(c.flags);
        f["supplies_ground_contact"] = c.suppliesGroundContact();
        f["variant_family"] = int(c.variantFamily);
        f["variant_ordinal"] = int(c.variantOrdinal);
    }
    return record("Clip", f);
}

py::object socketRecord(const BpatSocketInfo &s)
{
    py::dict f;
    f["index"] = s.index;
    f["name"] = s.name;
    f["anchor_bone"] = s.anchorBone;
    f["local_offset"] = py::make_tuple(s.localOffset.x(), s.localOffset.y(), s.localOffset.z());
    f["name_valid"] = s.nameValid();
    return record("Socket", f);
}

// The rig `bpat info` names the bones by: the game's of the species and bone count (any era),
// a built-in description, a late-v3 file's own parents; none when the count does not match.
std::optional<Rig> rigOf(const BpatFile &file)
{
    const quint32 count = file.header().boneCount;
    auto rig = file.rig();
    if (rig && quint32(rig->boneCount()) != count)
        rig.reset();
    return rig;
}

int boneCountOf(const BpatFile &file)
{
    const quint32 n = file.header().boneCount;
    return n >= format::MinBones && n <= format::MaxBones ? int(n) : 0;
}

py::dict headerDict(const BpatFile &file)
{
    const BpatHeader &h = file.header();
    py::dict d;
    d["magic"] = py::bytes(h.magic.data(), h.magic.size());
    d["version"] = h.version;
    d["species_id"] = h.speciesId;
    d["bone_count"] = h.boneCount;
    d["socket_count"] = h.socketCount;
    d["clip_count"] = h.clipCount;
    d["frame_total"] = h.frameTotal;
    d["string_table_size"] = h.stringTableSize;
    d["clip_table_offset"] = h.clipTableOffset;
    d["socket_table_offset"] = h.socketTableOffset;
    d["string_table_offset"] = h.stringTableOffset;
    d["palette_data_offset"] = h.paletteDataOffset;
    return d;
}

// What keeps the tables from being read (as `bpat info` lists them).
py::list structuralFindings(const BpatFile &file)
{
    Diagnostics out;
    const auto add = [&](const QString &code, const QString &section, const QString &message) {
        out.append({code, Severity::Error, message + QStringLiteral(" (run bpat.validate for details)"), std::nullopt,
                    DiagnosticLocation::region(section)});
    };
    if (!file.clipTableInBounds())
        add(codes::CLIP_TABLE_OUT_OF_BOUNDS, QStringLiteral("clip_table"),
            QStringLiteral("the clip table is not inside the file"));
    if (!file.socketTableInBounds())
        add(codes::SOCKET_TABLE_OUT_OF_BOUNDS, QStringLiteral("socket_table"),
            QStringLiteral("the socket table is not inside the file"));
    if (!file.stringTableInBounds())
        add(codes::STRING_TABLE_OUT_OF_BOUNDS, QStringLiteral("string_table"),
            QStringLiteral("the string table is not inside the file (no clip or socket name can be read)"));
    if (!file.paletteInBounds())
        add(codes::PALETTE_OUT_OF_BOUNDS, QStringLiteral("palette"), QStringLiteral("the palette is not inside the file"));
    return diagnostics(out);
}

} // namespace

PyBpatFile::PyBpatFile(BpatFile file)
    : m_mapping(std::make_shared<Mapping>())
{
    m_mapping->bpat = std::move(file);
}

BpatFile PyBpatFile::file() const
{
    check("BpatFile", "use bpat.open(path)");
    if (!m_mapping)
        throw py::value_error("I/O operation on a closed bpat.BpatFile");
    return m_mapping->bpat;
}

std::shared_ptr<Mapping> PyBpatFile::mapping() const
{
    file(); // closed?
    return m_mapping;
}

void PyBpatFile::close()
{
    check("BpatFile", "use bpat.open(path)");
    m_mapping.reset(); // views keep their own reference
    clips = sockets = bones = py::object();
}

int PyBpatFile::clipIndex(const py::handle &clip) const
{
    const BpatFile &f = file();
    const auto count = quint64(f.clips().size());
    if (const auto index = indexArgument(clip)) {
        if (const auto at = pyIndex(*index, count))
            return int(*at);
        raise(ErrorKind::NotFound, QStringLiteral("CLIP_NOT_FOUND"),
              QStringLiteral("no clip %1 (the file has %2)").arg(*index).arg(count), f.path());
    }
    if (py::isinstance<py::str>(clip)) {
        const QString name = clip.cast<QString>();
        const int index = f.findClipByNameOrIndex(name);
        if (index >= 0)
            return index;
        raise(ErrorKind::NotFound, QStringLiteral("CLIP_NOT_FOUND"), QStringLiteral("no clip '%1'").arg(name), f.path());
    }
    if (py::hasattr(clip, "index") && py::hasattr(clip, "frame_offset")) // a bpat.Clip
        return clipIndex(clip.attr("index"));
    throw py::type_error("a clip is given by its index, its name or a bpat.Clip");
}

quint32 PyBpatFile::frameIndex(int clip, qint64 frame) const
{
    const BpatClipInfo &c = file().clips().at(clip);
    if (const auto at = pyIndex(frame, c.frameCount))
        return quint32(*at);
    raise(ErrorKind::NotFound, QStringLiteral("FRAME_NOT_FOUND"),
          QStringLiteral("clip '%1' has no frame %2 (it has %3)").arg(c.name).arg(frame).arg(c.frameCount), file().path());
}

quint32 PyBpatFile::clipFrames(int clip) const
{
    const BpatFile &f = file();
    if (!f.paletteInBounds())
        raise(ErrorKind::File, codes::PALETTE_OUT_OF_BOUNDS,
              QStringLiteral("the palette is not inside the file (run bpat.validate for details)"), f.path());
    const BpatClipInfo &c = f.clips().at(clip);
    if (quint64(c.frameOffset) + c.frameCount > f.header().frameTotal)
        raise(ErrorKind::File, codes::CLIP_OUT_OF_RANGE,
              QStringLiteral("clip '%1': frames %2..%3 are not inside the palette's %4 frames")
                  .arg(c.name)
                  .arg(c.frameOffset)
                  .arg(quint64(c.frameOffset) + c.frameCount)
                  .arg(f.header().frameTotal),
              f.path());
    return c.frameOffset;
}

PyBpatFile openBpat(const QString &path)
{
    QString error;
    std::optional<BpatFile> file = withoutGil([&] { return BpatFile::open(path, &error); });
    if (!file)
        raise(ErrorKind::File, codes::IO_ERROR, error, path);
    if (!file->hasHeader())
        raise(ErrorKind::File, codes::FILE_TOO_SMALL,
              QStringLiteral("%1: not a BPAT file (shorter than the 64-byte header)").arg(file->path()), path);
    if (!file->hasMagic())
        raise(ErrorKind::File, codes::BAD_MAGIC, QStringLiteral("%1: not a BPAT file (no BPAT magic)").arg(file->path()), path);
    return PyBpatFile(std::move(*file));
}

void bindBpatFile(py::module_ &m)
{
    py::class_<PyBpatFile> type(m, "BpatFile",
                                "A BPAT file of any version (v1, v2, early or late v3) opened in place with bpat.open(): "
                                "header, clips, sockets and bones, and its matrices as read-only NumPy views of the mapping.");
    defFileBasics(type, "bpat")
        .def_property_readonly(
            "header", [](const PyBpatFile &self) { return headerDict(self.file()); },
            "Every header field by the names of `bpat info --json`.")
        .def_property_readonly("version", [](const PyBpatFile &self) { return self.file().header().version; })
        .def_property_readonly(
            "dialect", [](const PyBpatFile &self) { return format::dialectName(self.file().dialect()); },
            "'v1', 'v2', 'v3-early', 'v3-late' or 'unknown'.")
        .def_property_readonly(
            "dialect_from_palette", [](const PyBpatFile &self) { return self.file().dialectFromPalette(); },
            "True when the v3 dialect was told from the palette (the extension's offsets are both zero).")
        .def_property_readonly(
            "stores_skinning_matrices", [](const PyBpatFile &self) { return self.file().storesSkinningMatrices(); },
            "Late v3: the palette holds column-major skinning matrices (global = skin x bind).")
        .def_property_readonly("species_id", [](const PyBpatFile &self) { return self.file().header().speciesId; })
        .def_property_readonly("species",
                               [](const PyBpatFile &self) {
                                   const QString name = self.file().speciesName();
                                   return name.isEmpty() ? py::object(py::none()) : py::cast(name);
                               })
        .def_property_readonly("bone_count", [](const PyBpatFile &self) { return self.file().header().boneCount; })
        .def_property_readonly("socket_count", [](const PyBpatFile &self) { return self.file().header().socketCount; })
        .def_property_readonly("clip_count", [](const PyBpatFile &self) { return self.file().header().clipCount; })
        .def_property_readonly("frame_total", [](const PyBpatFile &self) { return self.file().header().frameTotal; })
        .def_property_readonly("palette_data_offset", [](const PyBpatFile &self) { return self.file().paletteDataOffset(); })
        .def_property_readonly("socket_data_offset",
                               [](const PyBpatFile &self) {
                                   return self.file().header().socketCount > 0 ? optional(self.file().socketDataOffset())
                                                                               : py::int_(0);
                               })
        .def_property_readonly(
            "extension",
            [](const PyBpatFile &self) -> py::object {
                if (!self.file().hasV3Extension())
                    return py::none();
                const BpatV3Extension &x = self.file().v3Extension();
                py::dict d;
                d["contact_data_offset"] = x.contactDataOffset;
                d["contact_entry_count"] = x.contactEntryCount;
                d["bind_palette_offset"] = x.bindPaletteOffset;
                d["bone_parent_offset"] = x.boneParentOffset;
                return std::move(d);
            },
            "The v3 extension header's fields (bytes 64..95), None before v3.")
        .def_property_readonly(
            "clips",
            [](PyBpatFile &self) {
                if (!self.clips) {
                    py::list out;
                    for (const BpatClipInfo &c : self.file().clips())
                        out.append(clipRecord(c));
                    self.clips = std::move(out);
                }
                return py::list(self.clips); // a copy: callers may change their list
            },
            "The clips (bpat.Clip records) in table order; empty when the clip table is not inside the file.")
        .def(
            "clip",
            [](PyBpatFile &self, const py::handle &clip) { return clipRecord(self.file().clips().at(self.clipIndex(clip))); },
            py::arg("clip"), "A clip by index, name or bpat.Clip (bpat.NotFoundError when there is none).")
        .def_property_readonly(
            "sockets",
            [](PyBpatFile &self) {
                if (!self.sockets) {
                    py::list out;
                    for (const BpatSocketInfo &s : self.file().sockets())
                        out.append(socketRecord(s));
                    self.sockets = std::move(out);
                }
                return py::list(self.sockets);
            },
            "The sockets (bpat.Socket records) in table order.")
        .def_property_readonly(
            "bones",
            [](PyBpatFile &self) {
                if (!self.bones) {
                    const std::optional<Rig> rig = rigOf(self.file());
                    py::list out;
                    for (int b = 0; b < boneCountOf(self.file()); ++b) {
                        py::dict f;
                        f["index"] = b;
                        f["name"] = rig ? rig->bone(b).name : QStringLiteral("bone %1").arg(b);
                        f["parent"] = rig ? py::object(py::int_(rig->bone(b).parent)) : py::object(py::none());
                        out.append(record("Bone", f));
                    }
                    self.bones = std::move(out);
                }
                return py::list(self.bones);
            },
            "The bones (bpat.Bone records): names and parents from the rig of the species and bone count (any era) or a "
            "late-v3 file's own parent table; 'bone N' and parent None when the rig is unknown.")
        .def(
            "bone_index",
            [](PyBpatFile &self, const QString &name) {
                const std::optional<Rig> rig = rigOf(self.file());
                const int index = rig ? rig->indexOf(name) : -1;
                if (index < 0)
                    raise(ErrorKind::NotFound, QStringLiteral("BONE_NOT_FOUND"),
                          QStringLiteral("no bone '%1' in %2")
                              .arg(name, rig ? rig->describeSource() : QStringLiteral("an unknown rig")),
                          self.file().path());
                return index;
            },
            py::arg("name"), "The index of a bone by its rig name.")
        .def_property_readonly(
            "rig",
            [](const PyBpatFile &self) {
                const std::optional<Rig> rig = rigOf(self.file());
                py::dict d;
                d["name"] = rig ? py::cast(rig->name()) : py::object(py::none());
                d["source"] = !rig                              ? "unknown"
                    : rig->source() == Rig::Source::Game        ? "game"
                    : rig->source() == Rig::Source::Description ? "description"
                                                                : "file_parents";
                d["known_names"] = rig && rig->knownNames();
                d["description"] =
                    rig ? rig->describeSource() : QStringLiteral("unknown rig: bones named by index, parents unknown");
                return d;
            },
            "Where the bones' names and parents come from, as `bpat info --json` says it.")
        .def_property_readonly(
            "sections",
            [](const PyBpatFile &self) {
                py::list out;
                const SectionLayout layout = SectionLayout::of(self.file());
                for (const LayoutSection &s : layout.sections()) {
                    py::dict f;
                    f["name"] = s.name;
                    f["offset"] = s.offset;
                    f["size"] = s.sizeOverflows ? py::object(py::none()) : py::object(py::int_(s.size));
                    f["past_end"] = s.pastEnd;
                    f["overlaps"] = s.overlaps;
                    f["note"] = s.note;
                    out.append(record("Section", f));
                }
                return out;
            },
            "The file's sections, sorted by offset (the Layout panel's).")
        .def(
            "validate",
            [](const PyBpatFile &self, const py::object &profile, const py::object &era, bool deep, int maxIssues,
               const py::object &motion,
               int threads) { return validateOpened(self.file(), profile, era, deep, maxIssues, motion, threads); },
            py::arg("profile") = py::none(), py::arg("game_era") = py::none(), py::arg("deep") = false, py::arg("max_issues") = 0,
            py::arg("motion") = py::none(), py::arg("threads") = 0,
            "bpat.validate() of this mapping (the bytes these views show).")
        .def(
            "analyze",
            [](const PyBpatFile &self, const py::object &clips, const py::object &cycleTimes) {
                return analyzeOpened(self.file(), clips, cycleTimes);
            },
            py::arg("clips") = py::none(), py::arg("cycle_times") = py::none(), "bpat.analyze() of this mapping.")
        .def_property_readonly(
            "findings", [](const PyBpatFile &self) { return structuralFindings(self.file()); },
            "What keeps tables or the palette from being read (bpat.validate says everything).")
        .def("__repr__", [](const PyBpatFile &self) {
            if (self.closed())
                return QStringLiteral("<bpat.BpatFile closed>");
            const BpatFile &f = self.file();
            return QStringLiteral("<bpat.BpatFile %1: %2, %3 bones, %4 clips, %5 frames>")
                .arg(f.path(), format::dialectName(f.dialect()))
                .arg(f.header().boneCount)
                .arg(f.clips().size())
                .arg(f.header().frameTotal);
        });
    bindBpatArrays(type);
}

} // namespace bpat::python

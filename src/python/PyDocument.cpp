// bpat.Document: a BPAT file read whole into the core's editable document, edited with the
// operations of `bpat edit` and the app (DocumentEditor: each checks its arguments and refuses
// an edit that would make the file invalid), converted (VersionConverter) and saved through
// BpatSaver: validated, then written atomically, or refused with the findings.
#include "PyBindings.h"
#include "PyWork.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatSaver.h"
#include "bpat/DocumentEditor.h"
#include "bpat/EditCodes.h"
#include "bpat/Validator.h"
#include "bpat/VersionConverter.h"
#include "io/AtomicFile.h"
#include "io/NativeName.h"
#include "mesh/Rig.h"
#include "species/SpeciesRig.h"

#include <mutex>

namespace bpat::python {

namespace {

// One document, many threads: every call takes the document's lock first (lock()), so six
// threads editing and checking one Document take turns instead of corrupting it (issue 42:
// `free(): corrupted unsorted chunks`, as check() and save() read it without the GIL while
// another thread edited it). The lock is taken with the GIL released, so a thread that holds it
// while it works without the GIL can always take the GIL back; it is recursive, so Python code
// run during a call (an object's __index__) may call the same document again.
class PyDocument : public Constructed
{
public:
    explicit PyDocument(const py::handle &pathArg)
        : m_path(pathArgument(pathArg))
    {
        QString error;
        std::optional<BpatFile> file = withoutGil([&] { return BpatFile::open(m_path, &error); });
        if (!file)
            raise(ErrorKind::File, QStringLiteral("IO_ERROR"), error, m_path);
        std::optional<BpatDocument> doc = withoutGil([&] { return BpatDocument::fromFile(*file, &error); });
        if (!doc) {
            // Why, with the validator's codes.
            const ValidationResult found = withoutGil([&] { return Validator().validate(*file); });
            raiseRefused(QStringLiteral("DOCUMENT_UNREADABLE"),
                         QStringLiteral("%1: cannot be edited: %2").arg(NativeName::display(m_path), error), m_path,
                         found.issues);
        }
        m_doc = std::move(*doc);
    }

    [[nodiscard]] std::unique_lock<std::recursive_mutex> lock() const
    {
        check("Document", "use bpat.Document(path)");
        std::unique_lock<std::recursive_mutex> held(m_mutex, std::defer_lock);
        if (!held.try_lock()) {
            py::gil_scoped_release release;
            held.lock();
        }
        return held;
    }

    BpatDocument &doc() { return m_doc; }
    const BpatDocument &doc() const { return m_doc; }
    const QString &path() const { return m_path; }

    // Applies an edit; RefusedError with the editor's reason and its code (EditCodes).
    void edit(const std::function<bool(DocumentEditor &, QString *)> &operation)
    {
        DocumentEditor editor(m_doc);
        QString error;
        if (operation(editor, &error))
            return;
        const QString code = EditCodes::codeOf(error);
        raise(ErrorKind::Refused, code.isEmpty() ? QStringLiteral("EDIT_REFUSED") : code, error, m_path);
    }

    int clipIndex(const py::handle &clip) const
    {
        const auto count = qint64(m_doc.clipCount());
        if (const auto index = indexArgument(clip)) {
            if (*index >= -count && *index < count)
                return int(*index < 0 ? *index + count : *index);
            raise(ErrorKind::NotFound, QStringLiteral("CLIP_NOT_FOUND"),
                  QStringLiteral("no clip %1 (the document has %2)").arg(*index).arg(count));
        }
        if (py::isinstance<py::str>(clip)) {
            const QString name = clip.cast<QString>();
            int index = m_doc.findClip(name);
            bool number = false;
            const uint asIndex = name.toUInt(&number);
            if (index < 0 && number && asIndex < uint(count))
                index = int(asIndex);
            if (index >= 0)
                return index;
            raise(ErrorKind::NotFound, QStringLiteral("CLIP_NOT_FOUND"),
                  QStringLiteral("no clip named or numbered '%1'").arg(name));
        }
        if (py::hasattr(clip, "index"))
            return clipIndex(clip.attr("index"));
        throw py::type_error("a clip is given by its index, its name or a bpat.Clip");
    }

    int socketIndex(const py::handle &socket) const
    {
        const auto count = qint64(m_doc.socketCount());
        if (const auto index = indexArgument(socket)) {
            if (*index >= -count && *index < count)
                return int(*index < 0 ? *index + count : *index);
        } else if (py::isinstance<py::str>(socket)) {
            const QString name = socket.cast<QString>();
            int found = m_doc.findSocket(name);
            bool number = false;
            const uint asIndex = name.toUInt(&number);
            if (found < 0 && number && asIndex < uint(count))
                found = int(asIndex);
            if (found >= 0)
                return found;
        } else if (py::hasattr(socket, "anchor_bone")) {
            return socketIndex(socket.attr("index"));
        } else {
            throw py::type_error("a socket is given by its index, its name or a bpat.Socket");
        }
        raise(ErrorKind::NotFound, QStringLiteral("SOCKET_NOT_FOUND"),
              QStringLiteral("no socket %1").arg(py::str(socket).cast<QString>()));
    }

    // A bone by index or by its name in the species' rig (as `bpat edit` takes it).
    quint32 boneIndex(const py::handle &bone) const
    {
        if (const auto index = indexArgument(bone)) {
            if (*index >= 0 && *index <= qint64(std::numeric_limits<quint32>::max()))
                return quint32(*index); // the editor checks it against the bone count
        } else {
            const QString name = bone.cast<QString>();
            if (const SpeciesRig *rig = SpeciesRig::game(m_doc.speciesId(), int(m_doc.boneCount()))) {
                const int byName = rig->rig().indexOf(name);
                if (byName >= 0)
                    return quint32(byName);
            }
            bool number = false;
            const uint asIndex = name.toUInt(&number);
            if (number)
                return asIndex;
        }
        raise(ErrorKind::NotFound, QStringLiteral("BONE_NOT_FOUND"),
              QStringLiteral("no bone named or numbered '%1'").arg(py::str(bone).cast<QString>()));
    }

private:
    QString m_path;
    BpatDocument m_doc;
    mutable std::recursive_mutex m_mutex;
};

QVector3D vector3(const py::handle &value)
{
    const auto v = value.cast<std::vector<float>>();
    if (v.size() != 3)
        throw py::value_error("an offset is three numbers (x, y, z)");
    return QVector3D(v[0], v[1], v[2]);
}

int markerArgument(const py::handle &marker)
{
    if (!py::isinstance<py::str>(marker))
        throw py::type_error("a marker is given by its key, a str (anticipation_start, weapon_release, contact, "
                             "recover_unlocked or exit_safe)");
    const QString key = marker.cast<QString>();
    const int index = format::markerIndex(key);
    if (index < 0)
        raise(
            ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
            QStringLiteral("no marker '%1' (expected anticipation_start, weapon_release, contact, recover_unlocked or exit_safe)")
                .arg(key));
    return index;
}

py::list clipRecords(const BpatDocument &doc)
{
    py::list out;
    for (int i = 0; i < doc.clipCount(); ++i) {
        const BpatClip &c = doc.clip(i);
        py::dict f;
        f["index"] = i;
        f["name"] = c.name;
        f["frames"] = c.frameCount;
        f["frame_offset"] = doc.frameOffset(i);
        f["fps"] = float32(c.fps);
        f["loops"] = c.loops;
        f["duration"] = c.fps > 0.0f ? double(c.frameCount) / double(c.fps) : 0.0;
        if (doc.dialect() != format::Dialect::V1) {
            py::dict markers;
            for (int k = 0; k < format::MarkerCount; ++k)
                markers[format::MarkerKeys[k]] = c.markers[k] == -1.0f ? py::object(py::none()) : float32(c.markers[k]);
            f["markers"] = markers;
        }
        if (format::isV3(doc.dialect())) {
            f["flags"] = int(c.flags);
            f["supplies_ground_contact"] = (c.flags & format::ClipFlagSuppliesGroundContact) != 0;
            f["variant_family"] = c.variantFamily < 0 ? i : c.variantFamily;
            f["variant_ordinal"] = int(c.variantOrdinal);
        }
        out.append(record("Clip", f));
    }
    return out;
}

} // namespace

void bindDocument(py::module_ &m)
{
    py::class_<PyDocument>(
        m, "Document",
        "A BPAT file read whole for editing (the core's BpatDocument): the operations of `bpat edit` "
        "and the app, each refused with bpat.RefusedError (its code: docs/validation.md, \"Edit refusal codes\") "
        "when it would make the file invalid; save() validates and writes atomically.")
        .def(py::init<const py::handle &>(), py::arg("path"))
        .def_property_readonly(
            "path",
            [](const PyDocument &d) {
                const auto held = d.lock();
                return d.path();
            },
            "The file it was read from.")
        .def_property_readonly("dialect",
                               [](const PyDocument &d) {
                                   const auto held = d.lock();
                                   return format::dialectName(d.doc().dialect());
                               })
        .def_property_readonly("version",
                               [](const PyDocument &d) {
                                   const auto held = d.lock();
                                   return d.doc().version();
                               })
        .def_property_readonly("species_id",
                               [](const PyDocument &d) {
                                   const auto held = d.lock();
                                   return d.doc().speciesId();
                               })
        .def_property_readonly("bone_count",
                               [](const PyDocument &d) {
                                   const auto held = d.lock();
                                   return d.doc().boneCount();
                               })
        .def_property_readonly("frame_total",
                               [](const PyDocument &d) {
                                   const auto held = d.lock();
                                   return d.doc().frameTotal();
                               })
        .def_property_readonly("clips",
                               [](const PyDocument &d) {
                                   const auto held = d.lock();
                                   return clipRecords(d.doc());
                               })
        .def_property_readonly("sockets",
                               [](const PyDocument &d) {
                                   const auto held = d.lock();
                                   py::list out;
                                   for (int i = 0; i < d.doc().socketCount(); ++i) {
                                       const BpatSocket &s = d.doc().sockets().at(i);
                                       py::dict f;
                                       f["index"] = i;
                                       f["name"] = s.name;
                                       f["anchor_bone"] = s.anchorBone;
                                       f["local_offset"] =
                                           py::make_tuple(s.localOffset.x(), s.localOffset.y(), s.localOffset.z());
                                       out.append(record("Socket", f));
                                   }
                                   return out;
                               })
        .def(
            "rename_clip",
            [](PyDocument &d, const py::handle &clip, const QString &name) {
                const auto held = d.lock();
                const int c = d.clipIndex(clip);
                d.edit([&](DocumentEditor &e, QString *error) { return e.renameClip(c, name, error); });
            },
            py::arg("clip"), py::arg("name"))
        .def(
            "set_fps",
            [](PyDocument &d, const py::handle &clip, float fps) {
                const auto held = d.lock();
                const int c = d.clipIndex(clip);
                d.edit([&](DocumentEditor &e, QString *error) { return e.setClipFps(c, fps, error); });
            },
            py::arg("clip"), py::arg("fps"))
        .def(
            "set_loops",
            [](PyDocument &d, const py::handle &clip, bool loops) {
                const auto held = d.lock();
                const int c = d.clipIndex(clip);
                d.edit([&](DocumentEditor &e, QString *error) { return e.setClipLoops(c, loops, error); });
            },
            py::arg("clip"), py::arg("loops"))
        .def(
            "set_marker",
            [](PyDocument &d, const py::handle &clip, const py::handle &marker, const py::object &phase) {
                const auto held = d.lock();
                const int c = d.clipIndex(clip);
                const int k = markerArgument(marker);
                const float value = phase.is_none() ? -1.0f : phase.cast<float>();
                if (!phase.is_none() && !(value >= 0.0f && value <= 1.0f)) // -1 is the file's "unset", not a phase
                    raise(ErrorKind::Refused, QStringLiteral("EDIT_REFUSED"),
                          QStringLiteral("marker phase %1 is not in [0, 1] (None clears it)").arg(double(value)), d.path());
                d.edit([&](DocumentEditor &e, QString *error) { return e.setClipMarker(c, k, value, error); });
            },
            py::arg("clip"), py::arg("marker"), py::arg("phase"),
            "v2 and v3: a marker's phase in [0, 1] (None clears it); marker keys as in Clip.markers.")
        .def(
            "clear_marker",
            [](PyDocument &d, const py::handle &clip, const py::handle &marker) {
                const auto held = d.lock();
                const int c = d.clipIndex(clip);
                const int k = markerArgument(marker);
                d.edit([&](DocumentEditor &e, QString *error) { return e.clearClipMarker(c, k, error); });
            },
            py::arg("clip"), py::arg("marker"))
        .def(
            "remove_clip",
            [](PyDocument &d, const py::handle &clip) {
                const auto held = d.lock();
                const int c = d.clipIndex(clip);
                d.edit([&](DocumentEditor &e, QString *error) { return e.removeClip(c, error); });
            },
            py::arg("clip"))
        .def(
            "move_clip",
            [](PyDocument &d, const py::handle &clip, int to) {
                const auto held = d.lock();
                const int c = d.clipIndex(clip);
                d.edit([&](DocumentEditor &e, QString *error) { return e.moveClip(c, to, error); });
            },
            py::arg("clip"), py::arg("to"))
        .def(
            "duplicate_clip",
            [](PyDocument &d, const py::handle &clip, const py::object &name) {
                const auto held = d.lock();
                const int c = d.clipIndex(clip);
                const QString newName = name.is_none() ? QString() : name.cast<QString>();
                d.edit([&](DocumentEditor &e, QString *error) { return e.duplicateClip(c, newName, error); });
            },
            py::arg("clip"), py::arg("name") = py::none(), "A copy right after the clip (named '<name>_copy' by default).")
        .def(
            "trim_clip",
            [](PyDocument &d, const py::handle &clip, quint32 first, quint32 last) {
                const auto held = d.lock();
                const int c = d.clipIndex(clip);
                d.edit([&](DocumentEditor &e, QString *error) { return e.trimClip(c, first, last, error); });
            },
            py::arg("clip"), py::arg("first"), py::arg("last"), "Keeps frames first..last (inclusive).")
        .def(
            "split_clip",
            [](PyDocument &d, const py::handle &clip, quint32 frame, const py::object &name) {
                const auto held = d.lock();
                const int c = d.clipIndex(clip);
                const QString second = name.is_none() ? QString() : name.cast<QString>();
                d.edit([&](DocumentEditor &e, QString *error) { return e.splitClip(c, frame, second, error); });
            },
            py::arg("clip"), py::arg("frame"), py::arg("name") = py::none(),
            "Frames from `frame` on become a new clip after it (named '<name>_b' by default).")
        .def(
            "import_clips",
            [](PyDocument &d, const py::handle &source, const py::object &clips, bool renameOnConflict, bool allowOtherSpecies) {
                const auto held = d.lock();
                PyDocument other(source);
                QList<int> chosen;
                if (!clips.is_none()) {
                    for (const py::handle &c : listArgument(clips, "clips"))
                        chosen.append(other.clipIndex(c));
                }
                d.edit([&](DocumentEditor &e, QString *error) {
                    return e.importClips(other.doc(), chosen, DocumentEditor::ImportOptions{renameOnConflict, allowOtherSpecies},
                                         error);
                });
                // Clips from a file of another version carry what that version had (as `bpat merge`).
                return VersionConverter::completeNewClips(d.doc());
            },
            py::arg("source"), py::arg("clips") = py::none(), py::arg("rename_on_conflict") = false,
            py::arg("allow_other_species") = false,
            "Appends clips of another BPAT file of the same species and bone count (all by default), as `bpat merge`; "
            "returns the warnings of settling them into this version.")
        .def(
            "add_socket",
            [](PyDocument &d, const QString &name, const py::handle &bone, const py::handle &offset) {
                const auto held = d.lock();
                const BpatSocket socket{name, d.boneIndex(bone), vector3(offset)};
                d.edit([&](DocumentEditor &e, QString *error) { return e.addSocket(socket, error); });
            },
            py::arg("name"), py::arg("bone"), py::arg("offset") = py::make_tuple(0.0f, 0.0f, 0.0f),
            "A socket on a bone (index or rig name) at an offset in the bone's space; socket rows are recomputed.")
        .def(
            "remove_socket",
            [](PyDocument &d, const py::handle &socket) {
                const auto held = d.lock();
                const int s = d.socketIndex(socket);
                d.edit([&](DocumentEditor &e, QString *error) { return e.removeSocket(s, error); });
            },
            py::arg("socket"))
        .def(
            "rename_socket",
            [](PyDocument &d, const py::handle &socket, const QString &name) {
                const auto held = d.lock();
                const int s = d.socketIndex(socket);
                d.edit([&](DocumentEditor &e, QString *error) { return e.renameSocket(s, name, error); });
            },
            py::arg("socket"), py::arg("name"))
        .def(
            "set_socket_anchor",
            [](PyDocument &d, const py::handle &socket, const py::handle &bone) {
                const auto held = d.lock();
                const int s = d.socketIndex(socket);
                const quint32 b = d.boneIndex(bone);
                d.edit([&](DocumentEditor &e, QString *error) { return e.setSocketAnchor(s, b, error); });
            },
            py::arg("socket"), py::arg("bone"))
        .def(
            "set_socket_offset",
            [](PyDocument &d, const py::handle &socket, const py::handle &offset) {
                const auto held = d.lock();
                const int s = d.socketIndex(socket);
                const QVector3D v = vector3(offset);
                d.edit([&](DocumentEditor &e, QString *error) { return e.setSocketOffset(s, v, error); });
            },
            py::arg("socket"), py::arg("offset"))
        .def(
            "convert",
            [](PyDocument &d, const py::handle &version) {
                const auto held = d.lock();
                ConvertOptions options;
                options.target = format::Dialect(dialectArgument(version));
                BpatDocument converted = d.doc();
                const ConvertResult r = withoutGil([&] { return VersionConverter::convert(converted, options); });
                if (!r.ok)
                    raise(ErrorKind::Refused, QStringLiteral("CONVERT_REFUSED"),
                          QStringLiteral("cannot convert: %1").arg(r.error), d.path());
                d.doc() = std::move(converted);
                return r.warnings;
            },
            py::arg("version"),
            "Converts the document to another version (VersionConverter, as `bpat merge --format-version`); returns the "
            "warnings (what was dropped or filled in). bpat.convert() converts a file of any size without reading it whole.")
        .def(
            "check",
            [](const PyDocument &d) {
                const auto held = d.lock();
                const BpatSaver::Result r = withoutGil([&] { return BpatSaver::check(d.doc()); });
                return diagnostics(r.validation.issues);
            },
            "The findings on the bytes save() would write (spec profile), without writing.")
        .def(
            "save",
            [](const PyDocument &d, const py::handle &outArg) {
                const auto held = d.lock();
                const QString out = pathArgument(outArg);
                const BpatSaver::Result r = withoutGil([&] { return BpatSaver::save(d.doc(), out); });
                if (!r.saved)
                    raiseRefused(QStringLiteral("WRITE_FAILED"),
                                 QStringLiteral("%1 not written: %2").arg(NativeName::display(out), r.error), out,
                                 r.validation.issues);
                return diagnostics(r.validation.issues);
            },
            py::arg("path"),
            "Validates the document's bytes and replaces `path` atomically (it may be the file it was read from). "
            "bpat.RefusedError (the first error's code, with the findings) leaves `path` untouched. Returns the findings "
            "(warnings).")
        .def("__repr__", [](const PyDocument &d) {
            const auto held = d.lock();
            return QStringLiteral("<bpat.Document %1: %2, %3 clips, %4 sockets>")
                .arg(d.path(), format::dialectName(d.doc().dialect()))
                .arg(d.doc().clipCount())
                .arg(d.doc().socketCount());
        });
}

} // namespace bpat::python

#pragma once
// The mapped bytes of one opened file (bpat.Mapping), the base of every array view of it: a
// view's `base` is the Mapping, which holds a copy of the core's file handle (BpatFile or
// BpsmFile, BprmFile share one mapping between copies), so the mapping lives as long as any view of it,
// after the file object is gone. Views are read-only (the mapping is): writeable is False.
#include "PyCommon.h"

#include "bpat/BpatFile.h"
#include "bprm/BprmFile.h"
#include "bpsm/BpsmFile.h"

#include <memory>
#include <vector>

namespace bpat::python {

struct Mapping : Constructed
{
    BpatFile bpat; // a BPAT file, or null
    BpsmFile bpsm; // a BPSM file, or null
    BprmFile bprm; // a BPRM body, or null

    QString path() const
    {
        check("Mapping", "take an array's .base");
        return !bpat.isNull() ? bpat.path() : !bpsm.isNull() ? bpsm.path() : bprm.path();
    }
    quint64 size() const
    {
        check("Mapping", "take an array's .base");
        return !bpat.isNull() ? bpat.fileSize() : !bpsm.isNull() ? bpsm.fileSize() : bprm.fileSize();
    }
    bool stale() const
    {
        check("Mapping", "take an array's .base");
        return !bpat.isNull() ? bpat.isStale() : !bpsm.isNull() ? bpsm.isStale() : bprm.isStale();
    }
    const char *kind() const
    {
        check("Mapping", "take an array's .base");
        return !bpat.isNull() ? "bpat" : !bpsm.isNull() ? "bpsm" : "bprm";
    }
    const uchar *data() const;
};

// A read-only array over [data, ...) of the mapping with the given shape and strides (bytes).
py::array view(const std::shared_ptr<Mapping> &owner, const void *data, const py::dtype &dtype, std::vector<py::ssize_t> shape,
               std::vector<py::ssize_t> strides);

// An index into a sequence of `size` items, Python style (-1 is the last); nullopt when out of range.
std::optional<quint64> pyIndex(qint64 index, quint64 size);

// The members every file object of the module has (BpatFile, SnapshotFile, BodyFile): its kind,
// path, size, mapping and staleness, and close() with the context manager that calls it. `Class`
// is the py::class_ of a type with file(), mapping(), closed() and close().
template<typename Class> Class defFileBasics(Class type, const char *kind)
{
    using Py = typename Class::type;
    type.def_property_readonly("kind", [kind](const Py &) { return kind; })
        .def_property_readonly("path", [](const Py &self) { return self.file().path(); })
        .def_property_readonly("file_size", [](const Py &self) { return self.file().fileSize(); })
        .def_property_readonly("mapping", &Py::mapping, "The bpat.Mapping every view of this file is based on.")
        .def_property_readonly(
            "stale", [](const Py &self) { return self.file().isStale(); },
            "True once a read found the file shorter than when it was opened (it shrank underneath).")
        .def_property_readonly("closed", &Py::closed)
        .def("close", &Py::close, "Drops this object's hold on the mapping; views taken before keep it mapped until they go.")
        .def("__enter__", [](py::object self) { return self; })
        .def("__exit__", [](Py &self, const py::args &) { self.close(); });
    return type;
}

} // namespace bpat::python

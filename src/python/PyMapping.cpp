#include "PyMapping.h"

#include "PyBindings.h"

namespace bpat::python {

const uchar *Mapping::data() const
{
    check("Mapping", "take an array's .base");
    return reinterpret_cast<const uchar *>(!bpat.isNull()       ? bpat.bytes().data()
                                               : !bpsm.isNull() ? bpsm.bytes().data()
                                                                : bprm.bytes().data());
}

py::array view(const std::shared_ptr<Mapping> &owner, const void *data, const py::dtype &dtype, std::vector<py::ssize_t> shape,
               std::vector<py::ssize_t> strides)
{
    // With a base that is not an array, pybind11 makes the array writeable: it is not.
    py::array array(dtype, std::move(shape), std::move(strides), data, py::cast(owner));
    array.attr("setflags")(py::arg("write") = false);
    return array;
}

std::optional<quint64> pyIndex(qint64 index, quint64 size)
{
    if (index < 0) {
        const quint64 back = quint64(-(index + 1)) + 1;
        if (back > size)
            return std::nullopt;
        return size - back;
    }
    if (quint64(index) >= size)
        return std::nullopt;
    return quint64(index);
}

void bindMapping(py::module_ &m)
{
    py::class_<Mapping, std::shared_ptr<Mapping>>(m, "Mapping",
                                                  "The mapped bytes of an opened file: the base of every array view of it "
                                                  "(array.base). Holding any view keeps the file mapped.")
        .def_property_readonly("path", &Mapping::path)
        .def_property_readonly("size", &Mapping::size, "The file's size in bytes when it was opened.")
        .def_property_readonly("kind", &Mapping::kind)
        .def_property_readonly("stale", &Mapping::stale,
                               "True once a read found the file shorter than when it was opened (it shrank underneath): "
                               "those reads gave zeros.")
        .def("__repr__",
             [](const Mapping &map) { return QStringLiteral("<bpat.Mapping %1, %2 bytes>").arg(map.path()).arg(map.size()); });
}

} // namespace bpat::python

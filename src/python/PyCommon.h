#pragma once
// What every file of the Python module shares: pybind11 with NumPy, QString <-> str (lossless:
// the UTF-16 code units either way, so file names that are not UTF-8 survive as Python's
// surrogate escapes, which NativeName uses too), paths from str, bytes or os.PathLike, and the
// bpat.Error exceptions with their codes (bpat/_errors.py).
#include "diagnostics/Diagnostic.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

namespace pybind11::detail {

template<> struct type_caster<QString>
{
    PYBIND11_TYPE_CASTER(QString, const_name("str"));

    bool load(handle source, bool)
    {
        if (!source || !PyUnicode_Check(source.ptr()))
            return false;
        PyObject *bytes = PyUnicode_AsEncodedString(source.ptr(), "utf-16-le", "surrogatepass");
        if (!bytes) {
            PyErr_Clear();
            return false;
        }
        value = QString(reinterpret_cast<const QChar *>(PyBytes_AS_STRING(bytes)), PyBytes_GET_SIZE(bytes) / 2);
        Py_DECREF(bytes);
        return true;
    }
    static handle cast(const QString &text, return_value_policy, handle)
    {
        int littleEndian = -1;
        return PyUnicode_DecodeUTF16(reinterpret_cast<const char *>(text.utf16()), text.size() * 2, "surrogatepass",
                                     &littleEndian);
    }
};

// QStringList <-> list of str.
template<> struct type_caster<QList<QString>> : list_caster<QList<QString>, QString>
{
};

} // namespace pybind11::detail

namespace bpat::python {

// Every class the module exposes derives from Constructed. pybind11 gives an instance made with
// Type.__new__(Type) and no __init__ a C++ object it allocates on first use (with T::operator
// new) and never constructs, and reads it as it is: garbage, or a segfault
// (`bpat.BpatFile.__new__(bpat.BpatFile).clips`). Memory from here is zeroed and a constructor
// sets the cookie, so check() tells such an instance and raises TypeError before anything else
// of it is read.
class Constructed
{
public:
    static void *operator new(std::size_t size);
    static void operator delete(void *p);
    // TypeError "bpat.<type> was made with __new__ and never initialised: <how to make one>".
    void check(const char *type, const char *how) const;

private:
    static constexpr quint64 Cookie = 0xB9A7'5EED'C0DE'0042ull;
    quint64 m_cookie = Cookie; // 0 in memory pybind11 allocated without constructing
};

// A path argument: str, bytes or os.PathLike, to the name the core opens (NativeName).
// ValueError for a path holding a NUL byte, as Python's own calls (open(), os.stat()) raise:
// the name would be cut there ("a\0b" wrote a file named "a").
QString pathArgument(const py::handle &path);
// A sequence argument (clips=, animations=, names=...): TypeError for a bare str or bytes,
// which would be taken character by character.
py::iterable listArgument(const py::handle &value, const char *what);
// An index argument: a Python int or anything with __index__ (NumPy integers); nullopt for
// anything else (names, records).
std::optional<qint64> indexArgument(const py::handle &value);

// Paths given as one path or a list of them.
QStringList pathList(const py::handle &paths);

// A BPAT version to write: 1, 2, 3 (late v3) or a dialect name ('v3-early'); UsageError otherwise.
int dialectArgument(const py::handle &version); // a format::Dialect value

// The module's exceptions (bpat/_errors.py).
enum class ErrorKind {
    Error,
    File,
    NotFound,
    Usage,
    Refused
};
[[noreturn]] void raise(ErrorKind kind, const QString &code, const QString &message, const QString &path = QString(),
                        const py::list &diagnostics = py::list());
// A refusal whose findings say why: the code is the first error's (else `fallbackCode`).
[[noreturn]] void raiseRefused(const QString &fallbackCode, const QString &message, const QString &path,
                               const Diagnostics &findings);

// One finding as bpat.Diagnostic, and its location as a dict.
py::object diagnostic(const Diagnostic &finding);
// A float32 field (marker phases, fps) as the Python float nearest to its shortest decimal that
// reads back as the same float32, as the CLI prints it: 0.98, not 0.9800000190734863.
py::object float32(float value);
py::dict location(const DiagnosticLocation &location);
py::list diagnostics(const Diagnostics &findings);

// A record class of bpat/_types.py ("Clip", "Socket"...), called with keyword arguments.
py::object record(const char *type, const py::dict &fields);
// Imports bpat/_types.py for record(): once, when the module is imported.
void initRecords();

// None or the value.
template<typename T> py::object optional(const std::optional<T> &value)
{
    return value ? py::cast(*value) : py::none();
}

} // namespace bpat::python

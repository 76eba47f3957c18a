#include "PyCommon.h"

#include "bpat/BpatFormat.h"
#include "io/NativeName.h"

#include <cmath>
#include <cstring>

namespace bpat::python {

void *Constructed::operator new(std::size_t size)
{
    void *p = ::operator new(size);
    std::memset(p, 0, size);
    return p;
}

void Constructed::operator delete(void *p)
{
    ::operator delete(p);
}

void Constructed::check(const char *type, const char *how) const
{
    if (m_cookie != Cookie)
        throw py::type_error(std::string("bpat.") + type + " was made with __new__ and never initialised: " + how);
}

QString pathArgument(const py::handle &path)
{
    const py::object fspath = py::module_::import("os").attr("fspath")(path); // TypeError for anything else
    QString name;
    if (py::isinstance<py::bytes>(fspath)) {
        const std::string bytes = fspath.cast<std::string>();
        name = NativeName::decode(QByteArray(bytes.data(), qsizetype(bytes.size())));
    } else {
        name = fspath.cast<QString>();
    }
    if (name.contains(QChar(0)))
        throw py::value_error("embedded null byte");
    return name;
}

py::iterable listArgument(const py::handle &value, const char *what)
{
    if (py::isinstance<py::str>(value) || py::isinstance<py::bytes>(value))
        throw py::type_error(std::string(what) + ": expected a list (or another sequence), not a single str");
    if (!py::isinstance<py::iterable>(value))
        throw py::type_error(std::string(what) + ": expected a list");
    return py::reinterpret_borrow<py::iterable>(value);
}

std::optional<qint64> indexArgument(const py::handle &value)
{
    if (!value || py::isinstance<py::str>(value) || !PyIndex_Check(value.ptr()))
        return std::nullopt;
    const py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!index)
        throw py::error_already_set();
    return index.cast<qint64>();
}

QStringList pathList(const py::handle &paths)
{
    if (py::isinstance<py::str>(paths) || py::isinstance<py::bytes>(paths) || py::hasattr(paths, "__fspath__"))
        return {pathArgument(paths)};
    QStringList out;
    for (const py::handle &p : py::iter(paths))
        out.append(pathArgument(p));
    return out;
}

int dialectArgument(const py::handle &version)
{
    const auto number = indexArgument(version);
    if (!number && !py::isinstance<py::str>(version))
        throw py::type_error("a version is 1, 2, 3 or a dialect name such as 'v3-early'");
    const QString text = number ? QString::number(*number) : version.cast<QString>();
    const auto dialect = format::dialectToWrite(text);
    if (!dialect)
        raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
              QStringLiteral("version %1: expected 1, 2, 3 (late v3), 'v1', 'v2', 'v3-early' or 'v3-late'").arg(text));
    return int(*dialect);
}

void raise(ErrorKind kind, const QString &code, const QString &message, const QString &path, const py::list &diagnostics)
{
    const char *name = "Error";
    switch (kind) {
    case ErrorKind::Error: break;
    case ErrorKind::File: name = "FileError"; break;
    case ErrorKind::NotFound: name = "NotFoundError"; break;
    case ErrorKind::Usage: name = "UsageError"; break;
    case ErrorKind::Refused: name = "RefusedError"; break;
    }
    const py::object type = py::module_::import("bpat._errors").attr(name);
    const py::object error = type(message, code, path.isEmpty() ? py::object(py::none()) : py::cast(path), diagnostics);
    PyErr_SetObject(type.ptr(), error.ptr());
    throw py::error_already_set();
}

void raiseRefused(const QString &fallbackCode, const QString &message, const QString &path, const Diagnostics &findings)
{
    QString code = fallbackCode;
    for (const Diagnostic &d : findings) {
        if (d.severity == Severity::Error) {
            code = d.code;
            break;
        }
    }
    raise(ErrorKind::Refused, code, message, path, diagnostics(findings));
}

py::dict location(const DiagnosticLocation &l)
{
    using Kind = DiagnosticLocation::Kind;
    static const char *const kinds[] = {"none",        "text",    "header",    "clip",        "socket",       "palette",
                                        "socket_data", "section", "extension", "bone_parent", "bind_palette", "contact"};
    py::dict out;
    out["kind"] = kinds[int(l.kind)];
    out["path"] = l.toString();
    switch (l.kind) {
    case Kind::None: break;
    case Kind::Text: out["text"] = l.text; break;
    case Kind::Header:
    case Kind::Extension: out["field"] = l.field; break;
    case Kind::Clip:
    case Kind::Socket:
        out["index"] = l.index;
        out["field"] = l.field;
        break;
    case Kind::Section:
        out["section"] = l.section;
        out["field"] = l.field;
        break;
    case Kind::Palette:
    case Kind::SocketData:
    case Kind::Contact:
        out["clip"] = l.clip >= 0 ? py::object(py::int_(l.clip)) : py::object(py::none());
        out["clip_name"] = l.clipName;
        out["frame"] = l.frame;
        if (l.worstFrame >= 0) // a run of frames: `frame` is the first, this the worst
            out["worst_frame"] = l.worstFrame;
        if (l.kind == Kind::Palette)
            out["bone"] = l.bone;
        if (l.kind == Kind::SocketData) {
            out["socket"] = l.socket;
            out["socket_name"] = l.socketName;
        }
        break;
    case Kind::BoneParent:
    case Kind::BindPalette: out["bone"] = l.bone; break;
    }
    return out;
}

py::object float32(float value)
{
    if (!std::isfinite(value))
        return py::float_(double(value));
    for (int digits = 6; digits < 9; ++digits) {
        const QString text = QString::number(double(value), 'g', digits);
        if (text.toFloat() == value)
            return py::float_(text.toDouble());
    }
    return py::float_(double(value)); // 9 digits: the float's own value is as short
}

py::object diagnostic(const Diagnostic &d)
{
    py::dict fields;
    fields["code"] = d.code;
    fields["severity"] = severityName(d.severity);
    fields["message"] = d.message;
    fields["offset"] = optional(d.offset);
    fields["location"] = location(d.location);
    return record("Diagnostic", fields);
}

py::list diagnostics(const Diagnostics &findings)
{
    py::list out;
    for (const Diagnostic &d : findings)
        out.append(diagnostic(d));
    return out;
}

namespace {

py::object &recordTypes()
{
    static py::object *types = new py::object(py::module_::import("bpat._types")); // lives with the process
    return *types;
}

} // namespace

void initRecords()
{
    recordTypes();
}

py::object record(const char *type, const py::dict &fields)
{
    return recordTypes().attr(type)(**fields);
}

} // namespace bpat::python

#include "PyJson.h"

#include <QCborValue>
#include <QJsonArray>

namespace bpat::python {

py::object fromJson(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined: return py::none();
    case QJsonValue::Bool: return py::bool_(value.toBool());
    case QJsonValue::Double: {
        const QCborValue stored = QCborValue::fromJsonValue(value); // keeps integer vs double
        if (stored.isInteger())
            return py::int_(stored.toInteger());
        return py::float_(value.toDouble());
    }
    case QJsonValue::String: return py::cast(value.toString());
    case QJsonValue::Array: {
        py::list out;
        for (const QJsonValue &v : value.toArray())
            out.append(fromJson(v));
        return std::move(out);
    }
    case QJsonValue::Object: return fromJson(value.toObject());
    }
    return py::none();
}

py::dict fromJson(const QJsonObject &object)
{
    py::dict out;
    for (auto it = object.begin(); it != object.end(); ++it)
        out[py::cast(it.key())] = fromJson(it.value());
    return out;
}

} // namespace bpat::python

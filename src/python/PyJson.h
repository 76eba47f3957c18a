#pragma once
// Qt JSON values as Python objects (dict, list, str, int, float, bool, None): the documents the
// core builds for the command line's --json output (gait reports, rig descriptions) reach
// Python scripts with the same keys. Integers stay int and doubles float, as the core made them.
#include "PyCommon.h"

#include <QJsonObject>
#include <QJsonValue>

namespace bpat::python {

py::object fromJson(const QJsonValue &value);
py::dict fromJson(const QJsonObject &object);

} // namespace bpat::python

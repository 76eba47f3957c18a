#pragma once
// An offset or field value as the validators' messages write it: "0x1f".
#include <QString>

namespace bpat {

inline QString hex(quint64 value)
{
    return QStringLiteral("0x%1").arg(value, 0, 16);
}

} // namespace bpat

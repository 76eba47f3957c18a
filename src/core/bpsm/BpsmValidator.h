#pragma once
// Checks a BPSM file (minimal snapshot mesh): structure first (header, sections inside the file
// and apart, clips contiguous and adding up, names resolvable), then content (indices in range,
// vertices finite, weights sane, reserved bytes zero). Never reads outside the file. Codes are
// stable and listed in docs/validation.md ("BPSM codes").
#include "sections/FindingSink.h"

#include <QList>
#include <QString>

namespace bpat {

class BpsmFile;

using BpsmCodeInfo = FormatCodeInfo;

class BpsmValidator
{
public:
    // At most this many findings of one code are reported one by one; the rest are summed up
    // in one more finding of that code. The vertex data is checked by `threads` threads (0: all
    // cores; at least 4 MiB each); the findings do not depend on it.
    explicit BpsmValidator(int maxPerCode = 8, int threads = 0);

    Diagnostics validate(const BpsmFile &file) const;
    // Opens and validates; an unreadable file gives one BPSM_IO_ERROR.
    Diagnostics validatePath(const QString &path) const;

    static const QList<BpsmCodeInfo> &codes();
    static const BpsmCodeInfo *find(const QString &code);

private:
    int m_maxPerCode;
    int m_threads;
};

} // namespace bpat

#pragma once
// What `bpat info` does with BPSM files (minimal snapshot meshes), which FormatRegistry
// recognises by a .bpsm name or the BPSM magic, as the app does.
#include "bpsm/BpsmFile.h"

#include <QString>

namespace bpat::cli {

// `bpat info` for a BPSM file: header, sections, clips. Returns the exit code.
int bpsmInfo(const QString &command, const QString &path, bool json);

} // namespace bpat::cli

#pragma once
// What `bpat info` and `bpat validate` do with BPSM files (minimal snapshot meshes): they
// dispatch with BpsmFile::isSnapshotPath (a .bpsm name or the BPSM magic), the rule the app uses.
#include "bpsm/BpsmFile.h"
#include "diagnostics/DiagnosticSink.h" // ValidationResult

#include <QString>

namespace bpat::cli {

// `bpat info` for a BPSM file: header, sections, clips. Returns the exit code.
int bpsmInfo(const QString &command, const QString &path, bool json);
// `bpat validate` for a BPSM file, as a ValidationResult (BpsmValidator's codes).
ValidationResult validateBpsm(const QString &path, int maxIssues);

} // namespace bpat::cli

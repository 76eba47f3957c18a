#pragma once
// What `bpat info` and `bpat validate` do with BPSM files (minimal snapshot meshes): they
// dispatch on the magic, so a .bpsm passed to either command is read as one.
#include "DiagnosticSink.h" // ValidationResult

#include <QString>

namespace bpat::cli {

// True when the file exists and starts with the BPSM magic.
bool isBpsmPath(const QString &path);
// `bpat info` for a BPSM file: header, sections, clips. Returns the exit code.
int bpsmInfo(const QString &command, const QString &path, bool json);
// `bpat validate` for a BPSM file, as a ValidationResult (BpsmValidator's codes).
ValidationResult validateBpsm(const QString &path, int maxIssues);

} // namespace bpat::cli

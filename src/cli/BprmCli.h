#pragma once
// What `bpat info` and `bpat dump` do with BPRM files (the game's rigged bodies), which
// FormatRegistry recognises by a .bprm name or the BPRM magic, as the app does.
#include <QString>
#include <QStringList>

namespace bpat::cli {

// `bpat info` for a BPRM file: header, sections, mesh statistics, the paired rig. Returns the
// exit code (1 when a section lies outside the file).
int bprmInfo(const QString &command, const QString &path, bool json);

// `bpat dump BODY.bprm [--vertices FIRST[:COUNT]] [--json|--csv]`: vertices as stored (16 by
// default) with the rig's bone names. `args` are the dump command's own.
int bprmDump(const QStringList &args);

} // namespace bpat::cli

#pragma once
// Names chosen in save dialogs. Qt's own (non-native) file dialog returns what was typed, so
// "walk" would be written as a file named "walk" that neither the open dialog's filter nor the
// MIME database recognises: a name without a suffix gets the format's.
#include <QString>

namespace bpat::studio::SaveFileNames {

// `path` with ".<suffix>" appended when its file name has no suffix at all ("walk" ->
// "walk.bpat"; "walk.bpat", "walk.v2" and "" are returned as they are).
QString withDefaultSuffix(const QString &path, const QString &suffix);

// A path beside `beside` for what an operation writes, that is none of `avoid` (the files it
// reads or the open one): `folder/base.suffix`, else `folder/base_imported.suffix`,
// `base_imported_2.suffix`, ... (the first not in `avoid`).
QString proposedOutput(const QString &folder, const QString &base, const QString &suffix, const QStringList &avoid);

} // namespace bpat::studio::SaveFileNames

#pragma once
// `bpat convert`: a BPAT file rewritten in another version straight from its mapping into the
// atomic save file, a run of frames at a time, so a file of any size is converted in a few
// megabytes. The plan is the file's document without its frames (BpatDocument::planFromFile),
// converted by VersionConverter as far as it can be without them; BpatStreamWriter then takes
// each clip's frames from the file (global matrices, socket rows as stored, late v3's stored
// skinning floats) and computes what the conversion left to it (contacts, a bind palette that
// is the first frame). The bytes are those of VersionConverter::convert() on
// BpatDocument::fromFile() written by BpatWriter, and the output is checked like BpatSaver
// checks it (spec profile) before it replaces the target.
#include "bpat/BpatDocument.h"
#include "bpat/BpatStreamWriter.h"
#include "bpat/VersionConverter.h"
#include "diagnostics/DiagnosticSink.h"

#include <QList>
#include <QMatrix4x4>
#include <QString>
#include <QStringList>
#include <optional>

namespace bpat {

class BpatFile;

struct FileConvertResult
{
    bool saved = false;
    bool converted = false;           // false: VersionConverter refused (error says why)
    QString error;                    // why nothing was written
    QStringList warnings;             // what the conversion dropped or could not fill
    ValidationResult validation;      // findings on the output (spec profile, as BpatSaver)
    std::optional<BpatDocument> plan; // the converted document without its frames (counts, dialect)
};

class FileConverter
{
public:
    // `plan`: BpatDocument::planFromFile(file).
    static FileConvertResult convert(const BpatFile &file, BpatDocument plan, const ConvertOptions &options, const QString &path);

    // Feeds clip `clip` of `file` (the writer's current clip) to `writer` from the mapping, a run
    // of about 4 MiB at a time: its global matrices, its socket rows as stored and, with
    // `keepSkin` (a late-v3 file written as late v3), its skinning floats; each run's pages
    // leave the resident set once read. False + reason when the writer refuses or the file
    // shrank underneath. The clip's palette and socket rows must be inside the file
    // (BpatDocument::planFromFile checked them).
    static bool streamClip(const BpatFile &file, int clip, BpatStreamWriter &writer, bool keepSkin, QString *error);

    // The global matrices of one frame of one clip of a file (VersionConverter::framePose on
    // its document, without copying the palette).
    static std::optional<QList<QMatrix4x4>> framePose(const BpatFile &file, int clip, quint32 frame, QString *error = nullptr);
    // The bind pose a conversion takes from another file (bpat convert --bind-from): its bind
    // palette (late v3), else the first frame of its first clip. nullopt + reason when the file
    // cannot be read or has another bone count than `boneCount`.
    static std::optional<QList<QMatrix4x4>> bindPoseFrom(const BpatFile &source, quint32 boneCount, QString *error = nullptr);
};

} // namespace bpat

#pragma once
// `bpat fix FILE -o OUT` and bpat.fix(): a BPAT file repaired by MotionFixer and written as a new
// file in the input's own dialect, through BpatSaver (validated with the deep checks, then
// replaced atomically). Refused, with nothing written: an output that is the input
// (OUTPUT_IS_INPUT), an input that cannot be read (IO_ERROR, DOCUMENT_UNREADABLE), any refusal of
// MotionFixer (its codes), an output that would not validate (WRITE_FAILED).
#include "bpat/BpatFormat.h"
#include "diagnostics/DiagnosticSink.h"
#include "repair/FixOptions.h"
#include "repair/FixReport.h"

#include <QString>
#include <QStringList>
#include <atomic>

namespace bpat {

struct FileFixResult
{
    bool saved = false;
    QString errorCode;
    QString error;
    FixReport report;
    format::Dialect dialect = format::Dialect::Unknown;
    QStringList boneNames;
    ValidationResult validation; // of the output (spec profile, deep)
    qint64 bytes = 0;

    QJsonObject toJson(const QString &input, const QString &output) const;
};

class FileFixer
{
public:
    // Files whose palette holds more than this are repaired streaming (StreamFixer), others as
    // a document in memory (MotionFixer); both write the same bytes for the same repairs.
    static constexpr quint64 StreamAbove = quint64(64) << 20;
    enum class Path {
        Auto,
        Document,
        Stream
    };
    static FileFixResult fix(const QString &input, const QString &output, const FixOptions &options,
                             const std::atomic<bool> *cancel = nullptr, Path path = Path::Auto);
};

} // namespace bpat
